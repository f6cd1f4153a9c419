"""The story of a heist as an inline SVG chart (issue 25 §3), drawn on the server: no script, prints as it shows,
and scales to a phone's width (a ``viewBox`` and no fixed size).

Three bands over the turns, left to right: the danger before each guard move (a bar to the highest chance of a
burglar on the moving floor being found, a dot per burglar at their chance, filled where they were found, a cross
where caught), each burglar's Stealth (bb2: heat) after each move, and the patrol cards drawn (grey bars) with the
alarms on the board (orange line). A dashed line marks a reshuffle. Words (titles, legends) are the page's: the
chart has only numbers and a ``<title>`` it is given.

>>> from fractions import Fraction
>>> from assistant.story import Turn
>>> turn = Turn(1, "ana", 1, {"ana": Fraction(1, 2)}, ("ana",), None, {"ana": 2}, 1, 2, False)
>>> svg = story_svg([turn], {"ana": "#e4572e"}, title="The heist")
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..story import Turn
from .floor_svg import _el

STEP = 18  # pixels a turn
LEFT, RIGHT = 34, 10
DANGER = (8, 98)  # top and bottom of each band
STEALTH = (116, 176)
CARDS = (194, 234)
HEIGHT = 252


def story_svg(turns: Sequence[Turn], colours: dict[str, str], *, title: str) -> str:
    """The chart of ``turns``; ``colours``: each burglar's colour on the board."""
    width = LEFT + RIGHT + STEP * max(len(turns), 12)
    x = [LEFT + STEP * i + STEP / 2 for i in range(len(turns))]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="story-chart" viewBox="0 0 {width} {HEIGHT}" '
           f'role="img" preserveAspectRatio="xMinYMin meet">', _el("title", title)]
    for top, bottom in (DANGER, STEALTH, CARDS):
        out.append(_el("rect", x=LEFT, y=top, width=width - LEFT - RIGHT, height=bottom - top, fill="#1d2027",
                       stroke="#3a3f4b", class_="bb-band"))
    out.append(_el("text", "100%", x=LEFT - 4, y=DANGER[0] + 8, fill="#9aa3b2", font_size=9, text_anchor="end"))
    out.append(_el("text", "0", x=LEFT - 4, y=DANGER[1], fill="#9aa3b2", font_size=9, text_anchor="end"))
    top_stealth = max([3, *(s for t in turns for s in t.stealth.values())])
    out.append(_el("text", str(top_stealth), x=LEFT - 4, y=STEALTH[0] + 8, fill="#9aa3b2", font_size=9,
                   text_anchor="end"))
    top_cards = max([3, *(t.drawn for t in turns), *(t.alarms for t in turns)])
    for i, t in enumerate(turns):
        if t.number % 5 == 0:
            out.append(_el("text", str(t.number), x=x[i], y=HEIGHT - 4, fill="#9aa3b2", font_size=9,
                           text_anchor="middle"))
        if t.reshuffled:
            out.append(_el("line", x1=x[i], y1=DANGER[0], x2=x[i], y2=CARDS[1], stroke="#c86fd6",
                           stroke_dasharray="3 3", class_="bb-reshuffle"))
        if t.danger:
            high = max(t.danger.values())
            h = float(high) * (DANGER[1] - DANGER[0])
            out.append(_el("rect", x=x[i] - STEP * 0.35, y=DANGER[1] - h, width=STEP * 0.7, height=h,
                           fill="#e0323c", fill_opacity=0.35, class_="bb-danger"))
        for name, p in t.danger.items():
            cy = DANGER[1] - float(p) * (DANGER[1] - DANGER[0])
            colour = colours.get(name, "#888")
            found = name in t.found
            out.append(_el("circle", cx=x[i], cy=cy, r=3.2, fill=colour if found else "none", stroke=colour,
                           stroke_width=1.5, class_="bb-found" if found else "bb-missed"))
        if t.caught is not None:
            cy = DANGER[1] - float(t.danger.get(t.caught, 0)) * (DANGER[1] - DANGER[0])
            out.append(_el("path", d=f"M{x[i] - 5},{cy - 5}l10,10m0,-10l-10,10", stroke="#ffffff",
                           stroke_width=2, class_="bb-caught"))
        if t.drawn:
            h = t.drawn / top_cards * (CARDS[1] - CARDS[0])
            out.append(_el("rect", x=x[i] - STEP * 0.25, y=CARDS[1] - h, width=STEP * 0.5, height=h, fill="#6b7280",
                           class_="bb-drawn"))
    if turns:
        points = " ".join(f"{x[i]:.1f},{CARDS[1] - t.alarms / top_cards * (CARDS[1] - CARDS[0]):.1f}"
                          for i, t in enumerate(turns))
        out.append(_el("polyline", points=points, fill="none", stroke="#f08a24", stroke_width=2, class_="bb-alarms"))
        for name in turns[0].stealth:
            points = " ".join(
                f"{x[i]:.1f},{STEALTH[1] - t.stealth.get(name, 0) / top_stealth * (STEALTH[1] - STEALTH[0]):.1f}"
                for i, t in enumerate(turns))
            out.append(_el("polyline", points=points, fill="none", stroke=colours.get(name, "#888"), stroke_width=2,
                           class_="bb-stealth"))
    out.append("</svg>")
    return "".join(out)
