"""The "What would the guard do?" sandbox (GET /sandbox and /sandbox/case.json): the position in the
query string, taps as links, the guard's turn, tied routes, distances, both readings, share and export,
and hand-edited addresses that are partly wrong."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine.actions import apply
from assistant.engine.board import floorplan
from assistant.engine.cases import run_case, state_from_case
from assistant.engine.bb1.setup import new_game
from assistant.web.sandbox.link import Position, parse, position_of, sandbox_query
from tests.profiles import examples
from tests.web.helpers import HTMX

ROOT = Path(__file__).resolve().parents[2]
SHARED_CASES = ROOT.parent / "shared" / "conformance" / "cases" / "bb1"

# rulebook p.6, card A1 (guard-rules §2.1 example 1)
CARD_A1 = "walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4&guard=D3&target=A1&die=5"
# a layout where the loop rule and the BGA table disagree (shared case 12)
DIFFER = "walls=A1-B1,B1-B2,D1-D2,B2-B3,C2-C3,A3-A4,C3-D3,B4-C4&guard=C4&target=B2&die=5"
# a layout where the BGA table meets one of its blank cells (tests/engine/test_properties.py)
BLANK = "walls=B1-B2,C1-C2,C2-D2,C3-D3&guard=B2&target=D2&die=3"


# -- reading the page ----------------------------------------------------------------------------------

class Links(HTMLParser):
    """Every link of a page: its accessible name (aria-label, else its text) and its address."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, dict[str, str | None]]] = []
        self._open: list[Any] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open.append([dict(attrs), ""])

    def handle_data(self, data: str) -> None:
        for link in self._open:
            link[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            attrs, text = self._open.pop()
            self.found.append((attrs.get("aria-label") or " ".join(text.split()), attrs.get("href") or "", attrs))


def links(page: str) -> list[tuple[str, str, dict[str, str | None]]]:
    parser = Links()
    parser.feed(page)
    return parser.found


def href(page: str, name: str) -> str:
    """The address of the one link whose accessible name starts with ``name``."""
    found = [h for label, h, _ in links(page) if label.startswith(name)]
    assert len(found) == 1, f"{len(found)} links named {name!r}"
    return html.unescape(found[0])


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def alerts(page: str) -> list[str]:
    """The messages the page shows in its alert boxes, one per list item or paragraph."""
    out = []
    for tag, box in re.findall(r'<(div|p) class="error" role="alert">(.*?)</\1>', page, re.DOTALL):
        items = re.findall(r"<li>(.*?)</li>", box, re.DOTALL)
        out += [text(i) for i in items] if tag == "div" else [text(box)]
    return out


def section(page: str, cls: str) -> str:
    match = re.search(rf'<section class="{cls}".*?</section>', page, re.DOTALL)
    assert match, f"no {cls} section"
    return match.group(0)


def path(page: str) -> str:
    match = re.search(r'<p class="sb-path">Path: <b>([^<]*)</b>', page)
    assert match, "no path on the page"
    return match.group(1)


def step_numbers(page: str) -> list[str]:
    """The numbered steps drawn on the main floor picture."""
    board = re.search(r'<div class="sb-board">(.*?)</svg>', page, re.DOTALL)
    assert board
    return re.findall(r'class="bb-step-text bb-step-chosen">(\d+)<', board.group(1))


def tied(page: str) -> list[tuple[str, bool]]:
    return [(text(route), his == "his")
            for his, route in re.findall(r'<li class="(his)?">.*?<span>(.*?)</span></li>', section(page, "sb-ties"),
                                         re.DOTALL)]


def distances_shown(page: str) -> dict[str, int]:
    return {sq: int(d) for sq, d in re.findall(r'data-name="([A-E]\d)">\s*<span class="sb-dist">(\d+)</span>', page)}


def get(client, query: str = "", **headers: str):
    return client.get("/sandbox" + (f"?{query}" if query else ""), headers=headers)


def ok(client, query: str = "") -> str:
    response = get(client, query)
    assert response.status_code == 200, alerts(response.get_data(as_text=True))
    page = response.get_data(as_text=True)
    assert alerts(page) == []
    return page


def follow(client, address: str) -> str:
    return ok(client, urlsplit(address).query)


def query_of(address: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(address).query).items()}


