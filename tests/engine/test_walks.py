"""Every walk against the board (issue 21 §4): a Move goes to a neighbouring room with no wall between, unless a
way is named; a refusal says why and changes nothing; a case's walk is the table's word (docs/conformance.md).

Sources: bb1 rulebook "Actions" (Move: enter an adjacent room), "Set up the Building" 5 ("When tiles have a Wall
between them, they are not considered adjacent"), "Tiles" (Stairs, Walkway, Secret Door, Service Duct); bb2
"Entering the Casino" (the first move is into an entrance), "Revolving Door" (the jump is an action of its own,
the Move is as normal); bb3 "Adjacency, Moving, and Jumping" ("A square is not adjacent if there is a wall").
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.cases import run_case, state_from_case
from assistant.engine.errors import NoWayError
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.state import GameState
from assistant.engine.walks import check_walk, way


def table(rules: str = "bb1", at: str = "B2", floor: int = 1, tiles: dict[int, dict[str, str]] | None = None,
          walls: tuple[str, ...] = ("B2-C2",)) -> GameState:
    """Two floors (walls between B2 and C2 on each, the guard in D4 heading for D3), Ann in ``at`` of ``floor``."""
    floors = {str(n): {"walls": list(walls), "tiles": (tiles or {}).get(n, {}), "guard": "D4", "destination": "D3"}
              for n in (1, 2)}
    return state_from_case({"rules": rules, "floors": floors, "crew": {"ann": {"floor": floor, "at": at}}})


def walk(state: GameState, to: str, floor: int = 1, **extra: Any) -> GameState:
    return apply(state, {"do": "move", "who": "ann", "floor": floor, "to": to, **extra}).state


@pytest.mark.parametrize("rules", sorted(RULEBOOKS))
def test_a_move_goes_next_door_with_no_wall_between_in_every_game(rules):
    """bb1 Actions, bb2, bb3 Adjacency: next door with no wall between; diagonal or two rooms away is no Move."""
    state = table(rules)
    assert (walk(state, "B1").crew["ann"].floor, walk(state, "B1").crew["ann"].at) == (1, "B1")
    for to, why in (("C2", "a wall stands between B2 and C2 on floor 1: ann cannot walk through it"),
                    ("C3", "C3 is not next to B2, where ann stands on floor 1: a move goes to a neighbouring room"),
                    ("D2", "D2 is not next to B2")):
        with pytest.raises(NoWayError, match=why):
            walk(state, to)
    with pytest.raises(NoWayError, match="ann is on floor 1: B2 on floor 2 is reached only by Stairs"):
        walk(state, "B2", floor=2)


@pytest.mark.parametrize("via", ["ability", "tool", "event"])
def test_a_way_the_table_names_is_taken_with_the_rooms_effects(via):
    """The table names the way (an ability, a tool, an event card): the move happens, entering as usual, and the
    log says which way."""
    state = table()
    after = apply(state, {"do": "move", "who": "ann", "floor": 2, "to": "C4", "via": via})
    assert (after.state.crew["ann"].floor, after.state.crew["ann"].at) == (2, "C4")
    assert [e.data.get("via") for e in after.log if e.kind == "move"] == [via]


def test_bb1_stairs_lead_up_to_the_room_above_and_back_down():
    """bb1 Stairs: "You can ... Move to that tile from the Stairs, and you can Move down to the Stairs from that
    tile." The board's tiles give the way; nobody needs to name it."""
    state = table(tiles={1: {"B2": "stairs"}})
    assert way(state, "ann", 2, "B2", tiles=True) == "stairs"
    up = walk(state, "B2", floor=2)
    assert (up.crew["ann"].floor, up.crew["ann"].at) == (2, "B2")
    assert way(up, "ann", 1, "B2", tiles=True) == "stairs"
    assert way(up, "ann", 1, "B1", tiles=True) is None


def test_bb1_a_walkway_leads_down_and_never_up():
    """bb1 Walkway: "You can choose to Move downstairs from the Walkway ... You cannot Move upstairs from the tile
    below the Walkway." """
    state = table(at="C3", floor=2, tiles={2: {"C3": "walkway"}})
    assert way(state, "ann", 1, "C3", tiles=True) == "walkway"
    below = walk(state, "C3", floor=1)
    assert way(below, "ann", 2, "C3", tiles=True) is None


def test_bb1_a_secret_door_is_entered_through_a_wall_but_not_left_through_one():
    """bb1 Secret Door: "You can Move into the Secret Door tile from any adjacent tile, even through a Wall. You
    cannot Move ... out of this tile through a Wall." """
    state = table(tiles={1: {"C2": "secret-door"}})
    assert way(state, "ann", 1, "C2", tiles=True) == "secret-door"
    inside = walk(state, "C2")
    with pytest.raises(NoWayError, match="a wall stands between C2 and B2"):
        walk(inside, "B2")


