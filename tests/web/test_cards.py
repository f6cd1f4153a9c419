"""Cards and abilities that act on guards, from the menus (guard-rules §1.17, §1.19, §1.21): the
Raven's crow, Dynamite and a camera switched off from a room's menu; Shoplifting and the Tiara from
the actions menu. Each button says what the card does, and the engine decides what happens."""

from __future__ import annotations

import html
import re

from werkzeug.datastructures import MultiDict

from assistant.engine.cases import state_from_case
from tests.engine.helpers import burglar, case, floor_case
from tests.web.helpers import HTMX, act, act_ok, errors, log_lines, new_heist, opened, room_button, state, store


def heist(app, client, *, characters: dict[str, str] | None = None, **positions: str) -> str:
    """A Bank Job in play with the crew where the test wants them (floor 1, guard in A1 heading D1)."""
    characters = characters or {}
    game_id = new_heist(client, **{f"character{i}": characters.get(n, "") for i, n in enumerate(("Ann", "Bob"), 1)})
    crew = {name: burglar(at) for name, at in positions.items()}
    position = state_from_case(case(floor_case("A1", "D1", 2, patrol=["D4", "C3", "B2"],
                                               walls=["A1-B1", "C1-C2", "C2-D2", "A2-A3", "B2-B3", "D3-D4"]),
                                    floor_case(), floor_case(), crew=crew))
    s = state(app, game_id)
    s.floors, s.order = position.floors, tuple(crew)
    for name, b in position.crew.items():
        s.crew[name].floor, s.crew[name].at = b.floor, b.at
    return store(app).create("cards", s)


def menu(client, game_id: str, room: str) -> str:
    return html.unescape(client.get(f"/games/{game_id}/panel?room={room}", headers=HTMX).get_data(as_text=True))