# -- the empty sandbox and the pickers ---------------------------------------------------------------------

def test_empty_sandbox_is_a_bare_floor_with_every_tool_and_says_what_to_do_first(client):
    page = ok(client)
    assert 'id="sandbox"' in page and 'hx-target="this"' in page and 'hx-swap="outerHTML"' in page
    names = [label for label, _, _ in links(page)]
    for tool in ("Walls", "Guard", "Destination", "Alarms", "Next patrol card"):
        assert tool in names
    assert "Empty square" not in names, "the empty square is a Fort Knox (5x5) tool"
    assert [n for n in names if n in "123456"] == ["1", "2", "3", "4", "5", "6"]
    assert "Pick Guard and tap a room" in page and "Pick Destination" in page
    assert "sb-path" not in page
    # with the wall tool every inner gap of a 4x4 floor (24) is a link
    assert len([n for n in names if n.startswith("Add a wall between")]) == 24


def test_every_tap_is_a_plain_link_that_htmx_also_fetches_and_pushes_to_the_address_bar(client):
    page = ok(client, CARD_A1)
    assert 'hx-push-url="true"' in page
    for label, address, attrs in links(page):
        if label.startswith(("Add a wall", "Remove the wall")) or label in ("Guard", "5", "BGA-compatible"):
            assert attrs.get("hx-get") == address and address.startswith("/sandbox")


def test_pickers_change_one_thing_and_keep_the_rest(client):
    page = ok(client, CARD_A1)
    assert query_of(href(page, "3"))["die"] == "3"
    assert query_of(href(page, "BGA-compatible"))["reading"] == "bga"
    assert query_of(href(page, "Guard"))["tool"] == "guard"
    for address in (href(page, "3"), href(page, "BGA-compatible"), href(page, "Guard")):
        assert query_of(address)["walls"] == "B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4"
        assert query_of(address)["guard"] == "D3" and query_of(address)["target"] == "A1"
    empty = query_of(href(page, "Empty floor"))
    assert "walls" not in empty and "guard" not in empty


def test_the_current_choice_of_each_picker_is_marked(client):
    page = ok(client, CARD_A1 + "&tool=alarm&reading=bga")
    current = [label for label, _, attrs in links(page) if attrs.get("aria-current") == "true"]
    assert current == ["Alarms", "5", "BGA-compatible", "4×4"]


# -- building a floor by tapping ---------------------------------------------------------------------------

def test_tapping_a_gap_adds_the_wall_and_tapping_it_again_removes_it(client):
    page = ok(client)
    with_wall = follow(client, href(page, "Add a wall between B1 and B2"))
    assert "walls" not in query_of(href(with_wall, "Remove the wall between B1 and B2"))
    assert 'data-wall="B1-B2"' in with_wall
    without = follow(client, href(with_wall, "Remove the wall between B1 and B2"))
    assert 'data-wall="B1-B2"' not in without and "Add a wall between B1 and B2" in without


def test_rooms_place_the_guard_the_die_alarms_and_patrol_cards(client):
    page = ok(client, "tool=guard")
    page = follow(client, href(page, "Put the guard in D3"))
    assert 'class="bb-guard"' in page and "Take the guard out of D3" in page
    page = follow(client, href(page, "Destination"))
    page = follow(client, href(page, "Put the die (his destination) in A1"))
    assert "Take the die out of A1" in page
    page = follow(client, href(page, "Alarms"))
    page = follow(client, href(page, "Set off an alarm in B2"))
    assert page.count('class="bb-alarm"') == 1 and "Switch off the alarm in B2" in page
    page = follow(client, href(page, "Next patrol card"))
    page = follow(client, href(page, "Add C4 to the next patrol cards"))
    assert '<span class="sb-card">card 1</span>' in page
    assert query_of(href(page, "Take C4 out of the next patrol cards")).get("patrol") is None


def test_the_guard_put_on_an_alarm_switches_it_off(client):
    page = ok(client, "tool=guard&alarms=B2")
    assert "alarms" not in query_of(href(page, "Put the guard in B2"))


