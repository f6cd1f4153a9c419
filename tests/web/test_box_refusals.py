"""Issue 21 §4 through the web layer: a room the box cannot hold is refused where the player tapped, saying why,
with the stored heist unchanged; "The board says otherwise" sends it again as a correction, marked in the log."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, act, act_ok, break_in, errors, game, log_lines, new_heist, state
from tests.web.taps import posts
from tests.web.test_access import phone
from tests.web.test_bb2_bb3 import create

ROOM_MENU = re.compile(r'<section class="menu room-menu".*?</section>', re.DOTALL)


def stored(app: Flask, game_id: str) -> tuple[int, int, dict]:
    """Everything a refusal must leave alone: the head, the version and the whole state."""
    g = game(app, game_id)
    return g.head, g.version, g.state.to_json()


def overrule_vals(page: str) -> dict[str, str] | None:
    """What the "The board says otherwise" button posts."""
    return posts(page, "The board says otherwise", starting=True)


@pytest.fixture
def playing(client: FlaskClient) -> str:
    """A Bank Job in play, the crew in through B2 and a Laser 2 already turned up in C2 of floor 1."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    act_ok(client, game_id, do="reveal", floor=1, at="C2", type="laser", number=2)
    return game_id


@pytest.mark.parametrize(("fields", "why"), [
    ({"type": "laser", "number": "2"}, "The laser numbered 2 is already on the board, in C2 on floor 1"),
    ({"type": "camera", "number": "4"}, "The camera tiles print 1, 2, 3, 6, not 4"),
    ({"type": "notatile"}, "Burgle Bros has no 'notatile' room tile"),
])
def test_a_room_the_box_cannot_hold_is_refused_in_the_room_menu_and_nothing_changes(app, client, playing, fields, why):
    """tiles.json (numbers, one tile each); a move that turns a face-down room up, sent from that room's menu."""
    before = stored(app, playing)
    response = act(client, playing, do="move", who="Ann", floor=1, to="A2", room="1-A2",
                   version=before[1], **fields)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    menu = ROOM_MENU.search(page)
    assert menu, "the room menu the player tapped in stays open"
    assert [e for e in errors(menu.group(0)) if e.startswith(why)], errors(page)
    assert "Nothing was applied" in menu.group(0)
    assert stored(app, playing) == before


def test_the_board_says_otherwise_turns_it_up_as_a_correction(app, client, playing):
    """Issue 21 §4: the table keeps the last word; the log marks the reveal as a correction."""
    before = stored(app, playing)
    page = act(client, playing, do="reveal", floor=2, at="A1", type="laser", number=2, room="2-A1",
               version=before[1]).get_data(as_text=True)
    vals = overrule_vals(page)
    assert vals == {"do": "reveal", "floor": "2", "at": "A1", "type": "laser", "number": "2", "correction": "1"}
    assert stored(app, playing) == before
    page = act_ok(client, playing, **vals, version=before[1])
    s = state(app, playing)
    assert s.floors[2].tiles["A1"] == "laser" and s.floors[2].numbers["A1"] == 2
    assert game(app, playing).head == before[0] + 1
    assert re.search(r'class="log-reveal"><span class="correction-tag"[^>]*>correction</span>', page)
    assert "A1 on floor 2, face up: laser." in log_lines(page)


def test_a_refusal_that_is_no_box_check_offers_no_overrule(app, client, playing):
    """Only a room the box cannot hold may be overruled: a burglar walking on a floor that does not exist may not."""
    page = act(client, playing, do="reveal", floor=9, at="A1", type="laser").get_data(as_text=True)
    assert errors(page) and "The board says otherwise" not in page


def test_a_play_link_cannot_store_a_room_type_the_game_lacks(app, client, playing):
    """Issue 21 §4: every field is checked on the server, whoever sends it (a phone's play link here)."""
    before = stored(app, playing)
    token = game(app, playing).play_token
    response = phone(app).post(f"/games/{token}/act", headers=HTMX,
                               data={"do": "reveal", "floor": "1", "at": "A1", "type": "notatile",
                                     "version": str(before[1])})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert errors(page)[0].startswith("Burgle Bros has no 'notatile' room tile")
    assert "The board says otherwise" not in page  # no such tile can lie on the board: nothing to overrule
    assert stored(app, playing) == before


@pytest.mark.parametrize(("game_key", "kind", "why"), [
    ("bb2", "camera", "Burgle Bros 2 has no 'camera' room tile"),
    ("bb3", "slots", "Burgle Bros 3 has no 'slots' room tile"),
])
def test_bb2_and_bb3_refuse_rooms_of_another_box(app, client: FlaskClient, game_key, kind, why):
    """bb2 "Tile Clarifications"; bb3 rooms are plain or carry the guard banner (bb3 Adjacency)."""
    game_id = create(client, game_key)
    before = stored(app, game_id)
    page = act(client, game_id, do="reveal", floor=1, at="B2", type=kind, room="1-B2").get_data(as_text=True)
    assert errors(page)[0].startswith(why)
    assert stored(app, game_id) == before


def test_a_refused_move_into_a_face_down_room_is_overruled_with_one_tap(app, client, playing):
    """The refused move comes back with its button: the same move, its room turned up as a correction."""
    before = stored(app, playing)
    page = act(client, playing, do="move", who="Ann", floor=1, to="A2", type="laser", number=2, room="1-A2",
               version=before[1]).get_data(as_text=True)
    vals = overrule_vals(page)
    assert vals["do"] == "move" and vals["correction"] == "1" and vals["to"] == "A2"
    act_ok(client, playing, **vals, room="1-A2", version=before[1])
    s = state(app, playing)
    assert s.crew["Ann"].at == "A2" and s.floors[1].tiles["A2"] == "laser"
