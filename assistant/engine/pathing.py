"""How a guard picks his way: shortest routes and the clockwise tie-break (guard-rules.md §2).

The guard walks a shortest route to the square holding his die (bb1 "Move the Guard"). Every room
``x`` has a walking distance ``d(x)`` to the destination; a shortest route lowers ``d`` by one at each
step, so two shortest routes that meet again meet at the same step number (§2 point 1).

At a *fork* (more than one next step on a shortest route) each branch is followed along the guard's
own route until the branches meet again; the two routes then enclose a loop, and the branch whose
loop runs clockwise on the board (north up) wins (§2 point 2). Nothing here enumerates paths: each
room's choice is made once and memoised, so a query costs one BFS plus a few short walks.

``reading="bga"`` decides forks with the compass-bearing table of §2.2 instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .board import Floorplan
from .errors import N_, AmbiguousTieError, BoardError

Reading = Literal["rulebook", "bga"]
READINGS: tuple[str, ...] = ("rulebook", "bga")

# guard-rules.md §2.2: rows are the pair of branch directions, columns the bearing to the rejoin.
_BGA_TABLE: dict[str, dict[str, str]] = {
    "DL": {"DL": "D", "DR": "L", "LU": "D", "RU": "L", "D": "D", "L": "D", "R": "L", "U": "L"},
    "DR": {"DL": "D", "DR": "R", "LU": "D", "RU": "R", "D": "R", "L": "D", "R": "R", "U": "D"},
    "LU": {"DL": "L", "DR": "U", "LU": "L", "RU": "U", "D": "U", "L": "L", "R": "U", "U": "L"},
    "RU": {"DL": "R", "DR": "U", "LU": "R", "RU": "U", "D": "R", "L": "R", "R": "U", "U": "U"},
    "DU": {"DL": "D", "DR": "U", "LU": "D", "RU": "U", "L": "D", "R": "U"},
    "LR": {"DL": "R", "DR": "R", "LU": "L", "RU": "L", "D": "R", "U": "L"},
}


@dataclass(frozen=True)
class Branch:
    """One way out of a fork: its first room and its route up to where the branches meet again."""

    first: str
    route: tuple[str, ...]


@dataclass(frozen=True)
class Fork:
    """A tie the guard had to break: where, between which branches, and why this one won."""

    at: str
    branches: tuple[Branch, ...]
    chosen: str
    meet: str
    reading: str
    # rulebook reading: shoelace sum of the loop "chosen branch out, other branch back", per rival
    loops: tuple[tuple[str, int], ...] = ()
    # bga reading: the bearing to the rejoin and the pair of directions that decided it
    bearing: str = ""
    pair: str = ""

    def as_dict(self) -> dict:
        return {
            "at": self.at, "chosen": self.chosen, "meet": self.meet, "reading": self.reading,
            "branches": [{"first": b.first, "route": list(b.route)} for b in self.branches],
            "loops": [{"against": a, "area2": s} for a, s in self.loops],
            "bearing": self.bearing, "pair": self.pair,
        }


@dataclass(frozen=True)
class RouteExplanation:
    """Everything the table needs to see why the guard walks the way he does."""

    start: str
    destination: str
    route: tuple[str, ...]
    distance: int
    tied_routes: int
    forks: tuple[Fork, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict:
        return {"start": self.start, "destination": self.destination, "route": list(self.route),
                "distance": self.distance, "tied_routes": self.tied_routes,
                "forks": [f.as_dict() for f in self.forks]}


def loop_area2(plan: Floorplan, loop: list[int]) -> int:
    """Twice the signed area of a closed loop of rooms, with y pointing down the board.

    Positive means the loop runs clockwise as the board is seen (§2 point 2).
    """
    coords = plan.coords
    total = 0
    n = len(loop)
    for i in range(n):
        x1, y1 = coords[loop[i]]
        x2, y2 = coords[loop[(i + 1) % n]]
        total += x1 * y2 - x2 * y1
    return total


def _direction(plan: Floorplan, a: int, b: int) -> str:
    (x1, y1), (x2, y2) = plan.coords[a], plan.coords[b]
    letters = ""
    if y2 > y1:
        letters += "D"
    if x2 < x1:
        letters += "L"
    if x2 > x1:
        letters += "R"
    if y2 < y1:
        letters += "U"
    return letters


class Router:
    """The guard's route to one destination on one floor, decided room by room and memoised."""

    __slots__ = ("_area", "_done", "_forks", "_next", "_no_fork", "_tied", "_why", "dist", "plan", "reading",
                 "target")

    def __init__(self, plan: Floorplan, target: int, reading: str = "rulebook"):
        if reading not in READINGS:
            raise BoardError(N_("unknown tie-break reading %(reading)s: use %(one)s or %(other)s"),
                             reading=repr(reading), one="'rulebook'", other="'bga'")
        self.plan = plan
        self.target = target
        self.reading = reading
        self.dist = plan.distances(target)
        self._next: dict[int, int] = {}
        self._forks: dict[int, Fork] = {}
        # rooms whose way out is decided and single: fork_at is asked at every step of every walk
        self._no_fork: set[int] = set()
        # raw material of each decision, turned into a Fork only when someone asks why
        self._why: dict[int, tuple[list[int], int, dict]] = {}
        # Rulebook reading: twice the signed area swept by the guard's own route from a room to the
        # destination. The loop "out by a, back by b" from a fork f runs f -> a ... m -> ... b -> f and
        # past the rejoin m both routes coincide, so its shoelace sum is
        # (cross(f, a) + area(a)) - (cross(f, b) + area(b)): the most clockwise branch is the one with
        # the largest cross + area, found without walking any route.
        self._area: dict[int, int] = {target: 0}
        self._done = 0  # rulebook reading: rooms of the BFS order already decided
        self._tied: set[int] = set()

    def candidates(self, here: int) -> list[int]:
        """Every next step that lies on some shortest route (in board order)."""
        dist, want = self.dist, self.dist[here] - 1
        return sorted(n for n in self.plan.neighbours[here] if dist[n] == want)

    def next_step(self, here: int) -> int:
        step = self._next.get(here)
        if step is None and self.reading == "rulebook":
            self._solve_up_to(here)
            if here in self._tied:
                options = self.candidates(here)
                names = self.plan.names
                raise AmbiguousTieError(
                    N_("at %(at)s the routes via %(options)s form no clear clockwise order; the table must decide"),
                    at=names[here], options=[names[o] for o in options])
            step = self._next.get(here)
        if step is None:
            options = self.candidates(here)
            if not options:
                raise BoardError(N_("%(start)s cannot reach %(target)s"), start=self.plan.names[here],
                                 target=self.plan.names[self.target])
            step = options[0] if len(options) == 1 else self._decide_bga(here, options)
            self._next[here] = step
        return step

    def _walk_until_meeting(self, a: int, b: int) -> tuple[list[int], list[int]]:
        """Follow the guard's own routes from a and from b, step for step, until they share a room."""
        ra, rb = [a], [b]
        while a != b:
            a, b = self.next_step(a), self.next_step(b)
            ra.append(a)
            rb.append(b)
        return ra, rb

    def _solve_up_to(self, here: int) -> None:
        """Rulebook reading, bottom-up: rooms in order of distance, each choosing among its
        neighbours one step nearer the branch with the largest cross(room, n) + area(n) (see __init__)."""
        order = self.plan.bfs_order(self.target)
        limit = self.dist[here]
        dist, coords, neighbours = self.dist, self.plan.coords, self.plan.neighbours
        nxt, area, tied_rooms, no_fork = self._next, self._area, self._tied, self._no_fork
        i = self._done or 1
        while i < len(order):
            room = order[i]
            d = dist[room] - 1
            if d >= limit:
                break
            x1, y1 = coords[room]
            best = -1
            best_key = 0
            tied = False
            ways = 0  # next steps on a shortest route, tied rooms included (as candidates() counts them)
            for n in neighbours[room]:
                if dist[n] == d:
                    ways += 1
                    if n in tied_rooms:
                        continue
                    x2, y2 = coords[n]
                    key = x1 * y2 - x2 * y1 + area[n]
                    if best < 0 or key > best_key:
                        best, best_key, tied = n, key, False
                    elif key == best_key:
                        tied = True
            if tied or best < 0:
                tied_rooms.add(room)
            else:
                nxt[room] = best
                area[room] = best_key
                if ways == 1:  # one way on: no fork to explain (fork_at need not look again)
                    no_fork.add(room)
            i += 1
        self._done = i

    def _decide_bga(self, fork: int, options: list[int]) -> int:
        names = self.plan.names
        winner = options[0]
        bearing = pair = ""
        walks: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        for other in options[1:]:
            ra, rb = self._walk_until_meeting(winner, other)
            walks[(winner, other)] = (ra, rb)
            bearing = _direction(self.plan, fork, ra[-1])
            dirs = {_direction(self.plan, fork, winner): winner, _direction(self.plan, fork, other): other}
            pair = "".join(sorted(dirs))
            pick = _BGA_TABLE[pair].get(bearing)
            if pick is None:
                raise AmbiguousTieError(
                    N_("at %(at)s the BGA table has no answer for branches %(pair)s with the rejoin straight "
                       "%(bearing)s; the table must decide"), at=names[fork], pair=pair, bearing=bearing)
            winner = dirs[pick]
        self._why[fork] = (options, winner, {"bearing": bearing, "pair": pair})
        return winner

    def _fork_record(self, fork: int, options: list[int], winner: int,
                     walks: dict[tuple[int, int], tuple[list[int], list[int]]], **why) -> Fork:
        names = self.plan.names
        routes: dict[int, list[int]] = {}
        meet = self.target
        for (a, b), (ra, rb) in walks.items():
            for first, r in ((a, ra), (b, rb)):
                if first not in routes or len(r) > len(routes[first]):
                    routes[first] = r
            if self.dist[ra[-1]] > self.dist[meet]:
                meet = ra[-1]
        return Fork(at=names[fork], chosen=names[winner], meet=names[meet], reading=self.reading,
                    branches=tuple(Branch(names[o], tuple(names[i] for i in routes.get(o, [o])))
                                   for o in options), **why)

    def route_from(self, start: int) -> list[int]:
        """Rooms entered from start to the destination (start itself excluded)."""
        if self.dist[start] < 0:
            raise BoardError(N_("%(start)s cannot reach %(target)s"), start=self.plan.names[start],
                             target=self.plan.names[self.target])
        out = []
        here = start
        while here != self.target:
            here = self.next_step(here)
            out.append(here)
        return out

    def fork_at(self, here: int) -> Fork | None:
        """Why the guard's route leaves ``here`` the way it does, if ``here`` is a fork."""
        if here in self._no_fork:
            return None
        fork = self._forks.get(here)
        if fork is None and here not in self._why and self.reading == "rulebook" and here in self._next:
            options = self.candidates(here)
            if len(options) > 1:
                self._why[here] = (options, self._next[here], {})
        if fork is None and here in self._why:
            options, winner, why = self._why[here]
            walks = {(winner, o): self._walk_until_meeting(winner, o) for o in options if o != winner}
            if self.reading == "rulebook":
                why = {"loops": tuple((self.plan.names[b], loop_area2(self.plan, [here, *ra, *rb[-2::-1]]))
                                      for (_, b), (ra, rb) in walks.items())}
            fork = self._forks[here] = self._fork_record(here, options, winner, walks, **why)
        if fork is None and here in self._next:  # decided with one way out: it stays no fork for good
            self._no_fork.add(here)
        return fork

    def count_routes(self, start: int) -> int:
        """How many shortest routes lead from start to the destination (counted, not listed)."""
        dist = self.dist
        order = sorted((i for i, d in enumerate(dist) if 0 <= d <= dist[start]), key=dist.__getitem__)
        ways = [0] * len(dist)
        ways[self.target] = 1
        for room in order:
            if room != self.target:
                ways[room] = sum(ways[n] for n in self.plan.neighbours[room] if dist[n] == dist[room] - 1)
        return ways[start]


