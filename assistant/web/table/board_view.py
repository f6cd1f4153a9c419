"""Turns a game state into what the board template draws: no rules here, only presentation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...engine.board import Floorplan, square_name
from ...engine.log import LogEntry
from ...engine.rulesets import Rulebook
from ...engine.questions import question_highlights_rooms
from ...engine.state import GameState
from ...tiles import TILES
from ...words.i18n import _
from .pictures import room_icon
from .tile_words import tile_label

COLOURS = ("#e4572e", "#29a3e6", "#f3c614", "#7bc950", "#c86fd6", "#f08a24")


@dataclass(frozen=True)
class Badge:
    """A small piece drawn on a room: counting cubes, a Crowd chip, workers."""

    kind: str  # css class
    text: str  # its glyph on the room
    label: str  # what a screen reader says and a long press shows
    count: int = 0  # how many lie there, shown on the token when it counts them


@dataclass(frozen=True)
class Stat:
    """A number in a floor's header, beside its deck."""

    label: str
    value: str
    title: str
    kind: str = ""


@dataclass
class Room:
    floor: int
    square: str
    void: bool = False
    walls: str = ""  # css classes: wall-n wall-e wall-s wall-w
    kind: str = ""
    label: str = ""
    mark: str = ""
    number: int | None = None
    guard: bool = False
    die: int | None = None
    alarms: int = 0
    crow: bool = False
    burglars: list[dict[str, Any]] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    last_step: int = 0
    option: bool = False
    selected: bool = False
    # each game's words and pieces (pieces.dress_floors): bb2 has a bouncer and a destination marker
    figure: str = "guard"
    figure_mark: str = "G"
    die_text: str = ""
    die_title: str = ""
    badges: list[Badge] = field(default_factory=list)
    icon: str = ""  # its pictogram in static/icons.svg (pictures.py), "" for a letter mark
    lavatory: int = 0  # Stealth tokens lying on a Lavatory
    hacks: int = 0  # hack tokens on a Computer room


@dataclass
class FloorView:
    number: int
    size: int
    rooms: list[Room] = field(repr=False)  # the floor cache keys each room by its own fields (floor_html.py)
    guard: str | None
    destination: str | None
    die: int
    alarms: list[str]
    deck: int
    discard: list[str]
    lost: bool
    donuts: bool
    appeared: bool
    figure: str = "guard"
    stats: list[Stat] = field(default_factory=list)  # bb2 moves, hunting, counters; bb3 suspicion


def colour_of(state: GameState, name: str) -> str:
    b = state.crew[name]
    return b.colour or COLOURS[list(state.crew).index(name) % len(COLOURS)]


def initials(names: list[str]) -> dict[str, str]:
    """Two letters for each burglar's token, different for every burglar: the first two letters of the
    name, else its first letter and the first later letter no one else's initials use.

    >>> initials(["Sam", "Sue", "Bob"])
    {'Sam': 'Sa', 'Sue': 'Su', 'Bob': 'Bo'}
    >>> initials(["Ann", "Anna"])
    {'Ann': 'An', 'Anna': 'Aa'}
    """
    taken: dict[str, str] = {}
    for name in names:
        letters = [c for c in name if c.isalnum()] or ["?"]
        first = letters[0].upper()
        options = [first + c.lower() for c in letters[1:]] or [first]
        pick = next((o for o in options if o not in taken.values()), options[0])
        taken[name] = pick
    return taken


@lru_cache(maxsize=256)
def wall_classes(plan: Floorplan, size: int) -> dict[str, str]:
    """Each room's walls as css classes ("wall-n wall-e"), once per floor layout (layouts are shared and never
    change)."""
    walls = set(plan.walls)
    classes = {}
    for r in range(size):
        for c in range(size):
            sq = square_name(c, r)
            sides = []
            if r > 0 and f"{square_name(c, r - 1)}-{sq}" in walls:
                sides.append("wall-n")
            if c < size - 1 and f"{sq}-{square_name(c + 1, r)}" in walls:
                sides.append("wall-e")
            if r < size - 1 and f"{sq}-{square_name(c, r + 1)}" in walls:
                sides.append("wall-s")
            if c > 0 and f"{square_name(c - 1, r)}-{sq}" in walls:
                sides.append("wall-w")
            classes[sq] = " ".join(sides)
    return classes


