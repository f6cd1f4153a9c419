"""Issue 24 §1: the club page lists every heist with the QR codes its table joins by, whose turn it is and when it
last changed, and leads to its board or its deletion; only the host sees it."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, new_heist

PHONE = {"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"}


def test_every_heist_shows_its_links_as_qr_codes_whose_turn_and_when_it_changed(app: Flask,
                                                                                client: FlaskClient) -> None:
    app.config["PUBLIC_URL"] = "http://192.168.1.10:8000/"
    started, fresh = new_heist(client), new_heist(client)
    for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}):
        client.post(f"/games/{started}/act", data=action, headers=HTMX)
    store = app.extensions["store"]
    page = client.get("/club").get_data(as_text=True)
    for game_id, status in ((started, "Ann's turn"), (fresh, "Setting up")):
        game = store.load(game_id)
        card = page[page.index(f'id="heist-{game_id}"'):]
        card = html.unescape(card[:card.index("</li>")])
        assert status in card
        # in UTC without a script; static/page.js writes it in the device's zone (tests/browser/test_club_night.py)
        utc = game.updated[:16].replace("T", " ")
        assert f'<time datetime="{game.updated}" data-show="date-time">{utc} UTC' in card
        for token in (game.play_token, game.watch_token):
            assert f"http://192.168.1.10:8000/games/{token}" in card
        assert f"http://192.168.1.10:8000/games/{game.watch_token}/display" in card
        assert card.count("<svg") == 3  # a QR code a link: play, watch, display
        assert ' id="' not in card.split("<svg", 1)[1]  # many on a page: no id of theirs may repeat
        assert f'href="/games/{game_id}"' in card
        assert f'href="/games/{game_id}/delete?back=club"' in card
    assert re.search(r"Resume</a>", page) and re.search(r">Open</a>", page)


def test_a_heist_deleted_from_the_club_page_leads_back_to_it(client: FlaskClient, app: Flask) -> None:
    game_id = new_heist(client)
    assert 'name="back" value="club"' in client.get(f"/games/{game_id}/delete?back=club").get_data(as_text=True)
    response = client.post(f"/games/{game_id}/delete", data={"back": "club"})
    assert response.status_code == 302 and response.headers["Location"] == "/club"
    assert app.extensions["store"].games() == []


def test_only_the_host_sees_the_club_page(app: Flask, client: FlaskClient) -> None:
    new_heist(client)
    phone = app.test_client()
    phone.environ_base.update(PHONE)
    assert phone.get("/club").status_code == 403
    assert phone.get("/club/tables").status_code == 403  # nor its list, nor its stream
    assert phone.get("/club/events").status_code == 403
    assert client.get("/club").headers["Cache-Control"] == "no-store"


def rings(chunks: Iterator[bytes], count: int) -> list[str]:
    """The next ``count`` rings of a stream, or those heard within 100 chunks (heartbeats in between)."""
    found: list[str] = []
    for _, chunk in zip(range(100), chunks, strict=False):
        if b"heartbeat" not in chunk:
            found.append(chunk.decode())
        if len(found) == count:
            break
    return found


def test_the_club_stream_rings_for_a_heist_set_up_played_and_deleted(app: Flask) -> None:
    """Issue 35 §4: one stream for the page, whatever heist changes; each ring only says "fetch the list again"."""
    app.config["LIVE_HEARTBEAT"] = 0.05
    host = app.test_client()
    stream = host.get("/club/events", buffered=False)
    chunks = iter(stream.response)
    assert b"event: changed" in next(chunks)  # at once: what changed since the page was drawn
    game_id = new_heist(host)
    store = app.extensions["store"]
    store.act(game_id, {"do": "start"})
    store.delete(game_id)
    assert rings(chunks, 3) == ["event: changed\ndata: \n\n"] * 3
    stream.close()
    assert store.broker.count() == 0