def test_fort_knox_floor_has_an_empty_square_tool(client):
    page = ok(client, "size=5&tool=void&walls=C2-C3,A1-B1&guard=C3")
    after = query_of(href(page, "Make C3 an empty square"))
    assert after["void"] == "C3" and after["walls"] == "A1-B1" and "guard" not in after
    page = follow(client, href(page, "Make C3 an empty square"))
    assert "Make C3 a room again" in page and 'class="bb-void"' in page


def test_switching_to_a_smaller_floor_keeps_what_fits():
    position = Position(size=5, void=("E5",), walls=("A1-B1", "D4-E4"), guard="E1", target="B2", alarms=("C3", "A5"),
                        patrol=("D4", "E2"), tool="void")
    smaller = position.resized(4)
    assert (smaller.size, smaller.void, smaller.walls, smaller.guard, smaller.target) == (4, (), ("A1-B1",), None, "B2")
    assert (smaller.alarms, smaller.patrol, smaller.tool) == (("C3",), ("D4",), "wall")


# -- what the guard does --------------------------------------------------------------------------------------

def test_rulebook_card_a1_floor_gives_the_clockwise_path_with_numbered_steps_and_both_tied_routes(client):
    page = ok(client, CARD_A1)
    assert path(page) == "D3-C3-B3-A3-A2-A1"
    assert step_numbers(page) == ["1", "2", "3", "4", "5"]
    assert "He moves 5 this turn (die 5)." in page
    assert tied(page) == [("D3-D2-C2-C1-B1-A1", False), ("D3-C3-B3-A3-A2-A1 his way", True)]
    assert "Every tied route (2)" in page
    # the way he does not take is drawn dashed from the fork in D3 to the rejoin in A1
    assert page.count('class="bb-route bb-route-rejected"') >= 1 + 1  # main picture and its mini picture
    assert "His move ends in A1" in section(page, "sb-turn")


def test_rulebook_card_c4_floor_and_the_bank_floor_1_detour(client):
    assert path(ok(client, "walls=A1-B1,B1-B2,D1-D2,B2-C2,C2-D2,A3-B3,D3-D4,A4-B4&guard=B3&target=C4&die=2")) \
        == "B3-C3-C4"
    bank = "walls=A1-B1,C1-C2,C2-D2,A2-A3,B2-B3,D3-D4,A4-B4,B4-C4&guard=C3&target=C1&die=4"
    assert path(ok(client, bank)) == "C3-C2-B2-B1-C1"


def test_every_room_shows_its_walking_distance_from_the_guard(client):
    page = ok(client, CARD_A1)
    plan = floorplan(4, walls=CARD_A1.split("&")[0].removeprefix("walls=").split(","))
    assert distances_shown(page) == {room: plan.distance(room, "D3") for room in plan.rooms}
    assert distances_shown(page)["D3"] == 0 and distances_shown(page)["A1"] == 5


def test_speed_adds_the_alarms_and_after_arriving_he_heads_for_the_nearest_alarm(client):
    page = ok(client, "guard=A1&target=A3&die=2&alarms=A3,D4")
    assert "He moves 4 this turn (die 2 + 2 alarms)." in page
    assert path(page) == "A1-A2-A3-B3-C3"
    assert "He switches off the alarm in A3." in page


def test_a_set_patrol_card_completes_the_turn(client):
    """guard-rules §2.1 example 3 (rulebook p.5): he reaches B1, the next card is D1, he steps to C1."""
    walls = "walls=A1-B1,D1-D2,B2-C2,C2-D2,A3-B3,B3-C3,B3-B4,D3-D4"
    page = ok(client, f"{walls}&guard=B2&target=B1&die=2&patrol=D1")
    assert path(page) == "B2-B1-C1"
    assert "Next patrol card: D1." in page and "sb-stop" not in page


def test_without_a_patrol_card_the_turn_stops_where_he_needs_one(client):
    walls = "walls=A1-B1,D1-D2,B2-C2,C2-D2,A3-B3,B3-C3,B3-B4,D3-D4"
    page = ok(client, f"{walls}&guard=B2&target=B1&die=2")
    assert path(page) == "B2-B1"
    assert "He is in B1 with 1 move left" in page and "next patrol card decides" in page