def test_the_crow_is_offered_within_two_rooms_and_costs_the_guard_a_move(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    page = menu(client, game_id, "1-C2")
    assert "Ann's crow lands here" in page and "then loses one of the moves he has left" in page
    assert "Bob's crow" not in page  # D4 is too far from C2 for Bob
    assert "Ann's crow" not in menu(client, game_id, "1-D4")
    page = act_ok(client, game_id, do="crow", who="Ann", at="C2")
    assert state(app, game_id).floors[1].crow == "C2"
    assert 'title="crow"' in room_button(page, 1, "C2")


def test_the_advanced_crow_goes_on_the_ravens_own_room(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    assert "Ann's crow on Ann's own room (advanced Raven)" in menu(client, game_id, "1-B2")
    act_ok(client, game_id, do="crow", who="Ann", at="B2", advanced="1")
    fl = state(app, game_id).floors[1]
    assert (fl.crow, fl.crow_advanced) == ("B2", True)


def test_when_someone_plays_the_raven_only_her_crow_is_offered_on_her_turn(app, client):
    game_id = heist(app, client, characters={"Bob": "Raven"}, Bob="B2", Ann="C2")
    page = menu(client, game_id, "1-C3")
    assert "Bob's crow lands here" in page and "Ann's crow" not in page
    act_ok(client, game_id, do="end_turn")
    assert "crow" not in menu(client, game_id, "1-C3")  # Ann's turn: she is no Raven


def test_a_crow_sent_too_far_is_refused_with_the_reason(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    page = act(client, game_id, do="crow", who="Ann", at="D4").get_data(as_text=True)
    assert errors(page) == ["The crow flies at most 2 rooms from B2, walls respected; D4 is farther"]


def test_dynamite_is_offered_for_each_wall_of_the_room_of_the_burglar_who_holds_it(app, client):
    game_id = heist(app, client, Ann="C2", Bob="D4")
    assert "Dynamite: blow up" not in menu(client, game_id, "1-C2")  # nobody holds it yet
    act_ok(client, game_id, do="tool", who="Ann", kind="dynamite", on="1")
    page = menu(client, game_id, "1-C2")
    assert "Dynamite: blow up the north wall (C1-C2)" in page
    assert "Dynamite: blow up the east wall (C2-D2)" in page
    assert "Dynamite: blow up" not in menu(client, game_id, "1-C3")  # nobody there to light it
    page = act_ok(client, game_id, do="event", name="dynamite", floor=1, at="C2", wall="C2-D2")
    s = state(app, game_id)
    assert "C2-D2" not in s.floors[1].walls and "C2" in s.floors[1].alarms
    assert "wall-e" not in room_button(page, 1, "C2").split('"')[1]


def test_a_camera_can_be_switched_off_and_on_again(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="camera", number=2)
    assert "Switch this camera off" in menu(client, game_id, "1-C3")
    act_ok(client, game_id, do="camera", floor=1, at="C3", off="1")
    assert state(app, game_id).floors[1].cameras_off == ("C3",)
    assert "Switch this camera back on" in menu(client, game_id, "1-C3")
    act_ok(client, game_id, do="camera", floor=1, at="C3", off="0")
    assert state(app, game_id).floors[1].cameras_off == ()
    assert "Switch this camera" not in menu(client, game_id, "1-C4")


def test_shoplifting_lists_the_laboratories_and_sets_off_the_ones_ticked(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="laboratory", number=3)
    act_ok(client, game_id, do="reveal", floor=1, at="B4", type="laboratory", number=4)
    page = opened(client, game_id, "events")
    assert re.search(r'name="target" value="1-B4" checked> Laboratory B4, floor 1', page)
    assert re.search(r'name="target" value="1-C3" checked> Laboratory C3, floor 1', page)
    response = client.post(f"/games/{game_id}/act", headers=HTMX,
                           data=MultiDict([("do", "event"), ("name", "shoplifting"), ("floor", "1"), ("target",
                                                                                                      "1-C3")]))
    assert errors(response.get_data(as_text=True)) == []
    assert state(app, game_id).floors[1].alarms == ("C3",)


def test_shoplifting_with_no_laboratory_says_it_does_nothing(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    assert "No Laboratory is face up yet, so the card does nothing." in opened(client, game_id, "events")
    page = act_ok(client, game_id, do="event", name="shoplifting", floor=1)
    assert log_lines(page) == ["Shoplifting: no tool was taken from a Laboratory, so no alarm goes off."]


def test_a_hand_edited_shoplifting_room_gets_a_message(app, client):
    game_id = heist(app, client, Ann="B2", Bob="D4")
    for target, words in (("C3", "is not a room"), ("1-Z9", "not a square name"), ("7-A1", "does not exist")):
        page = act(client, game_id, do="event", name="shoplifting", floor=1, target=target).get_data(as_text=True)
        assert len(errors(page)) == 1 and words in errors(page)[0], (target, errors(page))


def test_the_tiara_is_taken_from_the_menu_and_costs_stealth_next_to_the_guard(app, client):
    game_id = heist(app, client, Ann="C3", Bob="D4")
    page = opened(client, game_id, "tools")
    assert "Ann takes the Tiara" in page and "loses 1 Stealth on stepping into a room next to a guard" in page
    page = act_ok(client, game_id, do="loot", who="Ann", kind="tiara", on="1")
    assert "Ann: 3 Stealth · Tiara" in opened(client, game_id, "crew")
    assert "Ann puts down the Tiara" in opened(client, game_id, "tools")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A2", via="ability")  # next to the guard in A1, no wall
    assert state(app, game_id).crew["Ann"].stealth == 2


def test_go_with_your_gut_is_one_card_choosing_among_the_face_down_rooms_with_the_tile_picker(app, client):
    """§1.22 "Go With Your Gut (new, turn 4)": the events menu offers the card once, with a choice of every
    face-down room next to her with no wall between (bb1 "not considered adjacent" through a Wall), and the tile
    picker for what it turns out to be."""
    game_id = heist(app, client, Ann="B2", Bob="D4")
    page = opened(client, game_id, "events")
    assert page.count("Go with your Gut: pick the room, then what it is") == 1
    assert sorted(re.findall(r'<input type="radio" name="to" value="(\w\d)"', page)) == ["A2", "B1", "C2"]
    assert 'name="tile" value="laser:1"' in page


def test_go_with_your_gut_from_the_menu_sets_off_the_laser_without_a_question(app, client):
    """§1.22 "Go With Your Gut into a Laser or Deadbolt (new, turn 4)": one action spent, so the Laser goes off
    (EN Go with your Gut, bb1-rules-en.md 588-589)."""
    game_id = heist(app, client, Ann="B2", Bob="D4")
    act_ok(client, game_id, do="event", name="go_with_your_gut", floor=1, who="Ann", to="C2", tile="laser:1")
    s = state(app, game_id)
    assert (s.crew["Ann"].floor, s.crew["Ann"].at) == (1, "C2")
    assert "C2" in s.floors[1].alarms and s.pending is None


def test_go_with_your_gut_into_a_room_behind_a_wall_is_refused_and_nothing_changes(app, client):
    """§1.22 "Go With Your Gut (new, turn 4)": B3 is behind a wall from B2; refused where she tapped, saying which
    rooms the card may take her into, and the stored heist is unchanged."""
    game_id = heist(app, client, Ann="B2", Bob="D4")
    before = store(app).load(game_id).state.to_json()
    page = act(client, game_id, do="event", name="go_with_your_gut", floor=1, who="Ann", to="B3").get_data(
        as_text=True)
    assert len(errors(page)) == 1 and "Go with your Gut" in errors(page)[0] and "A2" in errors(page)[0]
    assert store(app).load(game_id).state.to_json() == before


def test_a_face_down_room_next_to_her_offers_go_with_your_gut_with_the_tile_picker(app, client):
    """§1.22 "Go With Your Gut (new, turn 4)": tapping a face-down room next to her offers the card there too."""
    game_id = heist(app, client, Ann="B2", Bob="D4")
    assert "Go with your Gut: A2: it is face down, tap what it is" in menu(client, game_id, "1-A2")
    assert "Go with your Gut" not in menu(client, game_id, "1-B3")  # behind the wall B2-B3
