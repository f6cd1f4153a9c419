"""Issue 22 §3: every log line one of our rulings decided carries the ruling badge, a link to that ruling's
row of the rulings table (docs/rulings.md), in the board's log, the whole log and the sandbox."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from assistant.engine.cases import state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.log import KINDS
from assistant.files import ROOT
from assistant.reference.ruling_rows import ROWS, ruling_anchor
from assistant.reference.rulings_table import read, row_anchor
from tests.engine.helpers import burglar, case, floor_case, move, play, position
from tests.engine.test_table_bb1 import end_turn, member, quiet_floor
from tests.web.helpers import act_ok, store

RULINGS = ROOT / "docs" / "rulings.md"
CASES = sorted((ROOT.parent / "shared" / "conformance" / "cases").glob("*/*.json")) + sorted(
    (ROOT / "tests" / "conformance").glob("*/*.json"))
FIRST_ARRIVAL = "first-arrival-on-a-floor-that-also-triggers-an-alarm"


def anchors() -> set[str]:
    return {a for section in read(RULINGS, lambda rule: None) for a in section.anchors}


def first_arrival_on_a_camera():
    """guard-rules 1.13 ruling: ana climbs to floor 2 onto a camera the floor-1 guard watches from his own."""
    return position(floor_case("B1", "D1", 2, tiles={"B1": "camera"}),
                    floor_case(None, None, 3, patrol=["A1", "D4", "B4"], tiles={"C3": "camera"}),
                    crew={"ana": burglar("C3")})


def test_every_row_a_log_line_can_link_to_is_a_row_of_the_rulings_table():
    rows = anchors()
    assert {row_anchor(topic) for _, topic in ROWS} <= rows
    assert FIRST_ARRIVAL in rows
    assert all(codes["kind"] in KINDS for codes, _ in ROWS)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_ruling_line_of_the_conformance_cases_finds_its_row(path: Path):
    """Each line the engine marks as a ruling, in every case we keep, names the row that decided it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    lines = []
    try:
        state = state_from_case(data)
        for action in data.get("actions") or []:
            out = play(state, action, answers=list(data.get("choices") or []))
            state = out.state
            lines += out.log
            if out.question:
                break
    except RulesError:
        pass  # a case about a refusal: the lines before it are checked
    rows = anchors()
    for entry in lines:
        if entry.ruling:
            assert ruling_anchor(entry.as_dict()) in rows, entry


def _lavatory_room_token():
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"}),
                 crew={"ana": burglar("B1", stealth=1)})
    return play(s, end_turn(), answers=["room"])


def _tiara_next_to_the_guard():
    return play(position(floor_case("B2", "D4", 2), crew={"ana": burglar("A3", loot=["tiara"])}), move("ana", "B3"))


def _acrobat_stays_in_the_guards_room():
    s = position(floor_case("B2", "D4", 1, patrol=["D1"]), crew={"acro": member("A2", character="acrobat")})
    return play(s, move("acro", "B2"), end_turn())


def _thermo_when_her_actions_end():
    return play(position(quiet_floor({"B2": "thermo"}), crew={"ana": member("B2")}), end_turn())


@pytest.mark.parametrize("played,kind,topic", [
    (_lavatory_room_token, "stealth", "Lavatory (and a Smoke Bomb's tokens)"),
    (_tiara_next_to_the_guard, "stealth", "Tiara and walls"),
    (_acrobat_stays_in_the_guards_room, "stealth", "Acrobat (basic)"),
    (_thermo_when_her_actions_end, "thermo", "Motion, Thermo, Detector, Laser, Fingerprint"),
], ids=["lavatory", "tiara", "acrobat", "thermo"])
def test_a_stealth_or_alarm_line_decided_by_a_ruling_links_to_its_row(played, kind: str, topic: str):
    """§1.22 Lavatory, Acrobat (basic), Thermo: when it is checked; 1.17 Tiara and walls (docs/rulings.md): the
    line the ruling decides carries the badge, and it leads to that row."""
    line = next(e for e in played().log if e.kind == kind)
    assert line.ruling and ruling_anchor(line.as_dict()) == row_anchor(topic)
    assert row_anchor(topic) in anchors()


def test_the_first_arrival_with_an_alarm_links_its_die_lines_to_the_1_13_row():
    out = play(first_arrival_on_a_camera(), {**move("ana", "C3", floor=2), "via": "stairs"})
    marked = [e for e in out.log if e.ruling]
    assert [e.kind for e in marked] == ["destination", "destination"]
    assert {ruling_anchor(e.as_dict()) for e in marked} == {FIRST_ARRIVAL}
    assert all(ruling_anchor(e.as_dict()) is None for e in out.log if not e.ruling)


def test_the_crows_lost_move_links_to_the_ravens_row():
    """§1.22 Raven: the move he loses in the crow's room is the ruling's own line."""
    s = position(floor_case("A1", "D1", 4, patrol=["D4"]), crew={"raven": burglar("D2")})
    out = play(s, {"do": "crow", "who": "raven", "at": "C1"}, {"do": "guard_turn", "floor": 1})
    slows = [e for e in out.log if e.kind == "crow" and e.data.get("how") == "slows"]
    assert [ruling_anchor(e.as_dict()) for e in slows] == ["ravens-crow"]
    assert [ruling_anchor(e.as_dict()) for e in out.log if e.kind == "crow" and e.data.get("how") == "lands"] == [None]


def badges(page: str) -> list[tuple[str, str]]:
    return [(html.unescape(href), label) for href, label in
            re.findall(r'<a class="rule ruling-badge" href="([^"]+)"[^>]*>([^<]*)<b>', page)]


def test_the_board_log_and_the_whole_log_link_the_first_arrival_to_its_ruling(app, client):
    gid = store(app).create("Climb", state_from_case(case(
        floor_case("B1", "D1", 2, tiles={"B1": "camera"}),
        floor_case(None, None, 3, patrol=["A1", "D4", "B4"], tiles={"C3": "camera"}), crew={"ana": burglar("C3")})))
    page = act_ok(client, gid, do="move", who="ana", to="C3", floor=2, via="stairs")
    expected = [(f"/rules/rulings#{FIRST_ARRIVAL}", "1.13 ")] * 2
    assert badges(page) == expected
    whole = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert badges(whole) == expected
    rulings = client.get("/rules/rulings").get_data(as_text=True)
    assert f'<tr id="{FIRST_ARRIVAL}">' in rulings


def test_a_line_of_no_ruling_has_no_badge(app, client):
    gid = store(app).create("Walk", state_from_case(case(floor_case("A1", "D4", 2, patrol=["B1"]),
                                                         crew={"ana": burglar("C3")})))
    page = act_ok(client, gid, do="end_turn")
    assert 'class="rule"' in page
    assert badges(page) == []