def test_a_card_showing_his_own_room_is_drawn_again(client):
    walls = "walls=A1-B1,D1-D2,B2-C2,C2-D2,A3-B3,B3-C3,B3-B4,D3-D4"
    page = ok(client, f"{walls}&guard=B2&target=B1&die=2&patrol=B1,D1")
    assert path(page) == "B2-B1-C1"


def test_two_alarms_equally_near_are_the_players_choice(client):
    page = ok(client, "size=5&void=C3&guard=C2&target=C4&die=4&alarms=A5,E5")
    assert path(page) == "C2-D2-D3-D4-C4"
    assert "Alarms in A5, E5 are equally near him: the players choose" in page


def test_shared_conformance_cases_walk_the_same_in_the_sandbox(client):
    """Every one-floor guard-turn case of ../shared (no crew, no tiles, no reshuffle) as a sandbox link."""
    if not SHARED_CASES.exists():
        pytest.skip(f"no conformance cases in {SHARED_CASES}")
    checked = 0
    for source in sorted(SHARED_CASES.glob("*.json")):
        case = json.loads(source.read_text())
        floors = case.get("floors", {})
        fl = floors.get("1", {})
        entered = case.get("expect", {}).get("floors", {}).get("1", {}).get("entered")
        if (list(floors) != ["1"] or case.get("actions") != [{"do": "guard_turn", "floor": 1}] or case.get("crew")
                or fl.get("tiles") or fl.get("discard") or case.get("reshuffle") or entered is None
                or case.get("players", 4) != 4 or case.get("choices")):
            continue
        query = {"size": str(case.get("size", 4)), "void": ",".join(case.get("void", [])),
                 "walls": ",".join(fl.get("walls", [])), "guard": fl["guard"], "target": fl["destination"],
                 "die": str(fl.get("die", 2)), "alarms": ",".join(fl.get("alarms", [])),
                 "patrol": ",".join(fl.get("patrol", [])), "reading": case.get("tiebreak", "rulebook")}
        page = ok(client, "&".join(f"{k}={v}" for k, v in query.items()))
        assert path(page) == "-".join([fl["guard"], *entered]), source.name
        checked += 1
    assert checked >= 10


# -- the two readings ----------------------------------------------------------------------------------------

def test_where_the_readings_differ_both_routes_are_drawn_side_by_side_with_where_they_part(client):
    page = ok(client, DIFFER)
    readings = section(page, "sb-readings")
    figures = re.findall(r"<figcaption>(.*?)</figcaption>", readings, re.DOTALL)
    assert [text(f) for f in figures] == ["Rulebook (loop rule): C4-C3-B3-A3-A2-B2",
                                          "BGA-compatible: C4-D4-D3-D2-C2-B2"]
    assert readings.count('class="bb-floor"') == 2  # two floors (their pieces are nested svgs)
    assert "bb-route-chosen" in readings and "bb-route-alternative" in readings
    sentence = text(re.search(r'<p class="sb-difference">(.*?)</p>', readings, re.DOTALL).group(1))
    assert sentence == ("The readings part in C4: the rulebook's loop rule steps to C3, the BGA-compatible table to "
                        "D4; the two ways meet again in B2, 5 steps later.")


def test_switching_to_the_bga_reading_walks_its_way_and_still_shows_both(client):
    page = ok(client, DIFFER + "&reading=bga")
    assert path(page) == "C4-D4-D3-D2-C2-B2"
    assert "BGA-compatible: C4-D4-D3-D2-C2-B2" in text(section(page, "sb-readings"))
    assert ("C4-D4-D3-D2-C2-B2 his way", True) in tied(page)


def test_where_the_readings_agree_there_is_no_comparison(client):
    assert '<section class="sb-readings"' not in ok(client, CARD_A1)


def test_a_blank_cell_of_the_bga_table_is_said_in_words_not_a_crash(client):
    page = ok(client, BLANK + "&reading=bga")
    assert "sb-path" not in page
    stop = text(re.search(r'<p class="sb-stop">(.*?)</p>', page, re.DOTALL).group(1))
    assert stop.startswith("The BGA reading has no answer in B2") and "A2, C2, B3" in stop
    assert "The BGA reading has no answer here: at B2" in section(page, "sb-readings")
    # the rulebook reading decides the same floor
    assert path(ok(client, BLANK)) == "B2-A2-A1-B1"


