"""The loop two tied branches close at a fork, as a picture needs it: its rooms, its centre and the
way the guard goes round it (the clockwise rule of guard-rules §2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.board import Floorplan
from ..engine.pathing import Fork, loop_area2


@dataclass(frozen=True)
class ForkLoop:
    rooms: tuple[str, ...]  # from the fork out along the chosen branch and back along the other
    centre: tuple[float, float]  # in rooms from the top-left corner of the floor
    way: str  # "clockwise" or "anticlockwise"


def fork_loop(fork: Fork, plan: Floorplan) -> ForkLoop | None:
    """The loop of the chosen branch and the first other one; None if it encloses nothing."""
    taken = next(b for b in fork.branches if b.first == fork.chosen)
    other = next(b for b in fork.branches if b.first != fork.chosen)
    rooms = (fork.at, *taken.route, *reversed(other.route[:-1]))
    area2 = loop_area2(plan, [plan.index[r] for r in rooms])
    if area2 == 0:
        return None
    # centroid of the polygon through the room centres: where a round arrow reads best
    pts = [(plan.coords[plan.index[r]][0] + 0.5, plan.coords[plan.index[r]][1] + 0.5) for r in rooms]
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return ForkLoop(rooms, (cx / (3 * area2), cy / (3 * area2)), "clockwise" if area2 > 0 else "anticlockwise")
