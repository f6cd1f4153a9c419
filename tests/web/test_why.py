"""Why? on the log: every line with a rule links to GET /games/<key>/why/<seq>/<index>, which htmx drops
into a panel and a plain link opens as a page; both show the floor with the overlays, the sentence and
the rule with its reference. Rule numbers are guard-rules.md's."""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import state_from_case
from tests.engine.helpers import BANK_F1, burglar, case, floor_case
from tests.web.helpers import HTMX, act_ok, break_in, game, new_heist, state, store

CARD_A1_WALLS = ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"]
CARD_C4_WALLS = ["A1-B1", "B1-B2", "D1-D2", "B2-C2", "C2-D2", "A3-B3", "D3-D4", "A4-B4"]


def why_links(page: str) -> list[str]:
    return re.findall(r'<a class="why-link" href="([^"]+)"', page)


def guard_moved(app: Flask, client: FlaskClient, walls: list[str], guard: str, die_at: str, die: int,
                **kwargs: object) -> tuple[str, str]:
    """A one-floor position made in the store, its guard moved once: (game id, the board page)."""
    gid = store(app).create("Figure", state_from_case(case(floor_case(guard, die_at, die, walls=walls,
                                                                       patrol=["A4"]), **kwargs)))
    page = act_ok(client, gid, do="guard_turn", floor=1)
    return gid, page


def section(page: str, css_class: str) -> str:
    match = re.search(rf'<[a-z]+ class="{css_class}"[^>]*>(.*?)</(p|div|dl)>', page, re.DOTALL)
    assert match, f"no {css_class} in the why-view"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).strip()


# -- the three figures: the chosen and the rejected route are named and drawn ---------------------------

@pytest.mark.parametrize(("walls", "guard", "die_at", "die", "chosen", "rejected"), [
    pytest.param(CARD_A1_WALLS, "D3", "A1", 5, "D3 C3 B3 A3 A2 A1", "D3 D2 C2 C1 B1 A1", id="rulebook-p6-card-a1"),
    pytest.param(CARD_C4_WALLS, "B3", "C4", 2, "B3 C3 C4", "B3 B4 C4", id="rulebook-p6-card-c4"),
    pytest.param(BANK_F1, "C3", "C1", 4, "C3 C2 B2 B1 C1", "C3 D3 D2 D1 C1", id="bank-floor-1-c3-to-c1"),
])
def test_why_of_the_first_step_draws_the_clockwise_route_and_the_one_left(app, client, walls, guard, die_at, die,
                                                                       chosen, rejected):
    """§2: the why of the step at the fork draws both tied routes, the fork and the rejoin."""
    _, page = guard_moved(app, client, walls, guard, die_at, die)
    step = why_links(page)[1]  # line 0 is the speed, line 1 his first step
    view = client.get(step, headers=HTMX).get_data(as_text=True)
    assert "<html" not in view
    assert f"via {chosen.split()[1]} and via {rejected.split()[1]}" in section(view, "why-sentence")
    description = re.search(r"<desc>(.*?)</desc>", view, re.DOTALL)
    assert description and f": {chosen}." in description.group(1) and f": {rejected}." in description.group(1)
    assert view.count('class="bb-route bb-route-chosen"') == 1
    assert view.count('class="bb-route bb-route-rejected"') == 1
    assert 'class="bb-mark bb-mark-fork"' in view and 'class="bb-mark bb-mark-rejoin"' in view
    assert "BB1 rulebook p.6" in view and "guard-rules §2" in view


def test_a_tie_break_why_is_marked_as_a_ruling_with_its_switch(app, client):
    """rulings.md: the tie-break reading is chosen at setup; the why-view says so under a Ruling badge."""
    _, page = guard_moved(app, client, CARD_A1_WALLS, "D3", "A1", 5, tiebreak="bga")
    view = client.get(why_links(page)[1], headers=HTMX).get_data(as_text=True)
    assert 'class="badge why-ruling"' in view
    assert section(view, "why-switch").endswith("This heist uses the BGA-compatible reading.")
    assert "BGA-compatible reading, which settles a split with a fixed table" in section(view, "why-sentence")


def test_a_fixed_ruling_says_there_is_no_switch(app, client):
    """1.6 (our ruling): a card showing his own room is drawn again; nothing switches that."""
    gid = store(app).create("Redraw", state_from_case(case(floor_case("A1", "B1", 3, patrol=["B1", "C1", "C3"]))))
    page = act_ok(client, gid, do="guard_turn", floor=1)
    redraw = [link for link, line in zip(why_links(page), re.findall(r'<li class="log-([\w-]+)">', page), strict=False)
              if line == "redraw"]
    view = client.get(redraw[0], headers=HTMX).get_data(as_text=True)
    assert 'class="badge why-ruling"' in view and "Fixed: there is no switch" in view


def test_why_of_the_nearest_alarm_lists_the_distances(app, client):
    """1.9: the die goes to the nearest alarm by walking distance; each alarm's distance is shown."""
    gid = store(app).create("Alarms", state_from_case(case(floor_case("A2", "D4", 2, walls=["A1-B1", "A2-B2", "A3-B3"],
                                                                       alarms=["A3"], patrol=["B1"]))))
    page = act_ok(client, gid, do="alarm", floor=1, at="C1")
    view = client.get(why_links(page)[-1], headers=HTMX).get_data(as_text=True)
    assert "A3 is 1 step away; C1 is 7 steps away." in section(view, "why-sentence")
    assert re.search(r"<dt>C1</dt><dd>7 steps</dd>", view)
    assert ">7 steps</text>" in view  # written on the floor too


