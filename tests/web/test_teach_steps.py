"""Teach me's step logic (issue 36 §3, web/table/lesson.py): which step is due, from the heist's phase, its board
and its log. Pure: the histories are the engine's own logs of a Bank Job played from its first action."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb1.setup import new_game
from assistant.engine.state import GameState
from assistant.engine.vocabulary import from_json
from assistant.store import Played
from assistant.web.table.board_view import phase
from assistant.web.table.lesson import STEPS, Reached, due, number, reached, read_done, to_come, write_done
from assistant.engine.rulesets import RULEBOOKS

CREW = [{"name": "Ann", "colour": "", "character": "", "side": "basic"},
        {"name": "Bob", "colour": "", "character": "", "side": "basic"}]
NOTHING: frozenset[str] = frozenset()


def heist(*actions: dict[str, Any], walls: list[list[str]] | None = None) -> tuple[GameState, list[Played]]:
    """A Bank Job for Ann and Bob (seed 4242: the guard starts on B1, heading for D4) after ``actions``, and its
    history as the store reads it."""
    state = new_game("bank", CREW, walls=walls, seed=4242)
    history = []
    for seq, action in enumerate(actions, 1):
        result = apply(state, action)
        state = result.state
        history.append(Played(seq, from_json(action), result.log, ""))
    return state, history


def due_after(*actions: dict[str, Any], done: frozenset[str] = NOTHING,
              walls: list[list[str]] | None = None) -> str | None:
    state, history = heist(*actions, walls=walls)
    return due(phase(state, RULEBOOKS[state.rules]), reached(state, history), done)


START, ENTER = {"do": "start"}, {"do": "entrance", "at": "A1"}
MOVE = {"do": "move", "who": "Ann", "floor": 1, "to": "A2"}
END = {"do": "end_turn"}


def test_a_new_heist_is_at_the_setting_up_step():
    assert due_after() == "setup"


def test_the_break_in_step_comes_once_the_guard_is_placed_whether_or_not_setup_was_dismissed():
    assert due_after(START) == "break_in"
    assert due_after(START, done=frozenset({"setup"})) == "break_in"


def test_the_move_step_comes_when_the_crew_is_in_and_stays_until_dismissed():
    assert due_after(START, ENTER) == "move"
    assert due_after(START, ENTER, MOVE) == "move"


def test_peeking_comes_after_the_first_move_not_before():
    assert due_after(START, ENTER, done=frozenset({"move"})) is None
    assert due_after(START, ENTER, MOVE, done=frozenset({"move"})) == "peek"


def test_an_alarm_on_the_board_comes_before_peeking():
    alarm = {"do": "alarm", "floor": 1, "at": "A2"}
    assert due_after(START, ENTER, MOVE, alarm, done=frozenset({"move"})) == "alarm"
    assert due_after(START, ENTER, MOVE, alarm, done=frozenset({"move", "alarm"})) == "peek"


def test_the_first_guard_move_brings_his_turn_then_the_clockwise_rule_then_the_event_card():
    done = frozenset({"setup", "break_in", "move", "peek"})
    assert due_after(START, ENTER, MOVE, END, done=done) == "guard_turn"
    assert due_after(START, ENTER, MOVE, END, done=done | {"guard_turn"}) == "clockwise"
    assert due_after(START, ENTER, MOVE, END, done=done | {"guard_turn", "clockwise"}) == "event"
    assert due_after(START, ENTER, MOVE, END, done=frozenset(STEPS)) is None


def test_steps_of_the_first_turn_left_undismissed_give_way_once_the_guard_has_moved():
    assert due_after(START, ENTER, MOVE, END) == "guard_turn"


def test_the_guard_turn_step_is_gone_after_his_second_move():
    state, history = heist(START, ENTER, END, END)
    r = reached(state, history)
    assert (r.turns_ended, r.guard_moves) == (2, 2)
    assert due(phase(state, RULEBOOKS[state.rules]), r, NOTHING) is None


def test_a_tie_broken_in_a_later_guard_move_brings_the_clockwise_step_back():
    assert due("play", Reached(turns_ended=3, guard_moves=3, tie=True), frozenset({"guard_turn"})) == "clockwise"
    assert due("play", Reached(turns_ended=3, guard_moves=3), frozenset({"guard_turn"})) is None


def test_a_guard_walk_that_broke_a_tie_is_read_from_its_log():
    # no walls: from B1 toward D4 the guard has equally short ways at his first step (§2)
    state, history = heist(START, ENTER, END, walls=[[], [], []])
    assert reached(state, history).tie
    state, history = heist(START, ENTER, END)  # the printed walls: one shortest way each step
    assert not reached(state, history).tie


def test_an_event_card_played_brings_the_event_step_until_the_next_end_turn():
    event = {"do": "event", "name": "espresso", "floor": 1}
    state, history = heist(START, ENTER, END, END, event)
    assert reached(state, history).event
    assert due(phase(state, RULEBOOKS[state.rules]), reached(state, history), NOTHING) == "event"
    state, history = heist(START, ENTER, END, END, event, END)
    assert not reached(state, history).event


def test_no_step_talks_over_a_question_or_a_heist_that_is_over():
    assert due("question", Reached(guard_moves=1), NOTHING) is None
    assert due("over", Reached(guard_moves=1), NOTHING) is None


def test_the_lesson_is_over_when_no_step_left_can_come():
    assert to_come("play", Reached(turns_ended=4, guard_moves=4), frozenset({"alarm", "clockwise", "event"})) is False
    assert to_come("play", Reached(turns_ended=4, guard_moves=4), frozenset({"alarm", "clockwise"})) is True
    assert to_come("over", Reached(), NOTHING) is False


@pytest.mark.parametrize(("stored", "read"), [(None, set()), ("", set()), ("setup,move", {"setup", "move"}),
                                              ("move,nonsense,", {"move"})])
def test_the_stored_lesson_reads_back_its_dismissed_steps(stored, read):
    assert read_done(stored) == frozenset(read)


def test_dismissed_steps_are_stored_in_the_lessons_order():
    assert write_done({"event", "setup", "move"}) == "setup,move,event"


def test_the_steps_number_only_counts_up_whichever_comes_first():
    assert number("setup", NOTHING) == 1
    assert number("guard_turn", NOTHING) == 6  # the table went on without dismissing the first turn's steps
    first_turn = frozenset({"setup", "break_in", "move"})
    assert (number("alarm", first_turn), number("peek", first_turn | {"alarm"})) == (4, 5)
    assert number("alarm", first_turn | {"peek", "guard_turn", "clockwise"}) == 7
    assert number("event", frozenset(STEPS) - {"event"}) == 8
