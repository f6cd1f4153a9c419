"""Board geometry: square names, walls, neighbours and walking distances.

Squares are named as on the patrol cards: columns A-E left to right, rows 1-5 top to bottom, A1 is
the top-left room (guard-rules.md, intro). A wall is named by the two rooms it separates, "B1-B2".
The outer border and Fort Knox's empty square act as walls (guard-rules.md §3).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import N_, BoardError

COLUMNS = "ABCDE"


def square_name(col: int, row: int) -> str:
    """``square_name(0, 0) == "A1"``; columns and rows count from 0."""
    return f"{COLUMNS[col]}{row + 1}"


def square_coords(name: str, size: int) -> tuple[int, int]:
    """Column and row (from 0) of a square name, checked against the board size.

    >>> square_coords("C2", 4)
    (2, 1)
    """
    known = _COORDS[size].get(name) if size in _COORDS and isinstance(name, str) else None
    if known is not None:
        return known
    if not isinstance(name, str) or len(name) != 2:
        raise BoardError(N_("%(name)s is not a square name: use a column letter and a row number, like B2"),
                         name=repr(name))
    col = COLUMNS.find(name[0].upper())
    row = ord(name[1]) - ord("1")
    if col < 0 or not 0 <= row < 5:
        raise BoardError(N_("%(name)s is not a square name: use a column letter and a row number, like B2"),
                         name=repr(name))
    if col >= size or row >= size:
        last = square_name(size - 1, size - 1)
        raise BoardError(N_("%(name)s is off the board: a %(size)sx%(size)s floor runs from A1 to %(last)s"), name=name,
                         size=size, last=last)
    return col, row


def normalize_wall(wall: str, size: int) -> str:
    """The canonical spelling of a wall: its two rooms in board order, e.g. "B2-B1" -> "B1-B2"."""
    known = _WALL_SPELLINGS[size].get(wall.upper()) if isinstance(wall, str) else None
    if known is not None:
        return known
    parts = wall.split("-") if isinstance(wall, str) else []
    if len(parts) != 2:
        raise BoardError(N_("%(wall)s is not a wall: name the two rooms it separates, like B1-B2"), wall=repr(wall))
    (c1, r1), (c2, r2) = (square_coords(p, size) for p in parts)
    if abs(c1 - c2) + abs(r1 - r2) != 1:
        raise BoardError(N_("wall %(wall)s: %(one)s and %(other)s are not neighbouring rooms"), wall=wall, one=parts[0],
                         other=parts[1])
    first, second = sorted([(r1, c1), (r2, c2)])
    return f"{square_name(first[1], first[0])}-{square_name(second[1], second[0])}"


def _grid(size: int) -> tuple[tuple[str, ...], dict[str, int], tuple[tuple[int, int], ...]]:
    names = tuple(square_name(c, r) for r in range(size) for c in range(size))
    return names, {n: i for i, n in enumerate(names)}, tuple((c, r) for r in range(size) for c in range(size))


_GRIDS = {4: _grid(4), 5: _grid(5)}  # names, index and coordinates are the same for every floor of a size
_COORDS = {size: dict(zip(grid[0], grid[2], strict=True)) for size, grid in _GRIDS.items()}
# every square name of a floor size, as the board spells it -> its index in board order
SQUARE_INDEX: dict[int, dict[str, int]] = {size: grid[1] for size, grid in _GRIDS.items()}


def _wall_spellings(size: int) -> dict[str, str]:
    """Both spellings of every wall of a floor ("A1-B1", "B1-A1") -> the canonical one."""
    out = {}
    for r in range(size):
        for c in range(size):
            for nc, nr in ((c + 1, r), (c, r + 1)):
                if nc < size and nr < size:
                    a, b = square_name(c, r), square_name(nc, nr)
                    out[f"{a}-{b}"] = out[f"{b}-{a}"] = f"{a}-{b}"
    return out


_WALL_SPELLINGS = {4: _wall_spellings(4), 5: _wall_spellings(5)}
# canonical wall -> the indexes of the two rooms it separates
_WALL_PAIRS = {size: {w: (_GRIDS[size][1][w[:2]], _GRIDS[size][1][w[3:]]) for w in set(spellings.values())}
               for size, spellings in _WALL_SPELLINGS.items()}


def _open_neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Each room's neighbours on a floor with no wall and no empty square: north, east, south, west."""
    out = []
    for i, (c, r) in enumerate(_GRIDS[size][2]):
        out.append(tuple(j for j, ok in ((i - size, r > 0), (i + 1, c < size - 1), (i + size, r < size - 1),
                                         (i - 1, c > 0)) if ok))
    return tuple(out)


