"""The setup guide on the board before the first turn: every floor's walls as a picture and in words,
a wall editor on the board (a target between every two rooms), re-rolls, then where floor 1's guard
and his die go and the entrance."""

from __future__ import annotations

import re

from assistant.engine.scenarios import BANK_WALLS
from tests.web.helpers import act, act_ok, errors, game, new_heist, room_classes, state, store
from tests.web.taps import taps


def slots(page: str, floor: int) -> dict[str, bool]:
    """The wall targets drawn on one floor, each a button of the form that puts a wall up or down on that floor:
    wall name -> standing."""
    return {tap.attrs["value"]: tap.attrs["aria-pressed"] == "true" for tap, form in taps(page)
            if "slot" in tap.attrs.get("class", "").split() and form is not None
            and form.fields.get("do") == "wall" and form.fields.get("floor") == str(floor)}


def guide(page: str) -> str:
    match = re.search(r'<section class="menu guide".*?</section>', page, re.DOTALL)
    assert match, "no setup guide on the page"
    return match.group(0)


def test_before_the_break_in_every_place_a_wall_can_stand_is_a_target(client):
    game_id = new_heist(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    for n, printed in enumerate(BANK_WALLS, start=1):
        targets = slots(page, n)
        assert len(targets) == 24  # 4 rows x 3 gaps, twice
        assert {w for w, up in targets.items() if up} == set(printed)


def test_the_guide_shows_each_floors_walls_as_a_picture_and_in_words(client):
    game_id = new_heist(client)
    text = guide(client.get(f"/games/{game_id}").get_data(as_text=True))
    for n in (1, 2, 3):
        assert f"<title>Floor {n}: where the walls go</title>" in text
    # in reading order, row by row, so the table can check them tile by tile
    assert "<b>8 walls</b>:\n            A1-B1, C1-C2, A2-A3, B2-B3, C2-D2, D3-D4, A4-B4, B4-C4</p>" in text
    assert "Re-roll random walls" in text and "Printed layout" in text and "Clear: we draw them" in text


def test_tapping_between_two_rooms_puts_a_wall_up_and_again_takes_it_down(app, client):
    game_id = new_heist(client)
    page = act_ok(client, game_id, do="wall", floor=2, wall="A2-A3")
    assert slots(page, 2)["A2-A3"] is True
    assert "wall-s" in room_classes(page, 2, "A2")
    assert "A2-A3" in guide(page)
    page = act_ok(client, game_id, do="wall", floor=2, wall="A2-A3")
    assert slots(page, 2)["A2-A3"] is False
    assert "A2-A3" not in state(app, game_id).floors[2].walls


def test_a_wall_that_would_shut_a_room_off_is_refused_on_the_spot(app, client):
    game_id = new_heist(client)
    before = game(app, game_id).version
    page = act(client, game_id, do="wall", floor=1, wall="A1-A2").get_data(as_text=True)
    assert len(errors(page)) == 1 and "A1" in errors(page)[0]
    assert game(app, game_id).version == before
    assert slots(page, 1)["A1-A2"] is False  # the editor is still there, unchanged


def test_a_re_roll_deals_a_new_legal_layout_that_undo_takes_back(app, client):
    game_id = new_heist(client)
    page = act_ok(client, game_id, do="layout", kind="random")
    walls = [list(fl.walls) for fl in state(app, game_id).floors.values()]
    assert all(len(w) == 8 for w in walls) and walls != [sorted(w) for w in BANK_WALLS]
    assert {w for w, up in slots(page, 1).items() if up} == set(walls[0])
    # the seed is stored with the action, so replaying the heist deals the very same walls
    assert [list(fl.walls) for fl in store(app).replay(game_id).floors.values()] == walls
    client.post(f"/games/{game_id}/undo", headers={"HX-Request": "true"})
    assert [fl.walls for fl in state(app, game_id).floors.values()] == [tuple(sorted(w)) for w in BANK_WALLS]


def test_two_re_rolls_give_two_layouts(app, client):
    game_id = new_heist(client)
    act_ok(client, game_id, do="layout", kind="hard")
    first = [fl.walls for fl in state(app, game_id).floors.values()]
    act_ok(client, game_id, do="layout", kind="hard")
    assert [fl.walls for fl in state(app, game_id).floors.values()] != first


def test_we_draw_them_starts_with_empty_floors_and_counts_against_the_job(app, client):
    game_id = new_heist(client, walls="draw")
    assert all(fl.walls == () for fl in state(app, game_id).floors.values())
    text = guide(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert text.count("none yet") == 3 and text.count("(this job has 8)") == 3


def test_fort_knox_has_no_target_next_to_its_empty_square(client):
    game_id = new_heist(client, scenario="fort_knox", void="C3", walls="random")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    targets = slots(page, 1)
    assert len(targets) == 40 - 4 and not any("C3" in w for w in targets)
    assert "leaving C3 empty" in guide(page)


def test_after_the_break_in_the_guide_says_where_the_guard_and_his_die_go(app, client):
    """§1.22 Break-in: the guard is placed first; his destination comes after the entrance."""
    game_id = new_heist(client)
    page = act_ok(client, game_id, do="start")
    fl = state(app, game_id).floors[1]
    assert (f"Put floor 1's guard on <b>{fl.guard}</b>, his die beside the board showing <b>{fl.die}</b>; the "
            "entrance comes next, then his destination.") in page
    assert "Tap the room where the crew breaks in on floor 1." in page
    assert 'class="slot' not in page  # the walls are done: the rooms are for the entrance now
    assert "<title>Floor 1: where the walls go</title>" in guide(page)


def test_the_layout_cannot_be_swapped_once_the_guard_is_out(client):
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    page = act(client, game_id, do="layout", kind="none").get_data(as_text=True)
    assert errors(page) == [("The walls can be laid out afresh only before the break-in; correct single walls "
                             "from a room's menu instead")]


def test_in_play_the_guide_and_the_wall_targets_are_gone(client):
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    page = act_ok(client, game_id, do="entrance", at="B2")
    assert 'class="menu guide"' not in page and 'class="slot' not in page


def test_a_watch_link_sees_the_walls_but_no_targets(app, client):
    game_id = new_heist(client)
    watcher = app.test_client()
    watcher.environ_base.update({"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"})
    page = watcher.get(f"/games/{game(app, game_id).watch_token}").get_data(as_text=True)
    assert 'id="floor-1"' in page and "wall-e" in room_classes(page, 1, "A1")
    assert 'class="slot' not in page and "hx-post" not in page
