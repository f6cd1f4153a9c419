"""The setup guide: what the table builds before the first turn, told floor by floor.

Before the break-in the board becomes a wall editor (a target on every place a wall can stand) and
the guide shows each floor's walls as a picture and in words; after it, where floor 1's guard and his
die go. Presentation only: the engine validates every wall tapped.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.board import square_coords
from ...engine.rulesets import Rulebook
from ...engine.scenarios import BB23_WALLS, SCENARIOS, inner_walls
from ...engine.state import GameState
from ...render.floor_svg import floor_svg
from ...words.i18n import _


@dataclass(frozen=True)
class WallSlot:
    """A place between two rooms where a wall can stand; x and y are its centre in room widths from
    the floor's top-left corner (a vertical slot sits on a column line, a horizontal one on a row line)."""

    wall: str
    vertical: bool
    x: float
    y: float
    standing: bool

    @property
    def label(self) -> str:
        first, second = self.wall.split("-")
        return (_("Wall between %(first)s and %(second)s: up", first=first, second=second) if self.standing else
                _("Wall between %(first)s and %(second)s: none", first=first, second=second))


@dataclass(frozen=True)
class FloorGuide:
    number: int
    walls: list[str]
    expected: int | None  # how many walls the job's floors have (None: any number)
    picture: str  # inline SVG


@dataclass(frozen=True)
class SetupGuide:
    floors: list[FloorGuide]
    printed: bool  # the job has a printed layout to go back to
    guard: str | None  # floor 1's guard, once the break-in has placed him
    destination: str | None
    die: int


def wall_slots(state: GameState, floor: int) -> list[WallSlot]:
    """Every place a wall can stand on one floor (none next to Fort Knox's empty square)."""
    standing = set(state.floors[floor].walls)
    slots = []
    for wall in inner_walls(state.size, frozenset(state.void)):
        first, second = wall.split("-")
        (c1, r1), (c2, r2) = square_coords(first, state.size), square_coords(second, state.size)
        vertical = r1 == r2  # rooms side by side: the wall is a vertical line between them
        slots.append(WallSlot(wall, vertical, (c1 + c2) / 2 + 0.5, (r1 + r2) / 2 + 0.5, wall in standing))
    return slots


def _board_order(wall: str, size: int) -> tuple[int, int, int]:
    """Walls in reading order (row by row, then across), as a person checks them on the table."""
    first, second = wall.split("-")
    (c1, r1), (c2, _r2) = square_coords(first, size), square_coords(second, size)
    return r1, c1, c2 - c1


def setup_guide(state: GameState, book: Rulebook) -> SetupGuide:
    job = SCENARIOS.get(state.scenario) if book.rules.printed_walls else None
    expected = job.walls_per_floor if job else (BB23_WALLS if state.scenario in ("casino", "future") else None)
    fl1 = state.floors.get(1)
    placed = fl1 is not None and fl1.appeared
    floors = []
    for n, fl in sorted(state.floors.items()):
        show_guard = placed and n == 1
        picture = floor_svg(state.size, state.void, fl.walls, labels=True, legend=False, cell=24,
                            guard=fl.guard if show_guard else None,
                            destination=fl.destination if show_guard else None,
                            die=fl.die if show_guard else None, title=_("Floor %(n)s: where the walls go", n=n))
        floors.append(FloorGuide(n, sorted(fl.walls, key=lambda w: _board_order(w, state.size)), expected, picture))
    return SetupGuide(floors, bool(job and job.walls), fl1.guard if placed and fl1 else None,
                      fl1.destination if placed and fl1 else None, fl1.die if fl1 else 0)
