"""What ``PRAGMA synchronous = FULL`` costs per action (issue 12: nothing is lost on a flat battery).

In WAL mode, NORMAL syncs the disk only at checkpoints, so the last commits before a power cut can
vanish although the board already showed them; FULL syncs the log at every commit. This plays the
same actions through the store on a real file with each setting and prints the time per action (the
store's own write path: apply, insert, commit), and the same through the whole request (parse,
store, render). Run: ``python bench/sync_cost.py [actions]``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.engine.bb1.setup import new_game
from assistant.store import Store
from assistant.web import create_app

ACTIONS = 300
MODES = ("NORMAL", "FULL")
WALLS = ["A1-B1", "C1-D1"]  # each toggled: up, up, down, down, ...


def _per_action(run: Callable[[], None], count: int) -> list[float]:
    times = []
    for _ in range(count):
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def store_actions(folder: Path, mode: str, count: int) -> list[float]:
    """Walls put up on floor 2 (it has no guard yet): every action is a real write of a small heist."""
    store = Store(folder / f"store-{mode}.sqlite3")
    store.db().execute(f"PRAGMA synchronous = {mode}")  # this thread's connection is the one that writes
    game_id = store.create("bench", new_game("bank", [{"name": "Ann"}, {"name": "Bo"}], seed=7))
    store.act(game_id, {"do": "start"})
    store.act(game_id, {"do": "entrance", "at": "D4"})
    walls = iter(WALLS * count)

    def one() -> None:
        store.act(game_id, {"do": "wall", "floor": 2, "wall": next(walls)})
    try:
        return _per_action(one, count)
    finally:
        store.close()


def request_actions(folder: Path, mode: str, count: int) -> list[float]:
    app = create_app({"DATABASE": str(folder / f"web-{mode}.sqlite3"), "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": folder})
    app.extensions["store"].db().execute(f"PRAGMA synchronous = {mode}")
    client = app.test_client()
    game = client.post("/new", data={"scenario": "bank", "name1": "Ana", "name2": "Bo",
                                     "seed": "7"}).headers["Location"]
    htmx = {"HX-Request": "true"}
    client.post(f"{game}/act", data={"do": "start"}, headers=htmx)
    client.post(f"{game}/act", data={"do": "entrance", "at": "D4"}, headers=htmx)
    walls = iter(WALLS * count)

    def one() -> None:
        response = client.post(f"{game}/act", data={"do": "wall", "floor": "2", "wall": next(walls)}, headers=htmx)
        assert 'class="error"' not in response.get_data(as_text=True), "the action was refused"
    try:
        return _per_action(one, count)
    finally:
        app.extensions["store"].close()


def _line(what: str, mode: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    return f"  {what:8s} {mode:6s}  median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms"


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else ACTIONS
    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parent) as tmp:  # the disk the app uses
        print(f"ms per action, {count} actions each, WAL journal, on {tmp}:")
        medians = {}
        for what, run in (("store", store_actions), ("request", request_actions)):
            for mode in MODES:
                times = run(Path(tmp), mode, count)
                medians[what, mode] = statistics.median(times)
                print(_line(what, mode, times))
        for what in ("store", "request"):
            extra = medians[what, "FULL"] - medians[what, "NORMAL"]
            print(f"  FULL costs {extra:+.2f} ms per {what} (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