def test_bb1_service_ducts_join_once_both_are_turned_up_even_across_floors():
    """bb1 Service Duct: "After both Service Ducts have been discovered, you can Move between them as if they
    were adjacent tiles, even if the Service Ducts are on different floors." """
    one = table(at="A1", tiles={1: {"A1": "service-duct"}})
    assert way(one, "ann", 2, "C4", tiles=True) is None
    both = table(at="A1", tiles={1: {"A1": "service-duct"}, 2: {"C4": "service-duct"}})
    assert way(both, "ann", 2, "C4", tiles=True) == "service-duct"


def test_a_named_tile_way_is_checked_against_the_board():
    """Stairs lead one floor up or down to the same square; in bb1 a room turned up as something else is no
    Stairs; a face-down room may still be them (the table names them)."""
    face_down = table()
    assert walk(face_down, "B2", floor=2, via="stairs").crew["ann"].floor == 2
    with pytest.raises(NoWayError, match=r"the way named \(Stairs\) does not lead from B2 on floor 1 to C3"):
        walk(face_down, "C3", floor=2, via="stairs")
    shown = table(tiles={1: {"B2": "camera"}})
    with pytest.raises(NoWayError, match=r"the way named \(Stairs\) is not on the board"):
        walk(shown, "B2", floor=2, via="stairs")


def test_bb3_stairs_tokens_are_named_by_the_table():
    """bb3 Mod tokens: Stairs lead "up or down a floor to the tile in the same row and column"; the app does not
    follow the tokens, so the table names the way."""
    state = table("bb3")
    with pytest.raises(NoWayError):
        walk(state, "B2", floor=2)
    assert walk(state, "B2", floor=2, via="stairs").crew["ann"].floor == 2


def test_bb2_the_first_move_is_into_an_entrance():
    """bb2 Entering the Casino: "they must move into one of the 2 entrance tiles"."""
    state = table("bb2")
    state.entrances = ("A1", "D1")
    state.crew["ann"].at = None
    assert walk(state, "D1").crew["ann"].at == "D1"
    with pytest.raises(NoWayError, match=r"ann is outside: the crew comes in through an entrance \(A1, D1"):
        walk(state, "B3")


def test_a_refused_walk_changes_nothing():
    state = table()
    before = state.to_json()
    with pytest.raises(NoWayError):
        walk(state, "C2", type="camera", number=1)
    assert state.to_json() == before


def test_check_walk_says_how_she_went():
    state = table(tiles={1: {"B2": "stairs"}})
    assert check_walk(state, "ann", 1, "A2", None, tiles=True) == ""
    assert check_walk(state, "ann", 2, "B2", None, tiles=True) == "stairs"
    assert check_walk(state, "ann", 2, "C4", "tool", tiles=True) == "tool"


VIDEO_LOOP = {"floors": {"1": {"guard": "D4", "destination": "D3", "die": 1, "patrol": ["D1"],
                               "tiles": {"D4": "camera", "A2": "camera", "B1": "camera"}}},
              "crew": {"ana": {"floor": 1, "at": "A2"}}, "actions": [{"do": "move", "who": "ana", "floor": 1,
                                                                       "to": "B1"}]}


def test_a_cases_walk_the_board_refuses_is_the_tables_word():
    """docs/conformance.md "Walks": a case says what happened at a table, so the diagonal walk A2 to B1 runs with
    its effects (the camera in B1 sees her with the guard on the camera D4: an alarm), as it always did."""
    result = run_case({**VIDEO_LOOP, "id": "x"})
    assert result["crew"]["ana"]["at"] == "B1" and result["floors"]["1"]["alarms"] == ["B1"]


def test_a_case_may_ask_for_its_walks_to_be_checked():
    """docs/conformance.md "Walks": ``"walks": "checked"`` reads the case's moves as taps on the board."""
    result = run_case({**VIDEO_LOOP, "id": "x", "walks": "checked"})
    assert result["error"] == "B1 is not next to A2, where ana stands on floor 1: a move goes to a neighbouring room"
    assert run_case({**VIDEO_LOOP, "walks": "strict"})["error"] == "'walks' is table or checked"


def test_the_tables_word_is_marked_as_a_correction_in_the_log():
    state = state_from_case(VIDEO_LOOP)
    result = apply(state, {"do": "move", "who": "ana", "floor": 1, "to": "B1", "via": "table"})
    assert [(e.data.get("via"), e.data.get("correction")) for e in result.log if e.kind == "move"] == [("table", True)]
