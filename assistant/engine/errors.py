"""Exceptions raised by the rules engine.

They are all ``ValueError`` subclasses so a caller can treat any of them as "this input or action
is not allowed"; the message always names the culprit in plain words.

A refusal is data, like a log entry: the English message (marked with ``N_`` so the catalogue extracts
it) and its ``%(name)s`` parameters. ``str(err)`` is the English sentence, for the resolver, the
conformance checker and the tests; the web layer says it in the reader's language
(``words/refusals.py``), reading the parameters by their names: a ``room``/``rooms`` is a room type, a
``card``, ``tool``/``tools``, ``loot``, ``character`` or ``computer`` a name from ``words/names.py``, a
``figure`` the guard or the bouncer, a ``counter`` what a correction counts (stealth, heat, cubes,
workers), a ``what`` a phrase marked with ``N_`` where it is written, and another refusal (a ``problem``)
is said in turn. Any other parameter (squares, floors, numbers, names the players typed, the file's own
keys) reads as it is. A list parameter reads as its items joined by commas.

>>> err = IllegalActionError(N_("%(who)s is not in the building"), who="Ann")
>>> str(err), err.message, err.params
('Ann is not in the building', '%(who)s is not in the building', {'who': 'Ann'})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def N_(message: str) -> str:
    """Marks an English message for the catalogue (Babel's default ``N_`` keyword); the engine knows no
    languages, so it stays English here and is translated where it is shown."""
    return message


def english(message: str, params: Mapping[str, Any]) -> str:
    """The message with its parameters filled in, in English."""
    if not params:
        return message
    return message % {name: _plain(value) for name, value in params.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return value


class RulesError(ValueError):
    """Base class: something the rules do not allow."""

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(english(message, params))


class BoardError(RulesError):
    """A board description is impossible: a square off the board, a wall between non-neighbours,
    a floor cut in two, a die outside 1-6."""


class IllegalActionError(RulesError):
    """A well-formed action the rules do not allow in the current state (a walk through a wall, a floor
    the heist does not have, a card played by nobody)."""


class OverrulableError(IllegalActionError):
    """A check the table keeps the last word on: the same action sent again with ``"correction": true`` is
    taken as the table's word, and its log entry is marked as a correction."""


class NotInTheBoxError(OverrulableError):
    """Input no box could produce: a room turned up that the game's box cannot hold (engine/box.py), a card
    someone already holds, a hack token for a computer nobody turned up, a chip the box has too few of, a patrol
    card still face up in the discard pile (§1.22 "One of each card", "The table's patrol deck"). The table may
    still say the board shows it, with the same action (or answer) marked as a correction."""


class NoWayError(IllegalActionError):
    """A walk the board does not allow (engine/walks.py): no open door and no way named; the table may still
    put the burglar where the board shows her, a correction."""


class MalformedActionError(RulesError):
    """An action that is not one at all: a field of the wrong type, an unknown field or word, a number out
    of its range; found when the action is read (``engine/vocabulary.py``), before any rule runs, like
    python-chess's ``InvalidMoveError`` beside its ``IllegalMoveError``."""


class AmbiguousTieError(RulesError):
    """The tie-break reading cannot decide between tied routes (never seen on legal layouts);
    the engine refuses to guess."""
