"""Burgle Bros 3's own actions, as typed values (engine/vocabulary.py reads them, :func:`~..vocabulary.from_json`):
Flee, Lure and Charm, workers moved, suspicion cubes, the guard jumped or put back. Defining them registers their
``do`` with the shared vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..vocabulary import FLOOR, NAME, SET_MOST, Action, may, need, square, whole, word
from .limits import MOST_SCANS, MOST_WORKERS

GUARD_MOVES = ("jump", "place")  # an effect jumps him (no entering effect); a correction puts him back
SET_MOST["workers"] = MOST_WORKERS


@dataclass(frozen=True, kw_only=True)
class Suspicion(Action, do="suspicion"):
    floor: int = need(FLOOR)
    count: int = need(whole(-1, 1))  # a cube added (1) or taken away (-1)


@dataclass(frozen=True, kw_only=True)
class Flee(Action, do="flee"):
    who: str = need(NAME)
    to: str = need(square)
    scans: int | None = may(whole(0, MOST_SCANS))


@dataclass(frozen=True, kw_only=True)
class Lure(Action, do="lure"):
    who: str = need(NAME)
    source: str = need(square, "from")
    scan: int | None = may(whole(0, 1))


@dataclass(frozen=True, kw_only=True)
class Charm(Action, do="charm"):
    who: str = need(NAME)


@dataclass(frozen=True, kw_only=True)
class Workers(Action, do="workers"):
    floor: int = need(FLOOR)
    source: str = need(square, "from")
    to: str = need(square)
    count: int | None = may(whole(1, MOST_WORKERS))


@dataclass(frozen=True, kw_only=True)
class Guard(Action, do="guard"):
    """bb3: the guard jumped by an effect, or put where the board shows him (a correction)."""

    floor: int = need(FLOOR)
    at: str = need(square)
    how: str = need(word(*GUARD_MOVES))

