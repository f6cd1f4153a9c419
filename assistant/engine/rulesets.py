"""Which ruleset runs a game: the one place that maps a game's name to its rules."""

from __future__ import annotations

from .errors import RulesError
from .rules_bb1 import Bb1
from .ruleset import Ruleset
from .state import GameState

RULESETS: dict[str, type[Ruleset]] = {"bb1": Bb1}


def ruleset_for(state: GameState, answers: list[str]) -> Bb1:
    cls = RULESETS.get(state.rules)
    if cls is None:
        raise RulesError(f"unknown rules {state.rules!r}: use {', '.join(RULESETS)}")
    return cls(state, answers)  # type: ignore[return-value]
