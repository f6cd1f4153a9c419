"""Where is it safe to end your turn? (issue 25): for a burglar, each room of her floor, the chance that her
floor's guard's next move finds her (and catches her) if she stands there when he moves, everything else as
it is now.

The definition is the forecast of the position with her moved there (``forecast_floor``): exact, from what the
players know, never from the app's deck order. Computed so for every room it would take one forecast a room;
most rooms share one instead:

* **A plain room** is one where her standing there changes nothing about his move until he finds her, and being
  found (with Stealth left) changes nothing either: bb1 and bb3 rooms but a Camera (she would set off alarms by
  being seen, 1.14), a Foyer (found from next door, 1.15), a room with Lavatory tokens (a question to the
  players, 1.8) and a room another burglar stands in (caught first, he may end the game before she is found).
  There his move is the move with her off the board until he first enters her room, so she is
  found exactly when that move enters it: ``found`` is that forecast's ``enter``. With no Stealth left the first
  time is the catch (``caught = found``); never entered, she is neither found nor caught; with Stealth ``s``, a
  room he cannot enter ``s + 1`` times within his moves (one step an entry, 1.3) never sees her caught.
* **Plain rooms he may enter ``Stealth + 1`` times** (the forecast's ``enter`` does not count how often) share
  forecasts with a copy of her in each, which give ``caught`` for most of them (``_caught_with_copies``); the
  rest take their own.
* Anything else takes its own forecast: the rooms above,
  and every room in bb2, where the bouncer hunts the nearest player when his deck is empty, heat is gained two
  at a time and some rooms heat everyone on the floor.

>>> from assistant.engine.cases import state_from_case
>>> state = state_from_case({"floors": {"1": {"guard": "A1", "destination": "C1", "die": 2,
...     "patrol": ["D4"]}}, "crew": {"ana": {"floor": 1, "at": "D4", "stealth": 0}}})
>>> chances = safety_map(state, "ana")
>>> chances["B1"].found, chances["B1"].caught, chances["D4"].found
(Fraction(1, 1), Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..engine.rulesets import rules_of, ruleset_for
from ..engine.state import GameState
from . import Chance, forecast_floor, move_bonus

__all__ = ["safest", "safety", "safety_map"]

# bb1 tiles where a burglar's presence changes the guard's move or finds her without his entering (1.14, 1.15)
_NOT_PLAIN_TILES = frozenset({"camera", "foyer"})
_NEVER = Chance(Fraction(0), Fraction(0))
ROUNDS = 4  # forecasts with copies of her tried before the rooms left take one each (see _caught_with_copies)


def _plain_rooms(state: GameState, name: str, floor: int) -> frozenset[str]:
    game = rules_of(state)
    if game.hunts or game.crew_counter != "stealth":
        return frozenset()  # bb2: hunting and heat, every room its own forecast
    fl = state.floors[floor]
    shared = {b.at for n, b in state.crew.items() if n != name and b.floor == floor and not b.escaped}
    return frozenset(r for r in state.plan(floor).rooms
                     if fl.tiles.get(r) not in _NOT_PLAIN_TILES and not fl.lavatory.get(r, 0) and r not in shared)


def _standing(state: GameState, name: str, room: str | None) -> GameState:
    moved = state.copy()
    moved.crew[name].at = room
    return moved


def _caught_with_copies(state: GameState, name: str, floor: int, rooms: list[str]) -> dict[str, Fraction]:
    """``caught`` of plain rooms among ``rooms`` found with forecasts shared by several rooms: a copy of her (with
    her Stealth) in each, she off the board. Until a copy is caught each is found with Stealth left, which changes
    nothing, so the move is his move with her off the board until a copy's catch ends it. In a round with no copy
    caught, no room of theirs is entered Stealth + 1 times: 0 for all. In a round with one copy caught, nothing
    can end the move before its catch: its own ``caught``. With several caught, one catch may hide another (it ends
    the move first), so those rooms take their own forecasts and the rest are tried again, up to ``ROUNDS``."""
    her = state.crew[name]
    out: dict[str, Fraction] = {}
    left = rooms
    for _ in range(ROUNDS):
        if len(left) < 2:  # one room: its own forecast costs as much
            break
        trial = _standing(state, name, None)
        copies = {room: f"{name}\x00{room}" for room in left}
        for room, copy in copies.items():
            trial.crew[copy] = replace(her, at=room)
        crew = forecast_floor(trial, floor).crew
        caught = {room: crew[copy].caught for room, copy in copies.items() if crew[copy].caught}
        if len(caught) == 1:
            out.update(caught)
        elif not caught:
            out.update((room, Fraction(0)) for room in left)
            break
        left = [room for room in left if room not in caught]
    return out


def safety_map(state: GameState, name: str) -> dict[str, Chance]:
    """Room -> the chance that ``name``'s floor's guard finds (and catches) her in his next move if she stands
    there, every room of her floor in board order. Empty when she is not on the board, or her floor has no
    guard on it (nobody moves), or the table has a question to answer or the game is over."""
    b = state.crew[name]
    if state.pending or state.outcome or b.at is None or b.escaped:
        return {}
    floor = b.floor
    guard = state.floors[floor].guard
    if guard is None:
        return {}
    plain = _plain_rooms(state, name, floor)
    away = forecast_floor(_standing(state, name, None), floor) if plain else None
    moves = ruleset_for(state, []).speed(floor, move_bonus(state, floor))
    plan = state.plan(floor)
    out: dict[str, Chance] = {}
    twice: list[str] = []  # plain rooms he may enter Stealth + 1 times
    for room in plan.rooms:
        if away is not None and room in plain:
            entered = away.enter.get(room, Fraction(0))
            if not entered or b.stealth <= 0:
                out[room] = Chance(entered, entered if b.stealth <= 0 else Fraction(0))
                continue
            # Caught takes Stealth + 1 entries, one step each (1.3): the first costs the walk there (out and
            # back in from his own room), each further one a step out and a step back.
            first = plan.distance(guard, room) if guard != room else 2
            if first + 2 * b.stealth > moves:
                out[room] = Chance(entered, Fraction(0))
                continue
            twice.append(room)
    if away is not None and twice:
        for room, caught in _caught_with_copies(state, name, floor, twice).items():
            out[room] = Chance(away.enter[room], caught)
    for room in plan.rooms:
        if room not in out:
            out[room] = forecast_floor(_standing(state, name, room), floor).crew[name]
    return {room: out[room] for room in plan.rooms}


def safety(state: GameState) -> dict[str, dict[str, Chance]]:
    """The safety map of every burglar on a floor whose guard is on the board, in turn order."""
    out = {}
    for name in state.crew:
        chances = safety_map(state, name)
        if chances:
            out[name] = chances
    return out


def safest(chances: dict[str, Chance], rooms: list[str], count: int = 2) -> list[str]:
    """The ``count`` safest of ``rooms``: least likely caught, then found; board order breaks a tie."""
    order = {room: i for i, room in enumerate(chances)}
    ranked = sorted((r for r in rooms if r in chances),
                    key=lambda r: (chances[r].caught, chances[r].found, order[r]))
    return ranked[:count]
