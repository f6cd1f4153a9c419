"""Pictures of one floor as an inline SVG string, in the spirit of python-chess's ``chess.svg``.

The renderer knows nothing about the rules: it draws what it is given. Rooms are named as on the
patrol cards (A1 is the top-left room); a wall is named by the two rooms it separates ("B1-B2").
Every element carries a CSS class (``bb-wall``, ``bb-route-chosen``, ...) so the web app can restyle
it, and presentation attributes with dark-theme colours so a saved file looks right on its own (a
stylesheet rule beats a presentation attribute). No ``id`` is used anywhere, so several pictures can
sit in one page.

>>> svg = floor_svg(4, walls=["A1-B1"], guard="A1", destination="B2",
...                 routes=[Route(("A1", "A2", "B2"), label="his route")])
>>> svg.startswith("<svg") and "<title>" in svg
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal
from xml.sax.saxutils import escape, quoteattr

from ..engine.board import normalize_wall, square_coords
from ..engine.errors import BoardError
from ..files import ROOT as FILES
from ..words.i18n import N_, _, ngettext

if TYPE_CHECKING:  # only for type hints: the renderer never needs the pathing module to draw
    from ..engine.board import Floorplan
    from ..engine.pathing import RouteExplanation

RouteStyleName = Literal["chosen", "rejected", "alternative", "loop", "plain"]
MarkKind = Literal["fork", "rejoin", "clockwise", "anticlockwise", "text"]
# the word written under a fork or rejoin marker that brings none of its own, in the reader's language
MARK_WORDS = {"fork": N_("fork"), "rejoin": N_("rejoin")}


@dataclass(frozen=True)
class RouteStyle:
    """How one kind of route is drawn (colour, dash pattern, width in cells, numbered steps)."""

    colour: str
    dash: str = ""
    width: float = 0.05
    numbered: bool = False
    fill_opacity: float = 0.0


ROUTE_STYLES: dict[str, RouteStyle] = {
    # the way the guard goes: solid, with numbered steps
    "chosen": RouteStyle("#34d399", width=0.06, numbered=True),
    # an equally short way he does not take: dashed
    "rejected": RouteStyle("#f472b6", dash="0.11 0.08", width=0.045),
    # another reading's answer (the BGA-compatible one): dash-dot
    "alternative": RouteStyle("#a78bfa", dash="0.14 0.06 0.02 0.06", width=0.05, numbered=True),
    # the loop two tied routes make: thin, lightly filled
    "loop": RouteStyle("#fbbf24", width=0.035, fill_opacity=0.12),
    "plain": RouteStyle("#9ca3af", width=0.04),
}

COLOURS = {
    "bg": "#111827", "room": "#1f2937", "room_edge": "#374151", "label": "#9ca3af", "axis": "#d1d5db",
    "void": "#0b0f17", "hatch": "#374151", "wall": "#e5e7eb", "guard": "#60a5fa", "guard_text": "#0b1220",
    "die": "#dc2626", "pip": "#fef2f2", "alarm": "#f97316", "fork": "#fbbf24", "rejoin": "#22d3ee",
    "turn": "#fbbf24", "text": "#e5e7eb", "badge_text": "#0b1220",
}


@dataclass(frozen=True)
class Route:
    """A route to draw: the rooms in walking order, **the start included**.

    ``style`` picks one of :data:`ROUTE_STYLES`; ``numbered`` overrides the style's numbered steps;
    ``closed`` joins the last room back to the first (a loop); ``offset`` shifts the whole line
    diagonally by that fraction of a room so that routes sharing a corridor stay apart (by default
    the routes of one picture are spread around the centre line).
    """

    rooms: tuple[str, ...]
    style: str = "chosen"
    label: str = ""
    numbered: bool | None = None
    closed: bool = False
    offset: float | None = None
    arrows: bool = True


@dataclass(frozen=True)
class Mark:
    """A marker on the floor.

    ``fork``: where tied routes split; ``rejoin``: where they meet again; ``clockwise`` /
    ``anticlockwise``: a round arrow (``text`` in its middle); ``text``: a short note. ``at`` is a
    room name or a point ``(x, y)`` in rooms, measured from the top-left corner of the floor (the
    centre of A1 is ``(0.5, 0.5)``).
    """

    kind: str
    at: str | tuple[float, float]
    text: str = ""
    radius: float = 0.3


def _n(value: float) -> str:
    """A compact number for an attribute: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(**attrs: object) -> str:
    out = []
    for key, value in attrs.items():
        if value is None or value == "":
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _n(value) if isinstance(value, float) else str(value)
        out.append(f"{name}={quoteattr(text)}")
    return " ".join(out)


