"""Burgle Bros 2 at the table through the web layer (issue 21 §2-3): the entrances on the board, a face-down room
said after walking in, a destination swapped while the bouncer hunts, the Prima Donnas a player carries, the
Revolving Door; refusals said where the player tapped, with nothing changed. What must happen is the engine's
answer on the stored position (``expect``). Sources: bb2 rulebook "Entering the Casino", "Hunting", "Tile
Clarifications" (Slots, Revolving Door), "Bodyguard Heist One"."""

from __future__ import annotations

import json
import re

from assistant.words import sentence
from tests.web.helpers import HTMX, act, act_ok, errors, expect, guard_square, log_lines, room_button, state
from tests.web.test_bb2_bb3 import panel, placed, text
from tests.web.test_export_import import export, imported

SAY = "Ann walked into A1 face down: what room is it?"


def test_the_two_entrances_are_marked_on_the_board_before_and_after_the_bouncers_are_placed(app, client):
    """bb2 Entering the Casino: "Place an entrance token on those tiles" (the A1 and D4 corners chosen)."""
    game_id = placed(client, "bb2")
    page = panel(client, game_id)
    marked = [sq for sq in ("A1", "B1", "C1", "D1", "A4", "D4") if ", entrance" in room_button(page, 1, sq)]
    assert marked == ["A1", "D4"]
    assert ", entrance" not in room_button(page, 2, "A1")


def test_entering_a_face_down_entrance_asks_what_it_is_and_the_answer_acts(app, client):
    """bb2 Entering the Casino: "move into one of the 2 entrance tiles. Then, they'll reveal the tile … If it says
    WHEN YOU ENTER, do what it says" — here Slots, whose commotion pulls the bouncer one step at once."""
    game_id = placed(client, "bb2")
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    assert SAY in text(page)
    assert re.search(r'<input type="hidden" name="do" value="reveal"><input type="hidden" name="floor" value="1">'
                     r'<input type="hidden" name="at" value="A1">', page)
    reference = expect(app, game_id, do="reveal", floor=1, at="A1", type="slots", number="2")
    page = act_ok(client, game_id, do="reveal", floor=1, at="A1", type="slots", number="2")
    fl = state(app, game_id).floors[1]
    assert (fl.guard, fl.destination) == (reference.state.floors[1].guard, "A1") == (guard_square(page, 1), "A1")
    assert log_lines(page)[-len(reference.log):] == [sentence(e) for e in reference.log]
    assert SAY not in text(page)


def test_moving_then_saying_gives_the_bouncer_move_saying_then_moving_gives(app, client):
    """The issue's wrong bouncer move: Move here onto a face-down Slots, then its type, moves him as the Slots
    said first does (bb2 Slots: "When you enter this tile, you make a commotion here")."""
    games = [placed(client, "bb2") for _ in range(2)]
    for game_id in games:
        act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
        act_ok(client, game_id, do="reveal", floor=1, at="A1", type="pool", number="1")
    said_first, moved_first = games
    act_ok(client, said_first, do="reveal", floor=1, at="B2", type="slots", number="4")
    act_ok(client, said_first, do="move", who="Ann", floor=1, to="A2")
    act_ok(client, said_first, do="move", who="Ann", floor=1, to="B2")
    act_ok(client, moved_first, do="move", who="Ann", floor=1, to="A2")
    act_ok(client, moved_first, do="move", who="Ann", floor=1, to="B2")
    act_ok(client, moved_first, do="reveal", floor=1, at="B2", type="slots", number="4")
    one, other = (state(app, g).floors[1] for g in games)
    # the commotion pulls him from B1 into her room at once (without it he would still stand in B1)
    assert (one.guard, one.destination) == (other.guard, other.destination) == ("B2", "B2")