def test_the_page_and_the_partial_show_the_same_why(app, client):
    """Without JavaScript the Why? link opens a page holding the very partial htmx gets."""
    gid, page = guard_moved(app, client, CARD_A1_WALLS, "D3", "A1", 5)
    link = why_links(page)[1]
    partial = client.get(link, headers=HTMX)
    whole = client.get(link)
    assert partial.status_code == whole.status_code == 200
    assert "HX-Request" in partial.headers["Vary"]
    assert whole.get_data(as_text=True).startswith("<!doctype html>")
    assert section(partial.get_data(as_text=True), "why-sentence") == section(whole.get_data(as_text=True),
                                                                              "why-sentence")
    assert f'href="/games/{gid}"' in whole.get_data(as_text=True)  # back to the board


def test_a_route_why_offers_the_sandbox_and_the_rules_page(app, client):
    """The floor at that moment, in the sandbox's own address format; the rule's page in the reference."""
    _, page = guard_moved(app, client, CARD_A1_WALLS, "D3", "A1", 5)
    view = client.get(why_links(page)[1], headers=HTMX).get_data(as_text=True)
    if "sandbox.index" in app.view_functions:
        sandbox = re.search(r'<a class="button" href="(/sandbox\?[^"]+)">Try it in the sandbox</a>', view)
        assert sandbox, "no sandbox link"
        query = sandbox.group(1).replace("&amp;", "&")
        assert "guard=D3" in query and "target=A1" in query and "walls=" in query
    if "reference.page" in app.view_functions:
        assert re.search(r'<a href="/rules/[\w-]+">BB1 rulebook p.6', view)


def test_the_log_gives_a_why_to_every_line_with_a_rule_and_only_those(app, client):
    """A line that names no rule (whose turn it is) has nothing to explain."""
    gid = store(app).create("Turn", state_from_case(case(floor_case("A1", "D4", 2, patrol=["B1"]),
                                                         crew={"ana": burglar("C3")})))
    page = act_ok(client, gid, do="end_turn")
    lines = re.findall(r'<li class="log-([\w-]+)">(.*?)</li>', page, re.DOTALL)
    assert lines and all(("why-link" in body) == (kind != "turn") for kind, body in lines)
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert why_links(log) == why_links(page)


def test_a_watch_link_may_read_the_whys(app, client):
    """Reading a why is not acting: a watch link sees it too."""
    gid, _ = guard_moved(app, client, CARD_A1_WALLS, "D3", "A1", 5)
    token = game(app, gid).watch_token
    phone = app.test_client()
    phone.environ_base.update({"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"})
    board = phone.get(f"/games/{token}").get_data(as_text=True)
    links = why_links(board)
    assert links and all(link.startswith(f"/games/{token}/why/") for link in links)
    assert phone.get(links[1]).status_code == 200


def test_every_why_of_a_played_bank_job_opens(app, client):
    """A few random turns of a Bank Job with a fixed seed: every Why? link answers, as page and as partial."""
    gid = new_heist(client)
    break_in(client, gid)
    rng = random.Random(11)
    seen = 0
    for _ in range(14):
        s = state(app, gid)
        if s.outcome:
            break
        if s.pending:
            act_ok(client, gid, do="answer", choice=rng.choice(s.pending["question"]["options"]))
        else:
            who = s.current()
            assert who is not None
            b = s.crew[who]
            plan = s.plan(b.floor)
            roll = rng.random()
            if roll < 0.35 and b.at:
                act_ok(client, gid, do="move", who=who, floor=b.floor, to=rng.choice(plan.adjacent(b.at)))
            elif roll < 0.5:
                free = [r for r in plan.rooms if r != s.floors[b.floor].guard]
                act_ok(client, gid, do="alarm", floor=b.floor, at=rng.choice(free))
        page = act_ok(client, gid, do="end_turn") if not state(app, gid).pending else \
            client.get(f"/games/{gid}").get_data(as_text=True)
        for link in why_links(page):
            assert client.get(link, headers=HTMX).status_code == 200, link
            seen += 1
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    links = why_links(log)
    assert len(links) >= seen
    for link in links:
        response = client.get(link)
        assert response.status_code == 200, link
        assert 'class="why"' in response.get_data(as_text=True)


def test_a_hand_edited_why_address_gets_the_friendly_404(app, client):
    """An action not in effect, a line that is not there or has no rule: the app's 404 page, never a 500."""
    gid = store(app).create("Turn", state_from_case(case(floor_case("A1", "D4", 2, patrol=["B1"]),
                                                         crew={"ana": burglar("C3")})))
    page = act_ok(client, gid, do="end_turn")
    turn_line = len(re.findall(r'<li class="log-', page)) - 1  # "ana's turn." names no rule
    client.post(f"/games/{gid}/undo", headers=HTMX)
    for path in (f"/games/{gid}/why/1/0",  # undone: no longer in effect
                 f"/games/{gid}/why/0/0", f"/games/{gid}/why/2/0", f"/games/{gid}/why/99999999999/0",
                 f"/games/{gid}/why/1/x", f"/games/{gid}/why/-1/0", "/games/nope/why/1/0"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Not here" in response.get_data(as_text=True)
    client.post(f"/games/{gid}/redo", headers=HTMX)
    assert client.get(f"/games/{gid}/why/1/0").status_code == 200
    for index in (turn_line, turn_line + 1, 10**12):
        assert client.get(f"/games/{gid}/why/1/{index}").status_code == 404, index
