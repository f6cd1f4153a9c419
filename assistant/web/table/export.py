"""A game (or one floor) as a conformance case (../shared/conformance/FORMAT.md), for bug reports
and disputes; importing it back gives the same position."""

from __future__ import annotations

from typing import Any

from ...engine.rulesets import rules_of
from ...engine.state import HIDDEN, GameState


def game_as_case(state: GameState, title: str, floor: int | None = None,
                 history: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    game = rules_of(state)
    floors = {}
    for n, fl in sorted(state.floors.items()):
        if floor is not None and n != floor:
            continue
        spec: dict[str, Any] = {
            "walls": list(fl.walls), "guard": fl.guard, "destination": fl.destination,
            "alarms": list(fl.alarms), "patrol": [c for c in fl.deck if c != HIDDEN],
            "discard": list(fl.discard), "tiles": dict(fl.tiles),
        }
        if game.uses_die:
            spec["die"] = fl.die
        for name in game.floor_fields:  # bb2 even rooms, counting cubes, Crowd chips; bb3 suspicion, workers
            value = getattr(fl, name)
            spec[name] = list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
        floors[str(n)] = spec
    score = game.crew_counter
    crew = {}
    for name, b in state.crew.items():
        if b.escaped or (floor is not None and b.floor != floor):
            continue
        member: dict[str, Any] = {"floor": b.floor, "at": b.at, score: getattr(b, score)}
        if b.loot:
            member["loot"] = list(b.loot)
        if game.has_disguises:
            member["geared"] = b.geared
        crew[name] = member
    return {
        "id": title.lower().replace(" ", "-")[:40] or "exported",
        "about": f"{title}: exported after {len(history or [])} actions",
        "rules": state.rules, "size": state.size, "void": list(state.void), "players": state.players,
        "tiebreak": state.tiebreak, "floors": floors, "crew": crew, "actions": [], "choices": [],
    }


def may_export(role: str, state: GameState) -> bool:
    """The file replays the heist, so it holds the app's shuffled patrol decks (hidden information, §1.22):
    while the heist is on, only the table's tablet exports it; with the table's own cards, anyone may."""
    return role == "host" or state.deck_mode != "app" or bool(state.outcome)
