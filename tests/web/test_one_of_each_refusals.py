"""Issue 38 §4 through the web layer: input no box could produce (guard-rules.md §1.22 "One of each card (new, turn 4)"
and "The table's patrol deck (new, turn 4)") is refused where the player tapped, saying why, with the stored heist
unchanged (its version and actions); "The board says otherwise" sends the same action again as a correction, which
is applied and marked in the log."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import (HTMX, act, act_ok, bank_form, break_in, errors, game, log_lines, new_heist, opened,
                               state, store)
from tests.web.test_bb2_bb3 import panel, placed
from tests.web.test_box_refusals import ROOM_MENU, overrule_vals, stored

CORRECTION = re.compile(r'<span class="correction-tag"[^>]*>correction</span>')


def refused_then_overruled(app: Flask, client: FlaskClient, game_id: str, fields: dict[str, str], why: str,
                           in_room_menu: bool = False) -> str:
    """Post ``fields``: refused saying ``why`` (in the room menu the tap came from, when it came from one), nothing
    stored; then the overrule button, whose fields are the same action marked as a correction: applied, one action
    more. The page after the correction."""
    before = stored(app, game_id)
    page = act(client, game_id, **fields, version=before[1]).get_data(as_text=True)
    where = ROOM_MENU.search(page).group(0) if in_room_menu else page  # type: ignore[union-attr]
    assert [e for e in errors(where) if e.startswith(why)], errors(page)
    assert "Nothing was applied" in where
    assert stored(app, game_id) == before
    vals = overrule_vals(page)
    assert vals == {**{k: v for k, v in fields.items() if k != "room"}, "correction": "1"}
    assert "Take it as tapped: the log marks it as a correction." in page
    after = act_ok(client, game_id, **vals, version=before[1])
    assert game(app, game_id).head == before[0] + 1
    return after


def bank(client: FlaskClient) -> str:
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    return game_id


def test_a_tool_someone_holds_is_refused_to_a_second_burglar_and_the_table_keeps_the_last_word(app, client):
    """§1.22 "One of each card (new, turn 4)": the box has one of each tool."""
    game_id = bank(client)
    act_ok(client, game_id, do="tool", who="Ann", kind="crowbar", on="1")
    page = refused_then_overruled(app, client, game_id, {"do": "tool", "who": "Bob", "kind": "crowbar", "on": "1"},
                                  "Ann already holds this tool (Crowbar): the box has only one of each")
    assert state(app, game_id).crew["Bob"].tools == ("crowbar",)
    assert re.search(r'class="log-tool">' + CORRECTION.pattern, page)
    assert "Bob takes the Crowbar." in log_lines(page)


def test_a_loot_card_someone_holds_is_refused_to_a_second_burglar(app, client):
    """§1.22 "One of each card (new, turn 4)": the Tiara is offered to whoever does not hold it only while nobody
    does; taken anyway, it is a correction."""
    game_id = bank(client)
    assert "Bob takes the Tiara" in opened(client, game_id, "tools")
    act_ok(client, game_id, do="loot", who="Ann", kind="tiara", on="1")
    assert "Bob takes the Tiara" not in opened(client, game_id, "tools")
    page = refused_then_overruled(app, client, game_id, {"do": "loot", "who": "Bob", "kind": "tiara", "on": "1"},
                                  "Ann already holds this loot card (Tiara): the box has only one of each")
    assert state(app, game_id).crew["Bob"].loot == ("tiara",)
    assert re.search(r'class="log-loot">' + CORRECTION.pattern, page)


def test_two_burglars_with_the_same_character_are_refused_by_the_setup_form(app, client):
    """§1.22 "One of each card (new, turn 4)": one card of each character; nothing is created."""
    heists = len(store(app).games())
    response = client.post("/new", data=bank_form(character1="raven", character2="raven"))
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True)) == [
        "Ann and Bob both play The Raven: the box has one card of each character"]
    assert len(store(app).games()) == heists


def test_a_hack_token_for_a_computer_nobody_turned_up_is_refused_and_overruled(app, client):
    """§1.22 "One of each card (new, turn 4)"; bb1 Hack action: only on a Computer tile. The panel's menus offer no
    hack for a computer not face up; a stale or hand-made tap is refused."""
    game_id = bank(client)
    assert "Hack the" not in opened(client, game_id, "tools")
    assert "laser" not in opened(client, game_id, "corrections")
    page = refused_then_overruled(app, client, game_id, {"do": "hack", "kind": "laser"},
                                  "No laser computer is face up on any floor: nobody can put a hack token on it yet")
    assert state(app, game_id).hack == {"laser": 1}
    assert re.search(r'class="log-hack">' + CORRECTION.pattern, page)


def test_a_hack_token_on_a_computer_face_up_is_taken_from_its_room_menu(app, client):
    game_id = bank(client)
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="computer-laser", number="5")
    assert "Hack the laser computer" in panel(client, game_id, "1-C3")
    assert "Hack the laser computer" in opened(client, game_id, "tools")
    assert "laser" in opened(client, game_id, "corrections")
    page = act_ok(client, game_id, do="hack", kind="laser", room="1-C3")
    assert state(app, game_id).hack == {"laser": 1}
    assert "class=\"log-hack\">" in page and not re.search(r'class="log-hack">' + CORRECTION.pattern, page)


def test_a_prima_donna_chip_beyond_the_boxs_two_is_refused_in_the_room_menu(app, client):
    """§1.22 "One of each card (new, turn 4)"; bb2 Bodyguard Heist One: two Prima Donna chips in the box. With both
    on Ann's card, none is left to peek at: not offered, and refused where the tap came from."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    assert "Prima Donna here: Ann jumps in" in panel(client, game_id, "1-A2")
    act_ok(client, game_id, do="prima_donna", who="Ann", count="2")
    assert "Prima Donna here" not in panel(client, game_id, "1-A2")
    fields = {"do": "chip", "chip": "prima_donna", "who": "Ann", "floor": "1", "to": "A2", "room": "1-A2"}
    page = refused_then_overruled(app, client, game_id, fields,
                                  "The box's 2 Prima Donna chips are all on character cards", in_room_menu=True)
    assert state(app, game_id).crew["Ann"].at == "A2"
    assert re.search(r'class="log-jump">' + CORRECTION.pattern, page)


