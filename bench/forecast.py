"""Danger forecast cost (issue 14 point 6): the forecast time per floor, and the board render time with the
Danger switch on and off.

1. Positions from 8 random Bank Jobs played 40 turns each (burglars wandering, alarms now and then, new
   floors reached): every floor with a guard, forecast from scratch (the memo emptied before each).
2. Harder positions: random legal walls (8 on 4x4, 12 on Fort Knox's 5x5), a random guard, die and
   discard pile, die 2 to 6 (median, p95 and max per die, and the slowest three).
3. Harsh floors of the three games (``harsh``): their walls (8, or 12 on Fort Knox), a fast guard (die 5 or 6),
   alarms or bb3 cubes beside him, up to four Camera, Foyer, Lavatory and Atrium tiles as the box holds them,
   one to four burglars, bb3 worker and bb2 Distracted cards; then the slowest of 3,000 such floors
   (``HARSH_WORST``) and the stress cases (``WORST``: floors with no wall at all, which no table has, since
   every floor of the three games is set up with its walls), each with the engine runs it took.
   Late harsh floors of each game (``late``: 0 to 2 cards left, so the deck runs out during the move) and bb3 with
   die 6, two cubes and 1 to 3 cards left (``late_cubes``, issue 25 point 2).
   The safety map (issue 25) of every burglar of 150 harsh and 150 late floors: every room of her floor, < 50 ms.
4. The board partial (GET /games/<id>/panel, as every phone fetches it) of a Bank Job after 30 turns,
   Danger off, Danger on with the memo emptied before each render (the first device after a change),
   and Danger on as the other devices get it (the memo warm).

Times are CPU time of this process (``time.process_time``: the machine is shared, and other processes' load
moves wall-clock times by +-50%), each the best of a few runs. Run: ``python bench/forecast.py``.

Measured on the shared 2-core machine, before -> after the issue 14 point 6 speed work (docs/forecast.md, Speed;
the before column with this script on the code it started from):

    Bank Jobs in play              median 0.45 -> 0.50   p95 1.4 -> 1.2   max 2.7 -> 1.6 ms
    4x4 random walls, die 6        median 0.77 -> 0.58   p95 11 -> 4.9    max 23 -> 8.2 ms
    5x5 random walls, die 6        median 0.81 -> 0.60   p95 18 -> 7.8    max 25 -> 8.9 ms
    open 4x4, die 6, 2 steps / 1 step / 2 alarms          30 / 53 / 107 -> 10 / 15 / 24-26 ms
    open 5x5, die 6, 2 steps / 1 step                     32 / 59 -> 12 / 17-18 ms
    open 4x4, die 6, 2 steps, Lost Visual                 31 -> 14 ms
    bb3 open 4x4, die 6, worker cards / two cubes         4.7 s / 231 s -> 11-12 / 47-52 ms
    board partial, Danger off / on / on (memo warm)       about 14-16 / 15-17.5 / 14-17 ms, as before

The second round on what was still over 20 ms (docs/forecast.md, "A second round"), this script on e7a9464 ->
7814d26 at a quiet moment of the machine (the Bank Jobs, the random walls and the board partial did not move beyond
the noise):

    open 4x4, die 6, 2 steps / 1 step / 2 alarms          9.9 / 13.6 / 23.9 -> 8.5 / 11.7 / 20.5 ms (19-21 ms)
    open 5x5, die 6, 2 steps / 1 step                     11.2 / 16.3 -> 9.7 / 14.4 ms
    open 4x4, die 6, 2 steps, Lost Visual                 12.9 -> 11.2 ms
    bb3 open 4x4, die 6, worker cards / two cubes         11.0 / 48.7 -> 9.3 / 40.4 ms

The third round (docs/forecast.md, "A third round"), da2b854 -> c7c793e, two runs of each alternated:

    Bank Jobs in play                                    median 0.45 -> 0.30   max 1.4 -> 1.3 ms
    harsh floors of the games (1,000)                    median 0.37 -> 0.27   max 15.7-16.2 -> 14.0-14.7 ms
    slowest harsh floor of 3,000 (harsh(2895), bb3)      18.6-21.0 -> 14.9-15.2 ms
    bb3 die 6, 2 cubes, 40 wall layouts                  median 15.0-15.4 -> 13.4-13.7   max 20.0-20.4 -> 17.7-18.6 ms
    stress: open 4x4 2 alarms / bb3 open 4x4 2 cubes     20.7-21.4 / 39.9-41.0 -> 16.9 / 29.0 ms
    board partial, Danger off / on / on (memo warm)      11.5-11.7 / 13.1-13.2 / 12.2-12.6
                                                      -> 11.1-11.6 / 12.3-12.5 / 11.9-12.3 ms

Issue 25 (docs/forecast.md, "Issue 25"), main -> branch coach, best of 3:

    late harsh floors bb3 (deck 0-2)                     p95 14.7 -> 6.5   max 82.9 -> 14.4 ms
    bb3 die 6, 2 cubes, deck 1-3 left, 20 layouts        median 6.5 -> 1.5   max 150 -> 14 ms
    safety map, harsh / late floors                      median 2.5-3.0   p95 12-40   max 89-123 ms (over 50)

Issue 25, session 7 (docs/forecast.md, "Copies of her in one forecast"), the 727 safety maps above, best of 3, before
and after alternated in one process:

    safety map, harsh and late floors together           total 5,371-5,501 -> 4,711-4,847 ms
                                                         p95 32.6-32.9 -> 29.0-29.7   max 110-116 -> 95-106 ms

Issue 25, session 8 (docs/forecast.md, "Copies of her in more rooms"), the safety rows, best of 3 per map, main ->
branch fc-safety, three runs of each alternated (machine load 1.5-4.8):

    safety map, harsh floors (353)      median 2.02-2.34 -> 1.45-1.71   p95 29.0-40.6 -> 25.6-33.7
                                        max 76.8-108.9 -> 54.5-57.2 ms
    safety map, late harsh floors (374) median 2.69-2.76 -> 1.68-2.29   p95 13.7-15.4 -> 6.6-8.9
                                        max 67.2-75.0 -> 38.3-42.9 ms (80.0 once, under load)
    engine runs of the 727 maps         64,097 -> 40,658

Issue 25 point 2, session 8 (docs/forecast.md, "The Lavatory's question on the way"), main 95053cc -> branch fc-floor,
best of 3 runs of each alternated on a loaded machine (rows this work does not touch moved by up to 30% between runs):

    late harsh floors bb1 (deck 0-2)                     max 34.0 -> 16.8 ms (runs 34.0-67.0 -> 16.8-24.3 ms);
                                                         after merging main, a busier hour: 32.3 -> 22.1 ms
    late(231): bb1, empty deck, Camera, Foyer, Lavatory  601 -> 225 engine runs, 241.7 -> 115.5 M instructions
    harsh(716): bb1, die 6, 2 Cameras, Lavatory          251 -> 244 engine runs
    the other rows (bb3 cubes, harsh floors, stress)     unchanged beyond the noise (same engine runs)

Issue 25 point 2, session 8 (docs/forecast.md, "Copies of her as stand-ins"), the safety rows, best of 3 per map,
main 5bc3499 -> branch fc-safety2, three runs of each alternated (load 3.1-5.7):

    safety map, harsh floors (353)      median 1.43-1.63 -> 1.19-1.26   p95 24.5-27.4 -> 20.4-23.0
                                        max 53.5-65.0 -> 32.7-39.0 ms
    safety map, late harsh floors (374) median 1.72-1.97 -> 1.54-1.78   p95 6.7-8.3 -> 7.4-7.6
                                        max 42.0-42.5 -> 29.0-34.0 ms
    harsh(74) b0 (bb3, 4 burglars)      762 -> 259 engine runs, 365.8 -> 163.7 M instructions

Issue 32 point 2 (docs/forecast.md, Method: Burgle Bros 2 takes the copies too), the safety rows, best of 3 per map,
main 90f4e18 -> branch truth2, three runs of each alternated; the bb2 maps alone (55 harsh, 132 late) the same way:

    safety map, harsh floors (353)      median 1.76-2.07 -> 1.64-1.80   p95 25.9-26.7 -> 12.9-18.7
                                        max 40.5-47.3 -> 32.1-41.1 ms
    safety map, late harsh floors (374) median 2.06-2.86 -> 0.97-1.35   p95 8.9-11.7 -> 7.1-10.4
                                        max 32.8-51.2 -> 36.8-57.5 ms (late(18), late(48): bb1, untouched; noise)
    bb2 harsh floors only               median 6.9-10.9 -> 0.85-1.27    max 43.4-65.5 -> 5.1-7.5 ms
    bb2 late harsh floors only          median 6.1-6.8 -> 0.77-0.95     max 13.2-19.3 -> 9.4-11.5 ms

Issue 25 point 2, session 8 (docs/forecast.md, "Cheaper runs"), main 1934f0a -> branch fc-bb3 4729d3a, best of 3
runs of each alternated (load falling from 3 to 0.3), and instructions (callgrind, one forecast):

    bb3 die 6, 2 cubes, 40 layouts       median 13.5-14.0 -> 12.9-13.5   max 18.3-20.4 -> 16.7-18.3 ms
    harsh floors of the games (1,000)    max 14.2-24.3 -> 13.8-14.1 ms
    harsh(2895) / stress bb3 2 cubes     14.4-15.4 / 29.1-29.9 -> 14.3-15.5 / 26.9-32.9 ms
    the same rows in one process, garbage collection during the forecast and paused alternated three times:
    40 layouts                           median 14.8-16.5 -> 13.5-14.1   max 25.0-31.3 -> 18.8-20.1 ms
    harsh(2895) / harsh(746) / stress    14.8-16.2 / 13.2-14.8 / 29.3-31.5 -> 14.2-14.8 / 12.2-13.4 / 28.6-29.6 ms
    instructions: cubes13 / harsh(2895) / harsh(746) / stress   131.7 / 108.2 / 91.6 / 223.1
                                                             -> 127.3 / 103.7 / 88.6 / 214.5 M

Issue 25 point 2, session 9 (docs/forecast.md, "Cheaper engine runs and their bookkeeping"), main 1c3e7fd -> branch
fc-engine, this script run right after main's (best of 3), and the runs with their bookkeeping (fc_split.py: a
forecast less the same with its runs cached) in instructions:

    bb3 die 6, 2 cubes, 40 layouts       median 13.9 -> 11.1   max 19.8 -> 17.3 ms
    harsh(2895) / late(231) / stress     15.2 / 17.0 / 32.1 -> 12.8 / 16.0 / 28.0 ms
    runs with bookkeeping, cubes13 / stress / late(231) / harsh(2895)   63.3 / 73.8 / 59.6 / 73.0
                                                                     -> 46.9 / 56.2 / 47.5 / 55.6 M

Issue 25 point 2, session 9 (docs/forecast.md, "Cheaper sums"), main 1c3e7fd -> branch fc-sums, best of 3 runs of
each alternated twice (load 2.5-3.5), and instructions (callgrind, one forecast; "machinery": the same forecast with
every engine run cached):

    bb3 die 6, 2 cubes, 40 layouts       median 13.3-14.6 -> 12.0   max 17.5-22.1 -> 15.9-16.5 ms
    harsh floors of the games (1,000)    max 14.8-16.3 -> 13.5-13.6 ms
    harsh(2895) / stress bb3 2 cubes     14.5-14.8 / 29.0-29.3 -> 14.4-16.0 / 25.3-25.4 ms
    instructions, machinery: cubes13 / stress / late(231) / harsh(2895)   65.2 / 141.7 / 51.6 / 31.4
                                                                       -> 54.7 / 109.7 / 50.8 / 28.8 M
    instructions, whole forecast: the same                              127.9 / 214.9 / 112.5 / 104.1
                                                                       -> 117.0 / 182.8 / 111.7 / 101.2 M
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import forecast as forecasting
from assistant.forecast.safety import safety_map
from assistant.engine.actions import apply
from assistant.engine.cases import state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.bb1.setup import new_game
from assistant.engine.scenarios import random_walls
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.state import GameState
from assistant.web import create_app

TARGET_MS = 20.0
SAFETY_TARGET_MS = 50.0  # issue 25: a burglar's safety map, every room of her floor


def played(seed: int, turns: int = 40) -> list[GameState]:
    state = new_game("bank", [{"name": "Ana"}, {"name": "Bo"}], seed=seed)
    state = apply(state, {"do": "start"}).state
    state = apply(state, {"do": "entrance", "at": "D4"}).state
    rng = random.Random(seed)
    out = []
    for _ in range(turns):
        who = state.current()
        assert who is not None
        b = state.crew[who]
        if b.at:
            plan = state.plan(b.floor)
            options = [plan.names[j] for j in plan.neighbours[plan.index[b.at]]]
            moves = [{"do": "move", "who": who, "floor": b.floor, "to": rng.choice(options)}]
            if rng.random() < 0.1:
                moves.append({"do": "alarm", "floor": b.floor, "at": rng.choice(plan.rooms)})
            if rng.random() < 0.15 and b.floor < 3:
                moves.append({"do": "move", "who": who, "floor": b.floor + 1, "to": b.at})
            for action in moves:
                try:
                    result = apply(state, action)
                except RulesError:
                    continue
                if not result.question:
                    state = result.state
        if state.outcome:
            break
        out.append(state)
        result = apply(state, {"do": "end_turn"})
        while result.question:
            q = result.question
            result = apply(result.state, {"do": "answer", "choice": q.get("default") or q["options"][0]})
        state = result.state
        if state.outcome:
            break
    return out


def harder(size: int, die: int, seed: int) -> GameState:
    rng = random.Random(seed)
    void = ["C3"] if size == 5 else []
    rooms = [f"{c}{r}" for c in "ABCDE"[:size] for r in range(1, size + 1) if f"{c}{r}" not in void]
    guard, die_at, burglar = rng.sample(rooms, 3)
    discard = rng.sample([r for r in rooms if r not in (guard, die_at)], rng.randint(0, 8))
    return state_from_case({"size": size, "void": void, "floors": {"1": {
        "walls": random_walls(size, 8 if size == 4 else 12, void, seed=seed), "guard": guard, "destination": die_at,
        "die": die, "patrol": [rooms[0]] * (len(rooms) - len(discard)), "discard": discard}},
        "crew": {"ana": {"floor": 1, "at": burglar, "stealth": 1}}})


# the tiles that change what a guard does, as many as the box holds (../shared/rules/tiles.json)
GUARD_TILES = ["camera"] * 4 + ["foyer"] * 2 + ["lavatory"] + ["atrium"] * 2


def harsh(seed: int) -> GameState:
    """A harsh floor a table can have: its walls, a fast guard, alarms (bb3: cubes, which add speed) beside him,
    tiles, several burglars, the special cards."""
    return state_from_case(harsh_case(seed))


def late(seed: int) -> GameState:
    """``harsh(seed)`` late in a heist: 0 to 2 cards left in the deck (the rest face up), so that it runs out during
    the move, and the three games in turn (seed % 3)."""
    case = harsh_case(seed, ("bb1", "bb2", "bb3")[seed % 3])
    rng = random.Random(-seed)
    floor = case["floors"]["1"]
    void = case["void"]
    rooms = [f"{c}{r}" for c in "ABCDE"[:case["size"]] for r in range(1, case["size"] + 1) if f"{c}{r}" not in void]
    cards = rooms + [c for c in floor["patrol"] if c not in rooms]
    rng.shuffle(cards)
    left = rng.randint(0, 2)
    floor["discard"], floor["patrol"] = cards[left:], ["A1"] * left
    case["players"] = rng.randint(1, 4)
    return state_from_case(case)


def harsh_case(seed: int, rules: str | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    rules = rng.choice(["bb1", "bb1", "bb2", "bb3", "bb3"]) if rules is None else rng.choice([rules])
    size = 5 if rules == "bb1" and rng.random() < 0.4 else 4
    void = ["C3"] if size == 5 else []
    rooms = [f"{c}{r}" for c in "ABCDE"[:size] for r in range(1, size + 1) if f"{c}{r}" not in void]
    guard, die_at = rng.sample(rooms, 2)
    discard = rng.sample([r for r in rooms if r != guard], rng.randint(0, 6))
    floor: dict[str, Any] = {
        "walls": random_walls(size, 8 if size == 4 else 12, void, seed=seed), "guard": guard, "destination": die_at,
        "die": rng.choice([5, 6, 6]), "discard": discard, "patrol": [rooms[0]] * (len(rooms) - len(discard))}
    if rules != "bb2" and rng.random() < 0.7:
        near = sorted(rooms, key=lambda r: abs(ord(r[0]) - ord(guard[0])) + abs(int(r[1]) - int(guard[1])))[1:6]
        alarms = rng.randint(1, 3)
        floor["alarms"] = [rng.choice(near) for _ in range(alarms)] if rules == "bb3" else rng.sample(near, alarms)
    if rules == "bb1" and rng.random() < 0.7:
        floor["tiles"] = dict(zip(rng.sample(rooms, 4), rng.sample(GUARD_TILES, 4), strict=False))
    if rules == "bb3":
        floor["patrol"] += ["worker"] * rng.randint(0, 5)
    if rules == "bb2" and rng.random() < 0.7:
        floor["patrol"] += ["distracted"] * rng.randint(1, 2)
        floor["even"] = rng.sample(rooms, 3)
    if rules == "bb1" and rng.random() < 0.3:
        floor["patrol"] += ["lost-visual"]
    crew = {f"b{i}": {"floor": 1, "at": rng.choice(rooms), "stealth": rng.randint(0, 3), "heat": rng.randint(0, 5)}
            for i in range(rng.randint(1, 4))}
    return {"rules": rules, "size": size, "void": void, "floors": {"1": floor}, "crew": crew}


def open_floor(size: int, die: int, guard: str, destination: str, alarms: tuple[str, ...] = (),
               lost_visual: bool = False, rules: str = "bb1", walls: int | None = None) -> GameState:
    """A worst case: a floor with no wall (every card within reach of a fast guard), a full deck, a burglar. In
    bb3 the deck holds the 5 worker cards too (3 + 2 of the other kind), and alarms are cubes. ``walls``: the same
    on a floor with a random layout of its walls, from that seed."""
    void = ["C3"] if size == 5 else []
    rooms = [f"{c}{r}" for c in "ABCDE"[:size] for r in range(1, size + 1) if f"{c}{r}" not in void]
    special = ["lost-visual"] if lost_visual else ["worker"] * 3 + ["workers-move"] * 2 if rules == "bb3" else []
    layout = [] if walls is None else random_walls(size, 8 if size == 4 else 12, void, seed=walls)
    return state_from_case({"rules": rules, "size": size, "void": void, "floors": {"1": {
        "walls": layout, "guard": guard, "destination": destination, "die": die, "alarms": list(alarms),
        "patrol": rooms + special}},
        "crew": {"ana": {"floor": 1, "at": "D4", "stealth": 1}}})


def late_cubes(seed: int) -> GameState:
    """bb3 late in a heist: die 6 and two cubes beside him (8 moves), 1 to 3 cards left in a deck of 21 (its five
    worker cards among them or face up), a random layout of its walls: the deck runs out during the move."""
    rng = random.Random(seed)
    rooms = [f"{c}{r}" for c in "ABCD" for r in range(1, 5)]
    cards = rooms + ["worker"] * 3 + ["workers-move"] * 2
    rng.shuffle(cards)
    left = 1 + seed % 3
    return state_from_case({"rules": "bb3", "players": 1 + seed % 4, "floors": {"1": {
        "walls": random_walls(4, 8, [], seed=seed), "guard": "A1", "destination": "A2", "die": 6,
        "alarms": ["A2", "A2"], "patrol": ["A1"] * left, "discard": cards[left:]}},
        "crew": {"ana": {"floor": 1, "at": "D4", "stealth": 1}}})


# The slowest of harsh(0) .. harsh(2999) (docs/forecast.md, Speed): bb3 guards sped up by alarm cubes, bb1 floors
# with three alarms, Cameras and a Lavatory.
HARSH_WORST = (2895, 1948, 1657, 716, 1021, 190, 987, 1906)

# Stress cases (docs/forecast.md): a fast guard on a floor with no wall, one or two steps from his die, so that he
# draws with 4 to 6 moves left; alarms next to him add moves before the first draw. No table plays on such a floor
# (each is set up with 8 walls, 12 on Fort Knox), but every card is within his reach there at every draw.
WORST = {
    "open 4x4, die 6, 2 steps to the die": open_floor(4, 6, "A1", "B2"),
    "open 5x5, die 6, 2 steps to the die": open_floor(5, 6, "A1", "B2"),
    "open 4x4, die 6, 2 steps, Lost Visual": open_floor(4, 6, "A1", "B2", lost_visual=True),
    "open 4x4, die 6, 1 step to the die": open_floor(4, 6, "A1", "B1"),
    "open 5x5, die 6, 1 step to the die": open_floor(5, 6, "A1", "B1"),
    "open 4x4, die 6, 2 alarms next to him": open_floor(4, 6, "A1", "A2", alarms=("A2", "A3")),
    "bb3 open 4x4, die 6, 2 steps, worker cards": open_floor(4, 6, "A1", "B2", rules="bb3"),
    "bb3 open 4x4, die 6, 2 cubes next to him": open_floor(4, 6, "A1", "A2", alarms=("A2", "A2"), rules="bb3"),
}


def time_floor(state: GameState, floor: int, repeat: int = 3) -> float:
    """The best of ``repeat`` forecasts from scratch, in CPU milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        forecasting._cache.clear()
        t0 = time.process_time()
        forecasting.forecast_floor(state, floor, RULEBOOKS[state.rules])
        best = min(best, time.process_time() - t0)
    return best * 1000


