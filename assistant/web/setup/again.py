"""Play again with this crew (issue 25 §3): the new-heist form filled in as a heist was set up, with a new seed.

A heist keeps the form's fields it was set up with (``Store.setup``). One saved before the app kept them (database
version 2), or imported from a case, has only its first position: what that shows is filled in (the game, its own
fields from its setup's ``known``: the job and its empty square, the crew, the difficulty from the crew's Stealth, the
deck, Lost Visual, bb2's entrances and deck sizes; printed, random or drawn walls, the tie-break reading); the rest
keeps the form's defaults."""

from __future__ import annotations

from ...engine.rulesets import Rulebook
from ...engine.scenarios import SCENARIOS
from ...engine.setup import FormFields
from ...engine.state import GameState


def known_setup(first: GameState, game: Rulebook) -> FormFields:
    """The form's fields a heist's first position shows."""
    fields = [("game", game.name), *game.setup.known(first), ("walls", _layout(first, game)),
              ("tiebreak", first.tiebreak)]
    return [(name, value) for name, value in fields if value]


def _layout(first: GameState, game: Rulebook) -> str:
    """The walls the form dealt: the job's printed ones, none (the table drew them) or a random layout."""
    walls = [set(floor.walls) for _n, floor in sorted(first.floors.items())]
    if not any(walls):
        return "draw"
    job = SCENARIOS.get(first.scenario)
    printed = job.walls if job is not None and game.rules.printed_walls else None
    return "default" if printed is not None and walls == [set(w) for w in printed] else "random"
