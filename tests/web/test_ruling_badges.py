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
            assert ruling_anchor(entry) in rows, entry


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
    assert line.ruling and ruling_anchor(line) == row_anchor(topic)
    assert row_anchor(topic) in anchors()


def test_the_first_arrival_with_an_alarm_links_its_die_lines_to_the_1_13_row():
    out = play(first_arrival_on_a_camera(), {**move("ana", "C3", floor=2), "via": "stairs"})
    marked = [e for e in out.log if e.ruling]
    assert [e.kind for e in marked] == ["destination", "destination"]
    assert {ruling_anchor(e) for e in marked} == {FIRST_ARRIVAL}
    assert all(ruling_anchor(e) is None for e in out.log if not e.ruling)


def test_the_crows_lost_move_links_to_the_ravens_row():
    """§1.22 Raven: the move he loses in the crow's room is the ruling's own line."""
    s = position(floor_case("A1", "D1", 4, patrol=["D4"]), crew={"raven": burglar("D2")})
    out = play(s, {"do": "crow", "who": "raven", "at": "C1"}, {"do": "guard_turn", "floor": 1})
    slows = [e for e in out.log if e.kind == "crow" and e.data.get("how") == "slows"]
    assert [ruling_anchor(e) for e in slows] == ["ravens-crow"]
    assert [ruling_anchor(e) for e in out.log if e.kind == "crow" and e.data.get("how") == "lands"] == [None]


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


# -- the turn-4 rulings of §1.22 (issue 38): each has its row, and the lines they decide link there -----------------

GUARD_RULES = ROOT.parent / "shared" / "rules" / "guard-rules.md"
TURN_4 = re.compile(r"\s*\((?:new|changed), turn 4\)$")
# guard-rules.md §1.22's topics marked "turn 4", as docs/rulings.md names its rows (the mark left off); checked
# against ../shared when it is there, so a row added to §1.22 fails until docs/rulings.md has it
TURN_4_TOPICS = (
    "Sight after any placement", "Go With Your Gut", "Thermal Bomb holes", "The Painting",
    "Acrobat (advanced) climbing into a locked Keypad", "Lost Visual with an alarm",
    "Escape and cracking a safe are checked", "One of each card", "The table's patrol deck",
    "bb2: Undercover chip jump", "Time Lock", "Juicer's alarm tokens", "Deadbolt moved into face down",
    "Go With Your Gut into a Laser or Deadbolt", 'Effects "until your next turn" when that burglar has escaped',
    "Escaped burglars are out of the building", "Peeking is not moving", "A Safe holds at most 6 dice",
)


def turn_4_topics_of_the_spec() -> list[str]:
    """The topic of every §1.22 row guard-rules.md marks "turn 4", its mark left off."""
    text = GUARD_RULES.read_text(encoding="utf-8").split("### 1.22", 1)[1].split("\n## ", 1)[0]
    topics = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")]
    return [TURN_4.sub("", t) for t in topics if TURN_4.search(t)]


@pytest.mark.skipif(not GUARD_RULES.exists(), reason="../shared is not beside the project")
def test_the_turn_4_topics_are_those_of_guard_rules_1_22():
    assert sorted(turn_4_topics_of_the_spec()) == sorted(TURN_4_TOPICS)


@pytest.mark.parametrize("topic", TURN_4_TOPICS)
def test_every_turn_4_ruling_of_1_22_is_a_row_of_the_rulings_table_saying_where_it_is_tested(topic: str):
    """Issue 38: §1.22 wins, so docs/rulings.md (the app's rulings page) has a row for each turn-4 ruling, named
    as §1.22 names it, marked turn 4 and naming the tests that check it."""
    assert row_anchor(topic) in anchors(), f"docs/rulings.md has no row for §1.22 '{topic}'"
    lines = RULINGS.read_text(encoding="utf-8").splitlines()
    row = next(line for line in lines if line.startswith("| ") and row_anchor(line.split("|")[1].strip()) ==
               row_anchor(topic))
    done = row.split("|")[3]
    assert "turn 4" in done and re.search(r"Tested: .*test_\w+\.py", done), done


def test_the_rulings_page_leaves_the_test_names_to_the_document(client):
    """The players' page says what the app does; the rows' closing "Tested: ..." is the developers' (and test
    names would be words the reference search matched)."""
    page = client.get("/rules/rulings").get_data(as_text=True)
    assert f'<tr id="{row_anchor("Time Lock")}">' in page
    assert "Tested:" not in page and "test_time_lock" not in page
    assert "Tested: " in RULINGS.read_text(encoding="utf-8")


def _gut_with_no_room_next_to_her():
    from tests.engine.test_turn4_events import gut, member, quiet
    return play(position(quiet({"A1": "camera", "A3": "foyer"}, walls=["A2-B2"]), crew={"ana": member("A2")}), gut())