_OPEN_NEIGHBOURS = {4: _open_neighbours(4), 5: _open_neighbours(5)}
# room -> {neighbour: its bit}, bit k standing for the k-th open-floor neighbour
_SIDE_BITS = {size: tuple({j: 1 << k for k, j in enumerate(around)} for around in rooms)
              for size, rooms in _OPEN_NEIGHBOURS.items()}
_FULL_MASKS = {size: tuple((1 << len(around)) - 1 for around in rooms) for size, rooms in _OPEN_NEIGHBOURS.items()}
# room -> mask -> the neighbours whose bits are set, in open-floor order
_SUBSETS = {size: tuple(tuple(tuple(j for k, j in enumerate(around) if m >> k & 1) for m in range(1 << len(around)))
                        for around in rooms)
            for size, rooms in _OPEN_NEIGHBOURS.items()}


class Floorplan:
    """One floor's geometry, immutable and shared: build it with :func:`floorplan`.

    Rooms are indexed in board order (A1, B1, ..., then row 2); ``neighbours[i]`` lists the rooms a
    guard can step to from room ``i`` (no wall, not the empty square).
    """

    __slots__ = ("_dist_cache", "_order_cache", "coords", "index", "names", "neighbours", "size", "void", "walls")

    def __init__(self, size: int, void: frozenset[str], walls: frozenset[str]):
        self.size = size
        self.void = void
        self.walls = walls
        self.names, self.index, self.coords = _GRIDS[size]
        index = self.index
        # Each room's open sides as bits of its open-floor neighbours (north, east, south, west: the order
        # matters nowhere but keeps listings stable); a wall or the empty square clears a bit on both sides,
        # and each room's neighbours are then read from a table of every subset.
        bits = _SIDE_BITS[size]
        masks = list(_FULL_MASKS[size])
        pairs = _WALL_PAIRS[size]
        for wall in walls:
            pair = pairs.get(wall)
            if pair is None:  # a spelling of the wall other than the canonical one
                x, y = wall.split("-")
                pair = index[x], index[y]
            a, b = pair
            masks[a] &= ~bits[a].get(b, 0)
            masks[b] &= ~bits[b].get(a, 0)
        for v in void:
            closed = index[v]
            masks[closed] = 0
            for j in _OPEN_NEIGHBOURS[size][closed]:
                masks[j] &= ~bits[j][closed]
        subsets = _SUBSETS[size]
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(subsets[i][m] for i, m in enumerate(masks))
        self._dist_cache: dict[int, list[int]] = {}
        self._order_cache: dict[int, list[int]] = {}

    @property
    def rooms(self) -> list[str]:
        """Every room of the floor (the empty square excluded), in board order."""
        return [n for n in self.names if n not in self.void]

    def check(self, name: str) -> int:
        """Index of a room, or a BoardError naming the problem."""
        square_coords(name, self.size)
        if name in self.void:
            raise BoardError(N_("%(name)s is the empty square: nothing can stand there"), name=name)
        return self.index[name.upper()]

    def distances(self, target: int) -> list[int]:
        """Walking distance from every room to ``target`` (-1 where unreachable), by BFS."""
        cached = self._dist_cache.get(target)
        if cached is not None:
            return cached
        dist = [-1] * len(self.names)
        dist[target] = 0
        order = [target]
        neighbours = self.neighbours
        for here in order:  # the list is the BFS queue too: the loop reaches rooms appended as it goes
            step = dist[here] + 1
            for there in neighbours[here]:
                if dist[there] < 0:
                    dist[there] = step
                    order.append(there)
        self._dist_cache[target] = dist
        self._order_cache[target] = order
        return dist

    def bfs_order(self, target: int) -> list[int]:
        """Reachable rooms by increasing distance to ``target`` (the order BFS met them)."""
        self.distances(target)
        return self._order_cache[target]

    def distance(self, a: str, b: str) -> int:
        return self.distances(self.index[b])[self.index[a]]

    def open_between(self, a: str, b: str) -> bool:
        """True when a and b are neighbours with no wall between them."""
        return self.index[b] in self.neighbours[self.index[a]]

    def adjacent(self, a: str) -> list[str]:
        """The rooms a guard (or a look) can reach from a in one step, walls respected."""
        return [self.names[i] for i in self.neighbours[self.index[a]]]

    def touching(self, a: str) -> list[str]:
        """Orthogonal neighbours of a, walls ignored (the empty square excluded)."""
        c, r = self.coords[self.index[a]]
        out = []
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            nc, nr = c + dc, r + dr
            if 0 <= nc < self.size and 0 <= nr < self.size and square_name(nc, nr) not in self.void:
                out.append(square_name(nc, nr))
        return out

    def cut_off(self) -> list[str]:
        """Rooms shut off from the main part of the floor (its largest connected part): empty on a
        legal floor."""
        void = self.void
        first = next(i for i, n in enumerate(self.names) if n not in void)
        # The usual case, answered by one BFS: every room is reachable from the first, so only the empty
        # square (never reached) is at distance -1.
        if self.distances(first).count(-1) == len(void):
            return []
        left = {self.index[n] for n in self.rooms}
        parts = []
        while left:
            dist = self.distances(min(left))
            part = {i for i in left if dist[i] >= 0}
            parts.append(part)
            left -= part
        main = max(parts, key=len)
        return sorted((self.names[i] for p in parts if p is not main for i in p), key=self.index.__getitem__)


