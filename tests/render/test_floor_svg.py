"""The floor renderer: well-formed SVG, and every piece of the floor where it belongs."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from assistant.engine.board import floorplan
from assistant.engine.errors import BoardError
from assistant.engine.pathing import explain
from assistant.render import Mark, Route, explanation_overlays, floor_svg

NS = {"s": "http://www.w3.org/2000/svg"}
CARD_A1_WALLS = ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_empty_floor_is_valid_svg_with_a_title():
    root = parse(floor_svg(4))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("role") == "img"
    assert root.find("s:title", NS) is not None
    assert root.find("s:title", NS).text.startswith("4x4 floor")
    assert len(with_class(root, "bb-room")) == 16
    assert len(with_class(root, "bb-border")) == 1
    assert root.get("viewBox").startswith("0 0 ")


def test_every_wall_is_drawn_once_on_the_right_edge():
    root = parse(floor_svg(4, walls=[*CARD_A1_WALLS, "B2-A2"]))  # a repeated wall, spelled backwards
    walls = [e for e in with_class(root, "bb-wall") if e.get("data-wall")]
    assert sorted(e.get("data-wall") for e in walls) == sorted(CARD_A1_WALLS)
    by_name = {e.get("data-wall"): e for e in walls}
    vertical, horizontal = by_name["A2-B2"], by_name["B1-B2"]
    assert vertical.get("x1") == vertical.get("x2") and vertical.get("y1") != vertical.get("y2")
    assert horizontal.get("y1") == horizontal.get("y2") and horizontal.get("x1") != horizontal.get("x2")
    # A2-B2 stands between columns A and B: one room width right of the border
    border = with_class(root, "bb-border")[0]
    room = float(border.get("width")) / 4
    assert float(vertical.get("x1")) == pytest.approx(float(border.get("x")) + room)


def test_the_void_is_shaded_walled_and_not_a_room():
    root = parse(floor_svg(5, void=["c3"], walls=["A1-B1"]))
    assert len(with_class(root, "bb-room")) == 24
    voids = with_class(root, "bb-void")
    assert len(voids) == 1 and voids[0].get("fill") not in (None, "none")
    assert with_class(root, "bb-void-hatch")
    assert len(with_class(root, "bb-void-edge")) == 1
    assert "empty square C3" in root.find("s:title", NS).text


def test_guard_die_and_alarms():
    root = parse(floor_svg(4, guard="b2", destination="D4", die=3, alarms=["A1", "C3", "A1"]))
    assert len(with_class(root, "bb-guard")) == 1
    assert len(with_class(root, "bb-die")) == 1
    assert len(with_class(root, "bb-pip")) == 3
    assert len(with_class(root, "bb-alarm")) == 2
    title = root.find("s:title", NS).text
    assert "guard in B2" in title and "die in D4" in title and "alarms in A1, C3" in title


def test_routes_have_their_own_styles_steps_and_arrows():
    chosen = Route(("D3", "C3", "B3", "A3", "A2", "A1"), "chosen", label="taken")
    rejected = Route(("D3", "D2", "C2", "C1", "B1", "A1"), "rejected", label="not taken")
    root = parse(floor_svg(4, walls=CARD_A1_WALLS, guard="D3", destination="A1", routes=[chosen, rejected]))
    lines = with_class(root, "bb-route")
    assert [e.get("class") for e in lines] == ["bb-route bb-route-chosen", "bb-route bb-route-rejected"]
    assert len(lines[0].get("points").split()) == 6
    assert not lines[0].get("stroke-dasharray") and lines[1].get("stroke-dasharray")
    assert lines[0].get("stroke") != lines[1].get("stroke")
    steps = [e.text for e in with_class(root, "bb-step-text")]
    assert steps == ["1", "2", "3", "4", "5"]  # only the chosen route is numbered
    assert len(with_class(root, "bb-arrow")) == 10
    assert [e.text for e in with_class(root, "bb-legend-text")] == ["taken", "not taken"]
    desc = root.find("s:desc", NS).text
    assert "taken: D3 C3 B3 A3 A2 A1." in desc


def test_plain_lists_become_chosen_then_rejected_and_arrows_can_be_left_out():
    root = parse(floor_svg(4, routes=[["A1", "B1"], ["A1", "A2"]], arrows=False, labels=False))
    assert [e.get("class").split()[-1] for e in with_class(root, "bb-route")] == [
        "bb-route-chosen", "bb-route-rejected"]
    assert not with_class(root, "bb-arrow")
    assert not with_class(root, "bb-label") and not with_class(root, "bb-axis")


def test_routes_sharing_rooms_are_drawn_apart():
    root = parse(floor_svg(4, routes=[["A1", "B1"], ["A1", "B1"]]))
    first, second = (e.get("points") for e in with_class(root, "bb-route"))
    assert first != second


def test_marks_fork_rejoin_and_round_arrows():
    root = parse(floor_svg(4, marks=[Mark("fork", "D3"), Mark("rejoin", "A1"), Mark("clockwise", (2, 2), "cw"),
                                     Mark("anticlockwise", "B2"), Mark("text", "C4", "note")]))
    assert len(with_class(root, "bb-mark-fork")) == 3  # the diamond, its word and what is under the word
    assert len(with_class(root, "bb-mark-rejoin")) == 3
    arc = next(e for e in with_class(root, "bb-mark-clockwise") if e.tag.endswith("path"))
    assert " 0 1 1 " in arc.get("d")  # large arc, clockwise sweep
    back = next(e for e in with_class(root, "bb-mark-anticlockwise") if e.tag.endswith("path"))
    assert " 0 1 0 " in back.get("d")
    assert "note" in [e.text for e in with_class(root, "bb-mark-text")]


def test_a_closed_loop_is_a_filled_polygon():
    root = parse(floor_svg(4, routes=[Route(("A1", "B1", "B2", "A2"), "loop", closed=True)]))
    loop = with_class(root, "bb-route-loop")[0]
    assert loop.tag.endswith("polygon") and loop.get("fill") != "none"


def test_text_is_escaped():
    root = parse(floor_svg(4, title='Guard <&> "tie"', routes=[Route(("A1", "B1"), label="a < b & c")]))
    assert root.find("s:title", NS).text == 'Guard <&> "tie"'
    assert with_class(root, "bb-legend-text")[0].text == "a < b & c"


def test_no_ids_so_pictures_can_share_a_page():
    svg = floor_svg(5, void=["E5"], walls=["A1-B1"], guard="A1", destination="B2", routes=[["A1", "A2", "B2"]],
                    marks=[Mark("fork", "A1"), Mark("clockwise", "C3")])
    assert not [e for e in parse(svg).iter() if e.get("id")]


@pytest.mark.parametrize("kwargs, words", [
    ({"walls": ["A1-C1"]}, "not neighbouring"),
    ({"guard": "E1"}, "off the board"),
    ({"routes": [["A1", "C1"]]}, "not next to"),
    ({"routes": [["A1"]]}, "at least two rooms"),
    ({"routes": [Route(("A1", "B1"), "wavy")]}, "unknown style"),
    ({"marks": [Mark("star", "A1")]}, "unknown mark"),
])
def test_bad_input_is_a_board_error(kwargs, words):
    with pytest.raises(BoardError, match=words):
        floor_svg(4, **kwargs)


def test_void_rules():
    with pytest.raises(BoardError, match="empty square"):
        floor_svg(5, void=["C3"], walls=["C2-C3"])
    with pytest.raises(BoardError, match="empty square"):
        floor_svg(5, void=["C3"], routes=[["C2", "C3"]])


def test_overlays_from_an_explanation():
    plan = floorplan(4, walls=CARD_A1_WALLS)
    routes, marks = explanation_overlays(explain(plan, "D3", "A1"), plan)
    assert [r.style for r in routes] == ["chosen", "rejected"]
    assert routes[0].rooms == ("D3", "C3", "B3", "A3", "A2", "A1")
    assert routes[1].rooms == ("D3", "D2", "C2", "C1", "B1", "A1")
    assert [(m.kind, m.at) for m in marks] == [("fork", "D3"), ("rejoin", "A1")]


def test_the_legend_widens_the_picture_for_long_labels():
    narrow = parse(floor_svg(4, routes=[Route(("A1", "B1"), label="x")]))
    wide = parse(floor_svg(4, routes=[Route(("A1", "B1"), label="a rather long label " * 4)]))
    assert float(wide.get("width")) > float(narrow.get("width"))


def test_overlays_splice_a_branch_back_into_the_route():
    plan = floorplan(4)
    exp = explain(plan, "D4", "A1")
    routes, marks = explanation_overlays(exp, plan)
    assert routes[0].rooms == ("D4", "C4", "B4", "A4", "A3", "A2", "A1")
    # by default only the part that differs: from each fork to where the branches meet again
    assert [r.rooms for r in routes[1:]] == [("D4", "D3", "C3", "B3", "A3"), ("C4", "C3", "B3", "A3"), ("B4", "B3",
                                                                                                        "A3")]
    routes, marks = explanation_overlays(exp, plan, whole=True)
    # one rival per fork, each rejoining at A3 and then following the guard's route
    assert [r.rooms for r in routes[1:]] == [
        ("D4", "D3", "C3", "B3", "A3", "A2", "A1"),
        ("D4", "C4", "C3", "B3", "A3", "A2", "A1"),
        ("D4", "C4", "B4", "B3", "A3", "A2", "A1"),
    ]
    assert [(m.kind, m.at) for m in marks] == [("fork", "D4"), ("rejoin", "A3"), ("fork", "C4"), ("fork", "B4")]
    first, first_marks = explanation_overlays(exp, plan, forks="first", whole=True)
    assert len(first) == 2 and len(first_marks) == 2
    # every whole route drawn is as short as the guard's
    assert all(len(r.rooms) == len(routes[0].rooms) for r in routes)
    floor_svg(4, routes=routes, marks=marks)  # and draws


def test_the_pictures_in_the_docs_are_what_the_engine_draws_now():
    """docs/rules/img/*.svg are generated: rerun ``python docs/make_pictures.py`` when this fails."""
    import importlib.util
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", script)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the script loads
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    assert module.main(["--check"]) == 0
    for svg in module.pictures().values():
        parse(svg)


def test_with_the_boards_pictograms_the_guard_and_alarms_look_as_on_the_board():
    """Issue 11: one visual language: Why? and the sandbox draw the guard and alarms with the board's own
    pictures (static/icons.svg, copied in: no id to clash, nothing to fetch) and colours."""
    svg = floor_svg(4, guard="B2", destination="D4", alarms=["C3"], pictograms=True)
    ET.fromstring(svg)
    assert svg.count('class="bb-guard-text"') == 1 and svg.count('class="bb-alarm-text"') == 1
    assert ' id="' not in svg and "<use" not in svg
    assert 'fill="#ff3b30"' in svg and 'fill="#ffffff"' in svg
    assert ">G</text>" not in floor_svg(4, guard="B2", pictograms=True)
