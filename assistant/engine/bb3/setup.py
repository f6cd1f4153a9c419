"""A new Burgle Bros 3 heist (bb3 rulebook "Standard Setup", "Player Setup", "Disguises"), from the function's
arguments or from the new-heist form's fields."""

from __future__ import annotations

from typing import Any

from ..scenarios import checked_walls, crew_names
from ..setup import (Decks, Form, FormFields, NewHeist, Setup, bb23_walls, crew_of, crew_setup, heist_title, read_crew,
                     read_seed, read_tiebreak, walls_setup)
from ..state import HIDDEN, Burglar, FloorState, GameState

BB3_TITLE = "Future Flip"
BB3_PATROL_CARDS = 21  # bb3 Standard Setup 6-7: 21 patrol cards marked for each floor
BB3_START_DIE = 3  # bb3 Standard Setup 11: the destination die starts on 3
BB3_STEALTH = 3  # bb3 Player Setup 3


def new_bb3_game(crew: list[dict[str, Any]], *, walls: list[list[str]] | None = None, tiebreak: str = "rulebook",
                 seed: int = 0) -> GameState:
    """A fresh Burgle Bros 3 heist (bb3 Standard Setup, Player Setup): two floors, 21 face-down patrol
    cards per floor, both destination dice on 3, every burglar disguised with 3 Stealth.

    The decks are always the table's own: the setup cards also show where the ICE and Mod tokens go,
    and worker cards act on the board before the next card is drawn; so the app asks what each card
    shows. Apply ``{"do": "start"}`` next: it places both guards and their dice (steps 8-13).

    >>> g = new_bb3_game([{"name": "Ann"}])
    >>> g.floors[2].die, len(g.floors[2].deck), g.crew["Ann"].geared
    (3, 21, False)
    """
    names = crew_names(crew)
    floors = checked_walls(walls, seed, BB3_TITLE)
    state = GameState(rules="bb3", scenario="future", size=4, players=len(crew), tiebreak=tiebreak,
                      deck_mode="table", seed=seed)
    for n, floor_walls in enumerate(floors, start=1):
        state.floors[n] = FloorState(walls=tuple(floor_walls), die=BB3_START_DIE, deck=[HIDDEN] * BB3_PATROL_CARDS)
    for c, name in zip(crew, names, strict=False):
        state.crew[name] = Burglar(floor=1, at=None, stealth=BB3_STEALTH, geared=False,
                                   colour=c.get("colour", ""), character=c.get("character", ""))
    state.order = tuple(names)
    return state


def heist_from_form(form: Form, _decks: Decks) -> NewHeist:
    """The Burgle Bros 3 heist the new-heist form sets up: the crew and the walls."""
    crew, seed, layout = read_crew(form, None), read_seed(form), form.get("walls") or "random"
    state = new_bb3_game(crew, walls=bb23_walls(form, layout, seed), tiebreak=read_tiebreak(form), seed=seed)
    setup = [("game", "bb3"), *crew_setup(crew, sides=False), *walls_setup(form, layout),
             ("tiebreak", state.tiebreak)]
    return NewHeist(heist_title(BB3_TITLE, crew), state, setup)


def known(first: GameState) -> FormFields:
    """The form's fields a first position shows: the crew."""
    return crew_of(first, sides=False)


SETUP = Setup(heist_from_form, known)
