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
    """Every burglar still in the game walks into this room (the game's rules say what entering does)."""
    current = state.current()
    return [Offer("move", {"do": "move", "who": n, "floor": floor, "to": square}, {"who": n, "current": n == current})
            for n, b in ((n, state.crew[n]) for n in state.order)
            if not b.escaped and (b.floor, b.at) != (floor, square)]


def steps(code: str, action: dict[str, Any], key: str, now: int, low: int, high: int,
          **params: Any) -> list[Offer]:
    """A counter's "one less" and "one more" (codes ``<code>_less``/``<code>_more``), each only when the
    number stays within ``low``..``high``; the action carries the new number in ``key``."""
    return [Offer(f"{code}_{way}", {**action, key: now + change}, {**params, "now": now}, correction=True)
            for way, change in (("less", -1), ("more", 1)) if low <= now + change <= high]
