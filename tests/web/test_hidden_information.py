"""Hidden information stays hidden (guard-rules §1.22 "Information", issue 10 item 6): in an app-deck heist no
page shows a face-down patrol card, a set-aside card or the deck order, unless a rule reveals it right then
(the Spotter's look, on the device that tapped it).

The check is a difference test: a heist is played through many actions, every page and partial is fetched;
then the hidden cards of every stored state are swapped among themselves (each floor's remaining deck and
set-aside cards permuted, everything public untouched) and every page is fetched again. A page that
depends on the hidden order in any way, in any words, differs, so the test names it. Pages: the board, the
panel with each room of each floor selected, the log page, every Why?, the sandbox links of the board, and
the phones' play and watch views.

The export (``export.json``) is left out on purpose: it is the heist as a replayable case, and a replay of an
app-deck heist must draw the same cards, so it carries the seed and the deck as the save does. It is a file
for a bug report or a dispute away from the table, not a screen shown during play.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, act_ok, game, new_heist, state

ACTIONS: list[dict[str, Any]] = [
    {"do": "start"}, {"do": "entrance", "at": "B2"},
    {"do": "move", "who": "Ann", "floor": 1, "to": "C2", "type": "camera", "number": 2},
    {"do": "end_turn"},
    {"do": "move", "who": "Bob", "floor": 1, "to": "B1", "type": "laboratory", "number": 3},
    {"do": "alarm", "floor": 1, "at": "B1"},
    {"do": "end_turn"},
    {"do": "event", "name": "espresso", "floor": 1},
    {"do": "move", "who": "Ann", "floor": 1, "to": "C3", "type": "keypad", "number": 4},
    {"do": "end_turn"},
    {"do": "set", "field": "stealth", "who": "Bob", "value": 2},
    {"do": "end_turn"},
    {"do": "spotter", "who": "Ann", "keep": "look"},
]


def play(client: FlaskClient) -> str:
    game_id = new_heist(client, character1="Spotter", deck="app")
    for action in ACTIONS:
        act_ok(client, game_id, **action)
    return game_id


CSRF = re.compile(r'("X-CSRFToken": "|name="csrf_token" value=")[^"]*"')


def pages(client: FlaskClient, app: Flask, game_id: str) -> dict[str, str]:
    """Every page and partial of the heist a person can open, by address (the CSRF token, which carries the
    time, left out)."""
    g = game(app, game_id)
    s = g.state
    addresses = [f"/games/{game_id}", f"/games/{game_id}/panel", f"/games/{game_id}/log",
                 f"/games/{g.play_token}", f"/games/{g.watch_token}", f"/games/{g.watch_token}/panel"]
    addresses += [f"/games/{game_id}/panel?room={f}-{sq}" for f in s.floors for sq in s.plan(f).names]
    seen: dict[str, str] = {}
    for address in addresses:
        seen[address] = client.get(address, headers=HTMX if "/panel" in address else {}).get_data(as_text=True)
        seen[address] = CSRF.sub(r"\1", seen[address])
    links = set(re.findall(r'href="(/games/[^"]+/why/\d+/\d+)"', seen[f"/games/{game_id}/log"]))
    links |= {link.replace("&amp;", "&") for link in re.findall(r'href="(/sandbox\?[^"]+)"', seen[f"/games/{game_id}"])}
    assert len(links) > 10, "the heist should have many Why? and sandbox links to check"
    for link in sorted(links):
        response = client.get(link)
        assert response.status_code == 200, link
        seen[link] = CSRF.sub(r"\1", response.get_data(as_text=True))
    return seen


def hide_differently(app: Flask, game_id: str) -> None:
    """Swap the hidden cards among themselves in every stored state of the heist: each floor's face-down
    deck and set-aside cards at the head are rotated by one, wherever they lie face down in any state."""
    head = state(app, game_id)
    swap: dict[int, dict[str, str]] = {}
    for n, fl in head.floors.items():
        hidden = sorted(set(fl.deck) | set(fl.unseen))
        swap[n] = dict(zip(hidden, hidden[1:] + hidden[:1], strict=False))

    def rewrite(data: dict[str, Any]) -> dict[str, Any]:
        for n, fl in data["floors"].items():
            for key in ("deck", "unseen"):
                fl[key] = [swap[int(n)].get(c, c) for c in fl[key]]
        if data.get("pending"):
            data["pending"]["before"] = rewrite(data["pending"]["before"])
        return data

    # through the store's own connection: the same SQL on an SQLite file and on PostgreSQL (ASSISTANT_TEST_STORE)
    store = app.extensions["store"]
    with store.db() as db:
        for (initial,) in db.execute("SELECT initial FROM games WHERE id = ?", (game_id,)).fetchall():
            db.execute("UPDATE games SET initial = ? WHERE id = ?", (json.dumps(rewrite(json.loads(initial))), game_id))
        for seq, saved in db.execute("SELECT seq, state FROM actions WHERE game_id = ?", (game_id,)).fetchall():
            db.execute("UPDATE actions SET state = ? WHERE game_id = ? AND seq = ?",
                       (json.dumps(rewrite(json.loads(saved))), game_id, seq))
    store.release()
    assert state(app, game_id).floors[1].deck != head.floors[1].deck


def test_no_page_depends_on_the_order_of_the_hidden_patrol_cards(app, client):
    game_id = play(client)
    assert state(app, game_id).spotted  # the last action was the Spotter's look
    before = pages(client, app, game_id)
    hide_differently(app, game_id)
    after = pages(client, app, game_id)
    leaks = [address for address in before if before[address] != after[address]]
    assert leaks == [], f"these pages show hidden patrol cards: {leaks}"


def test_the_spotters_look_shows_the_card_on_the_device_that_tapped_it_only(app, client):
    game_id = new_heist(client, character1="Spotter", deck="app")
    for action in ACTIONS[:2]:
        act_ok(client, game_id, **action)
    top = state(app, game_id).floors[1].deck[0]
    page = act_ok(client, game_id, do="spotter", who="Ann", keep="look")
    assert f'<b class="spotted-card">{top}</b>' in page and "Only this screen shows it." in page
    for address in (f"/games/{game_id}", f"/games/{game_id}/panel"):
        again = client.get(address, headers=HTMX).get_data(as_text=True)
        assert "spotted-card" not in again and "looked at the top floor-1 patrol card" in again
        assert "Keep on top" in again
    act_ok(client, game_id, do="spotter", floor=1, keep="bottom")
    assert state(app, game_id).floors[1].deck[-1] == top
    assert "Keep on top" not in client.get(f"/games/{game_id}/panel", headers=HTMX).get_data(as_text=True)


def test_a_crew_without_a_spotter_is_never_offered_a_look(app, client):
    game_id = new_heist(client, character1="Raven", deck="app")
    for action in ACTIONS[:2]:
        act_ok(client, game_id, **action)
    page = client.get(f"/games/{game_id}/panel", headers=HTMX).get_data(as_text=True)
    assert "Spotter" not in page and "spotted-card" not in page


def test_a_phone_cannot_export_an_app_deck_heist_while_it_is_on(app, client):
    """§1.22 Information: the export replays the heist, so it carries the app's shuffled decks; while the
    heist is on, only the tablet exports it (a phone's play or watch link gets a plain refusal)."""
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    tokens = game(app, game_id)
    phone = app.test_client()
    phone.environ_base.update({"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"})
    for token in (tokens.play_token, tokens.watch_token):
        refused = phone.get(f"/games/{token}/export.json")
        assert refused.status_code == 403 and "tablet only" in refused.get_data(as_text=True)
        assert "export.json" not in phone.get(f"/games/{token}").get_data(as_text=True)
    assert client.get(f"/games/{game_id}/export.json").status_code == 200
