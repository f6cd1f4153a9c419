"""The keys the forecast's engine runs and points are cached by (forecast/keys.py): equal keys only for equal states
(the drawing floor's piles aside), the same key for equal states, whichever objects hold their values; the fields no
guard move assigns left out only when they are the forecast's first state's."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from assistant.engine.cases import state_from_case
from assistant.engine.state import Burglar, FloorState, GameState
from assistant.forecast.keys import FIXED, PILES, StateKeys
from assistant.forecast.knowledge import blind
from tests.engine.helpers import book_of


def _first() -> GameState:
    """Two floors, tiles, Lavatory tokens, two burglars carrying things: every kind of field has a value."""
    state = state_from_case({
        "floors": {"1": {"guard": "A1", "destination": "C3", "die": 3, "walls": ["A1-B1"], "alarms": ["B2"],
                         "tiles": {"C4": "lavatory", "D1": "camera"}, "lavatory": {"C4": 2}, "discard": ["D4"],
                         "patrol": ["A2", "A3", "A4"]},
                   "2": {"guard": "B2", "destination": "D2", "die": 2, "patrol": ["C1", "C2"]}},
        "crew": {"ana": {"floor": 1, "at": "B3", "stealth": 2, "loot": ["tiara"], "tools": ["donuts"]},
                 "bo": {"floor": 2, "at": "A4", "stealth": 1, "character": "raven"}}})
    return blind(state, book_of(state))


def _other(value: Any, kind: str) -> Any:
    """Another value of the same kind (``kind``: the field's declared type, for None)."""
    if value is None:
        return [] if kind.startswith("list") else {} if kind.startswith("dict") else "x"
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, tuple):
        return (*value, "Z9")
    if isinstance(value, list):
        return [*value, "Z9"]
    assert isinstance(value, dict), value
    return {**value, "Z9": 1}


def _every_change(state: GameState) -> list[tuple[type, str, int | None, GameState]]:
    """A copy of the state with one field changed, for every field of the game, of each floor (with its number) and
    of a burglar, but the floors and the crew themselves."""
    owners: list[tuple[type, int | None, Any]] = [(GameState, None, lambda s: s),
                                                  (Burglar, None, lambda s: s.crew["ana"])]
    owners += [(FloorState, n, lambda s, n=n: s.floors[n]) for n in state.floors]
    changed = []
    for cls, floor, owner in owners:
        for f in fields(cls):
            if f.name not in ("floors", "crew"):
                copy = state.copy()
                setattr(owner(copy), f.name, _other(getattr(owner(copy), f.name), str(f.type)))
                changed.append((cls, f.name, floor, copy))
    return changed


def test_a_copy_has_the_key_of_its_original_and_the_drawing_floors_piles_are_left_out() -> None:
    first = _first()
    keys = StateKeys(first, 1)
    again = first.copy()
    again.floors[1].deck, again.floors[1].discard, again.floors[1].unseen = ["?"], ("?", "?", "?"), ("?",)
    assert keys.of(again) == keys.of(first) and keys.of(first).startswith(b"s")


def test_equal_states_held_by_other_objects_have_the_same_key() -> None:
    """A guard and a die on the same square may be one string or two; a room's tiles a dict made again."""
    first = _first()
    keys = StateKeys(first, 1)
    one, two = first.copy(), first.copy()
    one.floors[1].guard = one.floors[1].destination  # the same string object
    two.floors[1].guard = "".join(["C", "3"])
    fl = two.floors[1]
    fl.tiles, fl.walls = dict(fl.tiles), tuple(list(fl.walls))
    two.crew["ana"].loot = tuple(list(two.crew["ana"].loot))
    assert two.floors[1].guard is not two.floors[1].destination
    assert keys.of(one) == keys.of(two) != keys.of(first)


@pytest.mark.parametrize("floor", [1, 2])
def test_any_field_changed_changes_the_key_but_the_drawing_floors_piles(floor: int) -> None:
    """Each field the key leaves out (``FIXED``) is checked against the first state's: a version that left one out
    unchecked, or left out a field a move does change, gives two different states the same key."""
    first = _first()
    keys = StateKeys(first, floor)
    seen = {keys.of(first): "the first state"}
    for cls, name, on, state in _every_change(first):
        key = keys.of(state)
        label = f"{cls.__name__}.{name} (floor {on})"
        if name in PILES and on == floor:
            assert key == keys.of(first), label
            continue
        assert key not in seen, (label, seen.get(key))
        seen[key] = label
        assert key.startswith(b"m" if name in FIXED[cls] else b"s"), label  # fixed fields changed: written whole
        assert keys.of(state.copy()) == key  # and equal states still share it


def test_a_blind_key_leaves_out_the_crews_stealth_and_heat_and_the_lavatory_tokens_only() -> None:
    """``StateKeys.blind`` (the runs that find no one are shared across those, ``runs.Runs._transplant``): any other
    field changed changes it; a state whose fixed fields differ is written whole, its Stealth and tokens zeroed."""
    first = _first()
    keys = StateKeys(first, 1)
    seen = {keys.blind(first): "the first state"}
    for cls, name, on, state in _every_change(first):
        key = keys.blind(state)
        label = f"{cls.__name__}.{name} (floor {on})"
        if name in ("stealth", "heat", "lavatory") or (name in PILES and on == 1):
            assert key == keys.blind(first), label
            continue
        assert key not in seen and key != keys.of(state), (label, seen.get(key))
        seen[key] = label
        assert key.startswith(b"m" if name in FIXED[cls] else b"b"), label
    both = first.copy()
    both.floors[1].walls = ()  # written whole: the Stealth and the tokens still left out
    other = both.copy()
    other.crew["ana"].stealth, other.floors[1].lavatory = 0, {}
    assert keys.blind(both) == keys.blind(other) != keys.of(both)
