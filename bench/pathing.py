"""Benchmark: one tie-broken guard route vs enumerating every simple path (guard-rules.md §2).

    python bench/pathing.py

For each query it prints the median time of one route query with the rulebook reading, measured
COLD (a fresh Floorplan built with ``Floorplan(...)`` directly, bypassing the lru_cache of
``floorplan()``, and a fresh Router: nothing reused) and WARM (the cached plan from ``floorplan()``,
whose BFS distances are already computed; ``route()`` builds its Router as the app does). It then
times a straightforward DFS listing ALL simple paths between the same two squares (what a
BGA-style enumeration does) and prints the ratio to the cold query.

Targets: route query < 50 µs; simple-path enumeration >= 100x slower than a cold query.
Always exits 0.
"""

from __future__ import annotations

import statistics
import sys
import time
from functools import partial

from assistant.engine.board import Floorplan, floorplan
from assistant.engine.pathing import Router, route

ROUTE_TARGET_US = 50.0
RATIO_TARGET = 100.0

BANK_1 = ("A1-B1", "C1-C2", "C2-D2", "A2-A3", "B2-B3", "D3-D4", "A4-B4", "B4-C4")

# (label, size, walls, start, destination)
QUERIES = [
    ("open 5x5", 5, (), "A1", "E5"),
    ("open 5x5", 5, (), "E1", "A5"),
    ("open 5x5", 5, (), "E5", "A1"),
    ("open 5x5", 5, (), "B1", "D5"),
    ("bank f1 4x4", 4, BANK_1, "C3", "C1"),
    ("bank f1 4x4", 4, BANK_1, "A4", "C1"),
    ("bank f1 4x4", 4, BANK_1, "D2", "A1"),
]

ROUTE_REPS = 3000  # timed one by one; the median is reported
ENUM_REPS = 9


def cold_query(size: int, walls: frozenset[str], start: str, dest: str) -> list[int]:
    plan = Floorplan(size, frozenset(), walls)
    router = Router(plan, plan.index[dest], "rulebook")
    return router.route_from(plan.index[start])


def median_ns(fn, reps: int) -> float:
    clock = time.perf_counter_ns
    samples = []
    for _ in range(reps):
        t0 = clock()
        fn()
        samples.append(clock() - t0)
    return statistics.median(samples)


def all_simple_paths(plan: Floorplan, start: str, dest: str) -> int:
    """Count every simple path from start to dest by plain DFS (each path is built as a list)."""
    neighbours = plan.neighbours
    target = plan.index[dest]
    found = 0
    on_path = [False] * len(plan.names)

    def dfs(here: int, path: list[int]) -> None:
        nonlocal found
        if here == target:
            found += 1
            return
        for n in neighbours[here]:
            if not on_path[n]:
                on_path[n] = True
                path.append(n)
                dfs(n, path)
                path.pop()
                on_path[n] = False

    s = plan.index[start]
    on_path[s] = True
    dfs(s, [s])
    return found


def main() -> int:
    print(f"Python {sys.version.split()[0]}; route: median of {ROUTE_REPS} single queries; "
          f"enumeration: median of {ENUM_REPS} runs")
    header = (f"{'floor':<12} {'query':<8} {'steps':>5} {'tied':>4} {'cold µs':>9} {'warm µs':>9} {'<50µs':>5}  "
              f"{'simple paths':>12} {'enum ms':>9} {'ratio':>8} {'>=100x':>6}")
    print(header)
    print("-" * len(header))
    all_ok = True
    for label, size, walls, start, dest in QUERIES:
        wall_set = frozenset(walls)
        steps = len(cold_query(size, wall_set, start, dest))
        probe = Floorplan(size, frozenset(), wall_set)
        tied = Router(probe, probe.index[dest]).count_routes(probe.index[start])
        for _ in range(200):  # warm the interpreter, not the data
            cold_query(size, wall_set, start, dest)
        cold = median_ns(partial(cold_query, size, wall_set, start, dest), ROUTE_REPS) / 1000

        plan = floorplan(size, (), walls)
        route(plan, start, dest)  # fills the plan's distance cache
        warm = median_ns(partial(route, plan, start, dest), ROUTE_REPS) / 1000

        fresh = Floorplan(size, frozenset(), wall_set)
        count = all_simple_paths(fresh, start, dest)
        enum_ms = median_ns(partial(all_simple_paths, fresh, start, dest), ENUM_REPS) / 1e6
        ratio = enum_ms * 1000 / cold

        fast = cold < ROUTE_TARGET_US and warm < ROUTE_TARGET_US
        # the ratio target is about open floors, where enumeration explodes; a floor with few
        # loops (Bank floor 1 has one) has a handful of simple paths, so its ratio is informative only
        judged = not walls
        big = ratio >= RATIO_TARGET
        all_ok &= fast and (big or not judged)
        print(f"{label:<12} {start + '->' + dest:<8} {steps:>5} {tied:>4} {cold:>9.1f} {warm:>9.1f} "
              f"{'PASS' if fast else 'FAIL':>5}  {count:>12} {enum_ms:>9.3f} {ratio:>7.1f}x "
              f"{('PASS' if big else 'FAIL') if judged else 'n/a':>6}")
    print("-" * len(header))
    print(f"targets: cold and warm route query < {ROUTE_TARGET_US:.0f} µs on every row; enumeration / cold "
          f"query >= {RATIO_TARGET:.0f}x on the open floor (n/a: the walled floor has too few simple paths)")
    print("OVERALL:", "PASS" if all_ok else "FAIL")
    return 0


if __name__ == "__main__":
    main()
    sys.exit(0)
