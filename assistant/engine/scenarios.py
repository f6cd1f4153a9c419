"""The three Burgle Bros (1) jobs, their default walls, new games (Burgle Bros 1, 2 and 3), and
random legal wall layouts.

Sources: guard-rules.md §3 (floors, grids, dice, decks) and §4 (default layouts); bb1 rulebook
"Advanced Wall Layouts" (8 walls on 16 rooms, 12 on 24, every room reachable, choke points and dead
ends for a harder game); bb2 rulebook "Components", "Heist Setup", "Entering the Casino"; bb3 rulebook
"Standard Setup", "Player Setup", "Disguises".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import floorplan, square_name
from .errors import N_, BoardError
from .rulesets import ruleset_for
from .state import HIDDEN, Burglar, FloorState, GameState


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    size: int
    dice: tuple[int, ...]
    walls: tuple[tuple[str, ...], ...] | None  # default layout per floor; None: the players place them

    @property
    def floors(self) -> int:
        return len(self.dice)

    @property
    def walls_per_floor(self) -> int:
        return 8 if self.size == 4 else 12


BANK_WALLS = (
    ("A1-B1", "C1-C2", "C2-D2", "A2-A3", "B2-B3", "D3-D4", "A4-B4", "B4-C4"),
    ("A1-B1", "B1-C1", "C1-D1", "B2-B3", "C2-C3", "A4-B4", "B4-C4", "C4-D4"),
    ("C1-C2", "A2-B2", "C2-D2", "A2-A3", "C2-C3", "A3-B3", "B3-C3", "C4-D4"),
)
OFFICE_WALLS = (
    ("A1-B1", "B1-C1", "D1-D2", "A2-B2", "C2-D2", "B3-C3", "B3-B4", "D3-D4"),
    ("D1-D2", "A2-B2", "B2-C2", "C2-D2", "A2-A3", "A3-B3", "B3-C3", "D3-D4"),
)

SCENARIOS: dict[str, Scenario] = {
    "office": Scenario("office", "The Office Job", 4, (2, 3), OFFICE_WALLS),
    "bank": Scenario("bank", "The Bank Job", 4, (2, 3, 4), BANK_WALLS),
    "fort_knox": Scenario("fort_knox", "Fort Knox", 5, (3, 4), None),
}

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

# Burgle Bros 2 and 3: two 4x4 floors, 8 walls each placed by the players (bb2 Heist Setup 3; bb3 Standard
# Setup 12-13), every room reachable.
BB23_FLOORS = 2
BB23_WALLS = 8
BB2_TITLE = "The Casino Capers"
BB2_CORNERS = ("A1", "D1", "A4", "D4")  # bb2 Entering the Casino: 2 corner rooms of floor 1 are the entrances
BB2_PATROL_CARDS = 16  # bb2 Components: 32 patrol cards, one deck per floor
BB2_DISTRACTED = 6  # bb2 Components: Distracted cards the Suspicion Meter may shuffle in (Heist Setup 5)
BB3_TITLE = "Future Flip"
BB3_PATROL_CARDS = 21  # bb3 Standard Setup 6-7: 21 patrol cards marked for each floor
BB3_START_DIE = 3  # bb3 Standard Setup 11: the destination die starts on 3
BB3_STEALTH = 3  # bb3 Player Setup 3


def inner_walls(size: int, void: Sequence[str] | frozenset[str] = ()) -> list[str]:
    """Every place a wall can stand on a floor (between two rooms, not next to the empty square)."""
    out = []
    for r in range(size):
        for c in range(size):
            here = square_name(c, r)
            for nc, nr in ((c + 1, r), (c, r + 1)):
                if nc < size and nr < size:
                    there = square_name(nc, nr)
                    if here not in void and there not in void:
                        out.append(f"{here}-{there}")
    return out


def _challenge(size: int, void: list[str], walls: list[str]) -> int:
    """How hard a layout plays: dead-end rooms plus choke points (open doors whose loss splits the floor)."""
    plan = floorplan(size, void, walls)
    dead_ends = sum(1 for room in plan.rooms if len(plan.adjacent(room)) == 1)
    chokes = 0
    for door in set(inner_walls(size, frozenset(void))) - set(plan.walls):
        if floorplan(size, void, [*list(plan.walls), door], connected=False).cut_off():
            chokes += 1
    return dead_ends + chokes


def random_walls(size: int = 4, count: int | None = None, void: Sequence[str] = (), seed: int = 0,
                 prefer_chokepoints: bool = False) -> list[str]:
    """A random legal wall layout: ``count`` walls, every room reachable, the same for the same seed.

    With ``prefer_chokepoints`` it draws several layouts and keeps the one with the most dead ends
    and choke points (the rulebook's advice for a harder game).

    >>> len(random_walls(4, seed=1))
    8
    """
    count = (8 if size == 4 else 12) if count is None else count
    rng = random.Random(f"walls/{size}/{sorted(void)}/{seed}")
    best: list[str] = []
    best_score = -1
    for _ in range(24 if prefer_chokepoints else 1):
        layout = _one_layout(size, count, list(void), rng)
        score = _challenge(size, list(void), layout) if prefer_chokepoints else 0
        if score > best_score:
            best, best_score = layout, score
    return best


def _one_layout(size: int, count: int, void: list[str], rng: random.Random) -> list[str]:
    candidates = inner_walls(size, frozenset(void))
    for _ in range(100):
        rng.shuffle(candidates)
        walls: list[str] = []
        for wall in candidates:
            if len(walls) == count:
                break
            if not floorplan(size, void, [*walls, wall], connected=False).cut_off():
                walls.append(wall)
        if len(walls) == count:
            return sorted(walls)
    raise BoardError(N_("cannot place %(count)s walls on a %(size)sx%(size)s floor without shutting a room off"),
                     count=count, size=size)


def _crew_names(crew: list[dict[str, Any]]) -> list[str]:
    """The burglars' names, checked: 1 to 4, each with a name of their own."""
    if not 1 <= len(crew) <= 4:
        raise BoardError(N_("a crew has 1 to 4 burglars"))
    names = [c["name"].strip() for c in crew]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise BoardError(N_("every burglar needs a name of their own"))
    one_card_each({name: str(c.get("character", "")) for name, c in zip(names, crew, strict=True)})
    return names


def one_card_each(characters: Mapping[str, str]) -> None:
    """§1.22 "One of each card": the box has one card of each character, so two burglars cannot play the same
    (``characters``: each burglar's, as typed; none is no card)."""
    played: dict[str, str] = {}
    for name, typed in characters.items():
        card = typed.strip().lower()
        if card and card in played:
            raise BoardError(N_("%(other)s and %(name)s both play %(character)s: the box has one card of each "
                                "character"), other=played[card], name=name, character=card)
        played.setdefault(card, name)


def _checked_walls(walls: list[list[str]] | None, seed: int, title: str) -> list[list[str]]:
    """The two floors' walls of a bb2/bb3 game, each floor connected; none given deals a random legal layout."""
    if walls is None:
        walls = [random_walls(4, BB23_WALLS, seed=seed * 10 + n) for n in range(BB23_FLOORS)]
    if len(walls) != BB23_FLOORS:
        raise BoardError(N_("%(title)s has %(floors)s floors, the walls given cover %(given)s"), title=title,
                         floors=BB23_FLOORS, given=len(walls))
    out = []
    for n, floor_walls in enumerate(walls, start=1):
        try:
            out.append(sorted(floorplan(4, [], floor_walls).walls))
        except BoardError as err:
            raise BoardError(N_("floor %(n)s: %(problem)s"), n=n, problem=err) from None
    return out


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
    names = _crew_names(crew)
    picked = {str(e).upper() for e in entrances}
    if len(picked) != 2 or len(entrances) != 2 or not picked <= set(BB2_CORNERS):
        raise BoardError(N_("choose two of floor 1's corner rooms (%(corners)s) as the entrances"),
                         corners=list(BB2_CORNERS))
    most = BB2_PATROL_CARDS + BB2_DISTRACTED
    if len(cards) != BB23_FLOORS or any(not isinstance(c, int) or not 2 <= c <= most for c in cards):
        raise BoardError(N_("each patrol deck holds 2 to %(most)s cards (16 printed, with the Distracted cards "
                            "shuffled in or the cards taken out)"), most=most)
    floors = _checked_walls(walls, seed, BB2_TITLE)
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
    names = _crew_names(crew)
    floors = _checked_walls(walls, seed, BB3_TITLE)
    state = GameState(rules="bb3", scenario="future", size=4, players=len(crew), tiebreak=tiebreak,
                      deck_mode="table", seed=seed)
    for n, floor_walls in enumerate(floors, start=1):
        state.floors[n] = FloorState(walls=tuple(floor_walls), die=BB3_START_DIE, deck=[HIDDEN] * BB3_PATROL_CARDS)
    for c, name in zip(crew, names, strict=False):
        state.crew[name] = Burglar(floor=1, at=None, stealth=BB3_STEALTH, geared=False,
                                   colour=c.get("colour", ""), character=c.get("character", ""))
    state.order = tuple(names)
    return state


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
    names = _crew_names(crew)
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
    rules = ruleset_for(state, [])
    for n in state.floors:
        rules.new_deck(n)
    return state
