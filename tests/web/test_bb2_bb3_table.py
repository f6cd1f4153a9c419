"""The Burgle Bros 2 and 3 tables on the board (issue 13 items 2-5): rooms that make commotions from the
moves the table taps, the dice sum asked in one tap, the deck's size, "our deck is empty", chips and
gear controls in a room's menu, bb3 guard rooms and workers. What must happen is the engine's answer on
the stored position (``expect``). Sources: bb2 rulebook "Tile Clarifications", "Chips Glossary",
"Hunting", "Heist Setup" step 5; bb3 rulebook "Adjacency, Moving, and Jumping", "Free Actions",
"Workers", "Program Cards"."""

from __future__ import annotations

import re

from assistant.words import sentence
from tests.web.helpers import act_ok, expect, guard_square, log_lines, state
from tests.web.test_bb2_bb3 import bb3_in_play, panel, placed, text


def test_walking_into_table_games_asks_the_dice_sum_in_one_tap(app, client):
    """bb2 Table Games: the table rolls and enters the sum; anything but 7 or 11 is a commotion."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="reveal", floor=1, at="A2", type="table-games", number="3")
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="A2")
    assert "roll the two casino dice. What is their sum?" in text(page)
    assert re.findall(r'name="choice" value="(\d+)"', page) == [str(n) for n in range(2, 13)]
    reference = expect(app, game_id, do="answer", choice="5")
    page = act_ok(client, game_id, do="answer", choice="5")
    assert state(app, game_id).floors[1].destination == "A2"
    assert guard_square(page, 1) == reference.state.floors[1].guard
    assert log_lines(page)[-len(reference.log):] == [sentence(e) for e in reference.log]


def test_the_deck_size_is_an_action_and_our_deck_is_empty_starts_hunting(app, client):
    """bb2 Heist Setup 5 (the Suspicion Meter) and Hunting (the real deck running out)."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    page = panel(client, game_id)
    assert "Floor 1 deck: 14 cards" in text(page)
    page = act_ok(client, game_id, do="deck", floor=1, count=15)
    assert "The table's floor-1 patrol deck holds 15 cards now (14 before)." in log_lines(page)
    assert len(state(app, game_id).floors[1].deck) == 15
    act_ok(client, game_id, do="end_turn")  # B1 -> C1 -> D1: he reaches his marker and needs a card
    page = act_ok(client, game_id, do="answer", choice="empty")
    fl = state(app, game_id).floors[1]
    assert fl.deck == [] and fl.destination is None
    assert "The floor-1 patrol deck is empty: the bouncer starts hunting." in log_lines(page)


def test_a_room_menu_offers_the_prima_donna_and_gear_on_the_bouncer(app, client):
    """bb2 Chips Glossary (Prima Donna) and gear whose text the seed does not print (manual control)."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    menu = panel(client, game_id, "1-A2")
    assert "Prima Donna here: Ann jumps in" in menu and "The bouncer jumps here" in menu
    page = act_ok(client, game_id, do="bouncer", effect="marker", floor=1, at="A3")
    assert state(app, game_id).floors[1].destination == "A3"
    assert "Gear or an event card: the floor-1 destination marker goes to A3." in log_lines(page)


def test_a_guard_room_marked_on_the_board_asks_what_it_does_when_the_guard_walks_in(app, client):
    """bb3 Adjacency, Moving, and Jumping: guard tiles act when a guard enters by moving."""
    game_id = bb3_in_play(client)
    assert "This is a guard room (grey banner)" in panel(client, game_id, "1-C1")
    act_ok(client, game_id, do="reveal", floor=1, at="C1", type="guard-room")
    page = act_ok(client, game_id, do="end_turn")  # B1 toward D1: C1 is on his way
    assert "walks into the guard room in C1. What does its text do to him?" in text(page)
    assert ">His turn ends there</button>" in page
    page = act_ok(client, game_id, do="answer", choice="stop")
    assert guard_square(page, 1) == "C1"


def test_workers_flee_from_a_geared_burglar_and_a_scan_sets_off_an_alarm(app, client):
    """bb3 Free Actions, Flee; Program Cards, Scans."""
    game_id = bb3_in_play(client)
    act_ok(client, game_id, do="set", field="workers", floor=1, at="A4", value="2")
    act_ok(client, game_id, do="set", field="geared", who="Ann", value="1")
    menu = panel(client, game_id, "1-A4")
    assert "Ann makes the workers flee to A3: a Scan drawn" in menu
    act_ok(client, game_id, do="flee", who="Ann", to="A3", scans=1)
    fl = state(app, game_id).floors[1]
    assert fl.workers == {"A3": 2} and fl.alarms == ("A3",)
