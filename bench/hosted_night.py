"""A hosted club night (issue 37 §5): 2-4 processes of the hosted server over one PostgreSQL on this machine.

The server is ``python -m assistant.hosted`` (gunicorn, gevent workers: a stream costs no thread) with ``--processes``
workers sharing one port, on a throw-away PostgreSQL from the machine's packages (tests/pg_cluster.py), durable
(fsync on) unless ``--no-sync``. The tables and devices are club_night.py's: ``--tables`` Bank Jobs made beforehand,
each with a tablet and ``--devices - 1`` phones (3 play links, 2 watch links in every 5), each device on its own
loopback address following live through a raw Server-Sent Events stream, the phones re-fetching their board at
each doorbell, each tablet tapping End turn every ``--every`` seconds on average. Which worker a device's stream
lands on is the kernel's choice, so a change is told through its own process and, through PostgreSQL's NOTIFY,
through the others.

Printed: tables, devices, streams; End turn p95 and "every device told" p95 against club_night's targets (150 and
300 ms); the CPU, threads and memory of each process; the connections to PostgreSQL (pg_stat_activity) by process;
the database's size and its rows per heist; the load average; PASS or FAIL.

Run: ``.venv/bin/python bench/hosted_night.py`` (``--tables 60 --devices 6 --processes 2 --seconds 60 --every 5``).
Linux only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.club_night import (  # noqa: E402 - the checkout is on the path from here
    TIMEOUT, Device, Tap, cpu_seconds, free_port, line, make_heists, play, verdict)
from bench.live_load import process_state  # noqa: E402
from tests import pg_cluster  # noqa: E402

IDLE_SECONDS = 10.0
SERVES = re.compile(r"burgle: worker (\d+) serves")


def start_hosted(url: str, folder: Path, port: int, processes: int) -> tuple[subprocess.Popen[str], list[int]]:
    """The hosted server and its workers' process ids, once every worker has loaded the app."""
    server = subprocess.Popen([sys.executable, "-m", "assistant.hosted", "--database", url, "--workers",
                               str(processes), "--bind", f"127.0.0.1:{port}", "--instance", str(folder)],
                              cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                              env={**os.environ, "LANG": "C.UTF-8"})
    assert server.stderr is not None
    workers: list[int] = []
    for text in server.stderr:
        if found := SERVES.search(text):
            workers.append(int(found.group(1)))
            if len(workers) == processes:
                break
    else:
        raise SystemExit("the hosted server did not start")
    # the rest of its log must still be read, or a full pipe would stop it
    threading.Thread(target=lambda: [None for _ in server.stderr or ()], daemon=True).start()
    return server, workers


def connections(url: str) -> Counter[str]:
    """The app's connections to PostgreSQL now, by process (a store's name; its listener is counted with it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute("SELECT application_name FROM pg_stat_activity WHERE datname = current_database() "
                            "AND application_name LIKE 'burgle %'").fetchall()
    return Counter(str(name).removesuffix(" doorbell") for (name,) in rows)


def database_size(url: str, tables: int) -> str:
    """The heists' tables on disk (rows, their TOAST and indexes) and per heist and action, from real rows."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT pg_database_size(current_database()), pg_total_relation_size('games') + "
                           "pg_total_relation_size('actions'), (SELECT count(*) FROM actions)").fetchone()
    assert row is not None
    whole, heists, actions = row
    return (f"database {whole / 1024 / 1024:.1f} MiB; the heists' tables {heists / 1024:.0f} kB with their indexes: "
            f"{heists / 1024 / tables:.1f} kB a heist of {actions / tables:.1f} actions, "
            f"{heists / 1024 / max(1, actions):.2f} kB an action")


def postgres_cpu() -> dict[int, float]:
    """CPU seconds of every process of this bench's PostgreSQL (its server, its backends), by process id."""
    postmaster = int((pg_cluster.cluster().folder / "data" / "postmaster.pid").read_text().split()[0])
    used = {postmaster: cpu_seconds(postmaster)}
    for child in Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a backend that just ended
            used[int(child)] = cpu_seconds(int(child))
    return used


def processes_line(workers: list[int], cpu: dict[int, float] | None = None, wall: float = 1.0) -> str:
    parts = []
    for pid in workers:
        threads, rss, _ = process_state(pid)
        used = f"CPU {cpu[pid]:.2f} s ({100 * cpu[pid] / wall:.1f}% of a core), " if cpu is not None else ""
        parts.append(f"pid {pid}: {used}{threads} threads, RSS {rss:.1f} MiB")
    return "; ".join(parts)


