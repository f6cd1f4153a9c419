"""Exceptions raised by the rules engine.

They are all ``ValueError`` subclasses so a caller can treat any of them as "this input or action
is not allowed"; the message always names the culprit in plain words.
"""


class RulesError(ValueError):
    """Base class: something the rules do not allow."""


class BoardError(RulesError):
    """A board description is impossible: a square off the board, a wall between non-neighbours,
    a floor cut in two, a die outside 1-6."""


class IllegalActionError(RulesError):
    """An action that cannot be applied to the current state."""


class AmbiguousTieError(RulesError):
    """The tie-break reading cannot decide between tied routes (never seen on legal layouts);
    the engine refuses to guess."""
