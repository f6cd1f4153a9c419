"""Who hears the rules tell what happens: the one seam between the rules and whoever keeps their log.

The rules tell every log line to their narrator (``Ruleset.hear``), as a :data:`Line`. The game's own narrator,
:class:`Chronicle`, keeps each as a checked :class:`~.log.LogEntry`, in order: the log of an action. A narrator
that asks for no :attr:`~Narrator.details` is told only what changes the board or the crew: the rules never build
the lines of :data:`DETAILS` for it, nor a step's fork and heading (the danger forecast's engine runs, thousands a
floor, which read a few facts of each run: forecast/runs.py). Whether to tell the details is read once per walk, so
a narrator that hears them costs nothing more than a list's ``append``.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeAlias

from .log import LogEntry, entry

# kind, rule, floor, square, parameters, ruling: a LogEntry's fields in their order, not yet checked
Line: TypeAlias = tuple[str, str, int | None, str | None, dict[str, Any], bool]

# what a narrator without details is never told: how a walk went, where nothing on the board or the crew changes
# (the guard arrived or stopped, the die moved, a card drawn again, an answer taken)
DETAILS = frozenset({"answer", "destination", "arrive", "stop", "redraw"})


class Narrator(Protocol):
    """Whoever the rules tell what happens; ``details``: whether it wants :data:`DETAILS` and a step's fork."""

    details: bool

    def hear(self, line: Line, /) -> object:
        """Told one line."""


class Chronicle:
    """The log of one action: every line as a checked :class:`~.log.LogEntry`, in the order told."""

    details = True

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []

    def hear(self, line: Line, /) -> None:
        self.entries.append(entry(*line))
