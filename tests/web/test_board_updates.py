"""A board answer sends a device only the floors that changed (issue 23 §1: live updates send each device only
what changed): the device names the floors it shows by their digests (X-Floors, static/app.js) and gets, for
each one still the same, a placeholder htmx keeps the shown floor for (hx-preserve)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, break_in, game, new_heist, store

KEPT = re.compile(r'<section class="floor" id="floor-(\d)" data-hash="([0-9a-f]{16})" hx-preserve></section>')


def digests(page: str) -> dict[int, str]:
    floors = re.findall(r'<section class="floor[^"]*" id="floor-(\d)"[^>]* data-hash="([0-9a-f]{16})">', page)
    return {int(n): d for n, d in floors}


def held(found: dict[int, str]) -> str:
    return ",".join(f"{n}={d}" for n, d in sorted(found.items()))


def test_an_end_turn_sends_only_the_floor_the_guard_walked_on(app: Flask, client: FlaskClient) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    shown = digests(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert sorted(shown) == [1, 2, 3]
    response = client.post(f"/games/{game_id}/act", data={"do": "end_turn"},
                           headers={**HTMX, "X-Floors": held(shown)})
    page = response.get_data(as_text=True)
    assert "X-Floors" in response.headers["Vary"]
    walked = {e.floor for e in store(app).last_log(game_id, game(app, game_id).head) if e.kind == "enter"}
    assert walked == {1} and set(digests(page)) == walked  # the crew is on floor 1: its guard moved
    assert {int(n) for n, _d in KEPT.findall(page)} == {2, 3}
    assert dict((int(n), d) for n, d in KEPT.findall(page)) == {n: shown[n] for n in (2, 3)}


def test_a_floor_named_with_another_digest_or_none_is_sent_whole(client: FlaskClient) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    shown = digests(client.get(f"/games/{game_id}").get_data(as_text=True))
    stale = {1: "0" * 16, 2: shown[2], 3: "not-a-digest"}
    page = client.get(f"/games/{game_id}/panel", headers={**HTMX, "X-Floors": held(stale)}).get_data(as_text=True)
    assert set(digests(page)) == {1, 3} and [int(n) for n, _d in KEPT.findall(page)] == [2]


def test_a_full_page_always_holds_every_floor(client: FlaskClient) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    shown = digests(client.get(f"/games/{game_id}").get_data(as_text=True))
    page = client.get(f"/games/{game_id}", headers={"X-Floors": held(shown)}).get_data(as_text=True)
    assert sorted(digests(page)) == [1, 2, 3] and not KEPT.search(page)


def test_a_floor_that_changed_is_sent_with_a_new_digest(client: FlaskClient) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    shown = digests(client.get(f"/games/{game_id}").get_data(as_text=True))
    page = client.post(f"/games/{game_id}/act", data={"do": "alarm", "floor": "2", "at": "C3"},
                       headers={**HTMX, "X-Floors": held(shown)}).get_data(as_text=True)
    assert set(digests(page)) == {2} and digests(page)[2] != shown[2]
