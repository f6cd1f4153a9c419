"""Undo says what it undid, redo what it put back, and the whole log can go back to any action."""

from __future__ import annotations

import re

from tests.web.helpers import HTMX, act_ok, break_in, game, new_heist


def notice(page: str) -> str:
    match = re.search(r'<p class="notice" role="status">(.*?)</p>', page, re.DOTALL)
    return match.group(1) if match else ""


def test_undo_names_the_action_it_took_back_and_redo_the_one_it_put_back(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="alarm", floor=1, at="D4")
    page = client.post(f"/games/{game_id}/undo", headers=HTMX).get_data(as_text=True)
    assert notice(page).startswith("Undone: ") and "D4" in notice(page)
    page = client.post(f"/games/{game_id}/redo", headers=HTMX).get_data(as_text=True)
    assert notice(page).startswith("Redone: ") and "D4" in notice(page)


def test_undoing_a_move_into_a_face_down_room_names_the_move_and_the_room_it_turned_up(app, client):
    """Issue 26 §6: one action walked in and said what the room is; Undo takes back both and says both."""
    game_id = new_heist(client)
    break_in(client, game_id)
    state = game(app, game_id).state
    who = state.current()
    into = next(r for r in state.plan(1).adjacent("B2") if r != state.floors[1].guard)  # no wall between
    act_ok(client, game_id, do="move", who=who, floor=1, to=into, type="laboratory", number=3)
    said = notice(client.post(f"/games/{game_id}/undo", headers=HTMX).get_data(as_text=True))
    assert said == f"Undone: {into} on floor 1, face up: laboratory. {who} moves to {into} on floor 1."
    assert into not in game(app, game_id).state.floors[1].tiles


def test_undoing_an_end_turn_says_the_guard_move_it_took_back(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="end_turn")
    page = client.post(f"/games/{game_id}/undo", headers=HTMX).get_data(as_text=True)
    assert notice(page).startswith("Undone: the end of the turn (Floor 1 guard, ")


def test_go_back_to_here_undoes_every_later_action_and_redo_still_brings_them_back(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="alarm", floor=1, at="D4")
    act_ok(client, game_id, do="end_turn")
    log = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert log.count("Go back to here") == 3  # after #1, #2 and #3: not after the last one
    version = game(app, game_id).version
    page = client.post(f"/games/{game_id}/back", data={"seq": "2", "version": str(version)}, headers=HTMX)
    assert "Went back to #2: 2 actions undone." in notice(page.get_data(as_text=True))
    assert game(app, game_id).head == 2 and game(app, game_id).can_redo


def test_going_back_from_a_stale_log_page_is_refused_and_changes_nothing(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = client.post(f"/games/{game_id}/back", data={"seq": "1", "version": "0"}, headers=HTMX)
    assert "The board changed on another device" in page.get_data(as_text=True)
    assert game(app, game_id).head == 2


def test_an_undo_racing_another_devices_undo_is_told_the_board_changed(app, client, monkeypatch):
    """Issue 33 §4: the other device's Undo lands after this request read the heist and before it named the action
    it takes back (two server threads at once): the version is checked first, and the answer is the board as it
    is now with the usual words, never "The app hit a bug"."""
    from assistant.web.table import game as views
    game_id = new_heist(client)
    break_in(client, game_id)
    drawn = game(app, game_id)
    real_open = views.open_game

    def read_then_raced(key, **kw):
        access = real_open(key, **kw)
        monkeypatch.setattr(views, "open_game", real_open)  # once
        app.extensions["store"].undo(game_id)  # the other device, in between
        return access
    monkeypatch.setattr(views, "open_game", read_then_raced)
    response = client.post(f"/games/{game_id}/undo", data={"version": drawn.version}, headers=HTMX)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "The board changed on another device" in page
    assert game(app, game_id).head == drawn.head - 1  # the other device's undo alone


def test_an_undo_from_a_page_older_than_the_board_is_refused_before_anything_is_read(app, client, monkeypatch):
    from assistant.web.table import game as views
    game_id = new_heist(client)
    break_in(client, game_id)
    drawn = game(app, game_id)
    client.post(f"/games/{game_id}/undo", data={"version": drawn.version}, headers=HTMX)
    monkeypatch.setattr(views, "_said", lambda *a: (_ for _ in ()).throw(AssertionError("read before the check")))
    page = client.post(f"/games/{game_id}/undo", data={"version": drawn.version}, headers=HTMX).get_data(True)
    assert "The board changed on another device" in page
    assert game(app, game_id).head == drawn.head - 1


def test_only_an_action_just_applied_is_fresh_never_one_undo_or_redo_brought_back(app, client, monkeypatch):
    """Read aloud says a fresh move only (issue 35 §4, static/app.js): the board says whether its head is one."""
    clock = iter(f"2026-12-02T20:00:{s:02d}+00:00" for s in range(60))
    monkeypatch.setattr("assistant.store._now", lambda: next(clock))
    game_id = new_heist(client)
    store = app.extensions["store"]
    assert not store.load(game_id).fresh  # nothing played yet
    played, _log = store.act(game_id, {"do": "start"})
    assert played.fresh and store.load(game_id).fresh
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'data-action="1@{played.made}" data-fresh' in page
    store.act(game_id, {"do": "entrance", "at": "D4"})
    assert not store.undo(game_id).fresh
    redone = store.redo(game_id)
    assert redone.head == 2 and not redone.fresh
    assert 'data-fresh' not in client.get(f"/games/{game_id}").get_data(as_text=True)