def build_floors(state: GameState, last_log: Sequence[LogEntry], selected: tuple[int, str] | None = None
                 ) -> list[FloorView]:
    """The floors as every game draws them; each game's pieces and words come on top (``pieces.dress_floors``)."""
    question = state.pending["question"] if state.pending else None
    options = set(question["options"]) if question and question_highlights_rooms(question) else set()
    q_floor = question.get("floor") if question else None
    steps: dict[tuple[int, str], list[int]] = {}
    counter: dict[int, int] = {}
    for entry in last_log:
        if entry.kind == "enter" and entry.floor is not None and entry.square is not None:
            f = entry.floor
            counter[f] = counter.get(f, 0) + 1
            steps.setdefault((f, entry.square), []).append(counter[f])
    letters = initials(list(state.crew))
    tokens: dict[tuple[int, str], list[dict[str, Any]]] = {}  # the burglars' tokens by room, in the crew's order
    for name, b in state.crew.items():
        if not b.escaped and b.floor is not None and b.at is not None:
            tokens.setdefault((b.floor, b.at), []).append(
                {"name": name, "colour": colour_of(state, name), "stealth": b.stealth, "heat": b.heat,
                 "initial": letters[name]})
    faces: dict[str, tuple[str, str, str]] = {}  # each room type's label, mark and icon, once per board
    floors = []
    for n, fl in sorted(state.floors.items()):
        walls = wall_classes(state.plan(n), state.size)
        rooms = []
        for r in range(state.size):
            for c in range(state.size):
                sq = square_name(c, r)
                room = Room(n, sq, void=sq in state.void)
                if not room.void:
                    room.walls = walls[sq]
                    kind = fl.tiles.get(sq, "")
                    room.kind = kind
                    if kind not in faces:
                        faces[kind] = _face(kind)
                    room.label, room.mark, room.icon = faces[kind]
                    room.number = fl.numbers.get(sq)
                    room.guard = fl.guard == sq
                    room.die = fl.die if fl.destination == sq else None
                    room.alarms = fl.alarms.count(sq)
                    room.crow = fl.crow == sq
                    room.lavatory = fl.lavatory.get(sq, 0) if kind == "lavatory" else 0
                    room.hacks = state.hack.get(kind.removeprefix("computer-"),
                                                0) if kind.startswith("computer-") else 0
                    room.burglars = tokens.get((n, sq), [])
                    room.steps = steps.get((n, sq), [])
                    room.last_step = room.steps[-1] if room.steps else 0
                    room.option = sq in options and (q_floor in (None, n))
                    room.selected = selected == (n, sq)
                rooms.append(room)
        floors.append(FloorView(n, state.size, rooms, fl.guard, fl.destination, fl.die, list(fl.alarms),
                                len(fl.deck), list(fl.discard), fl.lost, fl.donuts, fl.appeared))
    return floors


def _face(kind: str) -> tuple[str, str, str]:
    """A room type's label, letter mark and pictogram on the board."""
    tile = TILES.get(kind)
    return tile_label(kind), tile.mark if tile else (kind[:2].upper() if kind else ""), room_icon(kind)


def phase(state: GameState, book: Rulebook) -> str:
    """Where the heist is: "break_in", "entrance", "question", "over", "play", or "guards_only" for an
    imported position with no burglar (the guards can still be moved, to settle a dispute); in Burgle
    Bros 2, "enter" while the burglar whose turn it is has still to come in by an entrance."""
    if state.outcome:
        return "over"
    if state.pending:
        return "question"
    if book.rules.before_break_in(state):
        return "break_in"
    if not state.order:
        return "guards_only"
    me = state.crew[state.order[state.turn % len(state.order)]]  # state.current(), never None here
    if state.entrances and me.at is None and not me.escaped:
        return "enter"  # bb2 Entering the Casino: each burglar's first move is into an entrance
    if all(b.at is None for b in state.crew.values()):
        return "entrance"
    return "play"


@dataclass
class RoomMenu:
    floor: int
    square: str
    label: str
    walls: list[tuple[str, str, bool]]  # (side, wall name, standing)
    alarm: bool
    hack_kind: str | None
    hack_left: int
    guard_here: bool
    face_down: bool


SIDES = (("north", 0, -1), ("east", 1, 0), ("south", 0, 1), ("west", -1, 0))
HACKABLE = {"fingerprint": "fingerprint", "laser": "laser", "motion": "motion"}


def room_menu(state: GameState, selected: tuple[int, str]) -> RoomMenu | None:
    floor, square = selected
    if square in state.void:
        return None
    fl = state.floors[floor]
    plan = state.plan(floor)
    c, r = plan.coords[plan.index[square]]
    walls = []
    for side, dc, dr in SIDES:
        nc, nr = c + dc, r + dr
        if 0 <= nc < state.size and 0 <= nr < state.size and square_name(nc, nr) not in state.void:
            other = square_name(nc, nr)
            first, second = sorted([(r, c, square), (nr, nc, other)])
            name = f"{first[2]}-{second[2]}"
            walls.append((side, name, name in plan.walls))
    kind = fl.tiles.get(square, "")
    tile = TILES.get(kind)
    hack = HACKABLE.get(kind)
    return RoomMenu(floor, square, tile_label(kind) if tile else _("face down"), walls, square in fl.alarms, hack,
                    state.hack.get(hack, 0) if hack else 0, fl.guard == square, square not in fl.tiles)
