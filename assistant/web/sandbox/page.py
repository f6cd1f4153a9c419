"""What the sandbox page shows for a position: the pickers, the floor picture with its tap targets,
the guard's turn, the tied routes, both readings, and the share and export links. Presentation only:
the rules come from the engine (sandbox_turn, sandbox_routes) and the URLs from a ``link`` function
the blueprint passes in, so this module needs no request."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, replace

from markupsafe import Markup

from ...engine.board import square_name
from ...engine.log import LogEntry
from ...render.floor_svg import Mark, Route, explanation_overlays, floor_svg
from ...words import prompt, sentence
from ...words.i18n import N_, _, ngettext
from ...words.names import card_name
from .link import TOOLS, Position
from .routes import Reading, Routes, distances, routes
from .turn import Turn, play

Link = Callable[[Position], str]
MINI_PICTURES = 12  # tied routes drawn as small floors; the rest are listed as text
READING_NAMES = {"rulebook": N_("Rulebook (loop rule)"), "bga": N_("BGA-compatible")}  # translated where shown


@dataclass(frozen=True)
class Option:
    """One button of a picker: a link to the position with that choice made."""

    label: str
    href: str
    current: bool = False


@dataclass(frozen=True)
class Target:
    """A place to tap on the floor picture. ``col``/``row`` count rooms from the top-left corner
    (a gap sits half-way between two rooms); ``href`` is None where a tap does nothing."""

    kind: str  # "room", "gap-v" (between two rooms side by side) or "gap-h" (one above the other)
    name: str  # the room, or the wall the gap would hold
    col: float
    row: float
    label: str
    href: str | None = None
    on: bool = False
    distance: int | None = None
    card: int | None = None


@dataclass(frozen=True)
class TurnView:
    speed: str
    path: str
    steps: tuple[str, ...]
    lines: tuple[tuple[LogEntry, str], ...]  # each log entry with its words
    stop: str
    error: str


@dataclass(frozen=True)
class TiedRoute:
    path: str
    his: bool
    picture: Markup | None


@dataclass(frozen=True)
class Figure:
    caption: str
    path: str
    picture: Markup


@dataclass(frozen=True)
class Page:
    position: Position
    problems: list[str]
    tools: list[Option]
    dice: list[Option]
    readings: list[Option]
    sizes: list[Option]
    empty: str
    picture: Markup
    overlay: str
    targets: list[Target]
    hints: list[str]
    turn: TurnView | None
    tied: list[TiedRoute]
    tied_count: int
    comparison: list[Figure]
    difference: str
    refusals: list[str]
    share_url: str
    case_url: str
    export_note: str


def build_page(position: Position, problems: list[str], link: Link, share_url: str, case_url: str) -> Page:
    turn = play(position)
    found = routes(position)
    reading = found.reading(position.reading) if found else None
    picture = _picture(position, turn, reading)
    return Page(
        position=position, problems=problems,
        tools=[Option(_(label), link(replace(position, tool=tool)), tool == position.tool)
               for tool, label in TOOLS.items() if tool != "void" or position.size == 5 or position.void],
        dice=[Option(str(n), link(replace(position, die=n)), n == position.die) for n in range(1, 7)],
        readings=[Option(_(label), link(replace(position, reading=name)), name == position.reading)
                  for name, label in READING_NAMES.items()],
        sizes=[Option(f"{n}×{n}", link(position.resized(n)), n == position.size) for n in (4, 5)],
        empty=link(Position(size=position.size, reading=position.reading, tool=position.tool)),
        picture=Markup(picture), overlay=_overlay_box(picture, position.size),
        targets=_targets(position, link), hints=_hints(position), turn=_turn_view(turn),
        tied=_tied(position, found, reading), tied_count=found.count if found else 0,
        comparison=_comparison(position, found) if found and found.readings_differ else [],
        difference=found.difference() if found else "",
        refusals=[r.refusal for r in (found.rulebook, found.bga) if r.refusal] if found else [],
        share_url=share_url, case_url=case_url,
        export_note=_("To export this position as a case, pick the next patrol card first: the guard draws one in "
                      "%(square)s and a case never leaves a card to chance.", square=turn.path[-1])
        if turn and turn.needs_card else "",
    )


# -- the floor picture and what can be tapped on it -------------------------------------------------

def _picture(position: Position, turn: Turn | None, reading: Reading | None) -> str:
    drawn: list[Route] = []
    marks: list[Mark] = []
    walked = turn.steps if turn else ()
    if reading and reading.explanation:
        overlays, marks = explanation_overlays(reading.explanation)
        full = reading.path
        if walked and full[1:len(walked) + 1] == walked and len(walked) < len(full) - 1:
            # he stops on the way: the rest of the way he will take next turn, thin and unnumbered
            drawn.append(Route(full[len(walked):], "plain", numbered=False, offset=0.0))
        drawn += [replace(r, offset=0.0) for r in overlays[1:]]
    if turn and walked:
        drawn.append(Route(turn.path, "chosen", offset=0.0))
    return floor_svg(position.size, position.void, position.walls, guard=position.guard,
                     destination=position.target, die=position.die, alarms=position.alarms, routes=drawn,
                     marks=marks, legend=False, pictograms=True)


def _overlay_box(svg: str, size: int) -> str:
    """Where the rooms are in the picture, in percent, read from the picture itself (its outer wall),
    so the tap targets line up whatever margins the renderer uses."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "0 0 1 1").split())
    border = next(e for e in root.iter() if e.get("class") == "bb-border")
    x, y, w, h = (float(border.get(k) or 0) for k in ("x", "y", "width", "height"))
    return (f"left: {x / width:.3%}; top: {y / height:.3%}; width: {w / width:.3%}; height: {h / height:.3%}; "
            f"--n: {size}")