def measure(url: str, workers: list[int], port: int, links: list[tuple[str, str]], devices_per_table: int,
            seconds: float, every: float, seed: int) -> int:
    errors: list[str] = []
    addresses = (f"127.0.{n // 250}.{n % 250 + 2}" for n in range(10_000))
    heists = []
    for play_link, watch_link in links:
        tablet = Device(port, next(addresses), play_link, refetches=False, errors=errors)
        others = [Device(port, next(addresses), play_link if n % 5 < 3 else watch_link, refetches=True, errors=errors)
                  for n in range(devices_per_table - 1)]
        heists.append((tablet, others))
    devices = [d for tablet, others in heists for d in (tablet, *others)]
    before = processes_line(workers)
    for device in devices:
        threading.Thread(target=device.follow, daemon=True).start()
    for device in devices:
        device.connected.wait(TIMEOUT)
    deadline = time.perf_counter() + TIMEOUT
    while time.perf_counter() < deadline and any(d.shown < 0 and not d.ended for d in devices if d.refetches):
        time.sleep(0.1)
    time.sleep(1.0)
    streaming = sum(1 for d in devices if d.told and not d.ended)
    idle0 = {p: cpu_seconds(p) for p in workers}
    time.sleep(IDLE_SECONDS)  # what the open streams cost with nobody playing: their heartbeats
    following = processes_line(workers, {p: cpu_seconds(p) - idle0[p] for p in workers}, IDLE_SECONDS)

    rng = random.Random(seed)
    taps: list[list[Tap]] = [[] for _ in heists]
    cpu0, wall0, mine0 = {p: cpu_seconds(p) for p in workers}, time.perf_counter(), time.process_time()
    pg0 = postgres_cpu()
    players = [threading.Thread(target=play, args=(tablet, every, wall0 + seconds, random.Random(rng.random()),
                                                   taps[n]), daemon=True) for n, (tablet, _) in enumerate(heists)]
    for thread in players:
        thread.start()
    pg_busy = connections(url)  # mid-play: the pools have grown to what the play needs
    for thread in players:
        thread.join(seconds + 60)
    time.sleep(2.0)  # the last doorbells and fetches
    wall, mine = time.perf_counter() - wall0, time.process_time() - mine0
    cpu = {p: cpu_seconds(p) - cpu0[p] for p in workers}
    pg_cpu = sum(used - pg0.get(pid, 0.0) for pid, used in postgres_cpu().items())  # a backend ended is not counted
    load = os.getloadavg()

    requests, told = [], []
    for (tablet, others), made in zip(heists, taps, strict=True):
        for tap in made:
            requests.append((tap.answered - tap.sent) * 1000)
            for device in (tablet, *others):
                if tap.version not in device.told:
                    errors.append(f"{device.address}: never told of version {tap.version}")
                    continue
                told.append(max(0.0, device.told[tap.version] - tap.sent) * 1000)
    for device in devices:
        device.stop()

    actions = len(requests)
    print(f"{len(heists)} tables x {devices_per_table} devices ({len(devices)} devices) over {len(workers)} processes "
          f"of python -m assistant.hosted (gunicorn, gevent) on one PostgreSQL; End turn every {every:g} s on "
          f"average per table for {seconds:g} s")
    print(f"  live streams: {streaming} of {len(devices)} devices")
    if requests:
        print(line("End turn request (ms)", requests))
        print(line("every device told of the change (ms)", told))
        print(f"  actions {actions} ({actions / wall:.1f}/s); CPU of the processes {sum(cpu.values()):.2f} s, "
              f"{1000 * sum(cpu.values()) / actions:.1f} ms per action with its {devices_per_table - 1} fetches")
    print(f"  processes before the devices:                  {before}")
    print(f"  processes, everyone following, nobody playing: {following}")
    print(f"  processes playing:                              {processes_line(workers, cpu, wall)}")
    print(f"  PostgreSQL's CPU while playing: {pg_cpu:.2f} s ({100 * pg_cpu / wall:.1f}% of a core), "
          f"{1000 * pg_cpu / max(1, actions):.1f} ms per action")
    print(f"  PostgreSQL connections while playing: {sum(pg_busy.values())} "
          f"({', '.join(str(n) for n in pg_busy.values())} by process, each with its listener)")
    print(f"  {database_size(url, len(heists))}")
    print(f"  the devices (this script) used {mine:.2f} s of CPU; load average {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f} on {os.cpu_count()} cores")
    print(f"  errors: {len(errors)}" + "".join(f"\n    {e}" for e in errors[:10]))
    return verdict(streaming == len(devices), requests, told, errors)


def run(args: argparse.Namespace) -> int:
    if not args.no_sync:  # a real server's durability: each commit waits for its fsync
        pg_cluster.SERVER_OPTIONS = pg_cluster.SERVER_OPTIONS.replace("-c fsync=off -c synchronous_commit=off", "")
    url = pg_cluster.cluster().create()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        links = make_heists(folder, args.tables, database=url)
        port = free_port()
        server, workers = start_hosted(url, folder, port, args.processes)
        try:
            return measure(url, workers, port, links, args.devices, args.seconds, args.every, args.seed)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--devices", type=int, default=6, help="devices per table: its tablet and its phones")
    parser.add_argument("--processes", type=int, default=2, help="the hosted server's workers (2-4)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a table's End turn taps, on average")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--no-sync", action="store_true", help="PostgreSQL with fsync off, as the tests run it")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("this benchmark gives each device its own 127.0.0.N address and reads /proc: Linux only")
        return 1
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
