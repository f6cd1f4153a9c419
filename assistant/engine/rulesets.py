"""Which ruleset runs a game: the one place that maps a game's name to its rules."""

from __future__ import annotations

from .errors import N_, RulesError
from .rules_bb1 import Bb1
from .rules_bb2 import Bb2
from .rules_bb3 import Bb3
from .state import GameState

RULESETS: dict[str, type[Bb1]] = {"bb1": Bb1, "bb2": Bb2, "bb3": Bb3}


def ruleset_for(state: GameState, answers: list[str]) -> Bb1:
    cls = RULESETS.get(state.rules)
    if cls is None:
        raise RulesError(N_("unknown rules %(rules)s: use %(rulesets)s"), rules=repr(state.rules),
                         rulesets=list(RULESETS))
    return cls(state, answers)