def router(plan: Floorplan, destination: str, reading: str = "rulebook") -> Router:
    return Router(plan, plan.check(destination), reading)


def next_step(plan: Floorplan, here: str, destination: str, reading: str = "rulebook") -> str:
    """The room the guard steps into next on his way from ``here`` to ``destination``."""
    r = router(plan, destination, reading)
    return plan.names[r.next_step(plan.check(here))]


def route(plan: Floorplan, start: str, destination: str, reading: str = "rulebook") -> list[str]:
    """The rooms the guard enters walking from start to destination.

    >>> from .board import floorplan
    >>> route(floorplan(4), "D4", "A1")
    ['C4', 'B4', 'A4', 'A3', 'A2', 'A1']
    """
    r = router(plan, destination, reading)
    return [plan.names[i] for i in r.route_from(plan.check(start))]


def explain(plan: Floorplan, start: str, destination: str, reading: str = "rulebook") -> RouteExplanation:
    """The route with every fork met on it, the branches compared and the reason for each choice."""
    r = router(plan, destination, reading)
    s = plan.check(start)
    rooms = r.route_from(s)
    forks = tuple(f for f in (r.fork_at(i) for i in [s, *rooms]) if f is not None)
    return RouteExplanation(start=start, destination=destination,
                            route=tuple(plan.names[i] for i in rooms), distance=len(rooms),
                            tied_routes=r.count_routes(s), forks=forks)


def shortest_routes(plan: Floorplan, start: str, destination: str, limit: int = 200) -> list[list[str]]:
    """Tied shortest routes for drawing (at most ``limit``), each as the rooms entered.

    Only shortest routes are listed (a few hundred at most on a 5x5 floor), never all simple paths.
    """
    r = router(plan, destination, "rulebook")
    out: list[list[str]] = []

    def extend(here: int, so_far: list[int]) -> None:
        if len(out) >= limit:
            return
        if here == r.target:
            out.append([plan.names[i] for i in so_far])
            return
        for n in r.candidates(here):
            extend(n, [*so_far, n])

    s = plan.check(start)
    if r.dist[s] >= 0:
        extend(s, [])
    return out