def _el(tag: str, text: str | None = None, /, **attrs: object) -> str:
    a = _attrs(**attrs)
    opening = f"<{tag} {a}" if a else f"<{tag}"
    if text is None:
        return opening + "/>"
    return f"{opening}>{escape(text)}</{tag}>"


class _Canvas:
    """Room geometry in pixels."""

    def __init__(self, size: int, cell: float, labels: bool):
        self.size = size
        self.cell = cell
        self.left = cell * (0.32 if labels else 0.12)
        self.top = cell * (0.32 if labels else 0.12)
        self.right = cell * 0.12
        self.bottom = cell * 0.12

    def square(self, name: str) -> tuple[int, int]:
        return square_coords(name.upper(), self.size)

    def corner(self, name: str) -> tuple[float, float]:
        c, r = self.square(name)
        return self.left + c * self.cell, self.top + r * self.cell

    def point(self, at: str | tuple[float, float]) -> tuple[float, float]:
        if isinstance(at, str):
            x, y = self.corner(at)
            return x + self.cell / 2, y + self.cell / 2
        return self.left + at[0] * self.cell, self.top + at[1] * self.cell

    @property
    def grid(self) -> float:
        return self.size * self.cell


def _route_list(routes: Iterable[Route | Sequence[str]]) -> list[Route]:
    out: list[Route] = []
    for i, r in enumerate(routes):
        if isinstance(r, Route):
            out.append(r)
        elif isinstance(r, (list, tuple)) and all(isinstance(x, str) for x in r):
            out.append(Route(tuple(r), "chosen" if i == 0 else "rejected"))
        else:
            raise BoardError(f"route {i + 1}: give a Route or a list of room names, not {r!r}")
    return out


def _check_route(route: Route, k: int, canvas: _Canvas, void: set[str]) -> list[str]:
    rooms = [x.upper() for x in route.rooms]
    if len(rooms) < 2:
        raise BoardError(f"route {k}: a route needs at least two rooms (its start and one step)")
    if route.style not in ROUTE_STYLES:
        raise BoardError(f"route {k}: unknown style {route.style!r}: use {', '.join(ROUTE_STYLES)}")
    prev = None
    for name in rooms:
        c, r = canvas.square(name)
        if name in void:
            raise BoardError(f"route {k} goes through the empty square {name}")
        if prev is not None and abs(prev[0] - c) + abs(prev[1] - r) != 1:
            raise BoardError(f"route {k}: {name} is not next to the room before it")
        prev = (c, r)
    return rooms


def _arrow(x: float, y: float, dx: float, dy: float, size: float, colour: str, cls: str) -> str:
    """A filled triangle centred on (x, y) pointing along (dx, dy)."""
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    tip = (x + ux * size * 0.6, y + uy * size * 0.6)
    back = (x - ux * size * 0.4, y - uy * size * 0.4)
    left = (back[0] + px * size * 0.45, back[1] + py * size * 0.45)
    right = (back[0] - px * size * 0.45, back[1] - py * size * 0.45)
    pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in (tip, left, right))
    return _el("polygon", points=pts, fill=colour, class_=cls)


def _die(x: float, y: float, side: float, value: int | None) -> list[str]:
    """A red die with its top-left corner at (x, y); pips when the value is known."""
    out = [_el("rect", x=x, y=y, width=side, height=side, rx=side * 0.18, fill=COLOURS["die"],
               stroke="#7f1d1d", stroke_width=side * 0.05, class_="bb-die")]
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    cx, cy = x + side / 2, y + side / 2
    if value in spots:
        for sx, sy in spots[value]:
            out.append(_el("circle", cx=cx + sx * side * 0.26, cy=cy + sy * side * 0.26, r=side * 0.09,
                           fill=COLOURS["pip"], class_="bb-pip"))
    else:
        out.append(_el("circle", cx=cx, cy=cy, r=side * 0.2, fill="none", stroke=COLOURS["pip"],
                       stroke_width=side * 0.07, class_="bb-pip"))
    return out


