"""Random multi-floor, event-heavy conformance cases for the resolver benchmark (issue 12: a fast engine).

Like the property tests' games: 2 or 3 floors of random legal walls, guards and dice, alarms, patrol
decks, a crew, then 4 to 12 actions drawn from guard turns, alarms, moves and the events. Seeded, so
every run (and every version of the engine) times the same cases.
"""

from __future__ import annotations

import random
from typing import Any

from assistant.engine.scenarios import random_walls

SQUARES = [c + r for r in "1234" for c in "ABCD"]
EVENTS = ["shift_change", "switch_signs", "where_is_he", "change_of_plans", "squeak", "brown_out"]


def random_case(rng: random.Random, n: int) -> dict[str, Any]:
    floors: dict[str, Any] = {}
    count = rng.choice((2, 3))
    for f in range(1, count + 1):
        guard, destination = rng.sample(SQUARES, 2)
        deck = rng.sample([s for s in SQUARES if s != destination], rng.randint(4, 15))
        floors[str(f)] = {"walls": random_walls(4, seed=rng.randrange(10**6)), "guard": guard,
                          "destination": destination, "die": rng.randint(2, 4),
                          "alarms": rng.sample([s for s in SQUARES if s != guard], rng.randint(0, 2)),
                          "patrol": deck, "discard": [], "tiles": {rng.choice(SQUARES): "camera",
                                                                 rng.choice(SQUARES): "foyer"}}
    crew = {name: {"floor": rng.randint(1, count), "at": rng.choice(SQUARES), "stealth": rng.randint(2, 6)}
            for name in ("red", "blue", "green")[:rng.randint(1, 3)]}
    actions: list[dict[str, Any]] = []
    for _ in range(rng.randint(4, 12)):
        floor = rng.randint(1, count)
        kind = rng.random()
        if kind < 0.45:
            actions.append({"do": "guard_turn", "floor": floor})
        elif kind < 0.6:
            actions.append({"do": "alarm", "floor": floor, "at": rng.choice(SQUARES)})
        elif kind < 0.75:
            actions.append({"do": "move", "who": rng.choice(list(crew)), "floor": floor, "to": rng.choice(SQUARES)})
        elif kind < 0.9:
            actions.append({"do": "event", "name": rng.choice(EVENTS), "floor": floor})
        else:
            actions.append({"do": "event", "name": rng.choice(["throw_voice", "crash"]), "floor": floor,
                            "at": rng.choice(SQUARES)})
    choices = [rng.choice([*SQUARES, "1", "2", "3"]) for _ in range(4)]
    return {"id": f"random-{n:04d}", "rules": "bb1", "players": len(crew), "floors": floors, "crew": crew,
            "actions": actions, "choices": choices}


def random_cases(count: int, seed: int = 2026) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_case(rng, n) for n in range(count)]