@lru_cache(maxsize=512)
def _cached_floorplan(size: int, void: frozenset[str], walls: frozenset[str]) -> Floorplan:
    return Floorplan(size, void, walls)


def floorplan(size: int, void: list[str] | tuple[str, ...] | frozenset[str] = (),
              walls: list[str] | tuple[str, ...] | frozenset[str] = (), *, connected: bool = True) -> Floorplan:
    """Validate and build (or reuse) a floor's geometry.

    Raises BoardError for a bad size, a bad square, a wall between non-neighbours or touching the
    empty square, and (unless ``connected=False``) walls that cut the floor in two.

    >>> floorplan(4, walls=["A1-B1"]).adjacent("A1")
    ['A2']
    """
    key = (size, tuple(void), tuple(walls), connected)
    plan = _CHECKED.get(key)
    if plan is None:  # walls are checked once per layout, not on every query of an unchanged floor
        plan = _checked_floorplan(size, void, walls, connected)
        if len(_CHECKED) >= 4096:
            _CHECKED.clear()
        _CHECKED[key] = plan
        # the state keeps the walls sorted and normalised, and asks without the connection check
        _CHECKED[(size, tuple(void), tuple(sorted(plan.walls)), False)] = plan
    return plan


# layouts already checked, by the exact lists they were given as (a state keeps its walls normalised)
_CHECKED: dict[tuple[int, tuple[str, ...], tuple[str, ...], bool], Floorplan] = {}


def _checked_floorplan(size: int, void: list[str] | tuple[str, ...] | frozenset[str],
                       walls: list[str] | tuple[str, ...] | frozenset[str], connected: bool) -> Floorplan:
    if size not in (4, 5):
        raise BoardError(N_("a floor is 4x4 or 5x5, not %(size)sx%(size)s"), size=size)
    void_set = frozenset(v.upper() for v in void) if void else frozenset()
    for v in void_set:
        square_coords(v, size)
    norm = set()
    for wall in walls:
        w = normalize_wall(wall, size)
        if void_set:
            for side in w.split("-"):
                if side in void_set:
                    raise BoardError(N_("wall %(wall)s touches the empty square %(side)s: it is already a wall"),
                                     wall=w, side=side)
        norm.add(w)
    plan = _cached_floorplan(size, void_set, frozenset(norm))
    if connected:
        shut = plan.cut_off()
        if shut:
            raise BoardError(N_("these walls shut %(shut)s off from the rest of the floor: every room must be "
                                "reachable"), shut=list(shut))
    return plan