def _turn_arrow(canvas: _Canvas, mark: Mark) -> list[str]:
    """A round arrow (about 300 degrees of a circle) with its head, and optional text inside."""
    cx, cy = canvas.point(mark.at)
    r = mark.radius * canvas.cell
    clockwise = mark.kind == "clockwise"
    sign = 1 if clockwise else -1
    # screen angles grow clockwise (y points down)
    start = math.radians(150 if clockwise else 30)
    end = start + sign * math.radians(285)
    sx, sy = cx + r * math.cos(start), cy + r * math.sin(start)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    w = canvas.cell * 0.05
    colour = COLOURS["turn"]
    cls = f"bb-mark bb-mark-{mark.kind}"
    path = (f"M {_n(sx)} {_n(sy)} A {_n(r)} {_n(r)} 0 1 {1 if clockwise else 0} {_n(ex)} {_n(ey)}")
    out = [_el("path", d=path, fill="none", stroke=colour, stroke_width=w, stroke_linecap="round", class_=cls)]
    # tangent at the end, in the direction of travel
    tx, ty = -math.sin(end) * sign, math.cos(end) * sign
    size = canvas.cell * 0.2
    out.append(_arrow(ex + tx * size * 0.3, ey + ty * size * 0.3, tx, ty, size, colour, cls))
    if mark.text:
        out.append(_el("text", mark.text, x=cx, y=cy + canvas.cell * 0.05, fill=colour, font_size=canvas.cell * 0.14,
                       font_weight="bold", text_anchor="middle", class_=cls + " bb-mark-text"))
    return out


def floor_svg(size: int, void: Iterable[str] = (), walls: Iterable[str] = (), *,
              guard: str | None = None, destination: str | None = None,
              routes: Iterable[Route | Sequence[str]] = (), alarms: Iterable[str] = (),
              labels: bool = True, marks: Iterable[Mark] = (), die: int | None = None,
              title: str | None = None, arrows: bool = True, legend: bool = True,
              cell: float = 96, pictograms: bool = False) -> str:
    """One floor as an SVG string.

    ``size`` rooms per side (4 or 5), ``void`` the empty square(s), ``walls`` the inner walls (the
    outer border and the empty square's edges are always drawn as wall). ``guard`` and
    ``destination`` place the guard and his die (``die`` shows its number). ``routes`` are drawn as
    lines through room centres, with numbered steps where the style says so and arrow heads unless
    ``arrows`` is false; routes with a ``label`` get a legend line under the floor. ``marks`` adds fork
    and rejoin markers, round arrows and notes. ``labels`` shows the column letters, row numbers and
    room names. ``title`` is the accessible name (one is made up when omitted). ``cell`` is the
    width of a room in pixels. ``pictograms`` draws the guard and the alarms as the board does (its
    pictures from static/icons.svg, copied into the SVG, and its colours), so the board, Why? and the
    sandbox look alike; the pictures in docs/ keep their own simple marks. Raises :class:`BoardError`
    (a ``ValueError``) for a bad square, wall or route.

    >>> svg = floor_svg(4, alarms=["C3"], labels=False)
    >>> svg.count('class="bb-alarm"')
    1
    """
    canvas = _Canvas(size, float(cell), labels)
    void_set = {v.upper() for v in void}
    for v in void_set:
        canvas.square(v)
    wall_list = _checked_walls(size, walls, void_set)
    alarm_list = sorted({a.upper() for a in alarms})
    guard = guard.upper() if guard else None
    destination = destination.upper() if destination else None
    for name in [*alarm_list, guard, destination]:
        if name:
            canvas.square(name)
    route_list = _route_list(routes)
    checked = [_check_route(r, k, canvas, void_set) for k, r in enumerate(route_list, start=1)]
    mark_list = _checked_marks(canvas, marks)

    c = canvas.cell
    with_legend = [r for r in route_list if r.label] if legend else []
    legend_h = (len(with_legend) * 0.3 + 0.12) * c if with_legend else 0.0
    width = canvas.left + canvas.grid + canvas.right
    for route in with_legend:  # room for the longest legend line (an estimate of the text's width)
        width = max(width, canvas.left + c * (0.65 + 0.15 * 0.56 * len(route.label)) + canvas.right)
    height = canvas.top + canvas.grid + canvas.bottom + legend_h
    if title is None:
        title = _default_title(size, wall_list, void_set, guard, destination, alarm_list, route_list)

    out: list[str] = []
    root = _attrs(viewBox=f"0 0 {_n(width)} {_n(height)}", width=_n(width), height=_n(height), role="img",
                  class_="bb-floor", font_family="system-ui, -apple-system, Segoe UI, sans-serif")
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" {root}>')
    out.append(_el("title", title))
    desc = _description(route_list, checked)
    if desc:
        out.append(_el("desc", desc))
    out.append(_el("rect", x=0, y=0, width=_n(width), height=_n(height), fill=COLOURS["bg"], class_="bb-bg"))

    out.extend(_rooms(canvas, void_set, labels))
    route_points, drawn = _routes(canvas, route_list, checked, arrows)
    out.extend(drawn)
    out.extend(_fork_marks(canvas, mark_list))
    out.extend(_walls(canvas, void_set, wall_list))
    out.extend(_steps(canvas, route_list, route_points))
    out.extend(_pieces(canvas, alarm_list, destination, guard, die, pictograms))
    out.extend(_notes(canvas, mark_list))
    out.extend(_legend(canvas, with_legend))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- what is drawn, checked (a bad square or wall is a BoardError naming it) ------------------------------

