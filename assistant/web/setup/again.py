"""Play again with this crew (issue 25 §3): the new-heist form filled in as a heist was set up, with a new seed.

A heist keeps the form's fields it was set up with (``Store.setup``). One saved before the app kept them (database
version 2), or imported from a case, has only its first position: what that shows is filled in (the game, the job
and its empty square, the crew, the difficulty from the crew's Stealth, printed, random or drawn walls, the deck,
Lost Visual, the tie-break reading, bb2's entrances and deck sizes); the rest keeps the form's defaults."""

from __future__ import annotations

from ...engine.scenarios import SCENARIOS, difficulty_shown
from ...engine.state import GameState
from ..forms import Setup, crew_setup


def known_setup(first: GameState) -> Setup:
    """The form's fields a heist's first position shows."""
    fields = [("game", first.rules), *_game_fields[first.rules](first), ("walls", _layout(first)),
              ("tiebreak", first.tiebreak)]
    return [(name, value) for name, value in fields if value]


def _crew(first: GameState, sides: bool) -> Setup:
    return crew_setup([{"name": name, "colour": b.colour, "character": b.character, "side": b.side}
                       for name, b in first.crew.items()], sides)


def _bb1(first: GameState) -> Setup:
    difficulty = difficulty_shown(first)
    return [("scenario", first.scenario if first.scenario in SCENARIOS else ""), *(("void", v) for v in first.void),
            *_crew(first, sides=True), ("difficulty", difficulty), ("deck", first.deck_mode),
            ("lost_visual", "on" if first.lost_visual else "")]


def _bb2(first: GameState) -> Setup:
    return [*(("entrance", e) for e in first.entrances), *_crew(first, sides=False),
            *((f"cards{n}", str(len(floor.deck))) for n, floor in sorted(first.floors.items()))]


def _bb3(first: GameState) -> Setup:
    return _crew(first, sides=False)


_game_fields = {"bb1": _bb1, "bb2": _bb2, "bb3": _bb3}


def _layout(first: GameState) -> str:
    """The walls the form dealt: the job's printed ones, none (the table drew them) or a random layout."""
    walls = [set(floor.walls) for _n, floor in sorted(first.floors.items())]
    if not any(walls):
        return "draw"
    job = SCENARIOS.get(first.scenario)
    printed = job.walls if job is not None and first.rules == "bb1" else None
    return "default" if printed is not None and walls == [set(w) for w in printed] else "random"
