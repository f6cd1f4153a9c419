"""The danger forecast (issue 14): where each floor's guard can be after his next move, exactly, from what
the players know.

A pure, typed library like the engine beneath it: no Flask, no I/O, no clock, no randomness. For every
floor with a guard on the board it gives, for his next move, the probability that he **enters** each room
and that he **ends** there, and for each burglar on that floor the probability of being **found** (having
to discard a Stealth token, their own or a room's; gaining heat in bb2) and **caught**.

>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.rulesets import RULEBOOKS
>>> state = state_from_case({"floors": {"1": {"guard": "A1", "destination": "B1", "die": 1,
...                                             "patrol": ["C3", "D4"]}}})
>>> f = forecast_floor(state, 1, RULEBOOKS["bb1"])
>>> f.enter["B1"], f.end["B1"]
(Fraction(1, 1), Fraction(1, 1))

The game comes as an object (``engine/rulesets.Rulebook``: a heist's ``store.Game.rulebook``, a case's
``cases.Replay.rulebook``), handed down to every part of the forecast: it never looks a game up by its name.

Method (docs/forecast.md): knowledge.blind makes a copy of the state with every deck face down, so the
engine asks for each card; tree.explore answers every question in every way, weighting each card by how
many unseen copies of it there are and splitting the players' choices evenly. The probabilities are exact
fractions. Forecasts are memoised by the visible position, so a board that several phones fetch, or that is
drawn again after an action on another floor, costs nothing more.
"""

from __future__ import annotations

import gc
import marshal
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction

from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from .knowledge import blind, reshuffled_first, unseen_cards
from .tree import explore

__all__ = ["Chance", "FloorForecast", "ending", "forecast", "forecast_floor", "in_words"]

CACHE_SIZE = 256


@dataclass(frozen=True)
class Chance:
    """One burglar's danger in the next move of their floor's guard."""

    found: Fraction
    caught: Fraction


@dataclass(frozen=True)
class FloorForecast:
    """The next move of one floor's guard, as the players can know it."""

    floor: int
    enter: dict[str, Fraction]  # room -> P(he enters it at least once during the move); rooms with 0 left out
    end: dict[str, Fraction]  # room -> P(he ends the move there); off the board (Lost Visual) is left out
    crew: dict[str, Chance]  # burglars on this floor
    choices: tuple[str, ...]  # kinds of players' questions the forecast split evenly (e.g. "alarm")
    unseen: int  # cards the players have not seen face up (what "3 in 11" counts out of)
    branches: int  # engine runs it took

    @property
    def off_board(self) -> Fraction:
        """The chance a Lost Visual card takes him off the board during the move (1.20)."""
        return 1 - sum(self.end.values(), Fraction(0))


_cache: OrderedDict[tuple[int, int, bool, Rulebook, bytes], FloorForecast] = OrderedDict()


def move_bonus(state: GameState, floor: int) -> int:
    """Espresso or Daydreaming played this turn changes the next move of the current player's floor only
    (1.21): the guard that moves at the end of this turn."""
    who = state.current()
    if who is None or not state.bonus:
        return 0
    b = state.crew[who]
    return state.bonus if b.floor == floor and not b.escaped else 0


def ending(state: GameState, floor: int) -> str | None:
    """The burglar whose End turn comes before floor ``floor``'s next guard move, when it is this turn's: the
    current player on that floor. What End turn does before his first step (her Thermo, the basic Acrobat in his
    room, a bb2 Count Room: ``actions.before_guard_walk``) is then part of the move; an event card she may draw
    is not (unknown, never guessed). None for any other floor: its guard moves after another End turn."""
    who = state.current()
    if who is None:
        return None
    b = state.crew[who]
    return who if b.floor == floor and b.at is not None and not b.escaped else None


def forecast_floor(state: GameState, floor: int, book: Rulebook, stand_ins: frozenset[str] = frozenset(), *,
                   whole_turn: bool = True) -> FloorForecast:
    """The forecast of floor ``floor``'s next guard move by the rules of ``book`` (the state's game), from the end of
    the current player's actions when he moves at this End turn (:func:`ending`). The state is not changed.
    ``stand_ins``: burglars whose catch takes them off the board and lets the move go on (the safety map's copies of a
    burglar, see ``Ruleset.stand_ins``).
    ``whole_turn`` False: his move from the board as it is, without what End turn does first (what that part
    decides is seen beside it: ``safety.turn_end_reasons``)."""
    view = blind(state, book)
    bonus = move_bonus(state, floor)
    # to_json writes its fields in one order; the game is the book's, which the JSON's name need not be (a caller may
    # hand any book), so the book is in the key too (one object per game: hashed by itself)
    key = (floor, bonus, whole_turn, book, marshal.dumps((view.to_json(), sorted(stand_ins))))
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        return hit
    # No garbage collection while exploring: the explorer makes thousands of small containers that stay alive until
    # it returns (states, runs, memoised rests), and each collection on the way walked all of them again, while
    # they found nothing to free (it makes no reference cycles: what it drops is freed by reference counting).
    # Switched back on only if it was on: another thread's forecast may have paused it first.
    collecting = gc.isenabled()
    gc.disable()
    try:
        tree = explore(reshuffled_first(view, floor, book), floor, book, bonus, stand_ins,
                       ending(view, floor) if whole_turn else None)
    finally:
        if collecting:
            gc.enable()
    crew = [n for n, b in view.crew.items() if b.floor == floor and not b.escaped and b.at is not None]
    plan = view.plan(floor)
    result = FloorForecast(
        floor=floor,
        enter={r: p for r, p in sorted(tree.enter.items(), key=lambda rp: plan.index[rp[0]]) if p},
        end={r: p for r, p in sorted(((r, p) for r, p in tree.end.items() if r is not None),
                                     key=lambda rp: plan.index[rp[0]]) if p},
        crew={n: Chance(tree.found[n], tree.caught[n]) for n in crew},
        choices=tuple(sorted(tree.choices)),
        unseen=sum(unseen_cards(view, floor, book).values()),
        branches=tree.branches,
    )
    _cache[key] = result
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def forecast(state: GameState, book: Rulebook) -> dict[int, FloorForecast]:
    """The forecast of every floor whose guard is on the board, by the rules of ``book`` (the state's game; none
    while the table has a question to answer, or once the game is over: the next move is not known yet, or will not
    come)."""
    if state.pending or state.outcome:
        return {}
    return {n: forecast_floor(state, n, book) for n, fl in sorted(state.floors.items()) if fl.guard is not None}


def in_words(p: Fraction) -> str:
    """A probability as the table says it: "3 in 11", "1 in 2", "certain", "no chance"."""
    if p <= 0:
        return "no chance"
    if p >= 1:
        return "certain"
    return f"{p.numerator} in {p.denominator}"
