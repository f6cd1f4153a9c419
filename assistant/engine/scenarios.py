"""What the three games' setups share: the three Burgle Bros (1) jobs and their default walls, random legal wall
layouts, the two floors of walls of a Burgle Bros 2 or 3 heist, and the crew's checks. Each game's new heist is in
its own package (``bbN/setup.py``).

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

# Burgle Bros 2 and 3: two 4x4 floors, 8 walls each placed by the players (bb2 Heist Setup 3; bb3 Standard
# Setup 12-13), every room reachable.
BB23_FLOORS = 2
BB23_WALLS = 8


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


def crew_names(crew: list[dict[str, Any]]) -> list[str]:
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


def checked_walls(walls: list[list[str]] | None, seed: int, title: str) -> list[list[str]]:
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