# -- addresses: share link, partial for htmx, bad parts -----------------------------------------------------------

def test_the_share_link_is_the_absolute_address_phones_use(client, monkeypatch):
    monkeypatch.setattr("assistant.web.phones.share.lan_url", lambda port, scheme="http": f"{scheme}://192.168.7.7:{port}/")
    page = ok(client, CARD_A1 + "&tool=guard")
    share = html.unescape(re.search(r'id="sb-link"[^>]*value="([^"]*)"', page).group(1))
    assert share.startswith("http://192.168.7.7:80/sandbox?")
    assert parse(query_of(share)) == parse(dict(p.split("=") for p in (CARD_A1 + "&tool=guard").split("&")))


def test_without_a_network_the_share_link_is_the_address_in_use(client, monkeypatch):
    monkeypatch.setattr("assistant.web.phones.share.lan_url", lambda port, scheme="http": None)
    page = ok(client, CARD_A1 + "&tool=guard")
    share = html.unescape(re.search(r'id="sb-link"[^>]*value="([^"]*)"', page).group(1))
    assert share.startswith("http://localhost/sandbox?")
    assert parse(query_of(share)) == parse(dict(p.split("=") for p in (CARD_A1 + "&tool=guard").split("&")))


def test_the_share_link_uses_the_tables_lan_address_when_the_app_knows_it(app, client):
    app.config["PUBLIC_URL"] = "http://192.168.1.20:8000/"
    page = ok(client, CARD_A1)
    assert 'value="http://192.168.1.20:8000/sandbox?walls=' in page


def test_htmx_gets_the_component_alone_and_the_tidied_address(client):
    response = get(client, "walls=b2-b1,A1-B1,B1-B2,garbage&guard=d3", **HTMX)
    assert response.status_code == 200  # htmx swaps only 2xx answers
    body = response.get_data(as_text=True)
    assert body.startswith('<div id="sandbox"') and "<html" not in body
    assert response.headers["HX-Push-Url"] == "/sandbox?walls=B1-B2,A1-B1&guard=D3"
    assert "HX-Request" in response.headers["Vary"]
    assert any("garbage" in a.lower() for a in alerts(body))


def test_htmx_restoring_history_gets_the_whole_page(client):
    response = get(client, CARD_A1, **HTMX, **{"HX-History-Restore-Request": "true"})
    assert response.status_code == 200 and "<html" in response.get_data(as_text=True)


def test_a_wall_that_cuts_the_floor_in_two_is_refused_and_the_position_kept(client):
    page = ok(client, "walls=A1-B1")
    refused = get(client, urlsplit(href(page, "Add a wall between A1 and A2")).query, **HTMX)
    body = refused.get_data(as_text=True)
    assert refused.status_code == 200
    assert alerts(body) == [("A wall A1-A2 would shut A1 off from the rest of the floor, and every room must stay "
                             "reachable: it was left out.")]
    assert refused.headers["HX-Push-Url"] == "/sandbox?walls=A1-B1"
    assert 'data-wall="A1-B1"' in body and 'data-wall="A1-A2"' not in body


CARD_A1_PARAMS = dict(part.split("=") for part in CARD_A1.split("&"))


