""""On the real board" (assistant/web/table/real_board.py): what the table changes on the physical board
after an action, in order, read from the log entries; checked on real guard moves from the engine, and
the page shows it until the next action."""

from __future__ import annotations

from typing import Any

from assistant.engine.log import LogEntry
from assistant.engine.state import GameState
from assistant.web.table.real_board import checklist
from tests.engine.helpers import alarm, burglar, floor_case, play, position, turn
from tests.web.helpers import act_ok, break_in, new_heist


def board_after(state: GameState, *actions: dict[str, Any]) -> tuple[list[str], GameState]:
    out = play(state, *actions)
    return checklist(out.log, {n: fl.die for n, fl in out.state.floors.items()}), out.state


def test_a_walk_is_one_line_where_he_ends_then_his_die_where_it_ends():
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]))
    items, after = board_after(s, turn())
    assert items == ["Move the floor-1 guard to D1 (B1 → C1 → D1).", "Put the floor-1 die on D4, showing 3."]
    assert after.floors[1].guard == "D1" and after.floors[1].destination == "D4"


def test_stealth_lost_on_the_way_comes_between_the_steps_it_interrupts():
    s = position(floor_case("A1", "C1", 2, patrol=["A4", "D4"]), crew={"Ana": burglar("B1")})
    items, _ = board_after(s, turn())
    assert items == ["Move the floor-1 guard to B1.", "Ana discards 1 Stealth token (2 left).",
                     "Move the floor-1 guard to C1.", "Put the floor-1 die on A4, showing 2."]


def test_an_alarm_he_walks_into_is_taken_off_where_he_reaches_it():
    s = position(floor_case("A1", "D1", 2, patrol=["D4", "A4"]))
    items, after = board_after(s, alarm("B1"), turn())
    assert items[0] == "Put an alarm token on B1 (floor 1)."
    assert "Take the alarm token off B1 (floor 1)." in items
    assert items.index("Take the alarm token off B1 (floor 1).") > items.index("Move the floor-1 guard to B1.")
    assert after.floors[1].alarms == ()


def test_an_action_that_moves_nothing_on_the_board_asks_for_nothing():
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"Ana": burglar("C3")})
    items, _ = board_after(s, {"do": "move", "who": "Ana", "floor": 1, "to": "C4"})
    assert items == []


def test_a_new_floors_guard_is_placed_with_his_die():
    entries = [LogEntry("appear", "1.4", 2, "B3"),
               LogEntry("destination", "1.6", 2, "D1", {"why": "patrol_card"})]
    assert checklist(entries, {2: 3}) == ["Put the floor-2 guard on B3.", "Put the floor-2 die on D1, showing 3."]


def test_a_reshuffle_turns_the_die_up():
    entries = [LogEntry("reshuffle", "1.11", 1, None, {"die": 3, "left": 16, "aside": 0}),
               LogEntry("stop", "1.2", 1, "A1")]
    assert checklist(entries, {1: 3}) == ["Turn the floor-1 die to 3."]


def test_the_board_page_shows_the_checklist_after_end_turn_and_not_after_the_next_action(client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = act_ok(client, game_id, do="end_turn")
    assert "On the real board" in page and "Move the floor-1 guard to" in page
    page = act_ok(client, game_id, do="alarm", floor=1, at="D4")
    assert "Put an alarm token on D4 (floor 1)." in page and "Move the floor-1 guard to" not in page
