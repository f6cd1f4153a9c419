"""A game (or one floor) as a conformance case (../shared/conformance/FORMAT.md), for bug reports
and disputes; importing it back gives the same position."""

from __future__ import annotations

from typing import Any

from ...engine.state import HIDDEN, GameState


def game_as_case(state: GameState, title: str, floor: int | None = None,
                 history: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    floors = {}
    for n, fl in sorted(state.floors.items()):
        if floor is not None and n != floor:
            continue
        spec: dict[str, Any] = {
            "walls": list(fl.walls), "guard": fl.guard, "destination": fl.destination,
            "alarms": list(fl.alarms), "patrol": [c for c in fl.deck if c != HIDDEN],
            "discard": list(fl.discard), "tiles": dict(fl.tiles),
        }
        if state.rules != "bb2":
            spec["die"] = fl.die
        if state.rules == "bb2":
            spec.update(even=list(fl.even), cubes=dict(fl.cubes), crowd=list(fl.crowd))
        if state.rules == "bb3":
            spec.update(suspicion=fl.suspicion, workers=dict(fl.workers))
        floors[str(n)] = spec
    score = "heat" if state.rules == "bb2" else "stealth"
    crew = {}
    for name, b in state.crew.items():
        if b.escaped or (floor is not None and b.floor != floor):
            continue
        member: dict[str, Any] = {"floor": b.floor, "at": b.at, score: getattr(b, score)}
        if b.loot:
            member["loot"] = list(b.loot)
        if state.rules == "bb3":
            member["geared"] = b.geared
        crew[name] = member
    return {
        "id": title.lower().replace(" ", "-")[:40] or "exported",
        "about": f"{title}: exported after {len(history or [])} actions",
        "rules": state.rules, "size": state.size, "void": list(state.void), "players": state.players,
        "tiebreak": state.tiebreak, "floors": floors, "crew": crew, "actions": [], "choices": [],
    }