def worst(label: str, state: GameState) -> None:
    ms = time_floor(state, 1, repeat=5)
    branches = forecasting.forecast_floor(state, 1, RULEBOOKS[state.rules]).branches
    print(f"  {label:44s} {ms:8.1f} ms  {branches:6d} engine runs  {'PASS' if ms < TARGET_MS else 'over'}")


def time_safety(state: GameState, name: str, repeat: int = 3) -> float:
    """The best of ``repeat`` safety maps of ``name`` from scratch (every forecast memo emptied), CPU ms."""
    best = float("inf")
    for _ in range(repeat):
        forecasting._cache.clear()
        t0 = time.process_time()
        safety_map(state, name, RULEBOOKS[state.rules])
        best = min(best, time.process_time() - t0)
    return best * 1000


def summary(label: str, times: list[float], target: float = TARGET_MS) -> None:
    times = sorted(times)
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    print(f"  {label:34s} n={len(times):4d}  median {statistics.median(times):6.2f}  p95 {p95:7.2f}  "
          f"max {times[-1]:7.2f} ms  {'PASS' if times[-1] < target else 'over'} (max < {target:.0f} ms)")


def main() -> int:
    print("forecast of one floor's next move, from scratch:")
    times = [time_floor(s, n) for seed in range(8) for s in played(seed)
             for n, fl in s.floors.items() if fl.guard is not None]
    summary("Bank Jobs in play", times)
    slowest: list[tuple[float, str]] = []
    for size in (4, 5):
        for die in (2, 3, 4, 5, 6):
            row = []
            for seed in range(30):
                ms = time_floor(harder(size, die, seed), 1)
                row.append(ms)
                slowest.append((ms, f"{size}x{size} random walls, die {die}, seed {seed}"))
            summary(f"{size}x{size} random walls, die {die}", row)
    print("  slowest of those:", "; ".join(f"{label} {ms:.1f} ms" for ms, label in sorted(slowest)[-3:]))
    cubes = [time_floor(open_floor(4, 6, "A1", "A2", alarms=("A2", "A2"), rules="bb3", walls=seed), 1)
             for seed in range(40)]
    summary("bb3 die 6, 2 cubes, 40 layouts", cubes)
    summary("bb3 as above, deck 1-3 left, 20", [time_floor(late_cubes(seed), 1) for seed in range(20)])
    harsh_times = [(time_floor(harsh(seed), 1), seed) for seed in range(1000)]
    summary("harsh floors of the games", [ms for ms, _ in harsh_times])
    print("  slowest of those:", "; ".join(f"seed {seed} {ms:.1f} ms" for ms, seed in sorted(harsh_times)[-3:]))
    for i, game in enumerate(("bb1", "bb2", "bb3")):
        late_times = [(time_floor(late(seed), 1), seed) for seed in range(i, 600, 3)]
        summary(f"late harsh floors {game} (deck 0-2)", [ms for ms, _ in late_times])
        print("  slowest of those:", "; ".join(f"late({seed}) {ms:.1f} ms" for ms, seed in sorted(late_times)[-3:]))
    print("safety map of every burglar, every room of her floor, from scratch (issue 25):")
    for label, make in (("harsh floors", harsh), ("late harsh floors", late)):
        maps = [(time_safety(state, name), f"{make.__name__}({seed}) {name}") for seed in range(150)
                for state in [make(seed)] for name in state.crew]
        summary(label, [ms for ms, _ in maps], SAFETY_TARGET_MS)
        print("  slowest of those:", "; ".join(f"{who} {ms:.1f} ms" for ms, who in sorted(maps)[-3:]))
    print("slowest harsh floors of 3,000 (best of 5 runs):")
    for seed in HARSH_WORST:
        state = harsh(seed)
        worst(f"harsh({seed}): {state.rules}, {state.size}x{state.size}, die {state.floors[1].die}", state)
    print("stress, floors with no wall (best of 5 runs):")
    for label, state in WORST.items():
        worst(label, state)

    print("board partial (GET /panel), Bank Job after 30 turns:")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite3"), "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        htmx = {"HX-Request": "true"}
        form = {"scenario": "bank", "name1": "Ana", "name2": "Bo", "name3": "Cy", "seed": "7"}
        game = client.post("/new", data=form).headers["Location"]
        client.post(f"{game}/act", data={"do": "start"}, headers=htmx)
        client.post(f"{game}/act", data={"do": "entrance", "at": "D4"}, headers=htmx)
        for _ in range(30):
            client.post(f"{game}/act", data={"do": "end_turn"}, headers=htmx)

        def render(cold: bool) -> float:
            if cold:
                forecasting._cache.clear()
            t0 = time.process_time()
            client.get(f"{game}/panel", headers=htmx)
            return (time.process_time() - t0) * 1000

        for _ in range(5):
            render(False)  # warm up templates
        off = [render(False) for _ in range(60)]
        client.post(f"{game}/danger", data={"on": "1"}, headers=htmx)
        cold = [render(True) for _ in range(60)]
        warm = [render(False) for _ in range(60)]
        print(f"  Danger off                     median {statistics.median(off):6.2f} ms")
        print(f"  Danger on, first render        median {statistics.median(cold):6.2f} ms")
        print(f"  Danger on, other devices       median {statistics.median(warm):6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
