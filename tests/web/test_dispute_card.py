"""Issue 22 §4, the dispute card (GET /sandbox/card?<position>): from a Why? or the sandbox, a link and a QR
code that open the same position in the sandbox, and a page to print with the floor, the guard's path, the
tied routes and the rule in words, in the reader's language; never a face-down patrol card."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from assistant.engine.cases import state_from_case
from assistant.web.phones.share import qr_svg
from tests.engine.helpers import case, floor_case
from tests.web.helpers import act_ok, store

CARD_A1 = "walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4&guard=D3&target=A1&die=5"


def share_link(page: str) -> str:
    found = re.search(r'<input type="text" id="dc-link"[^>]* value="([^"]+)"', page)
    assert found, "no share link on the card"
    return html.unescape(found.group(1))


def test_the_card_links_to_the_same_position_in_the_sandbox_with_its_qr_code(app, client):
    response = client.get(f"/sandbox/card?{CARD_A1}&tool=alarm")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    link = share_link(page)
    assert urlsplit(link).path == "/sandbox"
    assert urlsplit(link).query == CARD_A1  # the position, not the tablet's picker
    with app.test_request_context():
        assert str(qr_svg(link)) in page
    sandbox = client.get(f"{urlsplit(link).path}?{urlsplit(link).query}").get_data(as_text=True)
    assert "D3-C3-B3-A3-A2-A1" in sandbox


def test_the_card_shows_the_path_the_tied_routes_and_the_rule_in_words(client):
    page = client.get(f"/sandbox/card?{CARD_A1}").get_data(as_text=True)
    assert "Path: <b>D3-C3-B3-A3-A2-A1</b>" in page
    assert re.findall(r"<span>(D3-[A-D1-4-]+)", page) == ["D3-D2-C2-C1-B1-A1", "D3-C3-B3-A3-A2-A1"]
    assert "going out through C3 runs it clockwise, so he goes through C3" in page
    assert "Equally short routes: the clockwise rule" in page
    assert page.count('class="bb-floor"') >= 3  # the floor and each tied route


def test_the_card_speaks_the_readers_language(client):
    page = client.get(f"/sandbox/card?{CARD_A1}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Fiche de litige" in page
    assert "La règle en mots" in page
    page = client.get(f"/sandbox/card?{CARD_A1}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Ficha de disputa" in page
    assert "Compartir esta posición" in page


def test_a_position_the_sandbox_repaired_says_so_on_the_card(client):
    response = client.get("/sandbox/card?guard=D3&die=9")
    assert response.status_code == 422
    assert "The die shows 1 to 6, not 9" in response.get_data(as_text=True)


def test_the_sandbox_offers_the_card_of_its_position(client):
    page = client.get(f"/sandbox?{CARD_A1}").get_data(as_text=True)
    assert html.escape(f"/sandbox/card?{CARD_A1}") in page


def test_a_why_shares_its_position_without_the_face_down_deck(app, client):
    """§1.22 Hidden information: the card's link holds walls, guard, die and alarms, never the patrol deck."""
    gid = store(app).create("Deck", state_from_case(case(floor_case(
        "D3", "A1", 5, walls=CARD_A1.split("&")[0][6:].split(","), patrol=["A4", "C2", "B3"]))))
    page = act_ok(client, gid, do="guard_turn", floor=1)
    step = re.findall(r'<a class="why-link" href="([^"]+)"', page)[1]  # his first step, at the fork
    view = client.get(step).get_data(as_text=True)
    card = re.search(r'<a class="button" href="(/sandbox/card\?[^"]+)">Share this position</a>', view)
    assert card, "no Share this position on the Why?"
    query = parse_qs(urlsplit(html.unescape(card.group(1))).query)
    assert "patrol" not in query and query["guard"] == ["D3"]
    shared = client.get(html.unescape(card.group(1))).get_data(as_text=True)
    assert "patrol" not in urlsplit(share_link(shared)).query
    for secret in ("C2", "B3"):
        assert f"patrol={secret}" not in shared
