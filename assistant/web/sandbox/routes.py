"""Why the guard goes the way he goes in a sandbox position: every tied shortest route to his
destination, the walking distance of every room, and the two tie-break readings compared."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.board import Floorplan
from ...engine.errors import AmbiguousTieError
from ...engine.pathing import RouteExplanation, explain, router, shortest_routes
from ...words.i18n import _
from ...words.refusals import refusal
from .link import Position

MAX_ROUTES = 200  # a 5x5 floor can tie a few hundred ways; more than this is listed as a count


@dataclass(frozen=True)
class Reading:
    """One tie-break reading's answer, or why it has none."""

    name: str
    explanation: RouteExplanation | None
    refusal: str = ""

    @property
    def path(self) -> tuple[str, ...]:
        exp = self.explanation
        return (exp.start, *exp.route) if exp else ()


@dataclass(frozen=True)
class Routes:
    """The guard's way from his room to his destination, in both readings, and its rivals."""

    tied: tuple[tuple[str, ...], ...]  # each with the start, in the order the engine lists them
    count: int
    rulebook: Reading
    bga: Reading

    def reading(self, name: str) -> Reading:
        return self.bga if name == "bga" else self.rulebook

    @property
    def readings_differ(self) -> bool:
        return bool(self.rulebook.path and self.bga.path and self.rulebook.path != self.bga.path)

    def difference(self) -> str:
        """Where the two readings part and meet again, in one sentence ('' when they agree)."""
        if not self.readings_differ:
            return ""
        ours, theirs = self.rulebook.path, self.bga.path
        split = next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b)
        meet = next(i for i in range(split, len(ours)) if ours[i] == theirs[i])
        return _("The readings part in %(fork)s: the rulebook's loop rule steps to %(ours)s, the BGA-compatible "
                 "table to %(theirs)s; the two ways meet again in %(meet)s, %(steps)s steps later.",
                 fork=ours[split - 1], ours=ours[split], theirs=theirs[split], meet=ours[meet], steps=meet - split + 1)


def _reading(plan: Floorplan, start: str, destination: str, name: str) -> Reading:
    try:
        return Reading(name, explain(plan, start, destination, name))
    except AmbiguousTieError as err:
        said = (_("The BGA reading has no answer here: %(problem)s.", problem=refusal(err)) if name == "bga" else
                _("The rulebook reading has no answer here: %(problem)s.", problem=refusal(err)))
        return Reading(name, None, said)


def routes(position: Position) -> Routes | None:
    """The routes from the guard to his destination, or None while either is missing or they coincide."""
    if not position.guard or not position.target or position.guard == position.target:
        return None
    plan, start, end = position.plan(), position.guard, position.target
    tied = tuple((start, *r) for r in shortest_routes(plan, start, end, MAX_ROUTES))
    count = router(plan, end).count_routes(plan.index[start])
    return Routes(tied, count, _reading(plan, start, end, "rulebook"), _reading(plan, start, end, "bga"))


def distances(position: Position) -> dict[str, int]:
    """Walking distance of every room from the guard (empty without a guard)."""
    if not position.guard:
        return {}
    plan = position.plan()
    dist = plan.distances(plan.index[position.guard])
    return {plan.names[i]: d for i, d in enumerate(dist) if d >= 0}
