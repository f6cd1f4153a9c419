"""The story of a heist (issue 25 §3): turn by turn, the danger the crew faced against what happened.

A pure library over the heist's actions as the store keeps them: no Flask, no I/O. Each guard move (an
``end_turn`` and the answers that finish it) is one turn of the story, with

* the danger before it: the exact forecast (``assistant.forecast``, from what the players could see then) of each
  burglar on the moving floor being found by that move;
* what happened: who was found (lost Stealth or a Lavatory token; bb2: gained heat), who was caught, the patrol cards
  drawn, whether the deck was reshuffled, the alarms on the board after it, each burglar's Stealth (bb2: heat) after it.

The luckiest moment is the highest chance of being found that did not come true, the unluckiest the lowest that did.

>>> from assistant.engine.actions import apply
>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.rulesets import RULEBOOKS
>>> before = state_from_case({"floors": {"1": {"guard": "A1", "destination": "B1", "die": 1, "patrol": ["C3"]}},
...                           "crew": {"ana": {"floor": 1, "at": "B1", "stealth": 2}}})
>>> result = apply(before, {"do": "end_turn"})
>>> from assistant.engine.vocabulary import from_json
>>> step = Step(from_json({"do": "end_turn"}), result.log, before, result.state)
>>> turn = heist_story([step], RULEBOOKS["bb1"])[0]
>>> turn.danger["ana"], turn.found, turn.stealth["ana"]
(Fraction(1, 1), ('ana',), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from ..engine.log import LogEntry
from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from ..engine.vocabulary import Action
from ..forecast import forecast_floor

__all__ = ["Moment", "Step", "Turn", "heist_story", "luckiest", "unluckiest"]

FOUND = ("stealth", "heat", "caught")  # log entries of a burglar found by a guard


@dataclass(frozen=True)
class Step:
    """One action of the heist: what was done, its log entries, the state before and after it."""

    action: Action
    log: Sequence[LogEntry]
    before: GameState
    after: GameState


@dataclass(frozen=True)
class Turn:
    """One guard move and what led to it."""

    number: int  # 1 for the first guard move of the heist
    who: str  # whose turn ended
    floor: int | None  # the floor whose guard moved (None: nobody moved: she was not inside, or a Shift Change)
    danger: dict[str, Fraction]  # burglar -> the chance that move finds them, before it (burglars on that floor)
    found: tuple[str, ...]  # found during it, in the order it happened
    caught: str | None
    stealth: dict[str, int]  # every burglar's Stealth after it (bb2: heat)
    alarms: int  # alarms (bb3: cubes) on the board after it
    drawn: int  # patrol cards drawn during it
    reshuffled: bool  # a patrol deck was reshuffled during it


@dataclass(frozen=True)
class Moment:
    """A chance that came true, or did not, in a turn."""

    turn: int
    who: str
    chance: Fraction


def heist_story(steps: Sequence[Step], book: Rulebook) -> list[Turn]:
    """The turns of the heist (a heist of ``book``'s game) from its actions, oldest first. An ``end_turn`` that
    stopped on a question goes on in the ``answer`` actions after it; they are part of its turn."""
    turns: list[Turn] = []
    i = 0
    while i < len(steps):
        step = steps[i]
        i += 1
        if step.action.do != "end_turn" or step.before.pending:
            continue
        log = list(step.log)
        after = step.after
        while i < len(steps) and steps[i].action.do == "answer":
            log.extend(steps[i].log)
            after = steps[i].after
            i += 1
        turns.append(_turn(len(turns) + 1, step.before, log, after, book))
    return turns


def _turn(number: int, before: GameState, log: list[LogEntry], after: GameState, book: Rulebook) -> Turn:
    who = before.current() or ""
    b = before.crew.get(who)
    # as End turn moves him (actions._end_turn): not after a Shift Change, nor for a burglar who is not inside
    moves = b is not None and not b.escaped and b.at is not None and not before.no_move
    floor = b.floor if b is not None and moves and before.floors[b.floor].guard is not None else None
    danger = {name: c.found for name, c in forecast_floor(before, floor, book).crew.items()} \
        if floor is not None and not before.outcome else {}
    found: list[str] = []
    for e in log:
        name = e.data.get("who")
        if e.kind in FOUND and isinstance(name, str) and name not in found:
            found.append(name)
    caught = next((e.data.get("who") for e in log if e.kind == "caught"), None)
    counter = book.rules.crew_counter
    return Turn(number=number, who=who, floor=floor, danger=danger, found=tuple(found),
                caught=caught if isinstance(caught, str) else None,
                stealth={n: getattr(c, counter) for n, c in after.crew.items()},
                alarms=sum(len(fl.alarms) for fl in after.floors.values()),
                drawn=sum(1 for e in log if e.kind == "draw"),
                reshuffled=any(e.kind == "reshuffle" for e in log))


def luckiest(turns: Sequence[Turn]) -> Moment | None:
    """The highest chance of being found that did not come true (a certain one cannot miss: above 0, below 1)."""
    missed = [Moment(t.number, n, p) for t in turns for n, p in t.danger.items() if 0 < p < 1 and n not in t.found]
    return max(missed, key=lambda m: (m.chance, -m.turn), default=None)


def unluckiest(turns: Sequence[Turn]) -> Moment | None:
    """The lowest chance of being found that came true."""
    hit = [Moment(t.number, n, p) for t in turns for n, p in t.danger.items() if 0 < p < 1 and n in t.found]
    return min(hit, key=lambda m: (m.chance, m.turn), default=None)
