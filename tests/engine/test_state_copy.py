"""A state's copy is one level deep (issue 12, a fast engine): what the rules change in place is copied, what
they only ever replace is shared, and those shared fields are tuples and read-only Mappings, so mypy refuses
any change in place (issue 23: this used to be a regex over the source, and the Loot action's alias of a
copy's list changed the original). These tests check the behaviour: a change to a copy never reaches its
original, whatever the action."""

from __future__ import annotations

import json
from dataclasses import fields

from assistant.engine.actions import apply
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.state import Burglar, FloorState, GameState

CREW = [{"name": "Ann", "character": "rigger"}, {"name": "Bob"}]


def in_play() -> GameState:
    s = new_game("bank", CREW, seed=1)
    return apply(apply(s, {"do": "start"}).state, {"do": "entrance", "at": "A2"}).state


def test_a_copy_changed_in_place_leaves_its_original_alone():
    state = new_game("bank", CREW, seed=1)
    copy = state.copy()
    copy.floors[1].deck.pop()
    copy.floors[1].lavatory["A1"] = 3
    copy.hack["laser"] = 2
    assert state.to_json() != copy.to_json()
    assert state.floors[1].lavatory == {} and state.hack == {}
    assert len(state.floors[1].deck) == len(copy.floors[1].deck) + 1


def test_every_shared_field_is_immutable_and_every_other_container_is_copied():
    state = in_play()
    copy = state.copy()
    for original, twin in [(state, copy), (state.floors[1], copy.floors[1]), (state.crew["Ann"], copy.crew["Ann"])]:
        for f in fields(original):
            mine, theirs = getattr(original, f.name), getattr(twin, f.name)
            if isinstance(mine, (list, dict)) and f.name not in ("floors", "crew", "tiles", "numbers", "cubes"):
                assert mine is not theirs, f"{type(original).__name__}.{f.name} is shared but changed in place"
            if f.name in ("tiles", "numbers", "cubes"):
                assert str(f.type).startswith("Mapping"), f.name  # read-only for mypy: replaced, never changed


def test_actions_on_a_state_never_change_it():
    """Loot, tools, walls, alarms, cameras, crowds: every action works on a copy (the store keeps the state
    before each action and replays from it)."""
    state = in_play()
    before = state.to_json()
    for action in ({"do": "loot", "who": "Ann", "kind": "tiara"}, {"do": "tool", "who": "Ann", "kind": "donuts"},
                   {"do": "tool", "who": "Ann", "kind": "dynamite", "on": False},
                   {"do": "wall", "floor": 1, "wall": state.floors[1].walls[0]},
                   {"do": "alarm", "floor": 1, "at": "C3"},
                   {"do": "camera", "floor": 1, "at": "B2", "off": True},
                   {"do": "hack", "kind": "laser", "correction": True},  # no computer turned up: as the table says
                   {"do": "event", "name": "dead_drop", "floor": 1, "who": "Ann"}, {"do": "end_turn"}):
        apply(state, action)
        assert state.to_json() == before, action
    taken = apply(state, {"do": "loot", "who": "Ann", "kind": "tiara"}).state
    apply(taken, {"do": "loot", "who": "Ann", "kind": "tiara", "on": False})
    assert taken.crew["Ann"].loot == ("tiara",)  # the Loot action once removed it from the state it was given


def test_bb2_crowd_chips_on_a_copy_leave_the_original_alone():
    state = new_bb2_game(CREW, entrances=["A1", "D4"])
    after = apply(state, {"do": "crowd", "floor": 1, "at": "B2"}).state
    assert after.floors[1].crowd == ("B2",) and state.floors[1].crowd == ()


def test_json_has_lists_and_reads_back_as_tuples():
    state = in_play()
    data = state.to_json()
    assert isinstance(data["order"], list) and isinstance(data["floors"]["1"]["walls"], list)
    again = GameState.from_json(data)
    assert again.to_json() == data
    assert isinstance(again.order, tuple) and isinstance(again.floors[1].walls, tuple)
    assert isinstance(again.crew["Ann"].tools, tuple)
    assert FloorState().walls == () and Burglar(1, None).loot == ()


def test_a_saved_text_reads_back_as_the_state_and_from_json_leaves_its_data_alone():
    state = in_play()
    data = state.to_json()
    assert GameState.from_text(json.dumps(data)).to_json() == data
    old = {**data, "format": 0}  # from_json upgrades a copy: the caller's data stays as it was given
    GameState.from_json(old)
    assert old["format"] == 0
