"""What the hosted store costs (issue 37): an End turn on an SQLite file and on PostgreSQL, and how long a device
following through another process waits to be told.

1. End turn through the whole request path (test client, in-process: parse, apply, commit, render), a Bank Job of
   two burglars, on an SQLite file and on a throw-away PostgreSQL of this machine's packages (tests/pg_cluster.py),
   durable (fsync on, as a real server runs) unless ``--no-sync``: the median and p95 of the wall clock and of this
   process's CPU.
2. Two processes of the app (``python -m assistant --database``) on that PostgreSQL: a phone follows through each,
   End turn is tapped through the first; the time from the tap sent to each phone told, median and p95.

Run: ``.venv/bin/python bench/hosted.py`` (``--turns N``, ``--no-sync``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import pg_cluster  # noqa: E402  (after the checkout is on the path)

HTMX = {"HX-Request": "true"}


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {ordered[int(len(ordered) * 0.95)] * 1000:.1f} ms"


def end_turns(database: str, folder: Path, turns: int) -> tuple[list[float], list[float]]:
    from tests.web.helpers import bank_form, break_in
    from assistant.web import create_app
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "INSTANCE_PATH": folder})
    client = app.test_client()
    game_id = client.post("/new", data=bank_form()).headers["Location"].rsplit("/", 1)[1]
    break_in(client, game_id, "D4")
    walls, cpus = [], []
    for _ in range(turns):
        wall, cpu = time.perf_counter(), time.process_time()
        client.post(f"/games/{game_id}/act", data={"do": "end_turn"}, headers=HTMX)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    app.extensions["store"].shutdown()
    return walls, cpus


def doorbells(url: str, folder: Path, turns: int) -> tuple[list[float], list[float]]:
    from tests.web.test_processes import Phone, broken_in, follow, process
    game = broken_in(url, folder)
    same, other = [], []
    with process(folder / "instance", url) as (_, one), process(folder / "instance", url) as (_, two):
        here, there = follow(one, game), follow(two, game)
        here.event(), there.event()
        player = Phone(one, game)
        for version in range(game.version, game.version + turns):
            sent = time.perf_counter()
            player.end_turn(one, version)
            here.event()
            same.append(time.perf_counter() - sent)
            there.event()
            other.append(time.perf_counter() - sent)
        here.close(), there.close()
    return same, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--no-sync", action="store_true", help="PostgreSQL with fsync off, as the tests run it")
    args = parser.parse_args()
    if not args.no_sync:
        pg_cluster.SERVER_OPTIONS = pg_cluster.SERVER_OPTIONS.replace("-c fsync=off -c synchronous_commit=off", "")
    cluster = pg_cluster.cluster()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, database in (("SQLite file", str(folder / "heists.sqlite3")), ("PostgreSQL", cluster.create())):
            walls, cpus = end_turns(database, folder, args.turns)
            print(f"End turn on {name}: wall {summary(walls)}; CPU {summary(cpus)}")
        same, other = doorbells(cluster.create(), folder, args.turns)
        print(f"told, through the process tapped: {summary(same)}; through the other process: {summary(other)}")


if __name__ == "__main__":
    main()