def _checked_walls(size: int, walls: Iterable[str], void_set: set[str]) -> list[str]:
    wall_list = sorted({normalize_wall(w, size) for w in walls})
    for w in wall_list:
        for side in w.split("-"):
            if side in void_set:
                raise BoardError(f"wall {w} touches the empty square {side}: it is already a wall")
    return wall_list


def _checked_marks(canvas: _Canvas, marks: Iterable[Mark]) -> list[Mark]:
    mark_list = list(marks)
    for m in mark_list:
        if m.kind not in ("fork", "rejoin", "clockwise", "anticlockwise", "text"):
            raise BoardError(f"unknown mark {m.kind!r}: use fork, rejoin, clockwise, anticlockwise or text")
        if isinstance(m.at, str):
            canvas.square(m.at)
    return mark_list


# -- the layers of a floor, bottom to top ---------------------------------------------------------------

def _rooms(canvas: _Canvas, void_set: set[str], labels: bool) -> list[str]:
    """Rooms and the empty square, with room names and the column and row axes."""
    out: list[str] = []
    c, size = canvas.cell, canvas.size
    inset = c * 0.035
    for r in range(size):
        for col in range(size):
            name = f"{'ABCDE'[col]}{r + 1}"
            x, y = canvas.left + col * c, canvas.top + r * c
            if name in void_set:
                out.append(_el("rect", x=x, y=y, width=c, height=c, fill=COLOURS["void"], class_="bb-void"))
                step = c / 6
                for k in range(1, 12):
                    # diagonal hatching clipped to the square by hand (no ids, no patterns)
                    d = k * step
                    x1, y1 = (x + d, y) if d <= c else (x + c, y + d - c)
                    x2, y2 = (x, y + d) if d <= c else (x + d - c, y + c)
                    out.append(_el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=COLOURS["hatch"],
                                   stroke_width=c * 0.02, class_="bb-void-hatch"))
                continue
            out.append(_el("rect", x=x + inset, y=y + inset, width=c - 2 * inset, height=c - 2 * inset,
                           rx=c * 0.06, fill=COLOURS["room"], stroke=COLOURS["room_edge"], stroke_width=c * 0.01,
                           class_="bb-room"))
            if labels:
                out.append(_el("text", name, x=x + c * 0.09, y=y + c * 0.2, fill=COLOURS["label"],
                               font_size=c * 0.13, class_="bb-label"))
    if labels:
        for col in range(size):
            out.append(_el("text", "ABCDE"[col], x=canvas.left + (col + 0.5) * c, y=canvas.top - c * 0.09,
                           fill=COLOURS["axis"], font_size=c * 0.17, font_weight="bold", text_anchor="middle",
                           class_="bb-axis"))
        for r in range(size):
            out.append(_el("text", str(r + 1), x=canvas.left - c * 0.16, y=canvas.top + (r + 0.5) * c + c * 0.06,
                           fill=COLOURS["axis"], font_size=c * 0.17, font_weight="bold", text_anchor="middle",
                           class_="bb-axis"))
    return out


