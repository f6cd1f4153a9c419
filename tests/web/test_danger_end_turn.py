"""Issue 32 §1, the example that started it: Ana stands in a face-up Thermo. Danger ("if the turn ended now"), the
Coach ("if she ended her turn in this room") and the Heist report give the chance End turn then realises: her
actions end there, the Thermo goes off before the guard moves (§1.22 'Thermo: when it is checked'; bb1 Room Tiles,
Thermo), and he comes for it. Before the fix all three said "no chance"."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import state_from_case
from tests.forecast.test_end_turn_truth import end_turn_truth
from tests.web.helpers import HTMX, act_ok, board_switch, game, room_button, state, store

BEFORE_ANY_EVENT = "before any event card: a card still to be drawn is not counted."


def _coach_title(page: str, square: str) -> str:
    match = re.search(r'class="coach-pct" title="([^"]*)"', room_button(page, 1, square))
    assert match, square
    return match.group(1)


def test_a_thermo_she_ends_in_brings_the_guard_danger_coach_and_report_say_certain_and_end_turn_finds_her(
        app: Flask, client: FlaskClient) -> None:
    """Guard in D1 heading for D4 with die 1: on the board as it is he steps to D2 and never comes near her. End
    turn sets off her Thermo in B1 first: 1 + 1 alarm = 2 moves, C1 then B1, and she is found, whatever the cards."""
    case = {"floors": {"1": {"guard": "D1", "destination": "D4", "die": 1, "patrol": ["A4", "C3", "C2"],
                             "tiles": {"B1": "thermo", "A4": "thermo"}}},
            "crew": {"ana": {"floor": 1, "at": "B1", "stealth": 3}}}
    gid = store(app).create("Thermo", state_from_case(case))
    assert end_turn_truth(state(app, gid), 1).found["ana"] == 1
    board_switch(client, gid, "danger", True)
    page = board_switch(client, gid, "coach", True)
    assert "ana: found certain" in page
    assert _coach_title(page, "B1") == "ending the turn here: the Thermo goes off; found certain, caught no chance"
    assert "Ending the turn in B1: the Thermo goes off (found certain, caught no chance)." in page
    # the Thermo in A4 goes off too, but he cannot come that far: nothing it decides, nothing named
    assert _coach_title(page, "A4") == "ending the turn here: found no chance, caught no chance"
    assert _coach_title(page, "A1") == "ending the turn here: found no chance, caught no chance"
    assert page.count(BEFORE_ANY_EVENT) == 2  # under Danger and under the Coach
    act_ok(client, gid, do="end_turn")
    assert state(app, gid).crew["ana"].stealth == 2  # End turn found her
    head = game(app, gid).head
    _, _, log = store(app).action_at(gid, head)
    found = next(i for i, e in enumerate(log) if e.kind == "stealth")
    why = client.get(f"/games/{gid}/why/{head}/{found}", headers=HTMX).get_data(as_text=True)
    assert "Before this move ana had a certain chance to be found" in why
    report = client.get(f"/games/{gid}/report").get_data(as_text=True)
    assert re.search(r"<tr><td>1</td><td>ana</td>\s*<td>ana 100%</td>\s*<td>ana</td>", report)


def test_with_a_choice_between_alarms_danger_and_coach_give_end_turns_frequency_over_every_deck_order(
        app: Flask, client: FlaskClient) -> None:
    """Her Thermo in A2 and an alarm in C4 are equally near the guard in C2 (1.6: the players choose): End turn
    finds her in half of its ways over every deck order and answer, and Danger and the Coach say 1 in 2."""
    case = {"floors": {"1": {"guard": "C2", "destination": "D4", "die": 1, "alarms": ["C4"],
                             "patrol": ["A4", "B3", "D1", "A1"], "tiles": {"A2": "thermo"}}},
            "crew": {"ana": {"floor": 1, "at": "A2", "stealth": 2}, "bo": {"floor": 1, "at": "D3", "stealth": 2}}}
    gid = store(app).create("Thermo tie", state_from_case(case))
    truth = end_turn_truth(state(app, gid), 1)
    assert truth.found["ana"] == 1 / 2
    board_switch(client, gid, "danger", True)
    page = board_switch(client, gid, "coach", True)
    assert "ana: found 1 in 2 (50%)" in page
    assert _coach_title(page, "A2") == "ending the turn here: the Thermo goes off; found 1 in 2 (50%), caught no chance"
    panel = client.get(f"/games/{gid}/panel", headers=HTMX).get_data(as_text=True)
    assert "ana: found 1 in 2 (50%)" in panel


def test_the_coach_names_what_end_turn_does_first_where_it_decides_her_chance(app: Flask, client: FlaskClient) -> None:
    """Issue 32 §2: the Coach says why a room is dangerous when End turn's first part decides it: the basic Acrobat
    still in the guard's room loses a Stealth token whatever he does next (§1.22 'Acrobat (basic) in the guard's
    room'); a bb2 Count Room's commotion pulls the bouncer one step at once and his walk then reaches her (bb2 Tile
    Clarifications, Count Room). Without it his walk goes elsewhere."""
    acrobat = {"floors": {"1": {"guard": "C2", "destination": "C4", "die": 1, "patrol": ["A1", "B1", "D1"]}},
               "crew": {"ana": {"floor": 1, "at": "A1", "character": "acrobat", "side": "basic", "stealth": 2}}}
    gid = store(app).create("Acrobat", state_from_case(acrobat))
    page = html.unescape(board_switch(client, gid, "coach", True))
    assert "Ending the turn in C2: the Acrobat is still in the guard's room (found certain, caught no chance)." in page
    assert page.count("Ending the turn in") == 1
    count_room = {"rules": "bb2", "floors": {"1": {"guard": "D4", "destination": "D1", "patrol": ["B4", "C4"],
                                                   "tiles": {"A3": "count-room"}}},
                  "crew": {"ana": {"floor": 1, "at": "A3"}}}
    gid = store(app).create("Count Room", state_from_case(count_room))
    page = board_switch(client, gid, "coach", True)
    assert "Ending the turn in A3: the Count Room makes a commotion (found" in page
    assert "the Count Room makes a commotion" in _coach_title(page, "A3")


def test_why_of_a_guard_move_no_end_turn_made_counts_from_the_board_as_it_was(app: Flask, client: FlaskClient) -> None:
    """A guard move the table asks for by itself (no End turn: her Thermo is not checked) had the chance of his move
    from the board as it was: Why? of his step says so, not End turn's odds (issue 32)."""
    case = {"floors": {"1": {"guard": "D1", "destination": "D4", "die": 1, "patrol": ["A4", "C3", "C2"],
                             "tiles": {"B1": "thermo"}}},
            "crew": {"ana": {"floor": 1, "at": "B1", "stealth": 3}}}
    gid = store(app).create("Guard move", state_from_case(case))
    board_switch(client, gid, "danger", True)
    act_ok(client, gid, do="guard_turn", floor=1)
    head = game(app, gid).head
    _, action, log = store(app).action_at(gid, head)
    assert action.do == "guard_turn"
    step, entry = next((i, e) for i, e in enumerate(log) if e.kind == "enter")
    assert entry.square == "D2"  # toward his die: End turn would have sent him to her Thermo instead
    why = client.get(f"/games/{gid}/why/{head}/{step}", headers=HTMX).get_data(as_text=True)
    assert "Before this move he had a certain chance to come here" in why
