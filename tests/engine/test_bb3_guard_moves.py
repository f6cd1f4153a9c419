"""Burgle Bros 3: a guard jumped by an effect, and a guard put where the board shows him (issue 21 §3).

bb3 rulebook "Adjacency, Moving, and Jumping": "Jumping means you place that figure directly on the indicated
square, ignoring any walls and tiles in between. Effects that trigger upon entering (for both characters and
guards) will not trigger when the figure is jumped there." Guard rooms act "when a guard enters by moving"."""

from __future__ import annotations

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb3.offers import room_offers
from assistant.engine.cases import state_from_case
from assistant.engine.errors import IllegalActionError, RulesError
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import GameState


def bb3(**floor: object) -> GameState:
    """One bb3 floor, guard A1, die in D1 showing 2, walls between A1-B1 and B2-C2; Ann in C3."""
    spec = {"guard": "A1", "destination": "D1", "die": 2, "walls": ["A1-B1", "B2-C2"], **floor}
    return state_from_case({"rules": "bb3", "floors": {"1": spec},
                            "crew": {"ann": {"floor": 1, "at": "C3", "stealth": 3}}})


def test_a_jumped_guard_ignores_walls_and_finds_no_cube_nor_anyone():
    """bb3 Jumping: placed on the square, no entering effect: the cubes there stay (no suspicion), Ann keeps her
    Stealth, whatever wall stands between."""
    state = bb3(alarms=["C3"])
    result = apply(state, {"do": "guard", "floor": 1, "at": "C3", "how": "jump"})
    fl = result.state.floors[1]
    assert (fl.guard, fl.alarms, fl.suspicion, fl.destination) == ("C3", ("C3",), 0, "D1")
    assert result.state.crew["ann"].stealth == 3
    assert [(e.kind, e.rule, e.data.get("no_effect")) for e in result.log] == [("enter", "bb3 Jumping", True)]


def test_a_guard_walking_in_would_have_found_them():
    """The contrast (bb3 Alarms and Suspicion; Guard Turns): entering by moving turns the cube into suspicion and
    costs a geared burglar a Stealth token."""
    state = bb3(alarms=["B1"], destination="B1", die=1, walls=[])
    state.crew["ann"].at = "B1"
    after = apply(state, {"do": "guard_turn", "floor": 1}).state
    assert after.floors[1].suspicion == 1 and after.crew["ann"].stealth == 2


def test_a_jump_into_a_guard_room_asks_nothing():
    """bb3 Adjacency: a guard tile acts "when a guard enters by moving to that tile", never on a jump."""
    result = apply(bb3(tiles={"B2": "guard-room"}), {"do": "guard", "floor": 1, "at": "B2", "how": "jump"})
    assert result.question is None and result.state.floors[1].guard == "B2"


def test_a_guard_correction_puts_him_where_the_board_shows_him_and_says_so():
    """The table keeps the last word (issue 21 §4): the guard is put there, nothing else changes, and the log
    marks it as a correction."""
    state = bb3(alarms=["C3"])
    result = apply(state, {"do": "guard", "floor": 1, "at": "C3", "how": "place"})
    fl = result.state.floors[1]
    assert (fl.guard, fl.alarms, fl.suspicion, fl.destination, fl.die) == ("C3", ("C3",), 0, "D1", 2)
    assert result.state.crew["ann"].stealth == 3
    assert [(e.kind, e.data.get("how"), e.data.get("correction")) for e in result.log] == [("place", "guard", True)]


@pytest.mark.parametrize("how", ["jump", "place"])
def test_no_guard_on_the_board_yet_is_refused(how):
    state = new_bb3_game([{"name": "Ann"}])
    with pytest.raises(IllegalActionError, match="floor 1 has no guard on the board yet"):
        apply(state, {"do": "guard", "floor": 1, "at": "B2", "how": how})


@pytest.mark.parametrize(("action", "why"), [
    ({"how": "walk"}, "'how' must be one of jump, place, not 'walk'"),
    ({"at": "Z9"}, "Z9"),
    ({"floor": 7}, "floor 7 does not exist"),
])
def test_a_malformed_or_impossible_guard_action_is_refused(action, why):
    with pytest.raises(RulesError, match=why):
        apply(bb3(), {"do": "guard", "floor": 1, "at": "B2", "how": "jump", **action})


def test_only_burgle_bros_3_moves_its_guard_so():
    """bb1 and bb2 have their own ways (a correction of bb1's guard is not this action; bb2's bouncer has gear)."""
    state = state_from_case({"floors": {"1": {"guard": "A1", "destination": "D1"}}, "crew": {}})
    with pytest.raises(IllegalActionError, match="exist only in Burgle Bros 3"):
        apply(state, {"do": "guard", "floor": 1, "at": "B2", "how": "jump"})


def test_a_room_offers_the_jump_and_the_correction_but_not_where_he_stands():
    state = bb3()
    codes = {o.code: o.action for o in room_offers(state, 1, "C3")}
    assert codes["guard_jump"] == {"do": "guard", "floor": 1, "at": "C3", "how": "jump"}
    assert codes["guard_put"] == {"do": "guard", "floor": 1, "at": "C3", "how": "place"}
    assert not {"guard_jump", "guard_put"} & {o.code for o in room_offers(state, 1, "A1")}