def test_a_swap_while_he_hunts_is_offered_saying_it_does_nothing_and_does_nothing(app, client):
    """bb2 Hunting: "Cards that make you change or swap a destination have no effect if there is no destination
    marker on the playmat for that floor"."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="deck", floor=1, count=0)
    act_ok(client, game_id, do="end_turn")  # B1 -> C1 -> D1: he reaches his marker with no card: hunting
    assert state(app, game_id).floors[1].destination is None
    act_ok(client, game_id, do="move", who="Bob", floor=1, to="D4")
    menu = panel(client, game_id, "1-A3")
    assert "His destination is changed or swapped to here" in menu
    assert "He is hunting: with no marker on the board this card does nothing." in menu
    page = act_ok(client, game_id, do="bouncer", effect="swap", floor=1, at="A3", room="1-A3")
    assert state(app, game_id).floors[1].destination is None
    assert ("The floor-1 bouncer is hunting: with no destination marker on the board, a card that changes or swaps "
            "it does nothing.") in log_lines(page)


def on_a_revolving_door(client) -> str:
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="reveal", floor=1, at="A1", type="pool", number="1")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="B1", type="revolving-door", number="2")
    return game_id


def test_the_revolving_door_jump_is_offered_in_a_corner_room_and_lands_there(app, client):
    """bb2 Revolving Door: "jump to a diagonal tile touching the corner of this tile, ignoring walls"."""
    game_id = on_a_revolving_door(client)
    assert "Revolving Door: Ann jumps here from B1" in panel(client, game_id, "1-C2")
    assert "jumps here from" not in panel(client, game_id, "1-B2")
    page = act_ok(client, game_id, do="revolving_door", who="Ann", floor=1, to="C2", room="1-C2")
    b = state(app, game_id).crew["Ann"]
    assert (b.floor, b.at) == (1, "C2")
    assert "Revolving Door: Ann jumps to C2 on floor 1 (not walking in)." in log_lines(page)


def test_a_revolving_door_jump_across_a_side_is_refused_in_the_room_menu_and_changes_nothing(app, client):
    game_id = on_a_revolving_door(client)
    before = state(app, game_id).to_json()
    response = act(client, game_id, do="revolving_door", who="Ann", floor=1, to="B2", room="1-B2")
    page = response.get_data(as_text=True)
    assert errors(page) == ["The Revolving Door jumps to a room touching one of its corners: A2, C2"]
    assert 'id="room-menu"' in page and page.index("room-menu") < page.index("touching one of its corners")
    assert state(app, game_id).to_json() == before


def test_a_player_takes_a_prima_donna_and_meeting_the_bouncer_loses_the_heist(app, client):
    """Bodyguard Heist One: "When a player enters a tile with a Prima Donna chip, they take it" and "If a player
    with a Prima Donna chip is ever on the same tile as a bouncer, the players lose"."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    page = panel(client, game_id)
    assert "Bodyguard Heist One: Prima Donnas carried" in page and "Ann takes a Prima Donna" in page
    page = act_ok(client, game_id, do="prima_donna", who="Ann", count=1)
    assert "Ann now carries 1 Prima Donna." in log_lines(page)
    assert 'title="Ann: 0 heat · 1 Prima Donna"' in room_button(page, 1, "A1")
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="B1")  # the bouncer stands in B1
    assert state(app, game_id).outcome == "caught"
    assert "Ann carries a Prima Donna into the bouncer's company in B1: the team loses." in log_lines(page)
    assert "Caught! The team loses this heist." in text(page)


def test_a_prima_donna_count_out_of_range_is_refused_by_the_server(app, client):
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    before = state(app, game_id).to_json()
    response = client.post(f"/games/{game_id}/act", data={"do": "prima_donna", "who": "Ann", "count": "3"},
                           headers=HTMX)
    assert errors(response.get_data(as_text=True)) and state(app, game_id).to_json() == before


def test_the_prima_donnas_carried_travel_in_the_exported_file(app, client):
    """docs/conformance.md ``prima_donnas``: an exported heist imports with the chips still on the card."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="prima_donna", who="Ann", count=2)
    case = export(client, game_id)
    assert case["crew"]["Ann"]["prima_donnas"] == 2 and "prima_donnas" not in case["crew"].get("Bob", {})
    assert state(app, imported(client, json.dumps(case))).crew["Ann"].prima_donnas == 2
