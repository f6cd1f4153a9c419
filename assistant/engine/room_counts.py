"""What the table counts on a room and sets by hand: Burgle Bros 2's counting cubes, Burgle Bros 3's workers."""

from __future__ import annotations

from .errors import N_, IllegalActionError
from .on_board import board_floor, board_square
from .ruleset import Ruleset
from .vocabulary import Set


def set_on_room(rules: Ruleset, a: Set, field_name: str, most: int, rule: str) -> None:
    """``field_name`` ("cubes" or "workers") of the room ``a`` names becomes its ``value``, 0 to ``most``."""
    floor = board_floor(rules, a.floor)
    square = board_square(rules, floor, a.at)
    if not 0 <= a.value <= most:
        raise IllegalActionError(N_("a room holds 0 to %(most)s %(counter)s"), most=most, counter=field_name)
    fl = rules.state.floors[floor]
    counts: dict[str, int] = {k: n for k, n in getattr(fl, field_name).items() if k != square}
    if a.value:
        counts[square] = a.value
    setattr(fl, field_name, counts)  # a new dict: a state's copy may share the old one (state.REPLACED_ONLY)
    rules.log("set", rule, floor, square, how="on_room", what=field_name, value=a.value)
