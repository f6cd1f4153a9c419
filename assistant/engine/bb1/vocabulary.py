"""Burgle Bros 1's own actions, as typed values (engine/vocabulary.py reads them, :func:`~..vocabulary.from_json`):
the events, tools and abilities played, the Raven's crow, the Spotter, hack tokens, cameras, loot and tools taken,
the Persian Kitty. Defining them registers their ``do`` with the shared vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import N_, MalformedActionError
from ..limits import MOST_NUMBER
from ..vocabulary import FLOOR, HACK_KINDS, NAME, SET_MOST, Action, Reader, _refuse, card_key, flag, may, need, \
    square, text, whole, word
from .card_names import LOOT, PLAYED, TOOLS
from .limits import MOST_HACK, MOST_ROOM_TOKENS, VIRUS_TOKENS

EVENTS_ON_FLOOR = ("shift_change", "switch_signs", "where_is_he", "change_of_plans", "squeak", "brown_out",
                   "emp", "espresso", "daydreaming", "jump_the_gun")
EVENTS_WITH_SQUARE = ("throw_voice", "crash")
EVENTS = (*EVENTS_ON_FLOOR, *EVENTS_WITH_SQUARE, "dynamite", "shoplifting", "go_with_your_gut", *PLAYED)
SET_MOST["room_tokens"] = MOST_ROOM_TOKENS


def _targets(value: Any, key: str) -> tuple[tuple[int, str], ...]:
    """Shoplifting: the rooms that sound, each [floor, square]."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in value):
        raise MalformedActionError(N_("Shoplifting %(key)s is a list of [floor, square] pairs"), key=repr(key))
    return tuple((FLOOR(f, key), square(s, key)) for f, s in value)


def _tokens(value: Any, key: str) -> tuple[tuple[str, int], ...]:
    """The Virus: how many hack tokens go on each computer (whether they add up to 3 is the card's rule)."""
    if not isinstance(value, dict):
        raise _refuse(N_("%(key)s says how many hack tokens go on each computer, e.g. %(example)s"), key, value,
                      example='{"laser": 2, "motion": 1}')
    return tuple((word(*HACK_KINDS)(k, key), whole(0, VIRUS_TOKENS)(n, key)) for k, n in value.items())


@dataclass(frozen=True, kw_only=True)
class Donuts(Action, do="donuts"):
    floor: int = need(FLOOR)


# the keys an event takes besides its name, its floor and who drew or played it (docs/conformance.md: ``who`` is
# optional on every event): (required, optional)
EVENT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **{name: ((), ()) for name in (*EVENTS_ON_FLOOR, *PLAYED)},
    **{name: (("at",), ()) for name in EVENTS_WITH_SQUARE},
    "dynamite": (("at", "wall"), ()), "shoplifting": ((), ("targets",)), "crowbar": (("at",), ()),
    "juicer_alarm": (("at",), ()), "virus": (("tokens",), ()), "buddy_system": (("buddy",), ()),
    "rook_swap": (("buddy",), ()), "freight_elevator": ((), ("all_loot",)),
    "thermal_bomb": ((), ("to_floor",)),
    "go_with_your_gut": ((), ("to", "type", "number", "correction")),  # no ``to``: no face-down room next to hers
}


@dataclass(frozen=True, kw_only=True)
class Event(Action, do="event"):
    """An event card drawn, or a tool or character ability played (``who`` defaults to whose turn it is)."""

    name: str = need(word(*EVENTS, unknown=N_("%(key)s: unknown event %(value)s")))
    floor: int = need(FLOOR)
    who: str | None = may(NAME)
    at: str | None = may(square)
    wall: str | None = may(text(7))  # Dynamite: the wall blown away
    targets: tuple[tuple[int, str], ...] | None = may(_targets)  # Shoplifting
    tokens: tuple[tuple[str, int], ...] | None = may(_tokens)  # Virus
    buddy: str | None = may(NAME)  # Buddy System, the Rook's Disguise
    all_loot: bool | None = may(flag)  # the Freight Elevator on the top floor: the crew holds all the loot
    to_floor: int | None = may(FLOOR)  # the Thermal Bomb: the floor its hole leads to
    to: str | None = may(square)  # Go with your Gut: the face-down room she moves into
    room: str | None = may(text(), "type")  # … turned up by that move, as a move's
    number: int | None = may(whole(1, MOST_NUMBER))
    correction: bool | None = may(flag)

    @classmethod
    def keys(cls, data: Mapping[str, Any]) -> dict[str, tuple[str, Reader, bool]]:
        every = super().keys(data)
        name = data.get("name")
        if name in (None, ""):
            return {k: every[k] for k in ("name", "floor")}  # refused for the name it lacks
        required, optional = EVENT_KEYS[every["name"][1](name, "name")]  # an unknown event is named first
        keys = {k: every[k] for k in ("name", "floor", "who", *optional)}
        keys.update({k: (every[k][0], every[k][1], True) for k in required})
        return keys


@dataclass(frozen=True, kw_only=True)
class Crow(Action, do="crow"):
    who: str = need(NAME)
    at: str = need(square)
    advanced: bool | None = may(flag)  # the advanced Raven's crow, in her own room; basic when absent


@dataclass(frozen=True, kw_only=True)
class Spotter(Action, do="spotter"):
    keep: str = need(word("look", "top", "bottom"))
    who: str | None = may(NAME)
    floor: int | None = may(FLOOR)


@dataclass(frozen=True, kw_only=True)
class Hack(Action, do="hack"):
    kind: str = need(word(*HACK_KINDS, "hacker"))
    count: int | None = may(whole(0, MOST_HACK))  # one more when absent (§1.22 hack capacity)
    correction: bool | None = may(flag)  # §1.22 "One of each card": the board shows it, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class Camera(Action, do="camera"):
    floor: int = need(FLOOR)
    at: str = need(square)
    off: bool | None = may(flag)  # switched off when absent


@dataclass(frozen=True, kw_only=True)
class Loot(Action, do="loot"):
    who: str = need(NAME)
    kind: str = need(word(*LOOT, spelled=card_key, unknown=N_("%(key)s: no loot card is called %(value)s: %(loot)s"),
                          listed_as="loot"))
    on: bool | None = may(flag)  # toggled when absent
    correction: bool | None = may(flag)  # §1.22 "One of each card": the board shows it, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class Tool(Action, do="tool"):
    who: str = need(NAME)
    kind: str = need(word(*TOOLS, spelled=card_key, unknown=N_("%(key)s: no tool is called %(value)s: %(tools)s"),
                          listed_as="tools"))
    on: bool | None = may(flag)  # toggled when absent
    correction: bool | None = may(flag)  # §1.22 "One of each card": the board shows it, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class Kitty(Action, do="kitty"):
    """bb1 Persian Kitty: its token runs to ``at`` from its holder ``who``; without ``at``, ``who`` picks it up."""

    who: str = need(NAME)
    at: str | None = may(square)
