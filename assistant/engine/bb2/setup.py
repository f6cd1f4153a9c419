"""A new Burgle Bros 2 heist (bb2 rulebook "Components", "Heist Setup", "Entering the Casino"), from the function's
arguments or from the new-heist form's fields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import N_, BoardError
from ..scenarios import BB23_FLOORS, checked_walls, crew_names
from ..setup import (Decks, Form, FormFields, NewHeist, Setup, bb23_walls, crew_of, crew_setup, heist_title, read_crew,
                     read_seed, read_tiebreak, shorten, walls_setup, whole_number)
from ..state import HIDDEN, Burglar, FloorState, GameState

BB2_TITLE = "The Casino Capers"
BB2_CORNERS = ("A1", "D1", "A4", "D4")  # bb2 Entering the Casino: 2 corner rooms of floor 1 are the entrances
BB2_PATROL_CARDS = 16  # bb2 Components: 32 patrol cards, one deck per floor
BB2_DISTRACTED = 6  # bb2 Components: Distracted cards the Suspicion Meter may shuffle in (Heist Setup 5)


def new_bb2_game(crew: list[dict[str, Any]], *, entrances: Sequence[str], walls: list[list[str]] | None = None,
                 cards: Sequence[int] = (BB2_PATROL_CARDS, BB2_PATROL_CARDS), tiebreak: str = "rulebook",
                 seed: int = 0) -> GameState:
    """A fresh Burgle Bros 2 heist (bb2 Heist Setup, Entering the Casino): two floors, the two entrance
    corners of floor 1, no heat yet, and each floor's patrol deck as ``cards`` face-down cards.

    The decks are always the table's own: besides a square, a bb2 patrol card shows where the chips go
    at setup (step 6), the Suspicion Meter adds Distracted cards or takes cards out (step 5), and some
    finales draw from the discard piles; so the app asks what each card shows instead of shuffling.
    Apply ``{"do": "start"}`` next: it places both bouncers and their destination markers (steps 6-8).

    >>> g = new_bb2_game([{"name": "Ann"}], entrances=["A1", "D4"])
    >>> g.rules, g.entrances, len(g.floors[1].deck), g.crew["Ann"].heat
    ('bb2', ('A1', 'D4'), 16, 0)
    """
    names = crew_names(crew)
    picked = {str(e).upper() for e in entrances}
    if len(picked) != 2 or len(entrances) != 2 or not picked <= set(BB2_CORNERS):
        raise BoardError(N_("choose two of floor 1's corner rooms (%(corners)s) as the entrances"),
                         corners=list(BB2_CORNERS))
    most = BB2_PATROL_CARDS + BB2_DISTRACTED
    if len(cards) != BB23_FLOORS or any(not isinstance(c, int) or not 2 <= c <= most for c in cards):
        raise BoardError(N_("each patrol deck holds 2 to %(most)s cards (16 printed, with the Distracted cards "
                            "shuffled in or the cards taken out)"), most=most)
    floors = checked_walls(walls, seed, BB2_TITLE)
    state = GameState(rules="bb2", scenario="casino", size=4, players=len(crew), tiebreak=tiebreak,
                      deck_mode="table", seed=seed,
                      entrances=tuple(sorted(picked, key=BB2_CORNERS.index)))
    for n, (floor_walls, count) in enumerate(zip(floors, cards, strict=False), start=1):
        state.floors[n] = FloorState(walls=tuple(floor_walls), deck=[HIDDEN] * count)
    for c, name in zip(crew, names, strict=False):
        state.crew[name] = Burglar(floor=1, at=None, heat=0, colour=c.get("colour", ""),
                                   character=c.get("character", ""))
    state.order = tuple(names)
    return state


def _cards(form: Form, floor: int) -> int:
    value = (form.get(f"cards{floor}") or "").strip()
    if not value:
        return BB2_PATROL_CARDS
    cards = whole_number(value)
    if cards is None:
        raise BoardError(N_("the floor-%(n)s patrol deck: write how many cards it holds, not %(value)s"), n=floor,
                         value=repr(shorten(value)))
    return cards


def heist_from_form(form: Form, decks: Decks) -> NewHeist:
    """The Burgle Bros 2 heist the new-heist form sets up: the entrances, the crew, the walls and each floor's deck
    (as typed, or as the Suspicion Meter gives it in a campaign and Random Finale Mode: ``decks``)."""
    crew, seed, layout = read_crew(form, None), read_seed(form), form.get("walls") or "random"
    cards = list(decks.sizes) if decks.sizes is not None else [_cards(form, n) for n in range(1, BB23_FLOORS + 1)]
    state = new_bb2_game(crew, entrances=form.getlist("entrance"), walls=bb23_walls(form, layout, seed),
                         cards=cards, tiebreak=read_tiebreak(form), seed=seed)
    setup = [("game", "bb2"), *(("entrance", e) for e in state.entrances), *crew_setup(crew, sides=False),
             *walls_setup(form, layout), *((f"cards{n}", str(c)) for n, c in enumerate(cards, start=1)),
             *decks.fields, ("tiebreak", state.tiebreak)]
    return NewHeist(heist_title(BB2_TITLE, crew), state, setup)


def known(first: GameState) -> FormFields:
    """The form's fields a first position shows: the entrances, the crew, each floor's deck size."""
    return [*(("entrance", e) for e in first.entrances), *crew_of(first, sides=False),
            *((f"cards{n}", str(len(floor.deck))) for n, floor in sorted(first.floors.items()))]


SETUP = Setup(heist_from_form, known, shown={"corners": BB2_CORNERS, "default_cards": BB2_PATROL_CARDS,
                                             "most_cards": BB2_PATROL_CARDS + BB2_DISTRACTED})
