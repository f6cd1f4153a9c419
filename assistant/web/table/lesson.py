"""Teach me (issue 36 §3): which step of a first heist is due, from where the heist stands and its log.

A step is *due* when the table has reached the moment it explains (the first turn for a move, an alarm on the board,
the first guard move for his turn) and the table has not dismissed it; the first due step in ``STEPS`` order is the
one shown. A step whose moment has passed (the move once the first turn has ended) is no longer due, dismissed or
not: the lesson follows the heist and never holds it up. Pure: plain data in, a step's name out; the words are the
rules reference's (``PAGES``), put on the board by web/table/teach.py.

>>> due("break_in", Reached(), frozenset())
'setup'
>>> due("play", Reached(turns_ended=1, guard_moves=1), frozenset({"guard_turn"}))
'clockwise'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...engine.bb1.table import EVENT_CARDS
from ...engine.bb1.vocabulary import Event
from ...engine.state import GameState
from ...store import Played

# the order a first heist reaches them in; an alarm comes before peeking, as it is the more pressing
STEPS = ("setup", "break_in", "move", "alarm", "peek", "guard_turn", "clockwise", "event")
# each step's page of the rules reference: its summary is what the step says, its page is one tap away
PAGES = {"setup": "wall-layouts", "break_in": "new-floor", "move": "moving", "alarm": "alarms", "peek": "peeking",
         "guard_turn": "speed", "clockwise": "clockwise", "event": "event-draw"}


@dataclass(frozen=True)
class Reached:
    """What the heist's log and board say the table has got to."""

    turns_ended: int = 0  # End turns pressed (each after a burglar's turn)
    moved: bool = False  # a burglar has made a move (after the break-in)
    guard_moves: int = 0  # guard moves made (a Shift Change's counts as one)
    tie: bool = False  # the latest guard move broke a tie between equally short walks (§2)
    event: bool = False  # an event card was played since the last End turn
    alarm: bool = False  # an alarm token lies on the board now


def reached(state: GameState, history: Iterable[Played]) -> Reached:
    """What the table has reached, from the heist's actions in effect (store.history) and its board."""
    turns = guard_moves = 0
    moved = tie = event = False
    for past in history:
        action, log = past.action, past.log
        do = action.do
        if do == "end_turn":
            turns += 1
            event = False
        elif isinstance(action, Event) and action.name in EVENT_CARDS:
            event = True
        moved = moved or do == "move"
        if any(e.kind == "speed" for e in log):  # a new guard move (an answer carries on the last one)
            guard_moves += 1
            tie = False
        tie = tie or any(e.kind == "enter" and e.data.get("fork") for e in log)
    alarm = any(fl.alarms for fl in state.floors.values())
    return Reached(turns, moved, guard_moves, tie, event, alarm)


def at_hand(step: str, phase: str, r: Reached) -> bool:
    """Whether the heist stands at the moment ``step`` explains."""
    playing = phase == "play"  # a question to the table, or the heist over: no step talks over it
    return {
        "setup": phase == "break_in",
        "break_in": phase == "entrance",
        "move": playing and r.turns_ended == 0,
        "alarm": playing and r.alarm,
        "peek": playing and r.turns_ended == 0 and r.moved,
        "guard_turn": playing and r.guard_moves == 1,
        "clockwise": playing and (r.guard_moves == 1 or r.tie),
        "event": playing and (r.guard_moves == 1 or r.event),
    }[step]


def due(phase: str, r: Reached, done: frozenset[str]) -> str | None:
    """The step to show now, or None (nothing to explain at this moment, or all of it dismissed)."""
    return next((s for s in STEPS if s not in done and at_hand(s, phase, r)), None)


def number(step: str, done: frozenset[str]) -> int:
    """The step's place in the lesson, counting every step dismissed or passed over: it only counts up, whichever
    step comes next (an alarm may come before peeking, or after the guard's turn)."""
    return min(len(STEPS), 1 + len(done | set(STEPS[:STEPS.index(step)])))


def to_come(phase: str, r: Reached, done: frozenset[str]) -> bool:
    """Whether a step not dismissed may still be due, now or later: the lesson is over when none may."""
    if phase == "over":
        return False
    later = {"setup": phase == "break_in", "break_in": phase in ("break_in", "entrance"), "move": r.turns_ended == 0,
             "peek": r.turns_ended == 0, "guard_turn": r.guard_moves <= 1}
    return any(s not in done and later.get(s, True) for s in STEPS)  # an alarm, a tie, an event card: any time


def read_done(value: str | None) -> frozenset[str]:
    """The steps a lesson has dismissed, as its settings row keeps them (no row: none yet)."""
    return frozenset(s for s in (value or "").split(",") if s in PAGES)


def write_done(done: Iterable[str]) -> str:
    """The settings row's value for these dismissed steps, in the lesson's order."""
    kept = set(done)
    return ",".join(s for s in STEPS if s in kept)
