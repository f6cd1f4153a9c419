"""Burgle Bros 2's own actions, as typed values (engine/vocabulary.py reads them, :func:`~..vocabulary.from_json`):
commotions, Undercover and Crowd chips, chips that move a burglar, the patrol deck's size, gear or an event on the
bouncer, the Prima Donnas carried, the Revolving Door. Defining them registers their ``do`` with the shared
vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..vocabulary import FLOOR, NAME, SET_MOST, Action, flag, may, need, square, whole, word
from .limits import BUFFET_STEPS, MOST_CUBES, MOST_DECK, PRIMA_DONNAS

CHIPS = ("prima_donna", "drunk")  # bb2 chips that put a burglar in another room
# what gear or an event does to a bouncer (manual controls): he jumps, his marker is set (a hunting bouncer
# stops hunting), he skips a move, or his destination is changed or swapped (no effect while he hunts)
CARD_EFFECTS = ("jump", "marker", "skip", "swap")
SET_MOST["cubes"] = MOST_CUBES


@dataclass(frozen=True, kw_only=True)
class Commotion(Action, do="commotion"):
    floor: int = need(FLOOR)
    at: str = need(square)
    steps: int | None = may(whole(1, BUFFET_STEPS))  # 1; 3 for the Buffet


@dataclass(frozen=True, kw_only=True)
class Undercover(Action, do="undercover"):
    floor: int = need(FLOOR)
    at: str = need(square)


@dataclass(frozen=True, kw_only=True)
class Crowd(Action, do="crowd"):
    floor: int = need(FLOOR)
    at: str = need(square)
    on: bool | None = may(flag)  # toggled when absent


@dataclass(frozen=True, kw_only=True)
class Chip(Action, do="chip"):
    chip: str = need(word(*CHIPS))
    who: str = need(NAME)
    floor: int = need(FLOOR)
    to: str = need(square)
    correction: bool | None = may(flag)  # §1.22 "One of each card": the board shows it, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class Deck(Action, do="deck"):
    floor: int = need(FLOOR)
    count: int = need(whole(0, MOST_DECK))


@dataclass(frozen=True, kw_only=True)
class Bouncer(Action, do="bouncer"):
    floor: int = need(FLOOR)
    effect: str = need(word(*CARD_EFFECTS))
    at: str | None = may(square)  # where he jumps or his marker goes


@dataclass(frozen=True, kw_only=True)
class PrimaDonna(Action, do="prima_donna"):
    who: str = need(NAME)
    count: int = need(whole(0, PRIMA_DONNAS))  # Prima Donna chips on her character card now
    correction: bool | None = may(flag)  # §1.22 "One of each card": the board shows it, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class RevolvingDoor(Action, do="revolving_door"):
    who: str = need(NAME)
    to: str = need(square)
    floor: int | None = may(FLOOR)  # hers: a case may say it