@pytest.mark.parametrize("key, value, kept, says", [
    ("size", "7", {"size": 4}, ["4x4 or 5x5", "7"]),
    ("size", "", {"size": 4}, ["4x4 or 5x5"]),
    ("die", "9", {"die": 2}, ["1 to 6", "9"]),
    ("die", "0", {"die": 2}, ["1 to 6", "0"]),
    ("die", "five", {"die": 2}, ["1 to 6", "five"]),
    ("guard", "E1", {"guard": None}, ["E1", "off the board"]),
    ("guard", "Z", {"guard": None}, ["not a square name"]),
    ("target", "A9", {"target": None}, ["A9"]),
    ("walls", "A1-C1", {}, ["A1-C1", "neighbour"]),
    ("walls", "A1-B1-C1", {}, ["not a wall"]),
    ("walls", "%%%", {}, ["not a wall"]),
    ("alarms", "D3", {"alarms": ()}, ["guard's room"]),
    ("alarms", "Q1", {"alarms": ()}, ["Q1"]),
    ("patrol", "E4", {"patrol": ()}, ["E4"]),
    ("void", "F9", {"void": ()}, ["F9"]),
    ("reading", "clockwise", {"reading": "rulebook"}, ["clockwise", "rulebook or bga"]),
    ("tool", "hammer", {"tool": "wall"}, ["hammer"]),
])
def test_a_bad_part_of_a_hand_edited_address_is_left_out_with_a_message_and_the_rest_kept(client, key, value, kept,
                                                                                         says):
    query = dict(CARD_A1_PARAMS)
    query[key] = f"{query[key]},{value}" if key == "walls" else value
    response = client.get("/sandbox", query_string=query)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert len(alerts(page)) == 1 and all(word in alerts(page)[0] for word in says), alerts(page)
    position, _ = parse(query)
    for field, want in kept.items():
        assert getattr(position, field) == want
    assert position.walls == ("B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4")
    if key not in ("guard", "target", "die"):
        assert path(page) == "D3-C3-B3-A3-A2-A1", "the rest of the position still plays"


def test_an_empty_square_that_cuts_off_a_room_is_left_out():
    position, problems = parse({"size": "5", "void": "B1,A2"})
    assert position.void == ("B1",)
    assert problems == ["An empty square in A2 would shut A1 off from the rest of the floor: it was left out."]


def test_an_overlong_list_is_cut_short_with_a_message():
    position, problems = parse({"alarms": ",".join(["A1"] * 500)})
    assert position.alarms == ("A1",)
    assert problems == ["Only the first 64 alarms were read: no floor has more."]


