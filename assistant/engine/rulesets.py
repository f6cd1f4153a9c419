"""Which ruleset runs a game: the one place that maps a game's name to its rules."""

from __future__ import annotations

from .bb1.rules import Bb1
from .bb2.rules import Bb2
from .bb3.rules import Bb3
from .errors import N_, RulesError
from .ruleset import Plans
from .state import GameState

RULESETS: dict[str, type[Bb1]] = {"bb1": Bb1, "bb2": Bb2, "bb3": Bb3}


def rules_of(state: GameState) -> type[Bb1]:
    """The ruleset class of the state's game: its rules as class attributes, its legal actions (``legal``)."""
    cls = RULESETS.get(state.rules)
    if cls is None:
        raise RulesError(N_("unknown rules %(rules)s: use %(rulesets)s"), rules=repr(state.rules),
                         rulesets=list(RULESETS))
    return cls


def ruleset_for(state: GameState, answers: list[str], plans: Plans | None = None) -> Bb1:
    """The game's ruleset for one action (or one engine run of the forecast: kept to one lookup); ``plans``: floor
    plans to share with other rulesets (see ``Ruleset``)."""
    cls = RULESETS.get(state.rules)
    if cls is None:
        return rules_of(state)(state, answers)  # says which rules exist
    return cls(state, answers, plans)