def _into_a_face_down_deadbolt():
    from tests.engine.test_turn4_events import member, quiet
    return play(position(quiet(), crew={"ana": member("A2")}), {**move("ana", "B2"), "type": "deadbolt", "number": 1})


def _gut_into_a_deadbolt():
    from tests.engine.test_turn4_events import gut, member, quiet
    return play(position(quiet(), crew={"ana": member("A2")}), gut("B2", type="deadbolt", number=1))


def _gut_into_a_keypad():
    from tests.engine.test_turn4_events import gut, member, quiet
    return play(position(quiet(), crew={"ana": member("A2")}), gut("B2", type="keypad", number=4), answers=["1-5"])


def _acrobat_climbs_into_a_keypad():
    from tests.engine.test_turn4_events import member, two_floors
    s = position(*two_floors({}, {"B2": "keypad"}), crew={"ana": member("B2", character="acrobat", side="advanced")})
    return play(s, {**move("ana", "B2", floor=2), "via": "ability"}, answers=["missed"])


def _dead_drop_with_nobody_else_inside():
    from tests.engine.test_turn4_stairs_and_escapes import crew_of_three, escaped
    from tests.engine.helpers import event
    return play(escaped(crew_of_three(), "ana", "bob"), event("dead_drop", who="cat"))


def _time_lock_of_a_burglar_who_escaped():
    from tests.engine.test_turn4_stairs_and_escapes import LASTING, escaped, three
    s = escaped(play(three(), LASTING["time_lock"][0]).state, "bob")
    return play(play(s, end_turn(), end_turn()).state, end_turn())


def _back_from_lost_visual_with_an_alarm():
    from assistant.engine.state import LOST_VISUAL
    from tests.engine.helpers import alarm, turn
    lost = play(position(floor_case("A1", "B1", 2, patrol=[LOST_VISUAL, "C3", "D1", "A4"])), turn(), alarm("D4"))
    return play(lost.state, turn())


@pytest.mark.parametrize("played,kind,how,topic", [  # how: data["how"], or data["why"] of a die line
    (_gut_with_no_room_next_to_her, "no_effect", "gut_no_room", "Go With Your Gut"),
    (_into_a_face_down_deadbolt, "deadbolt", "unpeeked", "Deadbolt moved into face down"),
    (_gut_into_a_deadbolt, "deadbolt", "one_action", "Go With Your Gut into a Laser or Deadbolt"),
    (_gut_into_a_keypad, "keypad", "missed", "Go With Your Gut into a Laser or Deadbolt"),
    (_acrobat_climbs_into_a_keypad, "keypad", "missed", "Acrobat (advanced) climbing into a locked Keypad"),
    (_dead_drop_with_nobody_else_inside, "no_effect", "dead_drop_alone", "Escaped burglars are out of the building"),
    (_time_lock_of_a_burglar_who_escaped, "time_lock", "over",
     'Effects "until your next turn" when that burglar has escaped'),
    (_back_from_lost_visual_with_an_alarm, "destination", "patrol_card", "Lost Visual with an alarm"),
], ids=["gut-no-room", "deadbolt", "gut-deadbolt", "gut-keypad", "acrobat-keypad", "dead-drop", "time-lock-over",
        "lost-visual"])
def test_a_line_a_turn_4_ruling_decides_links_to_its_row(played, kind: str, how: str, topic: str):
    """§1.22 turn 4 (each row named in the parameters): the (first) line the ruling decides carries the badge, and
    it leads to that row of docs/rulings.md."""
    line = next(e for e in played().log if e.kind == kind and how in (e.data.get("how"), e.data.get("why")))
    assert line.ruling and ruling_anchor(line) == row_anchor(topic), line
    assert row_anchor(topic) in anchors()


def test_an_effect_that_ends_at_its_users_own_next_turn_is_no_ruling():
    """§1.22 'Effects "until your next turn"': the card's own text ends it when its user is still inside, so that
    line has no badge; only an escaped user's is ours."""
    from tests.engine.test_turn4_stairs_and_escapes import LASTING, three
    s = play(three(), LASTING["time_lock"][0]).state
    out = play(play(s, end_turn(), end_turn()).state, end_turn())
    over = [e for e in out.log if e.kind == "time_lock"]
    assert [(e.data["how"], e.ruling, ruling_anchor(e)) for e in over] == [("over", False, None)]


def test_the_lost_visual_return_with_an_alarm_no_longer_links_to_the_waiting_floors_row():
    """§1.22 'Lost Visual with an alarm': the returning guard had appeared long before, so his die lines are not
    those of a floor whose guard has not appeared yet (1.13); they say 1.20."""
    marked = [e for e in _back_from_lost_visual_with_an_alarm().log if e.ruling]
    assert [(e.kind, e.rule, e.data["why"]) for e in marked] == [("destination", "1.20", "patrol_card"),
                                                                ("destination", "1.20", "nearest_alarm")]