def _room_action(position: Position, square: str) -> tuple[str, Position]:
    """What tapping a room does with the current tool: its accessible name and the position after it."""
    tool = position.tool
    if tool == "guard":
        said = (_("Take the guard out of %(square)s", square=square) if square == position.guard
                else _("Put the guard in %(square)s", square=square))
        return said, position.with_guard(square)
    if tool == "target":
        said = (_("Take the die out of %(square)s", square=square) if square == position.target
                else _("Put the die (his destination) in %(square)s", square=square))
        return said, position.with_target(square)
    if tool == "alarm":
        said = (_("Switch off the alarm in %(square)s", square=square) if square in position.alarms
                else _("Set off an alarm in %(square)s", square=square))
        return said, position.toggled_alarm(square)
    if tool == "card":
        said = (_("Take %(square)s out of the next patrol cards", square=square) if square in position.patrol
                else _("Add %(square)s to the next patrol cards", square=square))
        return said, position.toggled_card(square)
    return _("Make %(square)s an empty square", square=square), position.toggled_void(square)


def _targets(position: Position, link: Link) -> list[Target]:
    dist = distances(position)
    n = position.size
    out: list[Target] = []
    for row in range(n):
        for col in range(n):
            square = square_name(col, row)
            if square in position.void:
                if position.tool == "void":
                    out.append(Target("room", square, col, row, _("Make %(square)s a room again", square=square),
                                      link(position.toggled_void(square)), on=True))
                continue
            far = dist.get(square)
            away = "" if far is None else " · " + ngettext("%(num)s step from the guard",
                                                            "%(num)s steps from the guard", far)
            card = position.patrol.index(square) + 1 if square in position.patrol else None
            if position.tool == "wall":
                out.append(Target("room", square, col, row, square + away, distance=far, card=card))
                continue
            label, after = _room_action(position, square)
            on = square in (position.guard, position.target) or square in position.alarms or card is not None
            out.append(Target("room", square, col, row, label + away, link(after), on, far, card))
    if position.tool == "wall":
        out += _gaps(position, link)
    return out


def _gaps(position: Position, link: Link) -> list[Target]:
    n = position.size
    out = []
    for row in range(n):
        for col in range(n):
            a = square_name(col, row)
            for kind, c2, r2 in (("gap-v", col + 1, row), ("gap-h", col, row + 1)):
                if c2 >= n or r2 >= n:
                    continue
                other = square_name(c2, r2)
                if a in position.void or other in position.void:
                    continue
                wall = f"{a}-{other}"
                up = wall in position.walls
                label = (_("Remove the wall between %(one)s and %(other)s", one=a, other=other) if up
                         else _("Add a wall between %(one)s and %(other)s", one=a, other=other))
                # a room-sized box starting half a room before the line between the two rooms: centred on it
                out.append(Target(kind, wall, (col + c2) / 2, (row + r2) / 2, label, link(position.toggled_wall(wall)),
                                  up))
    return out


