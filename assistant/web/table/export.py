"""A game (or one floor) as a conformance case (../shared/conformance/FORMAT.md, docs/conformance.md), for bug
reports and disputes; importing it back gives the same position.

The patrol deck is hidden information (§1.22 "Information"): the file a person exports lists the app's
face-down cards as a sorted set (``face_down``), never in draw order, and carries a ``seed`` computed from the
file's own content, so the import deals them afresh, the same way each time the file is opened. The file is
therefore the same, byte for byte, whatever the deck's order. ``in_order`` gives the fuller file for a bug
report, the deck in draw order (``patrol``), which the tablet hands out only behind a spoiler warning.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from ...engine.rulesets import Rulebook
from ...engine.state import HIDDEN, GameState
from ...store import Played

SEED_DIGITS = 9  # a seed below 10**9, as the app's own


def game_as_case(state: GameState, book: Rulebook, title: str, floor: int | None = None,
                 history: Sequence[Played] | None = None, in_order: bool = False) -> dict[str, Any]:
    game = book.rules
    floors = {}
    for n, fl in sorted(state.floors.items()):
        if floor is not None and n != floor:
            continue
        known = [c for c in fl.deck if c != HIDDEN]
        spec: dict[str, Any] = {
            "walls": list(fl.walls), "guard": fl.guard, "destination": fl.destination,
            "alarms": list(fl.alarms), **({"patrol": known} if in_order else {"face_down": sorted(known)}),
            "discard": list(fl.discard), "tiles": dict(fl.tiles),
        }
        if game.uses_die:
            spec["die"] = fl.die
        if fl.kitty:  # bb1 Persian Kitty: its token on the board
            spec["kitty"] = fl.kitty
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
        member.update({key: getattr(b, key) for key in game.crew_counts if getattr(b, key)})  # bb2 Prima Donnas
        crew[name] = member
    about = f"{title}: exported after {len(history or [])} actions"
    if in_order:
        about = f"SPOILER, for a bug report: the face-down patrol cards in draw order. {about}"
    case = {
        "id": title.lower().replace(" ", "-")[:40] or "exported", "about": about,
        "rules": state.rules, "size": state.size, "void": list(state.void), "players": state.players,
        "tiebreak": state.tiebreak, "floors": floors, "crew": crew, "actions": [], "choices": [],
    }
    if state.holes:  # Thermal Bomb holes: per lower floor, the rooms joined to the floor above
        case["holes"] = {str(f): [h.split("-", 1)[1] for h in state.holes if h.startswith(f"{f}-")]
                         for f in sorted({int(h.split("-", 1)[0]) for h in state.holes})}
    if not in_order:
        # the game's own seed would let anyone recompute the deck: the file's seed comes from what it shows
        shown = json.dumps(case, sort_keys=True).encode()
        case["seed"] = int(hashlib.sha256(shown).hexdigest(), 16) % 10**SEED_DIGITS
    return case


def may_export(role: str, state: GameState) -> bool:
    """The file holds which cards are left in the app's patrol decks (as a set, never their order), hidden
    information too (§1.22): while the heist is on, only the table's tablet exports it; with the table's own
    cards, anyone may."""
    return role == "host" or state.deck_mode != "app" or bool(state.outcome)
