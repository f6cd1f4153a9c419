"""What can happen now, as actions ready to send: the shape every game's legal-actions query returns.

Each ruleset class names its game's query (``Bb1.legal``, ``Bb2.legal``, ``Bb3.legal``; the functions live
in ``bb1/offers.py``, ``bb2/offers.py``, ``bb3/offers.py``). The table app renders these offers and re-derives
nothing (like python-chess's ``Board.legal_moves``; design.md "The engine offers what is legal"): whether a
button is there, and whether a counter can go up or down, is the engine's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .state import GameState
from .walks import NAMED_WAYS, way


@dataclass(frozen=True)
class Offer:
    """One button: the action it sends, what it says (``code`` and ``params``), and whether it is a
    correction (no effect: the table fixes the app's picture of the board)."""

    code: str
    action: dict[str, Any]
    params: dict[str, Any] = field(default_factory=dict)
    correction: bool = False
    needs: str = ""  # "tile": the UI adds the type and number of the face-down room


@dataclass(frozen=True)
class LegalActions:
    """A game's legal-actions query: what a tapped room offers, what the burglar whose turn it is can play,
    and the numbers the table may correct by hand. Every offer is an action ``actions.apply`` accepts."""

    room: Callable[[GameState, int, str], list[Offer]]
    player: Callable[[GameState, str], list[Offer]]
    corrections: Callable[[GameState], list[Offer]]
    # the tool and loot cards a burglar may take: only Burgle Bros 1's are kept by the app
    take: Callable[[GameState, str], list[Offer]] = lambda state, who: []
    # what the table tells the app on her turn, away from any room: a safe cracked, a computer hacked, her escape
    table: Callable[[GameState, str], list[Offer]] = lambda state, who: []


def in_play(state: GameState) -> bool:
    """Actions that change the game can be sent: no question waits and the heist is not over."""
    return not state.pending and not state.outcome and bool(state.order)


def inside(state: GameState, name: str) -> bool:
    b = state.crew[name]
    return b.at is not None and not b.escaped


def breaking_in(state: GameState) -> bool:
    """The guards are placed and the crew has still to choose where it breaks in (bb1 "Break in", bb3
    Starting the Game); Burgle Bros 2's crew walks in by its two entrances instead."""
    return (in_play(state) and 1 in state.floors and state.floors[1].appeared and not state.entrances
            and all(b.at is None and not b.escaped for b in state.crew.values()))


def entrance(floor: int, square: str) -> list[Offer]:
    """The crew breaks in here: a room of floor 1."""
    return [Offer("entrance", {"do": "entrance", "at": square}, {"at": square})] if floor == 1 else []


def moves(state: GameState, floor: int, square: str) -> list[Offer]:
    """Every burglar still in the game walks into this room if the board gives her a way (engine/walks.py; the
    game's rules say what entering does); the one whose turn it is may take another way the table names; and
    anyone may be put here, a correction (issue 21 §4: the table keeps the last word). For a game whose rooms the
    app does not follow (Burgle Bros 2 and 3: ``tiles`` False in engine/walks.py)."""
    return [*walks_here(state, floor, square, tiles=False), *other_ways(state, floor, square, tiles=False),
            *puts(state, floor, square)]


def walks_here(state: GameState, floor: int, square: str, code: str = "move", *, tiles: bool) -> list[Offer]:
    """The burglars the board lets walk in: next door with no wall between, or a bb1 room's way (``via``; ``tiles``:
    the app follows the game's rooms, engine/walks.py)."""
    current = state.current()
    offers = []
    for n in _others(state, floor, square):
        found = way(state, n, floor, square, tiles)
        if found is not None:
            offers.append(Offer(code, {"do": "move", "who": n, "floor": floor, "to": square,
                                       **({"via": found} if found else {})}, {"who": n, "current": n == current}))
    return offers


def other_ways(state: GameState, floor: int, square: str, *, tiles: bool) -> list[Offer]:
    """The burglar whose turn it is reaches a room the board gives her no way into by a way the table names: an
    ability, a tool, an event card, or (where the app does not follow the rooms) Stairs one floor up or down."""
    current = state.current()
    if current is None or current not in _others(state, floor, square):
        return []
    if way(state, current, floor, square, tiles) is not None:
        return []
    b = state.crew[current]
    ways = [*NAMED_WAYS]
    if b.at == square and abs(b.floor - floor) == 1 and not tiles:
        ways.insert(0, "stairs")
    move = {"do": "move", "who": current, "floor": floor, "to": square}
    return [Offer("move_via", {**move, "via": via}, {"who": current, "via": via}) for via in ways]


def puts(state: GameState, floor: int, square: str) -> list[Offer]:
    """A correction: the piece is put where the board shows it, with no effect."""
    return [Offer("put", {"do": "place", "who": n, "floor": floor, "to": square}, {"who": n}, correction=True)
            for n in _others(state, floor, square)]


def _others(state: GameState, floor: int, square: str) -> list[str]:
    """The crew still in the game and not already in this room, in turn order."""
    return [n for n in state.order
            if not state.crew[n].escaped and (state.crew[n].floor, state.crew[n].at) != (floor, square)]


def steps(code: str, action: dict[str, Any], key: str, now: int, low: int, high: int,
          **params: Any) -> list[Offer]:
    """A counter's "one less" and "one more" (codes ``<code>_less``/``<code>_more``), each only when the
    number stays within ``low``..``high``; the action carries the new number in ``key``."""
    return [Offer(f"{code}_{way}", {**action, key: now + change}, {**params, "now": now}, correction=True)
            for way, change in (("less", -1), ("more", 1)) if low <= now + change <= high]