def _hints(position: Position) -> list[str]:
    hints = []
    if not position.guard:
        hints.append(_("Pick Guard and tap a room to put the guard there."))
    if not position.target:
        hints.append(_("Pick Destination and tap a room to put his die there: that is where he is heading."))
    if position.guard and position.target and position.alarms:
        plan = position.plan()
        dist = plan.distances(plan.index[position.guard])
        nearest = min(dist[plan.index[a]] for a in position.alarms)
        if position.target not in position.alarms or dist[plan.index[position.target]] != nearest:
            hints.append(_("With alarms on the floor his die normally sits on the nearest alarm (rule 1.9); here it "
                           "stays where you put it until he gets there."))
    return hints


# -- the turn ----------------------------------------------------------------------------------------

def _turn_view(turn: Turn | None) -> TurnView | None:
    if turn is None:
        return None
    speed = next((e for e in turn.log if e.kind == "speed"), None)
    said = ""
    if speed is not None:
        alarms = int(speed.data.get("alarms", 0))
        die = speed.data.get("die")
        said = (ngettext("He moves %(moves)s this turn (die %(die)s + %(num)s alarm).",
                         "He moves %(moves)s this turn (die %(die)s + %(num)s alarms).", alarms, moves=turn.moves,
                         die=die) if alarms else
                _("He moves %(moves)s this turn (die %(die)s).", moves=turn.moves, die=die))
    lines = tuple((e, _said(e)) for e in turn.log if e.kind != "speed")
    return TurnView(said, "-".join(turn.path), turn.steps, lines, _stop(turn), turn.error or "")


def _said(entry: LogEntry) -> str:
    # the sandbox's deck ends in a card nobody has drawn, so the engine's count of cards left means nothing here
    return (_("Next patrol card: %(card)s.", card=card_name(str(entry.data.get("card")))) if entry.kind == "draw"
            else sentence(entry))


def _stop(turn: Turn) -> str:
    question = turn.question
    if not question:
        return ""
    where = turn.path[-1]
    if question["kind"] == "card":
        if turn.left > 0:
            return ngettext("He is in %(square)s with %(num)s move left and needs a new destination: the next patrol "
                            "card decides where he goes. Pick Next patrol card and tap the room it shows to see the "
                            "rest of his move.",
                            "He is in %(square)s with %(num)s moves left and needs a new destination: the next patrol "
                            "card decides where he goes. Pick Next patrol card and tap the room it shows to see the "
                            "rest of his move.", turn.left, square=where)
        return _("His move ends in %(square)s, and the next patrol card sets his new destination (pick Next patrol "
                 "card to choose it).", square=where)
    options = ", ".join(question["options"])
    if question["kind"] == "alarm":
        return _("Alarms in %(options)s are equally near him: the players choose where he goes (rule 1.6).",
                 options=options)
    if question["kind"] == "tie":
        return _("The BGA reading has no answer in %(square)s: its table has a blank cell for these branches, so the "
                 "players would have to choose between %(options)s. The rulebook reading always decides.",
                 square=where, options=options)
    return prompt(question)


# -- tied routes and the two readings ------------------------------------------------------------------

def _tied(position: Position, found: Routes | None, reading: Reading | None) -> list[TiedRoute]:
    if found is None or found.count < 2:
        return []
    his = reading.path if reading else ()
    out = []
    for k, path in enumerate(found.tied):
        picture = None
        if k < MINI_PICTURES:
            picture = Markup(floor_svg(
                position.size, position.void, position.walls, guard=position.guard, destination=position.target,
                routes=[Route(path, "chosen" if path == his else "rejected", numbered=False, offset=0.0)],
                labels=False, legend=False, cell=34, pictograms=True,
                title=_("Tied route %(n)s: %(path)s", n=k + 1, path="-".join(path))))
        out.append(TiedRoute("-".join(path), path == his, picture))
    return out


def _comparison(position: Position, found: Routes) -> list[Figure]:
    out = []
    for reading, style in ((found.rulebook, "chosen"), (found.bga, "alternative")):
        picture = floor_svg(position.size, position.void, position.walls, guard=position.guard,
                            destination=position.target, die=position.die,
                            routes=[Route(reading.path, style, offset=0.0)], legend=False, cell=64, pictograms=True,
                            title=_("%(reading)s: %(path)s", reading=_(READING_NAMES[reading.name]),
                                    path="-".join(reading.path)))
        out.append(Figure(_(READING_NAMES[reading.name]), "-".join(reading.path), Markup(picture)))
    return out
