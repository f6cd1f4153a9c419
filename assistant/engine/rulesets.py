"""Which ruleset runs a game: the one place that maps a game's name to its rules, its own actions and its words.

It sits above every game package: the games' actions (``bbN/actions.py``) and their vocabularies
(``bbN/vocabulary.py``, whose actions ``vocabulary.from_json`` reads once defined) are imported here, so whoever
imports this module reads and runs every action of every game.
"""

from __future__ import annotations

from collections.abc import Mapping

from .bb1 import actions as bb1_actions, vocabulary as bb1_vocabulary
from .bb1.rules import Bb1
from .bb2 import actions as bb2_actions, vocabulary as bb2_vocabulary
from .bb2.rules import Bb2
from .bb3 import actions as bb3_actions, vocabulary as bb3_vocabulary
from .bb3.rules import Bb3
from .errors import N_, RulesError
from .ruleset import GameAction, Plans
from .state import GameState

RULESETS: dict[str, type[Bb1]] = {"bb1": Bb1, "bb2": Bb2, "bb3": Bb3}
# the actions each game has beyond those of every game (actions.HANDLERS), and what the table may set by hand
# beyond Stealth, heat and a die: another game's are refused by name, never run
GAME_ACTIONS: dict[str, Mapping[str, GameAction]] = {
    "bb1": bb1_actions.ACTIONS, "bb2": bb2_actions.ACTIONS, "bb3": bb3_actions.ACTIONS}
SET_FIELDS: dict[str, Mapping[str, GameAction]] = {
    "bb1": bb1_actions.SET_FIELDS, "bb2": bb2_actions.SET_FIELDS, "bb3": bb3_actions.SET_FIELDS}
VOCABULARIES = (bb1_vocabulary, bb2_vocabulary, bb3_vocabulary)  # imported for the actions they define


def rules_of(state: GameState) -> type[Bb1]:
    """The ruleset class of the state's game: its rules as class attributes, its legal actions (``legal``)."""
    cls = RULESETS.get(state.rules)
    if cls is None:
        raise RulesError(N_("unknown rules %(rules)s: use %(rulesets)s"), rules=repr(state.rules),
                         rulesets=list(RULESETS))
    return cls


def ruleset_for(state: GameState, answers: list[str], plans: Plans | None = None, details: bool = True) -> Bb1:
    """The game's ruleset for one action (or one engine run of the forecast: kept to one lookup); ``plans``: floor
    plans to share with other rulesets, ``details``: whether it tells every line (see ``Ruleset``)."""
    cls = RULESETS.get(state.rules)
    if cls is None:
        return rules_of(state)(state, answers)  # says which rules exist
    return cls(state, answers, plans, details)
