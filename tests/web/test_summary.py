"""The one-line summary of a guard move at the top of the log (assistant/web/table/summary.py), checked
on hand-written log entries and on real guard moves from the engine."""

from __future__ import annotations

from typing import Any

from assistant.engine.log import LogEntry
from assistant.web.table.summary import guard_summaries
from tests.engine.helpers import BANK_F1, burglar, event, floor_case, play, position, turn


def entry(kind: str, square: str | None = None, floor: int = 1, **data: Any) -> LogEntry:
    return LogEntry(kind, "", floor, square, data)


def summaries(*actions: dict[str, Any], state: Any, answers: tuple[str, ...] = ()) -> list[str]:
    out = play(state, *actions, answers=answers)
    return guard_summaries(out.log)


def test_the_issue_example_reads_as_written():
    log = [entry("speed", moves=2), entry("enter", "B1", left=1), entry("arrive", "B1"),
           entry("draw", "D1", card="D1", left=6), entry("destination", "D1"), entry("enter", "C1", left=0),
           entry("stealth", "C1", who="Ana", left=2), entry("stop", "C1")]
    assert guard_summaries(log) == [
        "Floor 1 guard, 2 moves: reaches B1 · draws patrol D1 · 6 cards left · 1 move left → C1 · Ana loses 1 Stealth"]


def test_a_plain_walk_is_a_chain_of_arrows():
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]))
    assert summaries(turn(),
                     state=s) == ["Floor 1 guard, 3 moves: → B1 → C1 · reaches D1 · draws patrol D4 · 0 cards left"]


def test_stealth_lost_in_the_arrival_room_comes_after_the_arrival():
    s = position(floor_case("A1", "C1", 2, patrol=["A4", "D4"]), crew={"Ana": burglar("C1")})
    line, = summaries(turn(), state=s)
    assert line == "Floor 1 guard, 2 moves: → B1 · reaches C1 · Ana loses 1 Stealth · draws patrol A4 · 1 card left"


def test_moves_left_after_a_new_destination_are_counted():
    s = position(floor_case("A1", "B1", 3, patrol=["B4", "D4"]))
    line, = summaries(turn(), state=s)
    assert line == "Floor 1 guard, 3 moves: reaches B1 · draws patrol B4 · 1 card left · 2 moves left → B2 → B3"


def test_an_alarm_that_takes_the_die_is_named():
    s = position(floor_case("A1", "B1", 2, patrol=["D4"], alarms=["A3"]))
    line, = summaries(turn(), state=s)
    assert line.startswith("Floor 1 guard, 3 moves: reaches B1 · die to A3 (nearest alarm) · 2 moves left → ")


def test_a_guard_that_switches_an_alarm_off_says_so():
    s = position(floor_case("A1", "A3", 2, patrol=["D4"], alarms=["A2"]))
    line, = summaries(turn(), state=s)
    assert "→ A2 · switches off the alarm in A2" in line


def test_shift_change_gives_one_line_per_guard_in_the_order_they_moved():
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), floor_case("A2", "D2", 2, patrol=["A4"]),
                 floor_case("A3", "D3", 2, patrol=["A1"]))
    lines = summaries(event("shift_change"), state=s, answers=("3",))
    assert lines == ["Floor 3 guard, 2 moves: → B3 → C3", "Floor 2 guard, 2 moves: → B2 → C2"]


def test_donuts_say_the_guard_stays():
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]))
    assert summaries({"do": "donuts", "floor": 1}, turn(), state=s) == ["Floor 1 guard: eats the Donuts: no move"]


def test_squeak_moves_a_guard_without_a_turn():
    s = position(floor_case("A1", "D4", 2, walls=BANK_F1, patrol=["D1"]), crew={"Ana": burglar("A4")})
    assert summaries(event("squeak"), state=s) == ["Floor 1 guard: → A2"]


def test_a_card_drawn_by_the_table_is_told_once():
    log = [entry("speed", moves=1), entry("enter", "B1", left=0), entry("arrive", "B1"),
           entry("answer", "C3", question="card"), entry("draw", "C3", card="C3", left=5), entry("destination", "C3")]
    assert guard_summaries(log) == ["Floor 1 guard, 1 move: reaches B1 · draws patrol C3 · 5 cards left"]


def test_a_reshuffle_and_the_faster_die_are_in_the_line():
    s = position(floor_case("A1", "B1", 2, patrol=[], discard=["C1", "D1"]), players=4)
    line, = summaries(turn(), state=s)
    assert "reaches B1 · deck reshuffled, die 3 · draws patrol" in line


def test_being_caught_ends_the_line():
    s = position(floor_case("A1", "C1", 2, patrol=["D4"]), crew={"Ana": burglar("B1", stealth=0)})
    assert summaries(turn(), state=s) == ["Floor 1 guard, 2 moves: → B1 · Ana is caught"]


def test_actions_that_move_no_guard_have_no_summary():
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"Ana": burglar("C3")})
    assert summaries({"do": "alarm", "floor": 1, "at": "D3"}, state=s) == []
    assert summaries({"do": "move", "who": "Ana", "floor": 1, "to": "C4"}, state=s) == []
    assert guard_summaries([]) == []
