"""The Danger switch on the board (issue 14): off by default, per heist; when on, rooms are shaded by the
chance the guard enters them in his next move, burglars' chances to be found are shown, a tapped room
shows its numbers, watchers see it too, and Why? of a guard's step says the chance he had."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import state_from_case
from assistant.forecast import forecast_floor, in_words
from tests.web.helpers import HTMX, board_switch, act_ok, break_in, game, new_heist, room_button, store, version
from tests.web.taps import taps


def test_danger_is_off_by_default_and_the_board_shows_no_odds(app: Flask, client: FlaskClient) -> None:
    """issue 14 point 4: off by default, some tables consider it an aid."""
    gid = new_heist(client)
    break_in(client, gid)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'class="danger-shade"' not in page and "Off: show the odds" in page


def test_switching_danger_on_shades_the_rooms_he_can_enter_by_the_exact_forecast(app: Flask,
                                                                                 client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    before = version(client.get(f"/games/{gid}/panel", headers=HTMX).get_data(as_text=True))
    page = board_switch(client, gid, "danger", True)
    assert version(page) == before + 1  # a change of the board: every device re-fetches it
    heist = game(app, gid)
    s = heist.state
    f = forecast_floor(s, 1, heist.rulebook)
    assert f.enter
    for square, p in f.enter.items():
        assert f'style="opacity: {float(p) * 0.6:.2f}"' in room_button(page, 1, square)
    guard = s.floors[1].guard
    assert (guard is not None and guard not in f.enter) or 'class="danger-shade"' in room_button(page, 1, guard)
    far = next(r for r in s.plan(1).rooms if r not in f.enter and r not in f.end)
    assert 'class="danger-shade"' not in room_button(page, 1, far)
    assert "On: turn off" in board_switch(client, gid, "danger", True)
    assert 'class="danger-shade"' not in board_switch(client, gid, "danger", False)


def test_the_switch_belongs_to_one_heist(app: Flask, client: FlaskClient) -> None:
    first, second = new_heist(client), new_heist(client)
    break_in(client, first)
    break_in(client, second)
    board_switch(client, first, "danger", True)
    assert 'class="danger-shade"' not in client.get(f"/games/{second}").get_data(as_text=True)


def test_a_tapped_room_shows_its_numbers_and_each_burglar_their_chance_to_be_found(app: Flask,
                                                                                   client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    board_switch(client, gid, "danger", True)
    heist = game(app, gid)
    f = forecast_floor(heist.state, 1, heist.rulebook)
    square, p = max(f.enter.items(), key=lambda item: item[1])
    page = client.get(f"/games/{gid}/panel?room=1-{square}", headers=HTMX).get_data(as_text=True)
    assert f"Floor 1, {square}: he enters it {in_words(p)}" in page
    for name, chance in f.crew.items():
        assert re.search(rf"{name}: found {re.escape(in_words(chance.found))}", page)


def test_watchers_see_the_odds_but_not_the_switch(app: Flask, client: FlaskClient) -> None:
    """issue 14: phones get it too; a watch link cannot change it."""
    gid = new_heist(client)
    break_in(client, gid)
    board_switch(client, gid, "danger", True)
    token = game(app, gid).watch_token
    page = client.get(f"/games/{token}").get_data(as_text=True)
    assert 'class="danger-shade"' in page and "On: turn off" not in page
    assert client.post(f"/games/{token}/danger", data={"on": "0"}, headers=HTMX).status_code == 403


def test_why_of_a_guard_step_says_the_chance_he_had_to_come_there(app: Flask, client: FlaskClient) -> None:
    """issue 14: Why? can say "he had a 3 in 11 chance to come here"."""
    gid = new_heist(client)
    break_in(client, gid)
    board_switch(client, gid, "danger", True)
    heist = game(app, gid)
    before = heist.state
    who = before.current()
    assert who is not None
    floor = before.crew[who].floor
    f = forecast_floor(before, floor, heist.rulebook)
    act_ok(client, gid, do="end_turn")
    head = game(app, gid).head
    _, _, log = store(app).action_at(gid, head)
    index, entry = next((i, e) for i, e in enumerate(log) if e.kind == "enter")
    why = client.get(f"/games/{gid}/why/{head}/{index}", headers=HTMX).get_data(as_text=True)
    assert f"Before this move he had a {in_words(f.enter[entry.square])} chance to come here" in why


def test_a_burglar_the_next_guard_move_surely_catches_is_told_so_beside_her(app: Flask, client: FlaskClient) -> None:
    """1.8 and the forecast: Ann has no Stealth left and the guard's walk (die 5, to A1, rulebook p.6) goes through
    her room whatever the cards: with Danger on, her warning says she will be caught; Bob's room is out of his way."""
    case = {"floors": {"1": {"walls": ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"],
                             "guard": "D3", "destination": "A1", "die": 5, "patrol": ["C4"]}},
            "crew": {"Ann": {"floor": 1, "at": "C3", "stealth": 0}, "Bob": {"floor": 1, "at": "D1", "stealth": 0}}}
    gid = store(app).create("Card A1", state_from_case(case))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ann has 0 Stealth: next time a guard finds Ann, the heist is lost." in page
    page = board_switch(client, gid, "danger", True)
    assert "Ann will be caught on the next guard move." in page
    assert "Bob has 0 Stealth: next time a guard finds Bob, the heist is lost." in page


def test_the_switch_without_htmx_goes_back_to_the_board_with_its_room(app: Flask, client: FlaskClient) -> None:
    """A tap before htmx has taken over the page posts the switch's form itself: the board page comes back (303),
    the tapped room's menu still open."""
    gid = new_heist(client)
    break_in(client, gid)
    page = client.get(f"/games/{gid}?room=1-C3").get_data(as_text=True)
    form = next(form for tap, form in taps(page) if tap.label == "Off: show the odds")
    assert form is not None and form.attrs["action"] == f"/games/{gid}/danger"
    assert (form.fields["on"], form.fields["room"]) == ("1", "1-C3")
    response = client.post(f"/games/{gid}/danger", data={"on": "1", "room": "1-C3"})
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{gid}?room=1-C3"
    assert 'class="danger-shade"' in client.get(response.headers["Location"]).get_data(as_text=True)


def test_a_room_field_sent_back_is_only_ever_a_room(app: Flask, client: FlaskClient) -> None:
    """Issue 33 §4: the switch sends the device back to its board with the room it had open; a 100 kB room field
    came back as a 100 kB Location header. Only a room as the board writes it goes back."""
    gid = new_heist(client)
    for headers in ({}, HTMX):
        kept = client.post(f"/games/{gid}/danger", data={"on": "1", "room": "1-B3"}, headers=headers)
        assert kept.headers["Location"].endswith("room=1-B3")
        huge = client.post(f"/games/{gid}/danger", data={"on": "1", "room": "1-" + "B3" * 50_000}, headers=headers)
        assert huge.status_code in (302, 303) and "room" not in huge.headers["Location"]
        assert len(huge.headers["Location"]) < 100
