"""Whether what an action names is on this heist's board: a floor it has, a burglar of its crew, a room of a floor.

The action's fields are already read (engine/vocabulary.py: a whole number, a name, a square's name); these
checks need the state, so they come when the rules run (``actions._names_the_board`` for every field an action
names, a handler for a room it reads on another floor than the action's, such as the burglar's own). Each takes
the value as read, or None where the action left out a field this use of it needs (``set`` of a die without its
floor), and refuses with an IllegalActionError naming what is not there.
"""

from __future__ import annotations

from .errors import N_, IllegalActionError
from .ruleset import Ruleset


def board_floor(rules: Ruleset, floor: int | None) -> int:
    if floor is None or floor not in rules.state.floors:
        have = ", ".join(str(f) for f in sorted(rules.state.floors))
        raise IllegalActionError(N_("floor %(floor)s does not exist (floors: %(have)s)"), floor=repr(floor), have=have)
    return floor


def crew_member(rules: Ruleset, who: str | None) -> str:
    if who is None or who not in rules.state.crew:
        raise IllegalActionError(N_("nobody called %(who)s is in the crew"), who=repr(who))
    return who


def board_square(rules: Ruleset, floor: int, square: str | None, key: str = "at") -> str:
    """``square`` a room of ``floor`` (of a floor that exists: :func:`board_floor` first); ``key`` names the field
    in the refusal when it is missing."""
    if square is None:
        raise IllegalActionError(N_("'%(field)s' must be a square name like B2"), field=key)
    rules.plan(floor).check(square)
    return square
