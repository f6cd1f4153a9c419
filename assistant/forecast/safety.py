"""Where is it safe to end your turn? (issue 25): for a burglar, each room of her floor, the chance that her
floor's guard's next move finds her (and catches her) if she stands there when he moves, everything else as
it is now.

The definition is the forecast of the position with her moved there (``forecast_floor``): exact, from what the
players know, never from the app's deck order. Computed so for every room it would take one forecast a room;
most rooms share a few instead (docs/forecast.md, "Where is it safe to end your turn?"):

* **Rooms where her standing there changes nothing about his move until she is caught** (bb1 and bb3, but a Camera:
  there she sets off alarms by being seen, 1.14; bb2 while the bouncer does not hunt): she is found with Stealth
  left (bb2: heat below 6), which changes nothing, until her catch ends the game. That holds in a Foyer (found from
  next door too, 1.15), with Lavatory tokens (each one more finding before her catch, 1.8; whether a token or her
  own goes first changes nothing else) and beside another burglar (found in the crew's order: his catch may end the
  move first, as without her). So one forecast with a copy of her in each such room, she off the board, the copies
  stand-ins whose catch takes them off the board and lets the move go on (``Ruleset.stand_ins``), is for each copy
  his move with her alone in its room until her catch, or another burglar's, ends it: each copy's numbers are its
  room's (``_with_copies``).
* In a room with no other burglar and no Foyer, ``found`` is his entering it in the forecast with her off the
  board; with no Stealth left (nor tokens) ``caught = found``; a room he cannot enter ``Stealth + 1`` times
  within his moves (``_caught_at_least``: one step an entry, 1.3) never sees her caught. With Stealth 2 or more that
  forecast is left out: it settles few rooms, and the copies give every room's ``found`` as well.
* In bb2 ``found`` is any heat, which a Surveillance or a Crow's Nest gives where he is not: the copies give every
  room's numbers. A bouncer who hunts heads for the nearest player, whom the copies would be: with no marker on
  the board no copies are tried, and a deck that runs out during the move stops their forecast
  (``StandInsRead``, issue 32 §2).
* The rest take their own forecast: a Camera, Lavatory tokens in a room with another burglar, every room of a bb2
  floor whose bouncer hunts; and for the current player every room where End turn, with her actions ending
  there, does something before his first step (her Thermo, the basic Acrobat in his room, a bb2 Count Room:
  ``turn_end_effects``), which her own forecast applies and the copies, she off the board, would not (issue 32).

>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.rulesets import RULEBOOKS
>>> state = state_from_case({"floors": {"1": {"guard": "A1", "destination": "C1", "die": 2,
...     "patrol": ["D4"]}}, "crew": {"ana": {"floor": 1, "at": "D4", "stealth": 0}}})
>>> chances = safety_map(state, "ana", RULEBOOKS["bb1"])
>>> chances["B1"].found, chances["B1"].caught, chances["D4"].found
(Fraction(1, 1), Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..engine.actions import before_guard_walk
from ..engine.board import Floorplan
from ..engine.errors import RulesError
from ..engine.ruleset import GameOver, NeedAnswer, StandInsRead
from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from . import Chance, ending, forecast_floor, move_bonus
from .knowledge import blind

__all__ = ["TURN_END_EFFECTS", "safest", "safety", "safety_map", "turn_end_effects", "turn_end_reasons"]

# What End turn's first part does that the Coach can name (log kinds, and "acrobat" for the basic Acrobat's Stealth)
TURN_END_EFFECTS = ("thermo", "acrobat", "count_room")
MAX_TURN_END_ANSWERS = 4  # questions answered to see what End turn's first part does (a Lavatory token: one)

NO_AWAY_STEALTH = 2  # her Stealth from which the forecast with her off the board is left out (see safety_map)
# bb1 tiles where a burglar's presence changes the guard's move before she is caught (1.14)
_OWN_FORECAST_TILES = frozenset({"camera"})


@dataclass(frozen=True)
class _Copy:
    """A room where her standing there changes nothing about his move until she is caught, as a copy of her there
    sees it: the rooms where he finds her (the room, and a Foyer's neighbours, 1.15), the times she can be found
    before the next is her catch (her Stealth and the room's Lavatory tokens, 1.8), and whether her ``found`` is
    his entering the room in the forecast with her off the board (not so in a Foyer, or in a room another burglar
    stands in: found first, he may be caught and end the game before she is found)."""

    cells: tuple[str, ...]
    stealth: int
    found_is_entered: bool


def _copies(state: GameState, name: str, floor: int, book: Rulebook) -> dict[str, _Copy]:
    """The rooms of her floor that forecasts with copies of her may settle; none in bb2 while the bouncer hunts
    (he heads for the nearest player: the copies would pull him), whose copies are left to ``_with_copies``."""
    fl = state.floors[floor]
    if book.rules.hunts and fl.destination is None:
        return {}
    plan = state.plan(floor)
    stealth = state.crew[name].stealth
    shared = {b.at for n, b in state.crew.items() if n != name and b.floor == floor and not b.escaped}
    out = {}
    for room in plan.rooms:
        tile, tokens = fl.tiles.get(room), fl.lavatory.get(room, 0)
        if tile in _OWN_FORECAST_TILES or (tokens and room in shared):
            continue
        foyer = tile == "foyer"
        out[room] = _Copy((room, *plan.adjacent(room)) if foyer else (room,), stealth + tokens,
                          not foyer and room not in shared)
    return out


def _standing(state: GameState, name: str, room: str | None) -> GameState:
    moved = state.copy()
    moved.crew[name].at = room
    return moved


def _first_entry(plan: Floorplan, guard: str, room: str) -> int:
    """The fewest steps before he first enters ``room``: the walk there, or out and back in from his own room."""
    return plan.distance(guard, room) if guard != room else 2


def _caught_at_least(plan: Floorplan, guard: str, c: _Copy) -> int:
    """The fewest steps before a copy's catch, read from the floor plan: one step an entry (1.3), its catch its
    ``stealth + 1``-th finding, each at least 2 steps after the one before in a room (out and back in), 1 in a
    Foyer (from one of its rooms to another)."""
    first = min(_first_entry(plan, guard, cell) for cell in c.cells)
    return first + c.stealth * (2 if len(c.cells) == 1 else 1)


def _with_copies(state: GameState, name: str, floor: int, book: Rulebook,
                 rooms: dict[str, _Copy]) -> dict[str, Chance]:
    """Her chances in ``rooms`` from one forecast: a copy of her in each (her Stealth and the room's Lavatory tokens
    as her Stealth, her place in the crew's order), she off the board, the copies stand-ins (``Ruleset.stand_ins``:
    a catch takes a copy off the board and the move goes on). Until a copy is caught it is found with Stealth left,
    which changes nothing (in a room with another burglar the two are found in the crew's order, the copy where she
    would be), and after its catch it is off the board: so each copy sees his move with her alone in its room until
    her catch (or another burglar's) ends it, which is her forecast there."""
    her = state.crew[name]
    mark = "\x00"
    while any(n.startswith(name + mark) for n in state.crew):  # a copy's name is no burglar's
        mark += "\x00"
    copies = {room: f"{name}{mark}{room}" for room in rooms}
    trial = _standing(state, name, None)
    fl = trial.floors[floor]
    fl.lavatory = {r: n for r, n in fl.lavatory.items() if r not in copies}  # as her Stealth instead
    crew0, trial.crew = trial.crew, {}
    for n, b in crew0.items():  # the copies where she is in the crew's order, she off the board
        trial.crew[n] = b
        if n == name:
            trial.crew.update((copy, replace(her, at=room, stealth=rooms[room].stealth))
                              for room, copy in copies.items())
    try:
        crew = forecast_floor(trial, floor, book, frozenset(copies.values())).crew
    except StandInsRead:  # a bb2 deck that runs out during the move: he hunts, the copies would pull him
        return {}
    return {room: crew[copy] for room, copy in copies.items()}


def _after_actions(state: GameState, floor: int, book: Rulebook) -> GameState | None:
    """The state once End turn has done what it does before floor ``floor``'s guard's first step when he moves at
    this End turn (``actions.before_guard_walk``, as the forecast does: ``forecast.ending``); None when it asks the
    table something or ends the game (only a forecast can say what follows)."""
    who = ending(state, floor)
    if who is None:
        return state
    after = state.copy()
    try:
        before_guard_walk(book.ruleset(after, []), who)
    except (NeedAnswer, GameOver, RulesError):
        return None
    return after


def _effect(kind: str, data: dict[str, Any]) -> str:
    """The end-of-turn effect a log entry of End turn's first part shows (TURN_END_EFFECTS), or ""."""
    if kind in ("stealth", "caught") and data.get("why") == "acrobat_stayed":
        return "acrobat"
    return kind if kind in TURN_END_EFFECTS else ""


def turn_end_effects(state: GameState, name: str, book: Rulebook,
                     rooms: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Of ``rooms``, those where End turn, with her actions ending there, does something before his first step
    (``actions.before_guard_walk``: §1.22 'Thermo: when it is checked', the alarm goes off; §1.22 'Acrobat (basic) in
    the guard's room'; a bb2 Count Room's commotion), each with the effects it names (TURN_END_EFFECTS; none named
    for anything else it does). Only when she is the current player: nobody else's room is read then. A question it
    asks (a Lavatory token) is answered with its first option, to see what follows."""
    floor = state.crew[name].floor
    if ending(state, floor) != name:
        return {}
    view = blind(state, book)  # what the players can see: a card it draws is a question too
    out = {}
    for room in rooms:
        answers: list[str] = []
        while True:
            standing = _standing(view, name, room)
            rules = book.ruleset(standing, list(answers))
            try:
                before_guard_walk(rules, name)
            except NeedAnswer as need:
                if len(answers) < MAX_TURN_END_ANSWERS:
                    answers.append(need.question["options"][0])
                    continue
            except (GameOver, RulesError):
                pass  # a catch: the entries say who and why
            break
        if rules.told or answers:  # its lines as told (engine/narrator.py): nothing of them built into entries
            out[room] = tuple(sorted({e for kind, _, _, _, data, _ in rules.told if (e := _effect(kind, data))}))
    return out


def turn_end_reasons(state: GameState, name: str, book: Rulebook,
                     chances: dict[str, Chance]) -> dict[str, tuple[str, ...]]:
    """The rooms of her safety map (``chances``) whose chance End turn's first part decides, with what it does
    there (:func:`turn_end_effects`): her chance there differs from his move's from the board as it is (the forecast
    without that part, ``whole_turn=False``). What the Coach names as the reason ("the Thermo goes off")."""
    out = {}
    floor = state.crew[name].floor
    for room, effects in turn_end_effects(state, name, book, chances).items():
        if effects and forecast_floor(_standing(state, name, room), floor, book,
                                      whole_turn=False).crew[name] != chances[room]:
            out[room] = effects
    return out


def safety_map(state: GameState, name: str, book: Rulebook) -> dict[str, Chance]:
    """Room -> the chance that ``name``'s floor's guard finds (and catches) her in his next move if she stands
    there, every room of her floor in board order, by the rules of ``book`` (the state's game). Empty when she is not
    on the board, or her floor has no guard on it (nobody moves), or the table has a question to answer or the game is
    over."""
    b = state.crew[name]
    if state.pending or state.outcome or b.at is None or b.escaped:
        return {}
    floor = b.floor
    guard = state.floors[floor].guard
    if guard is None:
        return {}
    rooms = _copies(state, name, floor, book)
    for room in turn_end_effects(state, name, book, list(rooms)):  # each its own forecast, which applies it
        del rooms[room]
    out: dict[str, Chance] = {}
    tried: dict[str, _Copy] = {}  # rooms the forecasts with copies of her may settle
    away = None
    if b.stealth >= NO_AWAY_STEALTH or book.rules.crew_counter == "heat":
        # a catch takes 4 steps or more after his first entry: few rooms are settled without it, so the copies
        # give every room's found too (measured faster, docs/forecast.md); bb2's heat is no entering either
        tried = {room: replace(c, found_is_entered=False) for room, c in rooms.items()}
    elif rooms:
        away = forecast_floor(_standing(state, name, None), floor, book)
    if away is not None:
        plan = state.plan(floor)
        # his speed and room once End turn's first part is done (another burglar's Thermo adds an alarm); unknown
        # when it asks the table something: then no room is settled by them
        after = _after_actions(_standing(state, name, None), floor, book)
        moves = book.ruleset(after, []).speed(floor, move_bonus(state, floor)) if after else None
        start = after.floors[floor].guard if after else None
        for room, c in rooms.items():
            entered = away.enter.get(room, Fraction(0))
            if not any(away.enter.get(cell) for cell in c.cells):  # never entered, she is never found there
                out[room] = Chance(Fraction(0), Fraction(0))
            elif not c.found_is_entered:
                tried[room] = c
            elif c.stealth <= 0:  # found is caught
                out[room] = Chance(entered, entered)
            elif moves is not None and start is not None and _caught_at_least(plan, start, c) > moves:
                out[room] = Chance(entered, Fraction(0))
            else:
                tried[room] = c
    if tried:
        for room, chance in _with_copies(state, name, floor, book, tried).items():
            out[room] = Chance(away.enter[room], chance.caught) if away and tried[room].found_is_entered else chance
    for room in state.plan(floor).rooms:
        if room not in out:
            out[room] = forecast_floor(_standing(state, name, room), floor, book).crew[name]
    return {room: out[room] for room in state.plan(floor).rooms}


def safety(state: GameState, book: Rulebook) -> dict[str, dict[str, Chance]]:
    """The safety map of every burglar on a floor whose guard is on the board, in turn order (``book``: the state's
    game)."""
    out = {}
    for name in state.crew:
        chances = safety_map(state, name, book)
        if chances:
            out[name] = chances
    return out


def safest(chances: dict[str, Chance], rooms: list[str], count: int = 2) -> list[str]:
    """The ``count`` safest of ``rooms``: least likely caught, then found; board order breaks a tie."""
    order = {room: i for i, room in enumerate(chances)}
    ranked = sorted((r for r in rooms if r in chances),
                    key=lambda r: (chances[r].caught, chances[r].found, order[r]))
    return ranked[:count]
