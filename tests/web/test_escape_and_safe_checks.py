"""guard-rules §1.22 "Escape and cracking a safe are checked" through the web layer: an escape or a Safe cracked that
the board does not show is refused where the player tapped, saying why, with the stored heist unchanged; one tap on
"The board says otherwise" enters it as a correction, marked in the log; the tools menu offers the correction
itself when the board does not show the action.

Sources: bb1 rulebook "Ending the Game" (Winning: to the roof from the top floor's Stairs with all the loot,
bb1-rules-en.md 869-870) and the Safe tile (the Crack action is taken in the Safe room, 161-163)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import act, act_ok, break_in, errors, game, log_lines, new_heist, opened, state
from tests.web.taps import posts
from tests.web.test_box_refusals import overrule_vals, stored

REFUSAL = re.compile(r'<div class="refusal">.*?</div>', re.DOTALL)


def playing(client: FlaskClient) -> str:
    """A Bank Job (3 floors) in play, the crew in through B2 of floor 1."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    return game_id


def refused(client: FlaskClient, game_id: str, version: int, **fields: str) -> str:
    """The page a refused tap gets back: its reason in the refusal box, which says nothing was applied."""
    page = act(client, game_id, version=version, **fields).get_data(as_text=True)
    box = REFUSAL.search(page)
    assert box, "the refusal is shown on the board"
    assert "Nothing was applied" in box.group(0)
    return page


def test_an_escape_from_floor_1_is_refused_and_the_board_says_otherwise_lets_her_out(app: Flask, client: FlaskClient):
    """§1.22 'Escape and cracking a safe are checked': refused, nothing stored; the correction is accepted and
    marked."""
    game_id = playing(client)
    before = stored(app, game_id)
    page = refused(client, game_id, before[1], do="escape", who="Ann")
    assert errors(page) == ["Ann is on floor 1: the crew gets to the roof by the Stairs of the top floor, floor 3"]
    assert stored(app, game_id) == before
    vals = overrule_vals(page)
    assert vals == {"do": "escape", "who": "Ann", "correction": "1"}
    page = act_ok(client, game_id, **vals, version=before[1])
    assert state(app, game_id).crew["Ann"].escaped and game(app, game_id).head == before[0] + 1
    assert re.search(r'class="log-escape"><span class="correction-tag"[^>]*>correction</span>', page)
    assert "Ann gets out of the building." in log_lines(page)


def test_a_safe_cracked_with_nobody_in_its_room_is_refused_then_entered_as_a_correction(app: Flask,
                                                                                       client: FlaskClient):
    """§1.22 'Escape and cracking a safe are checked': the Safe turned up in C3, Ann in B2: refused, nothing
    stored; the correction speeds the guard up, each line marked."""
    game_id = playing(client)
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="safe")
    before = stored(app, game_id)
    page = refused(client, game_id, before[1], do="crack_safe", floor=1)
    assert errors(page) == ["Nobody stands in the Safe room (C3 on floor 1): a Safe is cracked from its own room"]
    assert stored(app, game_id) == before
    vals = overrule_vals(page)
    assert vals == {"do": "crack_safe", "floor": "1", "correction": "1"}
    page = act_ok(client, game_id, **vals, version=before[1])
    assert state(app, game_id).floors[1].die == before[2]["floors"]["1"]["die"] + 1
    assert re.search(r'class="log-speed_up"><span class="correction-tag"[^>]*>correction</span>', page)


def test_the_tools_menu_offers_the_escape_as_a_correction_until_the_board_shows_it(app: Flask, client: FlaskClient):
    """§1.22 'Escape and cracking a safe are checked': the engine offers what is legal, so the menu's escape is the
    table's word (a correction button) while she is on floor 1; tapped, it lets her out."""
    game_id = playing(client)
    menu = opened(client, game_id, "tools")
    vals = posts(menu, "Ann escapes (the board says so)", starting=True)
    assert vals == {"do": "escape", "who": "Ann", "correction": "1"}
    assert not [t for t in re.findall(r"<b>([^<]*)</b>", menu) if t == "Ann escapes"]
    act_ok(client, game_id, **vals, version=game(app, game_id).version)
    assert state(app, game_id).crew["Ann"].escaped
