"""Issue 21 §4, every walk against the board, through the web layer in all three games: a move through a wall or
to a room that is not next door is refused where the player tapped (the room's menu stays open), saying why,
with the stored heist unchanged, whoever sends it (the tablet or a play link); one tap on *Put here* then puts
the burglar where the board shows her, marked as a correction in the log.

Sources: bb1 rulebook "Actions" (Move: enter an adjacent room) and "Set up the Building" 5 ("When tiles have a
Wall between them, they are not considered adjacent"); bb3 "Adjacency, Moving, and Jumping" ("A square is not
adjacent if there is a wall between"); bb2 Drunk ("even through walls", a jump, not a Move).
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, act, act_ok, break_in, errors, game, log_lines, new_heist, state
from tests.web.taps import posts
from tests.web.test_access import phone
from tests.web.test_bb2_bb3 import bb3_in_play, placed
from tests.web.test_box_refusals import ROOM_MENU, stored


def bank(client: FlaskClient) -> tuple[str, str, str]:
    """Bank Job, Ann in through B2; the printed wall B2-B3 stands on floor 1."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    return game_id, "B3", "A wall stands between B2 and B3 on floor 1: Ann cannot walk through it"


def casino(client: FlaskClient) -> tuple[str, str, str]:
    """bb2 on open floors, Ann in through the entrance A1; a wall put up between A1 and B1."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="wall", floor=1, wall="A1-B1", on="1")
    return game_id, "B1", "A wall stands between A1 and B1 on floor 1: Ann cannot walk through it"


def future(client: FlaskClient) -> tuple[str, str, str]:
    """bb3 on open floors, the crew in through A4: C2 is two rooms away from Ann."""
    game_id = bb3_in_play(client)
    return game_id, "C2", "C2 is not next to A4, where Ann stands on floor 1: a move goes to a neighbouring room"


GAMES = {"bb1": bank, "bb2": casino, "bb3": future}


def put_here(page: str) -> dict[str, str] | None:
    """What the *Put here* button of a refusal posts."""
    return posts(page, "Put Ann here", starting=True)


@pytest.mark.parametrize("sender", ["tablet", "play link"])
@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_a_walk_the_board_refuses_says_why_in_the_room_menu_and_changes_nothing(app: Flask, client, game_key,
                                                                                  sender):
    game_id, target, why = GAMES[game_key](client)
    before = stored(app, game_id)
    key = game_id if sender == "tablet" else game(app, game_id).play_token
    device = client if sender == "tablet" else phone(app)
    response = device.post(f"/games/{key}/act", headers=HTMX,
                           data={"do": "move", "who": "Ann", "floor": "1", "to": target, "room": f"1-{target}",
                                 "version": str(before[1])})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    menu = ROOM_MENU.search(page)
    assert menu, "the room menu the player tapped in stays open"
    assert errors(menu.group(0))[0] == why
    assert "Nothing was applied" in menu.group(0)
    assert put_here(menu.group(0)) == {"do": "place", "who": "Ann", "floor": "1", "to": target}
    assert stored(app, game_id) == before


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_put_here_keeps_the_tables_word_marked_as_a_correction(app: Flask, client, game_key):
    game_id, target, _why = GAMES[game_key](client)
    version = game(app, game_id).version
    page = act(client, game_id, do="move", who="Ann", floor=1, to=target, room=f"1-{target}",
               version=version).get_data(as_text=True)
    page = act_ok(client, game_id, **put_here(page), room=f"1-{target}", version=version)
    ann = state(app, game_id).crew["Ann"]
    assert (ann.floor, ann.at) == (1, target)
    assert f"Ann is placed in {target} on floor 1." in log_lines(page)
    assert re.search(r'class="log-place"><span class="correction-tag"[^>]*>correction</span>', page)


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_a_room_offers_only_the_walks_the_board_allows(app: Flask, client, game_key):
    """The menu of a room behind a wall offers no Move for Ann, but another way (an ability, a tool, an event
    card: the table names it) and the correction."""
    game_id, target, _why = GAMES[game_key](client)
    page = client.get(f"/games/{game_id}/panel?room=1-{target}", headers=HTMX).get_data(as_text=True)
    menu = ROOM_MENU.search(page).group(0)
    assert "Move Ann here" not in menu and "Who moves into" not in menu
    assert "Ann gets here by an ability" in menu and "Put Ann here" in menu
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to=target, via="ability", type="laser",
                  number=1) if game_key == "bb1" else act_ok(client, game_id, do="move", who="Ann", floor=1,
                                                             to=target, via="ability")
    assert f"Ann moves to {target} on floor 1 (by an ability)." in log_lines(page)
