"""Each game as one object, a ``Rulebook``, and the one place a game is found by its name (``rulebook``).

A stored heist, a case or the new-heist form names its game ("bb2"); ``rulebook(name)`` is asked there, once, and
the object then travels with the state (``store.Game.rulebook``, ``cases.Replay.rulebook``), as OpenSpiel's state
holds its game: the pages, the forecast, Why? and the words ask it, never the name. It sits above every game
package: the games' actions (``bbN/actions.py``), their vocabularies (``bbN/vocabulary.py``, whose actions
``vocabulary.from_json`` reads once defined) and their setup (``bbN/setup.py``) are imported here, so whoever
imports this module reads and runs every action of every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from .bb1 import actions as bb1_actions, setup as bb1_setup, vocabulary as bb1_vocabulary
from .bb1.rules import Bb1
from .bb2 import actions as bb2_actions, setup as bb2_setup, vocabulary as bb2_vocabulary
from .bb2.limits import HEAT_LIMIT
from .bb2.rules import Bb2
from .bb3 import actions as bb3_actions, setup as bb3_setup, vocabulary as bb3_vocabulary
from .bb3.limits import MOST_WORKERS, SUSPICION_LIMIT
from .bb3.rules import Bb3
from .errors import N_, RulesError
from .ruleset import GameAction, Plans
from .setup import Setup
from .state import GameState


@dataclass(frozen=True, eq=False)
class Rulebook:
    """One game: its ruleset class (the rules as class attributes, its legal actions), the actions it has beyond
    those of every game, the numbers the table may set in it beyond Stealth, heat and a die, its vocabulary and
    its setup (a new heist from the form's fields)."""

    name: str
    rules: type[Bb1]
    actions: Mapping[str, GameAction]
    set_fields: Mapping[str, GameAction]
    vocabulary: ModuleType  # its own actions as typed values (defining them registered them with from_json)
    setup: Setup
    limits: Mapping[str, int]  # the numbers its pages show beside a count: bb2's most heat, bb3's suspicion, workers

    def ruleset(self, state: GameState, answers: list[str], plans: Plans | None = None, details: bool = True) -> Bb1:
        """The game's ruleset for one action (or one engine run of the forecast); ``plans``: floor plans to share
        with other rulesets, ``details``: whether it tells every line (see ``Ruleset``)."""
        return self.rules(state, answers, plans, details)

    @property
    def title(self) -> str:
        return self.rules.title


RULEBOOKS: Mapping[str, Rulebook] = {
    "bb1": Rulebook("bb1", Bb1, bb1_actions.ACTIONS, bb1_actions.SET_FIELDS, bb1_vocabulary, bb1_setup.SETUP, {}),
    "bb2": Rulebook("bb2", Bb2, bb2_actions.ACTIONS, bb2_actions.SET_FIELDS, bb2_vocabulary, bb2_setup.SETUP,
                    {"heat": HEAT_LIMIT}),
    "bb3": Rulebook("bb3", Bb3, bb3_actions.ACTIONS, bb3_actions.SET_FIELDS, bb3_vocabulary, bb3_setup.SETUP,
                    {"suspicion": SUSPICION_LIMIT, "workers": MOST_WORKERS}),
}


def rulebook(name: str) -> Rulebook:
    """The game named ``name``: asked only where a stored heist, a case or the new-heist form names its game."""
    found = RULEBOOKS.get(name)
    if found is None:
        raise RulesError(N_("unknown rules %(rules)s: use %(rulesets)s"), rules=repr(name), rulesets=list(RULEBOOKS))
    return found
