"""How the rules tell what happens: the one seam between the rules and whoever reads their log.

The rules tell every log line into ``Ruleset.told``, as a :data:`Line`, a ``LogEntry``'s fields in their order, and
know no more of who reads it. An action's log is those lines checked into entries once the action is over
(:func:`entries`, ``Ruleset.entries``); the danger forecast's engine runs, thousands a floor, read a few facts of the
lines as they are (forecast/runs.py), so nothing is built for them that they would throw away. A ruleset made with
``details=False`` (theirs) is not told the lines of :data:`DETAILS`, nor a step's heading and fork: the rules read the
flag once per walk or where such a line is built, so what is left out is never built, and telling a line is one
list ``append``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

from .log import LogEntry, entry

# kind, rule, floor, square, parameters, ruling: a LogEntry's fields in their order, not yet checked
Line: TypeAlias = tuple[str, str, int | None, str | None, dict[str, Any], bool]

# what a ruleset without details is never told: how a walk went, where nothing on the board or the crew changes
# (the guard arrived or stopped, the die moved, a card drawn again, an answer taken)
DETAILS = frozenset({"answer", "destination", "arrive", "stop", "redraw"})


def entries(lines: Iterable[Line]) -> list[LogEntry]:
    """The lines told, as checked log entries (a kind not declared in log.KINDS is a ValueError)."""
    return [entry(*line) for line in lines]
