"""What the table page needs beyond the floors themselves: the summary of the last guard move, the
setup guide and its wall editor, the floor a phone shows first, and the cards and abilities a room
or the crew can use. Presentation only: the engine checks every action these buttons send."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.state import GameState
from .guide import setup_guide, wall_slots
from .pieces import figure
from .summary import guard_summaries

SIDE_OF = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


@dataclass(frozen=True)
class Abilities:
    """Cards and abilities that act on the guard from one room (guard-rules §1.19, §1.21)."""

    crow: list[tuple[str, bool]]  # (who may send the Raven's crow here, advanced: onto her own room)
    dynamite: list[tuple[str, str]]  # (side, wall) of each wall a burglar standing here could blow up
    camera: bool | None  # a revealed camera here: True while it works, False when switched off


def focus_floor(state: GameState) -> int:
    """The floor a phone shows first: where the table is being asked something, else where the
    current burglar is, else floor 1."""
    question = state.pending["question"] if state.pending else None
    if question and isinstance(question.get("floor"), int) and question["floor"] in state.floors:
        return question["floor"]
    current = state.current()
    burglar = state.crew.get(current) if current else None
    if burglar and burglar.at and not burglar.escaped and burglar.floor in state.floors:
        return burglar.floor
    return min(state.floors, default=1)


def abilities(state: GameState, floor: int, square: str) -> Abilities:
    plan = state.plan(floor)
    fl = state.floors[floor]
    ravens = [n for n, b in state.crew.items() if b.character.strip().lower() == "raven"]
    senders = ravens or list(state.crew)  # no character named: anyone may be playing the Raven
    crow = []
    for name in senders:
        b = state.crew[name]
        if b.escaped or b.at is None or b.floor != floor:
            continue
        if b.at == square:
            crow.append((name, True))
        if 0 <= plan.distance(b.at, square) <= 2:
            crow.append((name, False))
    c, r = plan.coords[plan.index[square]]
    dynamite = []
    for wall in fl.walls if state.burglars_at(floor, square) else []:
        first, second = wall.split("-")
        if square in (first, second):
            oc, orow = plan.coords[plan.index[second if square == first else first]]
            dynamite.append((SIDE_OF[(oc - c, orow - r)], wall))
    camera = square not in fl.cameras_off if fl.tiles.get(square) == "camera" else None
    return Abilities(crow, dynamite, camera)


def downstairs(state: GameState) -> set[tuple[int, str]]:
    """Where a downstairs token lies: the square above each revealed Stairs room, one floor up."""
    return {(n + 1, sq) for n, fl in state.floors.items() for sq, kind in fl.tiles.items()
            if kind == "stairs" and n + 1 in state.floors}


def laboratories(state: GameState) -> list[tuple[int, str]]:
    """Every revealed Laboratory, for Shoplifting."""
    return [(n, sq) for n, fl in sorted(state.floors.items()) for sq, kind in sorted(fl.tiles.items())
            if kind == "laboratory"]


def whole_move(last_log: list[dict[str, Any]], history: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The log of the last action and, when it answered a question, of the actions that asked: a
    guard move that stopped for a card or a tie is summed up whole, not from the answer on. The
    history is read only then, so an ordinary turn costs nothing more."""
    if not last_log or last_log[0].get("kind") != "answer":
        return last_log
    entries: list[dict[str, Any]] = []
    for past in reversed(history()):
        entries[:0] = past["log"]
        if past["action"].get("do") != "answer":
            break
    return entries


def table_view(state: GameState, last_log: list[dict[str, Any]], phase: str,
               selected: tuple[int, str] | None, history: Callable[[], list[dict[str, Any]]]) -> dict[str, Any]:
    """The template variables of the table page that come from this module."""
    setting_up = phase in ("break_in", "entrance")
    return {
        "summary": guard_summaries(whole_move(last_log, history), figure(state)[0]),
        "guide": setup_guide(state) if setting_up else None,
        "slots": {n: wall_slots(state, n) for n in state.floors} if phase == "break_in" else {},
        "focus": focus_floor(state),
        "crew_floors": {n: (None if b.escaped or b.at is None else b.floor) for n, b in state.crew.items()},
        "abilities": abilities(state, *selected) if selected and selected[1] not in state.void else None,
        "laboratories": laboratories(state),
        "downstairs": downstairs(state),
    }