@settings(max_examples=examples(60), deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # the client keeps no state between calls
@given(st.dictionaries(st.sampled_from(["size", "void", "walls", "guard", "target", "die", "alarms", "patrol",
                                        "reading", "tool"]),
                       st.text(alphabet="ABCDE12345-,; xz%\u00e9\x00", max_size=24), max_size=6))
def test_no_address_gives_a_server_error(client, query):
    response = client.get("/sandbox", query_string=query)
    assert response.status_code in (200, 422)
    assert "Traceback" not in response.get_data(as_text=True)
    export = client.get("/sandbox/case.json", query_string=query)
    assert export.status_code in (200, 422)
    assert ("error" in export.get_json()) == (export.status_code == 422)


# -- export -------------------------------------------------------------------------------------------------------

def test_export_downloads_the_position_as_a_case_whose_expect_is_what_the_engine_computes(client):
    response = client.get(f"/sandbox/case.json?{CARD_A1}&patrol=C4")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == "attachment; filename=sandbox-d3-a1.json"
    case = response.get_json()
    state = state_from_case(case)
    assert state.floors[1].guard == "D3" and state.floors[1].destination == "A1" and state.floors[1].die == 5
    assert sorted(state.floors[1].walls) == sorted(CARD_A1.split("&")[0].removeprefix("walls=").split(","))
    result = run_case(case)
    assert case["expect"] == {"floors": result["floors"], "caught": result["caught"]}
    assert case["expect"]["floors"]["1"]["entered"] == ["C3", "B3", "A3", "A2", "A1"]
    assert case["expect"]["floors"]["1"]["destination"] == "C4"
    assert case["actions"] == [{"do": "guard_turn", "floor": 1}] and case["tiebreak"] == "rulebook"


def test_exported_bga_case_keeps_its_reading(client):
    case = client.get(f"/sandbox/case.json?{DIFFER}&patrol=D1&reading=bga").get_json()
    assert case["tiebreak"] == "bga"
    assert case["expect"]["floors"]["1"]["entered"] == ["D4", "D3", "D2", "C2", "B2"]
    assert run_case(case)["floors"] == case["expect"]["floors"]


def test_exported_case_with_an_alarm_tie_expects_the_players_choice(client):
    case = client.get("/sandbox/case.json?size=5&void=C3&guard=C2&target=C4&die=4&alarms=A5,E5").get_json()
    assert case["expect"]["needs_choice"] == {"options": ["A5", "E5"]} == run_case(case)["needs_choice"]


def test_export_is_refused_while_the_turn_needs_a_patrol_card_nobody_set(client):
    response = client.get(f"/sandbox/case.json?{CARD_A1}")
    assert response.status_code == 422
    assert "patrol card" in response.get_json()["error"]
    page = ok(client, CARD_A1)
    assert "pick the next patrol card first" in page and "Export as a conformance case" not in page
    assert "Export as a conformance case" in ok(client, CARD_A1 + "&patrol=C4")


def test_export_of_a_partly_wrong_address_is_refused_rather_than_guessed(client):
    query = {**CARD_A1_PARAMS, "patrol": "C4", "walls": CARD_A1_PARAMS["walls"] + ",A1-C3"}
    response = client.get("/sandbox/case.json", query_string=query)
    assert response.status_code == 422 and "A1-C3" in response.get_json()["error"]


def test_the_export_link_carries_the_same_position(client):
    page = ok(client, CARD_A1 + "&patrol=C4")
    export = html.unescape(re.search(r'<a class="button" href="([^"]*)" download>', page).group(1))
    assert export.startswith("/sandbox/case.json?") and parse(query_of(export)) == parse(query_of("?" + CARD_A1 +
                                                                                                  "&patrol=C4"))


# -- a game floor as a sandbox ---------------------------------------------------------------------------------

def test_sandbox_query_of_a_game_floor_opens_the_same_position(client):
    state = apply(new_game("bank", [{"name": "Ann"}, {"name": "Bob"}], seed=7), {"do": "start"}).state
    state = apply(state, {"do": "alarm", "floor": 1, "at": "D4" if state.floors[1].guard != "D4" else "A4"}).state
    params = sandbox_query(state, 1)
    fl = state.floors[1]
    assert params["guard"] == fl.guard and params["target"] == fl.destination and params["alarms"] == fl.alarms[0]
    assert "patrol" not in params, "the deck the table has not drawn stays secret"
    position, problems = parse(params)
    assert problems == [] and position == position_of(state, 1)
    assert sorted(position.walls) == sorted(fl.walls)
    page = ok(client, "&".join(f"{k}={v}" for k, v in params.items()))
    assert path(page).startswith(fl.guard)


def test_sandbox_query_leaves_out_defaults_and_reads_the_tie_break_setting():
    state = state_from_case({"tiebreak": "bga", "floors": {"1": {"walls": [], "die": 2}, "2": {"guard": "B2"}}})
    assert sandbox_query(state, 1) == {"reading": "bga"}
    assert sandbox_query(state, 2) == {"guard": "B2", "reading": "bga"}


def test_every_floor_of_the_board_opens_the_sandbox_on_that_floor(client) -> None:
    """Issue 5: the sandbox starts from the current floor; the link carries its walls and guard."""
    from tests.web.helpers import game, new_heist
    gid = new_heist(client)
    client.post(f"/games/{gid}/act", data={"do": "start"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    state = game(client.application, gid).state
    for n in state.floors:
        link = sandbox_url_of(page, n, client)
        assert link.startswith("/sandbox?")
        opened = client.get(link)
        assert opened.status_code == 200
        assert "role=\"alert\"" not in opened.get_data(as_text=True)
    assert f"guard={state.floors[1].guard}" in sandbox_url_of(page, 1, client)


def sandbox_url_of(page: str, floor: int, client) -> str:
    """Where the floor's What if…? link leads: the sandbox with the floor as it is when it is tapped."""
    import html
    import re
    section = page[page.index(f'id="floor-{floor}"'):]
    board_link = html.unescape(re.search(r'class="whatif" href="([^"]+)"', section).group(1))
    response = client.get(board_link)
    assert response.status_code == 302
    return response.headers["Location"]


@pytest.mark.parametrize(("lang", "named"), [("fr", "étage 4x4, 2 murs, gardien en D3, dé en A1"),
                                              ("es", "planta de 4x4, 2 muros, guarda en D3, dado en A1")])
def test_a_screen_reader_hears_the_floor_in_the_pages_language(client, lang, named):
    """Issue 26 §7: the floor picture's accessible name (its <title>) is said in the reader's language."""
    page = client.get(f"/sandbox?walls=A1-B1,C3-C4&guard=D3&target=A1&die=5&lang={lang}").get_data(as_text=True)
    assert f"<title>{named}, " in page  # then the routes drawn
