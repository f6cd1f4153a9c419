"""Regenerate the pictures in docs/rules/img/ from the engine.

    python docs/make_pictures.py           # write the SVG files
    python docs/make_pictures.py --check   # exit 1 if a file on disk is not what the engine draws now

Nothing here knows an answer: every route is computed with ``pathing.explain`` (the rule of
guard-rules.md §2, or the BGA-compatible reading of §2.2) and drawn with ``assistant.render``. If the
engine changes its mind, the pictures change with it, and ``--check`` (run by the tests) says so.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))

from assistant.engine.board import floorplan
from assistant.engine.pathing import RouteExplanation, explain
from assistant.engine.scenarios import BANK_WALLS
from assistant.render import Mark, Route, explanation_overlays, floor_svg
from assistant.render.loops import fork_loop

IMG = ROOT / "docs" / "rules" / "img"


@dataclass(frozen=True)
class Example:
    name: str
    title: str
    walls: tuple[str, ...]
    start: str
    destination: str
    reading: str = "rulebook"
    size: int = 4
    void: tuple[str, ...] = ()
    forks: str = "all"


EXAMPLES = (
    Example("p6-card-a1", "Rulebook p.6, card A1", ("B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4",
                                                   "C4-D4"), "D3", "A1"),
    Example("p6-card-c4", "Rulebook p.6, card C4", ("A1-B1", "B1-B2", "D1-D2", "B2-C2", "C2-D2", "A3-B3", "D3-D4",
                                                   "A4-B4"), "B3", "C4"),
    Example("open-diagonal", "Open floor, corner to corner", (), "D4", "A1", forks="first"),
    Example("bank-f1-c3-c1", "Bank Job floor 1", BANK_WALLS[0], "C3", "C1"),
    Example("bga-differs-rulebook", "Where the readings differ: rulebook", ("A1-B1", "B1-B2", "D1-D2", "B2-B3",
            "C2-C3", "A3-A4", "C3-D3", "B4-C4"), "C4", "B2"),
    Example("bga-differs-bga", "Where the readings differ: BGA-compatible", ("A1-B1", "B1-B2", "D1-D2", "B2-B3",
            "C2-C3", "A3-A4", "C3-D3", "B4-C4"), "C4", "B2", reading="bga"),
)


def steps(rooms: tuple[str, ...] | list[str]) -> str:
    return "-".join(rooms)


def picture(ex: Example) -> tuple[str, RouteExplanation]:
    plan = floorplan(ex.size, ex.void, ex.walls)
    exp = explain(plan, ex.start, ex.destination, ex.reading)
    reading = "BGA-compatible reading" if ex.reading == "bga" else "clockwise rule"
    routes, marks = explanation_overlays(exp, plan, forks="all" if ex.forks == "all" else "first")
    style = "alternative" if ex.reading == "bga" else "chosen"
    chosen = Route(routes[0].rooms, style, label=f"he goes {steps(routes[0].rooms)} ({reading})")
    rivals = []
    other_reading = "rulebook" if ex.reading == "bga" else "bga"
    other = explain(plan, ex.start, ex.destination, other_reading)
    for i, r in enumerate(routes[1:]):
        label = "as short, not taken" if i == 0 else ""
        if r.rooms == (ex.start, *other.route):
            label = f"as short: the {'clockwise rule' if other_reading == 'rulebook' else 'BGA reading'} takes this one"
        rivals.append(Route(r.rooms, "rejected", label=label))
    title = (f"{ex.title}: guard in {ex.start}, die in {ex.destination}. {exp.tied_routes} equally short routes of "
             f"{exp.distance} steps; by the {reading} he goes {steps([ex.start, *exp.route])}.")
    svg = floor_svg(ex.size, ex.void, ex.walls, guard=ex.start, destination=ex.destination,
                    routes=[chosen, *rivals], marks=marks, title=title)
    return svg, exp


def loop_picture() -> str:
    """The two tied routes of the card-A1 example drawn as one loop, with the way round it."""
    ex = EXAMPLES[0]
    plan = floorplan(ex.size, ex.void, ex.walls)
    exp = explain(plan, ex.start, ex.destination)
    fork = exp.forks[0]
    loop = fork_loop(fork, plan)
    assert loop is not None, "the card-A1 example's two routes enclose rooms"
    way = loop.way
    title = (f"The two tied routes from {fork.at} to {fork.meet} form one loop: {steps(list(loop.rooms))} and back to "
             f"{fork.at}. Leaving by {fork.chosen} goes round it {way}, so that is the guard's way.")
    return floor_svg(ex.size, ex.void, ex.walls, guard=ex.start, destination=ex.destination,
                     routes=[Route(loop.rooms, "loop", closed=True, offset=0),
                             Route((fork.at, fork.chosen), "chosen", numbered=False, offset=0,
                                   label=f"first step of the {way} way round: {fork.chosen}")],
                     marks=[Mark(way, loop.centre, radius=0.42)], title=title, cell=72)


def pictures() -> dict[str, str]:
    out = {f"{ex.name}.svg": picture(ex)[0] for ex in EXAMPLES}
    out["loop.svg"] = loop_picture()
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, svg in pictures().items():
        path = IMG / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != svg:
                stale.append(name)
            continue
        IMG.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"out of date (run python docs/make_pictures.py): {', '.join(stale)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