def _routes(canvas: _Canvas, route_list: list[Route], checked: list[list[str]],
            arrows: bool) -> tuple[list[list[tuple[float, float]]], list[str]]:
    """Route lines (and loop fills), then their arrow heads; also each route's points, for the steps."""
    out: list[str] = []
    c = canvas.cell
    n = len(route_list)
    spread = [((i - (n - 1) / 2) * 0.09) for i in range(n)]
    route_points: list[list[tuple[float, float]]] = []
    for i, (route, rooms) in enumerate(zip(route_list, checked, strict=False)):
        style = ROUTE_STYLES[route.style]
        off = (route.offset if route.offset is not None else spread[i]) * c
        pts = [(px + off, py + off) for px, py in (canvas.point(rm) for rm in rooms)]
        route_points.append(pts)
        coords = " ".join(f"{_n(px)},{_n(py)}" for px, py in pts)
        dash = " ".join(_n(float(v) * c) for v in style.dash.split()) if style.dash else None
        common: dict[str, object] = {
            "stroke": style.colour, "stroke_width": style.width * c, "stroke_linejoin": "round",
            "stroke_linecap": "round", "stroke_dasharray": dash, "class_": f"bb-route bb-route-{route.style}"}
        if route.closed:
            out.append(_el("polygon", points=coords, fill=style.colour if style.fill_opacity else "none",
                           fill_opacity=style.fill_opacity or None, **common))
        else:
            out.append(_el("polyline", points=coords, fill="none", **common))
        if arrows and route.arrows:
            segs = list(zip(pts, pts[1:] + ([pts[0]] if route.closed else []), strict=False))
            for (x1, y1), (x2, y2) in segs:
                out.append(_arrow((x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1, c * 0.16, style.colour,
                                  f"bb-arrow bb-arrow-{route.style}"))
    return route_points, out


def _fork_marks(canvas: _Canvas, mark_list: list[Mark]) -> list[str]:
    """Fork and rejoin markers: under the pieces, over the lines."""
    out: list[str] = []
    c = canvas.cell
    for m in mark_list:
        if m.kind not in ("fork", "rejoin"):
            continue
        x, y = canvas.point(m.at)
        rad = m.radius * c
        colour = COLOURS[m.kind]
        cls = f"bb-mark bb-mark-{m.kind}"
        if m.kind == "fork":
            diamond = " ".join(f"{_n(a)},{_n(b)}" for a, b in ((x, y - rad), (x + rad, y), (x, y + rad), (x - rad, y)))
            out.append(_el("polygon", points=diamond, fill="none", stroke=colour, stroke_width=c * 0.03, class_=cls))
        else:
            out.append(_el("circle", cx=x, cy=y, r=rad * 0.85, fill="none", stroke=colour, stroke_width=c * 0.03,
                           class_=cls))
        if isinstance(m.at, str):
            cx0, cy0 = canvas.corner(m.at)
            word = m.text or _(MARK_WORDS[m.kind])
            out.append(_el("rect", x=cx0 + c * 0.06, y=cy0 + c * 0.815, width=c * (0.06 + 0.12 * 0.6 * len(word)),
                           height=c * 0.15, rx=c * 0.03, fill=COLOURS["bg"], fill_opacity=0.85,
                           class_=cls + " bb-mark-backdrop"))
            out.append(_el("text", word, x=cx0 + c * 0.09, y=cy0 + c * 0.93, fill=colour,
                           font_size=c * 0.12, font_weight="bold", class_=cls + " bb-mark-text"))
    return out


def _walls(canvas: _Canvas, void_set: set[str], wall_list: list[str]) -> list[str]:
    """The outer border, the empty square's edges, then the inner walls."""
    c = canvas.cell
    wall_style: dict[str, object] = {"stroke": COLOURS["wall"], "stroke_width": c * 0.075, "stroke_linecap": "square"}
    out = [_el("rect", x=canvas.left, y=canvas.top, width=canvas.grid, height=canvas.grid, fill="none",
               class_="bb-border", **wall_style)]
    for v in sorted(void_set):
        x, y = canvas.corner(v)
        out.append(_el("rect", x=x, y=y, width=c, height=c, fill="none", class_="bb-wall bb-void-edge", **wall_style))
    for w in wall_list:
        a, b = w.split("-")
        (ca, ra), (cb, rb) = canvas.square(a), canvas.square(b)
        if ra == rb:  # side by side: a vertical wall on the right of the left room
            x = canvas.left + max(ca, cb) * c
            y = canvas.top + ra * c
            x1, y1, x2, y2 = x, y, x, y + c
        else:  # one above the other: a horizontal wall under the upper room
            x = canvas.left + ca * c
            y = canvas.top + max(ra, rb) * c
            x1, y1, x2, y2 = x, y, x + c, y
        out.append(_el("line", x1=x1, y1=y1, x2=x2, y2=y2, class_="bb-wall", **{"data-wall": w}, **wall_style))
    return out


def _steps(canvas: _Canvas, route_list: list[Route], route_points: list[list[tuple[float, float]]]) -> list[str]:
    """Numbered steps on the routes whose style (or own choice) numbers them."""
    out: list[str] = []
    c = canvas.cell
    for route, pts in zip(route_list, route_points, strict=False):
        style = ROUTE_STYLES[route.style]
        numbered = style.numbered if route.numbered is None else route.numbered
        if not numbered:
            continue
        for k, (x, y) in enumerate(pts[1:], start=1):
            out.append(_el("circle", cx=x, cy=y, r=c * 0.105, fill=style.colour, stroke=COLOURS["bg"],
                           stroke_width=c * 0.015, class_=f"bb-step bb-step-{route.style}"))
            out.append(_el("text", str(k), x=x, y=y + c * 0.045, fill=COLOURS["badge_text"], font_size=c * 0.13,
                           font_weight="bold", text_anchor="middle", class_=f"bb-step-text bb-step-{route.style}"))
    return out


def _pieces(canvas: _Canvas, alarm_list: list[str], destination: str | None, guard: str | None,
            die: int | None, pictograms: bool = False) -> list[str]:
    """Alarms, the die, the guard."""
    if pictograms:
        return _board_pieces(canvas, alarm_list, destination, guard, die)
    out: list[str] = []
    c = canvas.cell
    for a in alarm_list:
        x, y = canvas.corner(a)
        ax, ay, s = x + c * 0.8, y + c * 0.1, c * 0.13
        triangle = " ".join(f"{_n(p)},{_n(q)}" for p, q in ((ax, ay), (ax + s, ay + s * 1.7), (ax - s, ay + s * 1.7)))
        out.append(_el("polygon", points=triangle, fill=COLOURS["alarm"], stroke=COLOURS["bg"], stroke_width=c * 0.01,
                       stroke_linejoin="round", class_="bb-alarm"))
        out.append(_el("text", "!", x=ax, y=ay + s * 1.5, fill=COLOURS["badge_text"], font_size=c * 0.15,
                       font_weight="bold", text_anchor="middle", class_="bb-alarm-text"))
    if destination:
        x, y = canvas.corner(destination)
        out.extend(_die(x + c * 0.66, y + c * 0.66, c * 0.27, die))
    if guard:
        x, y = canvas.point(guard)
        out.append(_el("circle", cx=x, cy=y, r=c * 0.17, fill=COLOURS["guard"], stroke=COLOURS["bg"],
                       stroke_width=c * 0.025, class_="bb-guard"))
        out.append(_el("text", "G", x=x, y=y + c * 0.065, fill=COLOURS["guard_text"], font_size=c * 0.19,
                       font_weight="bold", text_anchor="middle", class_="bb-guard-text"))
    return out


# the board's colours for its pieces (static/app.css: --guard, --alarm)
BOARD_GUARD, BOARD_ALARM, BOARD_INK = "#ffffff", "#ff3b30", "#14161b"


@lru_cache(maxsize=1)
def _symbols() -> dict[str, tuple[str, str, str]]:
    """The board's pictograms (static/icons.svg) by id: their drawing attributes, viewBox and content."""
    text = (FILES / "static" / "icons.svg").read_text(encoding="utf-8")
    found = {}
    for attrs, inner in re.findall(r"<symbol([^>]*)>(.*?)</symbol>", text, re.DOTALL):
        ident = re.search(r'\bid="([^"]+)"', attrs)
        box = re.search(r'\bviewBox="([^"]+)"', attrs)
        if ident and box:
            drawing = re.sub(r'\s(?:id|viewBox)="[^"]*"', "", attrs)
            found[ident.group(1)] = (drawing, box.group(1), inner)
    return found


def _pictogram(name: str, x: float, y: float, size: float, colour: str, cls: str) -> str:
    """One of the board's pictograms as a nested svg (no ids to clash with another picture on the page)."""
    drawing, box, inner = _symbols()[name]
    return (f'<svg x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" viewBox="{box}"{drawing} '
            f'color="{colour}" class="{cls}" aria-hidden="true">{inner}</svg>')


def _board_pieces(canvas: _Canvas, alarm_list: list[str], destination: str | None, guard: str | None,
                  die: int | None) -> list[str]:
    """The alarm and the guard as the board shows them (a bell on a red disc, a guard on a white disc),
    and the same die."""
    out: list[str] = []
    c = canvas.cell
    for a in alarm_list:
        x, y = canvas.corner(a)
        cx, cy, r = x + c * 0.8, y + c * 0.2, c * 0.15
        out.append(_el("circle", cx=cx, cy=cy, r=r, fill=BOARD_ALARM, stroke=COLOURS["bg"], stroke_width=c * 0.01,
                       class_="bb-alarm"))
        out.append(_pictogram("alarm", cx - r * 0.7, cy - r * 0.7, r * 1.4, "#ffffff", "bb-alarm-text"))
    if destination:
        x, y = canvas.corner(destination)
        out.extend(_die(x + c * 0.66, y + c * 0.66, c * 0.27, die))
    if guard:
        x, y = canvas.point(guard)
        r = c * 0.19
        out.append(_el("circle", cx=x, cy=y, r=r, fill=BOARD_GUARD, stroke="#000000", stroke_width=c * 0.03,
                       class_="bb-guard"))
        out.append(_pictogram("guard", x - r * 0.72, y - r * 0.62, r * 1.44, BOARD_INK, "bb-guard-text"))
    return out


def _notes(canvas: _Canvas, mark_list: list[Mark]) -> list[str]:
    """Round arrows and notes, on top of everything."""
    out: list[str] = []
    c = canvas.cell
    for m in mark_list:
        if m.kind in ("clockwise", "anticlockwise"):
            out.extend(_turn_arrow(canvas, m))
        elif m.kind == "text":
            x, y = canvas.point(m.at)
            out.append(_el("text", m.text, x=x, y=y + c * 0.05, fill=COLOURS["text"], font_size=c * 0.14,
                           text_anchor="middle", class_="bb-mark bb-mark-text"))
    return out


def _legend(canvas: _Canvas, with_legend: list[Route]) -> list[str]:
    out: list[str] = []
    c = canvas.cell
    y = canvas.top + canvas.grid + canvas.bottom + c * 0.2
    for route in with_legend:
        style = ROUTE_STYLES[route.style]
        dash = " ".join(_n(float(v) * c) for v in style.dash.split()) if style.dash else None
        x = canvas.left
        out.append(_el("line", x1=x, y1=y, x2=x + c * 0.5, y2=y, stroke=style.colour, stroke_width=style.width * c,
                       stroke_dasharray=dash, stroke_linecap="round", class_=f"bb-legend bb-route-{route.style}"))
        out.append(_el("text", route.label, x=x + c * 0.65, y=y + c * 0.05, fill=COLOURS["text"], font_size=c * 0.15,
                       class_="bb-legend bb-legend-text"))
        y += c * 0.3
    return out


def _default_title(size: int, walls: list[str], void: set[str], guard: str | None, destination: str | None,
                   alarms: list[str], routes: list[Route]) -> str:
    """The picture's accessible name when the caller gives none, in the reader's language (a screen reader says
    it: the sandbox's floor)."""
    parts = [_("%(size)sx%(size)s floor", size=size), ngettext("%(num)s wall", "%(num)s walls", len(walls))]
    if void:
        parts.append(_("empty square %(square)s", square=", ".join(sorted(void))))
    if guard:
        parts.append(_("guard in %(square)s", square=guard))
    if destination:
        parts.append(_("die in %(square)s", square=destination))
    if alarms:
        parts.append(ngettext("alarm in %(squares)s", "alarms in %(squares)s", len(alarms), squares=", ".join(alarms)))
    if routes:
        parts.append(ngettext("%(num)s route drawn", "%(num)s routes drawn", len(routes)))
    return ", ".join(parts)


# how the description names a route that brings no label of its own, in the reader's language
STYLE_NAMES = {"chosen": N_("chosen route"), "rejected": N_("rejected route"), "alternative": N_("alternative route"),
               "loop": N_("loop route"), "plain": N_("plain route")}


def _description(routes: list[Route], checked: list[list[str]]) -> str:
    """What a screen reader says about the routes: each one's name and rooms, one sentence each."""
    lines = []
    for route, rooms in zip(routes, checked, strict=False):
        name = route.label or (_(STYLE_NAMES[route.style]) if route.style in STYLE_NAMES else route.style)
        said = {"name": name, "rooms": " ".join(rooms)}
        lines.append(_("%(name)s: %(rooms)s and back.", **said) if route.closed else _("%(name)s: %(rooms)s.", **said))
    return " ".join(lines)


def explanation_overlays(explanation: RouteExplanation, plan: Floorplan | None = None, *,
                         forks: Literal["all", "first"] = "all", whole: bool = False,
                         chosen_label: str = "", rejected_label: str = "") -> tuple[list[Route], list[Mark]]:
    """Routes and markers that show a :class:`~assistant.engine.pathing.RouteExplanation`.

    The guard's route is ``chosen``; for each fork (or only the first), every branch he did not
    take becomes a ``rejected`` route from the fork to where it meets the others again (the part that
    differs). With ``whole=True`` it runs from the start to the destination instead: the guard's
    route up to the fork, the branch, then his route on (when the branch rejoins off his route and
    ``plan`` is given, the rest is the guard's own route from there, in the same reading). Each fork
    gets a ``fork`` mark and a ``rejoin`` mark.
    """
    full = [explanation.start, *explanation.route]
    routes = [Route(tuple(full), "chosen", label=chosen_label)]
    marks: list[Mark] = []
    picked = explanation.forks[:1] if forks == "first" else explanation.forks
    seen_marks: set[tuple[str, str]] = set()
    for fork in picked:
        k = full.index(fork.at)
        for branch in fork.branches:
            if branch.first == fork.chosen:
                continue
            if not whole:
                routes.append(Route((fork.at, *branch.route), "rejected", label=rejected_label))
                continue
            alt = full[:k + 1] + list(branch.route)
            end = alt[-1]
            if end in full:
                alt += full[full.index(end) + 1:]
            elif plan is not None and end != explanation.destination:
                from ..engine.pathing import route as walk
                alt += walk(plan, end, explanation.destination, fork.reading)
            routes.append(Route(tuple(alt), "rejected", label=rejected_label))
        for kind, at in (("fork", fork.at), ("rejoin", fork.meet)):
            if (kind, at) not in seen_marks:
                seen_marks.add((kind, at))
                marks.append(Mark(kind, at))
    return routes, marks
