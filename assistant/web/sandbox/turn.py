"""The guard's turn in a sandbox position, played by the engine, and the position as a conformance case.

The position becomes a one-floor case (../shared/conformance/FORMAT.md) whose only action is the
guard's turn, so the sandbox runs exactly the code a heist runs: speed from die and alarms, steps by
the tie-break reading, arrival, the nearest alarm.

When he needs a patrol card nobody has set (he reaches his destination with no alarm left), the
turn stops there: the next card of a real deck is unknown, and guessing one would draw a walk the
table will not see. The engine asks for that card like a table-drawn deck does; the sandbox shows
the question instead of answering it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cases import replay, run_case, state_from_case
from ...engine.errors import RulesError
from ...engine.log import LogEntry
from ...engine.state import HIDDEN
from ...words.i18n import _
from ...words.refusals import refusal
from .link import Position

TURN = {"do": "guard_turn", "floor": 1}


class ExportRefused(ValueError):
    """The position cannot become a complete case yet; the message says what is missing."""


@dataclass(frozen=True)
class Turn:
    """What the guard did: the rooms he entered in order, the log, and why he stopped early, if he did."""

    reading: str
    start: str
    steps: tuple[str, ...]
    log: tuple[LogEntry, ...]
    moves: int = 0
    left: int = 0
    question: dict[str, Any] | None = None
    error: str | None = None

    @property
    def needs_card(self) -> bool:
        return bool(self.question and self.question["kind"] == "card")

    @property
    def path(self) -> tuple[str, ...]:
        """The start and every room entered."""
        return (self.start, *self.steps)


def case_of(position: Position, reading: str | None = None) -> dict[str, Any]:
    """The position as a case in the FORMAT.md shape (without ``expect``)."""
    reading = reading or position.reading
    floor: dict[str, Any] = {"walls": list(position.walls), "guard": position.guard, "destination": position.target,
             "die": position.die, "alarms": list(position.alarms), "patrol": list(position.patrol),
             "discard": [], "tiles": {}}
    who = f"guard {position.guard or 'not placed'}, die {position.die} on {position.target or 'no square'}"
    name = "-".join(s.lower() for s in (position.guard, position.target) if s)
    return {"id": f"sandbox-{name}" if name else "sandbox", "about": f"sandbox position: {who}, {reading} reading",
            "rules": "bb1", "size": position.size, "void": list(position.void), "players": 4, "tiebreak": reading,
            "floors": {"1": floor}, "crew": {}, "actions": [dict(TURN)], "choices": []}


def play(position: Position, reading: str | None = None) -> Turn | None:
    """The guard's turn, or None while the guard or his die is not on the floor."""
    if position.guard is None or position.target is None:
        return None
    reading = reading or position.reading
    case = case_of(position, reading)
    try:
        state = state_from_case(case)
        # a card nobody has drawn yet: reaching it makes the engine ask, and the turn stops there
        state.floors[1].deck.append(HIDDEN)
        played = replay(case, start=state)  # the case's one action, played as every reader plays a case
    except RulesError as err:
        return Turn(reading, position.guard, (), (), error=refusal(err))
    log = played.log
    steps = tuple(e.square for e in log if e.kind == "enter" and e.square)
    moves = next((int(e.data["moves"]) for e in log if e.kind == "speed"), 0)
    return Turn(reading, position.guard, steps, log, moves, moves - len(steps), played.question)


def export_case(position: Position) -> dict[str, Any]:
    """The position as a ready regression case: ``expect`` is what the engine computes for it.

    Raises :class:`ExportRefused` when the turn needs a patrol card that is not set, since a case
    never leaves a card to a shuffle (FORMAT.md).
    """
    turn = play(position)
    if turn is not None and turn.needs_card:
        raise ExportRefused(_("the guard draws a patrol card in %(square)s and none is set: pick the next patrol card "
                              "first, so the case says where he goes", square=turn.path[-1]))
    if turn is not None and turn.error:  # the engine's own refusal, in the reader's words
        raise ExportRefused(turn.error)
    case = case_of(position)
    result = run_case(case)
    if "error" in result:
        raise ExportRefused(result["error"])
    expect: dict[str, Any] = {"floors": result["floors"], "caught": result["caught"]}
    if result["needs_choice"] is not None:
        expect["needs_choice"] = result["needs_choice"]
    return {**case, "expect": expect}
