"""What the table counts on a room and sets by hand: Burgle Bros 2's counting cubes, Burgle Bros 3's workers."""

from __future__ import annotations

from .errors import N_, IllegalActionError
from .fields import Action, floor_of, square_of
from .ruleset import Ruleset


def set_on_room(rules: Ruleset, a: Action, field_name: str, most: int, rule: str) -> None:
    """``field_name`` ("cubes" or "workers") of the room ``a`` names becomes ``a["value"]``, 0 to ``most``."""
    value = a.get("value")
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    if not isinstance(value, int) or not 0 <= value <= most:
        raise IllegalActionError(N_("a room holds 0 to %(most)s %(counter)s"), most=most, counter=field_name)
    fl = rules.state.floors[floor]
    counts: dict[str, int] = {k: n for k, n in getattr(fl, field_name).items() if k != square}
    if value:
        counts[square] = value
    setattr(fl, field_name, counts)  # a new dict: a state's copy may share the old one (state.REPLACED_ONLY)
    rules.log("set", rule, floor, square, how="on_room", what=field_name, value=value)
