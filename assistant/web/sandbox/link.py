"""The sandbox position and its address.

The whole position lives in the query string, so the address bar is the share link::

    /sandbox?size=4&walls=B1-B2,D1-D2&guard=D3&target=A1&die=5&alarms=B2,C4&reading=rulebook&tool=wall

Every parameter is optional (a 4x4 floor, no walls, no guard, no die placed, die 2, no alarms, the
rulebook reading, the wall tool); ``void`` lists Fort Knox empty squares and ``patrol`` the next
patrol cards, top first. :func:`parse` reads any query, hand-edited ones too, keeps what is right and
says in plain words what it left out; :meth:`Position.query` writes a position back (defaults
omitted); :func:`sandbox_query` makes the parameters for one floor of a game, for
``url_for("sandbox.index", **params)``.

>>> position, problems = parse({"walls": "B1-B2,b3-b2", "guard": "D3", "die": "9"})
>>> position.walls, position.guard, position.die
(('B1-B2', 'B2-B3'), 'D3', 2)
>>> problems
['The die shows 1 to 6, not 9: it was left at 2.']
>>> position.query()
{'walls': 'B1-B2,B2-B3', 'guard': 'D3'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...engine.board import Floorplan, floorplan, normalize_wall, square_coords
from ...engine.errors import BoardError
from ...engine.pathing import READINGS
from ...engine.state import GameState
from ...words.i18n import N_, _
from ...words.refusals import refusal

# What a tap on the floor does; the label is what the tool picker shows (translated there).
TOOLS: dict[str, str] = {"wall": N_("Walls"), "guard": N_("Guard"), "target": N_("Destination"), "alarm": N_("Alarms"),
                         "card": N_("Next patrol card"), "void": N_("Empty square")}
SIZES = (4, 5)
DEFAULT_DIE = 2
# No floor holds more than 40 inner walls: longer lists are junk, and reading them would only cost time.
MAX_ITEMS = 64


@dataclass(frozen=True)
class Position:
    """One floor as the sandbox shows it. Walls keep the order they were tapped in, so that when a
    new wall would cut the floor in two it is the last one, and it is the one refused."""

    size: int = 4
    void: tuple[str, ...] = ()
    walls: tuple[str, ...] = ()
    guard: str | None = None
    target: str | None = None
    die: int = DEFAULT_DIE
    alarms: tuple[str, ...] = ()
    patrol: tuple[str, ...] = ()
    reading: str = "rulebook"
    tool: str = "wall"

    def query(self) -> dict[str, str]:
        """The query parameters of this position, defaults left out."""
        out: dict[str, str] = {}
        if self.size != 4:
            out["size"] = str(self.size)
        for key, items in (("void", self.void), ("walls", self.walls)):
            if items:
                out[key] = ",".join(items)
        for key, square in (("guard", self.guard), ("target", self.target)):
            if square:
                out[key] = square
        if self.die != DEFAULT_DIE:
            out["die"] = str(self.die)
        for key, items in (("alarms", self.alarms), ("patrol", self.patrol)):
            if items:
                out[key] = ",".join(items)
        if self.reading != "rulebook":
            out["reading"] = self.reading
        if self.tool != "wall":
            out["tool"] = self.tool
        return out

    def plan(self) -> Floorplan:
        return floorplan(self.size, self.void, self.walls)

    # -- what one tap makes of the position ---------------------------------------------------------
    def toggled_wall(self, wall: str) -> Position:
        if wall in self.walls:
            return replace(self, walls=tuple(w for w in self.walls if w != wall))
        return replace(self, walls=(*self.walls, wall))

    def with_guard(self, square: str) -> Position:
        """The guard on ``square`` (tapping his own room takes him off); he switches off an alarm there."""
        if square == self.guard:
            return replace(self, guard=None)
        return replace(self, guard=square, alarms=tuple(a for a in self.alarms if a != square))

    def with_target(self, square: str) -> Position:
        return replace(self, target=None if square == self.target else square)

    def toggled_alarm(self, square: str) -> Position:
        return replace(self, alarms=_toggle(self.alarms, square))

    def toggled_card(self, square: str) -> Position:
        return replace(self, patrol=_toggle(self.patrol, square, keep_order=True))

    def toggled_void(self, square: str) -> Position:
        """An empty square takes with it every wall and piece on it (a patrol card may still name it)."""
        if square in self.void:
            return replace(self, void=tuple(v for v in self.void if v != square))
        return replace(self, void=tuple(sorted((*self.void, square), key=_board_order)),
                       walls=tuple(w for w in self.walls if square not in w.split("-")),
                       guard=None if self.guard == square else self.guard,
                       target=None if self.target == square else self.target,
                       alarms=tuple(a for a in self.alarms if a != square))

    def resized(self, size: int) -> Position:
        """The same position on a floor of another size, keeping what still fits on it."""
        def fits(square: str | None) -> bool:
            return square is not None and max(square_coords(square, 5)) < size

        return replace(self, size=size, void=tuple(v for v in self.void if fits(v)),
                       walls=tuple(w for w in self.walls if all(fits(s) for s in w.split("-"))),
                       guard=self.guard if fits(self.guard) else None,
                       target=self.target if fits(self.target) else None,
                       alarms=tuple(a for a in self.alarms if fits(a)),
                       patrol=tuple(c for c in self.patrol if fits(c)),
                       tool="wall" if self.tool == "void" and size != 5 else self.tool)


def _board_order(square: str) -> tuple[int, int]:
    col, row = square_coords(square, 5)
    return row, col


def _toggle(items: tuple[str, ...], square: str, keep_order: bool = False) -> tuple[str, ...]:
    if square in items:
        return tuple(i for i in items if i != square)
    return (*items, square) if keep_order else tuple(sorted((*items, square), key=_board_order))


def _items(raw: str, too_many: str, problems: list[str]) -> list[str]:
    """The comma-separated items of ``raw``; ``too_many`` (with ``%(most)s``) says when the rest were left out."""
    items = [i.strip() for i in raw.split(",") if i.strip()]
    if len(items) > MAX_ITEMS:
        problems.append(_(too_many, most=MAX_ITEMS))
    return items[:MAX_ITEMS]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def parse(args: Mapping[str, str]) -> tuple[Position, list[str]]:
    """The position a query describes, and what had to be left out of it (plain sentences)."""
    problems: list[str] = []
    size = 4
    raw_size = args.get("size", "4").strip()
    if raw_size in ("4", "5"):
        size = int(raw_size)
    else:
        problems.append(_("A floor is 4x4 or 5x5, not size %(size)s: this one is 4x4.", size=repr(raw_size)))
    void = _void(args.get("void", ""), size, problems)
    plan, walls = _walls(args.get("walls", ""), size, void, problems)
    guard = _room(args.get("guard", ""), plan, N_("The guard cannot go there: %(problem)s; it was left out"), problems)
    target = _room(args.get("target", ""), plan, N_("The destination cannot go there: %(problem)s; it was left out"),
                   problems)
    die = DEFAULT_DIE
    raw_die = args.get("die", "").strip()
    if raw_die:
        if raw_die in ("1", "2", "3", "4", "5", "6"):
            die = int(raw_die)
        else:
            problems.append(_("The die shows 1 to 6, not %(die)s: it was left at %(default)s.", die=raw_die,
                              default=DEFAULT_DIE))
    alarms: list[str] = []
    for item in _items(args.get("alarms", ""), N_("Only the first %(most)s alarms were read: no floor has more."),
                       problems):
        square = _room(item, plan, N_("An alarm cannot go there: %(problem)s; it was left out"), problems)
        if square == guard and square is not None:
            problems.append(_("No alarm can sit in %(square)s, the guard's room (he switches it off): it was left out.",
                              square=square))
        elif square is not None and square not in alarms:
            alarms.append(square)
    patrol: list[str] = []
    for item in _items(args.get("patrol", ""), N_("Only the first %(most)s patrol cards were read: no floor has more."),
                       problems):
        # a Fort Knox card may name the empty square (the guard then draws again), so any square will do
        try:
            square_coords(item.upper(), size)
        except BoardError as err:
            problems.append(_sentence(_("Patrol card %(card)s: %(problem)s; it was left out", card=item,
                                        problem=refusal(err))))
            continue
        if item.upper() not in patrol:
            patrol.append(item.upper())
    reading = args.get("reading", "rulebook").strip()
    if reading not in READINGS:
        problems.append(_("The tie-break reading is %(one)s or %(other)s, not %(reading)s: the rulebook one is used.",
                          one="rulebook", other="bga", reading=repr(reading)))
        reading = "rulebook"
    tool = args.get("tool", "wall").strip()
    if tool not in TOOLS:
        problems.append(_("There is no %(tool)s tool: taps now toggle walls.", tool=repr(tool)))
        tool = "wall"
    return Position(size, void, walls, guard, target, die, tuple(sorted(alarms, key=_board_order)), tuple(patrol),
                    reading, tool), problems


def _void(raw: str, size: int, problems: list[str]) -> tuple[str, ...]:
    void: list[str] = []
    for item in _items(raw, N_("Only the first %(most)s empty squares were read: no floor has more."), problems):
        square = item.upper()
        try:
            square_coords(square, size)
        except BoardError as err:
            problems.append(_sentence(_("Empty square %(square)s: %(problem)s; it was left out", square=item,
                                        problem=refusal(err))))
            continue
        if square in void:
            continue
        plan = floorplan(size, [*void, square], connected=False)
        if len(plan.rooms) < 2:
            problems.append(_("Empty square %(square)s would leave no floor to walk on: it was left out.",
                              square=square))
            continue
        shut = plan.cut_off()
        if shut:
            problems.append(_("An empty square in %(square)s would shut %(rooms)s off from the rest of the floor: "
                              "it was left out.", square=square, rooms=", ".join(shut)))
            continue
        void.append(square)
    return tuple(sorted(void, key=_board_order))


def _walls(raw: str, size: int, void: tuple[str, ...], problems: list[str]) -> tuple[Floorplan, tuple[str, ...]]:
    walls: list[str] = []
    for item in _items(raw, N_("Only the first %(most)s walls were read: no floor has more."), problems):
        try:
            wall = normalize_wall(item, size)
            if wall in walls:
                continue
            floorplan(size, void, [*walls, wall], connected=False)
        except BoardError as err:
            problems.append(_sentence(_("%(problem)s; it was left out", problem=refusal(err))))
            continue
        shut = floorplan(size, void, [*walls, wall], connected=False).cut_off()
        if shut:
            problems.append(_("A wall %(wall)s would shut %(rooms)s off from the rest of the floor, and every room "
                              "must stay reachable: it was left out.", wall=wall, rooms=", ".join(shut)))
            continue
        walls.append(wall)
    return floorplan(size, void, walls), tuple(walls)


def _room(raw: str, plan: Floorplan, refused: str, problems: list[str]) -> str | None:
    """The room ``raw`` names on the floor, else None; ``refused`` says why not (its ``%(problem)s``)."""
    square = raw.strip().upper()
    if not square:
        return None
    try:
        plan.check(square)
    except BoardError as err:
        problems.append(_sentence(_(refused, problem=refusal(err))))
        return None
    return square


def position_of(state: GameState, floor: int) -> Position:
    """One floor of a game as a sandbox position (its patrol deck stays secret: the sandbox does not
    show the cards the table has not drawn yet)."""
    fl = state.floors[floor]
    plan = state.plan(floor)
    walls = sorted(plan.walls, key=lambda w: tuple(plan.index[s] for s in w.split("-")))
    reading = state.tiebreak if state.tiebreak in READINGS else "rulebook"
    return Position(size=state.size, void=tuple(sorted(plan.void, key=_board_order)), walls=tuple(walls),
                    guard=fl.guard, target=fl.destination, die=min(max(fl.die, 1), 6),
                    alarms=tuple(sorted(set(fl.alarms) - {fl.guard}, key=_board_order)), reading=reading)


def sandbox_query(state: GameState, floor: int) -> dict[str, str]:
    """The sandbox parameters for one floor of a game: ``url_for("sandbox.index", **sandbox_query(...))``."""
    return position_of(state, floor).query()
