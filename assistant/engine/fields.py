"""Reading the fields of an action: each reader checks its value and says plainly what is wrong."""

from __future__ import annotations

from typing import Any

from .errors import N_, IllegalActionError
from .ruleset import Ruleset

Action = dict[str, Any]


def floor_of(rules: Ruleset, action: Action) -> int:
    floor = action.get("floor")
    if isinstance(floor, str) and floor.isascii() and floor.isdigit():
        floor = int(floor)
    if not isinstance(floor, int) or floor not in rules.state.floors:
        have = ", ".join(str(f) for f in sorted(rules.state.floors))
        raise IllegalActionError(N_("floor %(floor)s does not exist (floors: %(have)s)"), floor=repr(floor), have=have)
    return floor


def square_of(rules: Ruleset, floor: int, value: Any, what: str = "at") -> str:
    if not isinstance(value, str):
        raise IllegalActionError(N_("'%(field)s' must be a square name like B2"), field=what)
    value = value.upper()
    rules.plan(floor).check(value)
    return value


def who_of(rules: Ruleset, action: Action) -> str:
    who = action.get("who")
    if not isinstance(who, str) or who not in rules.state.crew:
        raise IllegalActionError(N_("nobody called %(who)s is in the crew"), who=repr(who))
    return who


def choice_of(value: Any, allowed: tuple[str, ...], message: str) -> str:
    """A field that must be one of a few words (a code, never free text that could end up in the log)."""
    if not isinstance(value, str) or value not in allowed:
        raise IllegalActionError(N_("%(what)s: %(choices)s"), what=message, choices=[a for a in allowed if a])
    return value


def card_key(name: str) -> str:
    """A card or room name as the engine keys it, however the table typed it: "Cursed Goblet" -> "cursed-goblet"."""
    return "-".join(name.strip().lower().split())


def bonus_of(action: Action) -> int:
    bonus = action.get("bonus", 0)
    if not isinstance(bonus, int) or abs(bonus) > 3:
        raise IllegalActionError(N_("%(key)s is a small whole number (+1 Espresso, -1 Daydreaming)"), key="'bonus'")
    return bonus