def test_a_patrol_card_face_up_in_the_discard_pile_is_refused_where_the_card_is_asked(app, client):
    """§1.22 "The table's patrol deck (new, turn 4)"; 1.11: the face-up discard pile is there to look through, so its
    cards are not drawn again before the reshuffle; the board-says-otherwise correction is at hand."""
    game_id = new_heist(client, deck="table")
    act_ok(client, game_id, do="start")
    act_ok(client, game_id, do="answer", choice="A1")  # the guard's first card: face up now
    act_ok(client, game_id, do="entrance", at="B2")
    assert state(app, game_id).pending["question"]["kind"] == "card"  # type: ignore[index]
    page = refused_then_overruled(app, client, game_id, {"do": "answer", "choice": "A1"},
                                  "The A1 patrol card is face up in the floor-1 discard pile: it cannot be drawn "
                                  "again before that deck is reshuffled")
    assert re.search(r'class="log-answer">' + CORRECTION.pattern, page)
    assert state(app, game_id).floors[1].discard[:2] == ("A1", "A1")


@pytest.mark.parametrize(("lang", "said", "take"), [
    ("es", "Ann ya tiene esta herramienta (Palanca): la caja solo trae una de cada",
     "Aplicarlo tal como se tocó: el registro lo marca como corrección."),
    ("fr", "Ann a déjà cet outil (Pied-de-biche)\u202f: la boîte n'en contient qu'un de chaque",
     "L'appliquer telle que touchée\u202f: le journal la marque comme une correction."),
])
def test_the_refusal_and_its_correction_are_said_in_the_devices_language(app, client, lang, said, take):
    """§1.22 "One of each card (new, turn 4)", read in Spanish and French."""
    game_id = bank(client)
    act_ok(client, game_id, do="tool", who="Ann", kind="crowbar", on="1")
    page = client.post(f"/games/{game_id}/act", data={"do": "tool", "who": "Bob", "kind": "crowbar", "on": "1"},
                       headers={**HTMX, "Accept-Language": lang}).get_data(as_text=True)
    assert errors(page) == [said]
    assert take in html.unescape(page)
