"""A new Burgle Bros (1) heist: its job, crew, difficulty and walls (guard-rules.md §3, §4; bb1 rulebook "Setup"),
from the function's arguments or from the new-heist form's fields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..board import floorplan
from ..errors import N_, BoardError
from ..scenarios import SCENARIOS, crew_names, random_walls
from ..setup import (Decks, Form, FormFields, NewHeist, Setup, crew_of, crew_setup, hard_walls, heist_title,
                     read_crew, read_seed, read_tiebreak, sent, walls_setup)
from ..state import Burglar, FloorState, GameState
from .rules import Bb1
from .table import CHARACTERS

DIFFICULTY_STEALTH = {"easy": 6, "normal": 3, "hard": 1}


def difficulty_shown(first: GameState) -> str:
    """The difficulty a bb1 heist's first position shows: its crew's one starting Stealth (the easy, normal and hard
    games differ only by it); "" when the crew's Stealth differ or match none.

    >>> difficulty_shown(new_game("bank", [{"name": "Ann"}], difficulty="hard"))
    'hard'
    """
    stealth = {b.stealth for b in first.crew.values()}
    found = [name for name, start in DIFFICULTY_STEALTH.items() if {start} == stealth]
    return found[0] if found else ""


def new_game(scenario: str, crew: list[dict[str, Any]], *, difficulty: str = "normal",
             walls: list[list[str]] | None = None,
             void: Sequence[str] = (), deck_mode: str = "app", lost_visual: bool = False, tiebreak: str = "rulebook",
             seed: int = 0) -> GameState:
    """A fresh Burgle Bros (1) game, decks shuffled (or hidden for the table's deck), no guard yet.

    Apply ``{"do": "start"}`` next: it places floor 1's guard and his first destination (1.13).
    """
    job = SCENARIOS.get(scenario)
    if job is None:
        raise BoardError(N_("unknown job %(scenario)s: choose %(jobs)s"), scenario=repr(scenario), jobs=list(SCENARIOS))
    names = crew_names(crew)
    if difficulty not in DIFFICULTY_STEALTH:
        raise BoardError(N_("difficulty is one of %(difficulties)s"), difficulties=list(DIFFICULTY_STEALTH))
    void_list = [v.upper() for v in void]
    if job.size == 5 and len(void_list) != 1:
        raise BoardError(N_("Fort Knox needs its one empty square: tap the room to leave out"))
    if job.size == 4 and void_list:
        raise BoardError(N_("%(title)s has no empty square"), title=job.title)
    if walls is None:
        if job.walls is None:
            raise BoardError(N_("%(title)s has no printed wall layout: draw or generate one"), title=job.title)
        walls = [list(w) for w in job.walls]
    if len(walls) != job.floors:
        raise BoardError(N_("%(title)s has %(floors)s floors, the walls given cover %(given)s"), title=job.title,
                         floors=job.floors, given=len(walls))
    state = GameState(rules="bb1", scenario=scenario, size=job.size, void=tuple(void_list), players=len(crew),
                      tiebreak=tiebreak, deck_mode=deck_mode, lost_visual=lost_visual, seed=seed)
    for n, (die, floor_walls) in enumerate(zip(job.dice, walls, strict=False), start=1):
        try:
            plan = floorplan(job.size, void_list, floor_walls)
        except BoardError as err:
            raise BoardError(N_("floor %(n)s: %(problem)s"), n=n, problem=err) from None
        state.floors[n] = FloorState(walls=tuple(sorted(plan.walls)), die=die)
    stealth = DIFFICULTY_STEALTH[difficulty]
    for c, name in zip(crew, names, strict=False):
        side = c.get("side") or "basic"
        if side not in ("basic", "advanced"):
            raise BoardError(N_("%(name)s's character card is on its basic or advanced side, not %(side)s"), name=name,
                             side=repr(side))
        character = c.get("character", "")
        # bb1 Rigger: he starts the heist with the Dynamite tool in hand
        tools = ("dynamite",) if character.strip().lower() == "rigger" else ()
        state.crew[name] = Burglar(floor=1, at=None, stealth=stealth, colour=c.get("colour", ""),
                                   character=character, side=side, tools=tools)
    state.order = tuple(names)
    rules = Bb1(state, [])
    for n in state.floors:
        rules.new_deck(n)
    return state


def heist_from_form(form: Form, _decks: Decks) -> NewHeist:
    """The Burgle Bros heist the new-heist form sets up: a job, its empty square (Fort Knox), the crew with their
    characters, the difficulty, printed, random or drawn walls, whose patrol deck, Lost Visual."""
    scenario = sent(form, "scenario", "bank")
    job = SCENARIOS.get(scenario)
    if job is None:
        raise BoardError(N_("choose one of the three jobs"))
    crew = read_crew(form, CHARACTERS)
    void = [(form.get("void") or "").upper()] if job.size == 5 and form.get("void") else []
    seed = read_seed(form)
    layout = sent(form, "walls", "default" if job.walls else "random")
    if layout == "default" and job.walls is None:
        layout = "random"
    walls = None
    if layout == "random":
        walls = [random_walls(job.size, void=void, seed=seed * 10 + n, prefer_chokepoints=hard_walls(form))
                 for n in range(job.floors)]
    elif layout == "draw":  # an empty floor: the setup guide lets the table tap each wall in
        walls = [[] for _ in range(job.floors)]
    elif layout != "default":
        raise BoardError(N_("walls: choose the printed layout, a random one, or draw them yourselves"))
    difficulty = sent(form, "difficulty", "normal")
    state = new_game(scenario, crew, difficulty=difficulty, walls=walls, void=void,
                     deck_mode="table" if form.get("deck") == "table" else "app",
                     lost_visual=form.get("lost_visual") == "on", tiebreak=read_tiebreak(form), seed=seed)
    setup = [("game", "bb1"), ("scenario", scenario), *(("void", v) for v in state.void),
             *crew_setup(crew, sides=True), ("difficulty", difficulty), *walls_setup(form, layout),
             ("deck", state.deck_mode), *([("lost_visual", "on")] if state.lost_visual else []),
             ("tiebreak", state.tiebreak)]
    return NewHeist(heist_title(job.title, crew), state, setup)


def known(first: GameState) -> FormFields:
    """The form's fields a first position shows: the job and its empty square, the crew, the difficulty from the
    crew's Stealth, the deck, Lost Visual."""
    difficulty = difficulty_shown(first)
    return [("scenario", first.scenario if first.scenario in SCENARIOS else ""), *(("void", v) for v in first.void),
            *crew_of(first, sides=True), ("difficulty", difficulty), ("deck", first.deck_mode),
            ("lost_visual", "on" if first.lost_visual else "")]


SETUP = Setup(heist_from_form, known, characters=CHARACTERS)
