"""The Burgle Bros 1 situations the app records since issue 21, from its menus: the Freight Elevator on the top
floor (bb1 Freight Elevator), the Persian Kitty's token (bb1 Persian Kitty) and the advanced Peterman's Safe on
another floor (guard-rules §1.22). The buttons are the engine's offers; the engine decides what happens."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import state_from_case
from tests.engine.helpers import case, floor_case
from tests.web.helpers import act, act_ok, errors, new_heist, opened, room_button, state, store
from tests.web.test_cards import menu


def heist(app: Flask, client: FlaskClient, crew: dict[str, dict[str, object]], character: str = "") -> str:
    """A Bank Job in play, every floor's guard far off in D4, with Ann and Bob where the test says."""
    game_id = new_heist(client, character1=character)
    position = state_from_case(case(*(floor_case("D4", "D3", 2, patrol=["D1", "C4"]) for _ in range(3)), crew=crew))
    s = state(app, game_id)
    s.floors, s.order = position.floors, tuple(crew)
    for name, b in position.crew.items():
        s.crew[name].floor, s.crew[name].at, s.crew[name].loot = b.floor, b.at, b.loot
    return store(app).create("new actions", s)


def test_the_freight_elevator_on_the_top_floor_takes_her_to_the_roof_with_all_the_loot(app, client):
    """bb1 Freight Elevator: from the top floor she escapes if the crew holds all the loot; her turn then moves
    no guard."""
    game_id = heist(app, client, {"Ann": {"floor": 3, "at": "B2"}, "Bob": {"floor": 1, "at": "A1"}})
    page = opened(client, game_id, "events")
    assert "to the roof" in page and "not all the loot" in page
    assert "goes up one floor" not in page  # no floor above
    act_ok(client, game_id, do="event", name="freight_elevator", floor=3, who="Ann", all_loot="1")
    assert state(app, game_id).crew["Ann"].escaped
    act_ok(client, game_id, do="end_turn")
    s = state(app, game_id)
    assert s.floors[3].guard == "D4" and s.current() == "Bob"


def test_the_freight_elevator_without_all_the_loot_leaves_her_on_the_top_floor(app, client):
    """bb1 Freight Elevator: without all the loot she cannot reach the roof; the log says why."""
    game_id = heist(app, client, {"Ann": {"floor": 3, "at": "B2"}, "Bob": {"floor": 1, "at": "A1"}})
    page = act_ok(client, game_id, do="event", name="freight_elevator", floor=3, who="Ann", all_loot="0")
    assert not state(app, game_id).crew["Ann"].escaped
    assert "Ann is on the top floor without all the loot" in page


def test_the_persian_kittys_token_runs_next_door_and_is_picked_up_there(app, client):
    """bb1 Persian Kitty: the token goes to an adjacent room (shown on the board); whoever stands there picks
    it up for free."""
    game_id = heist(app, client, {"Ann": {"floor": 1, "at": "B2", "loot": ["persian-kitty"]},
                                  "Bob": {"floor": 1, "at": "A1"}})
    assert "The Persian Kitty runs here from Ann" in menu(client, game_id, "1-B3")
    assert "The Persian Kitty runs here" not in menu(client, game_id, "1-D4")  # not next to her
    page = act_ok(client, game_id, do="kitty", who="Ann", at="B1")
    assert "Persian Kitty token" in room_button(page, 1, "B1")
    assert state(app, game_id).crew["Ann"].loot == ()
    act_ok(client, game_id, do="move", who="Bob", floor=1, to="B1")
    assert "Bob picks up the Persian Kitty" in menu(client, game_id, "1-B1")
    act_ok(client, game_id, do="kitty", who="Bob")
    s = state(app, game_id)
    assert s.floors[1].kitty is None and s.crew["Bob"].loot == ("persian-kitty",)


def test_a_kitty_sent_too_far_is_refused_with_the_reason_and_nothing_changes(app, client):
    """bb1 Persian Kitty: only an adjacent tile; the refusal says why and the heist is unchanged."""
    game_id = heist(app, client, {"Ann": {"floor": 1, "at": "B2", "loot": ["persian-kitty"]},
                                  "Bob": {"floor": 1, "at": "A1"}})
    before = state(app, game_id)
    page = act(client, game_id, do="kitty", who="Ann", at="D4").get_data(as_text=True)
    assert errors(page) == ["The Persian Kitty runs to a room next to B2; D4 is not"]
    assert state(app, game_id).to_json() == before.to_json()


def test_the_advanced_peterman_cracks_the_safe_above_her_from_the_menu(app, client):
    """§1.22 Peterman (advanced): the Safe straight above her room speeds up her floor and those below."""
    game_id = heist(app, client, {"Ann": {"floor": 2, "at": "B2"}, "Bob": {"floor": 1, "at": "A1"}})
    s = state(app, game_id)
    s.crew["Ann"].character, s.crew["Ann"].side = "peterman", "advanced"
    game_id = store(app).create("peterman", s)
    page = opened(client, game_id, "tools")
    assert "Ann (Peterman) cracks the Safe on floor 3" in page and "Ann (Peterman) cracks the Safe on floor 1" in page
    act_ok(client, game_id, do="crack_safe", floor=3, who="Ann")
    assert [state(app, game_id).floors[n].die for n in (1, 2, 3)] == [3, 3, 2]
