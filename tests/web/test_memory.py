"""Issue 33 §3: the app's memory grew from 62 to 142 MiB in 8 minutes with 8 phones, still creeping. The cause: one
SQLite connection per thread, each with its own page and statement caches, for each of waitress's 224 threads in
turn as they got their first request; now a request gives its connection back when it ends (store.release).

The app runs as a person starts it (``python -m assistant``: 224 threads), 8 phones (127.0.0.2…) follow a heist
live and fetch their boards after each change, while its tablet ends turns. The short test (in the normal suite,
80 s) holds the resident memory within GROWTH_MIB of the first answer's and asserts its slope after a warm-up;
``BURGLE_LONG_TESTS=1`` also runs 10 minutes and holds it within LONG_GROWTH_MIB."""

from __future__ import annotations

import http.client
import os
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from assistant.store import IDLE_CONNECTIONS
from tests.web.helpers import bank_job_in_play
from tests.web.live_server import free_port, start, stop, wait_serving

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

PHONES = 8
PHONE_HOST = "burgle.lan"
VERSION = re.compile(r'data-version="(\d+)"')
FLOOR = re.compile(r'id="floor-(\d+)"[^>]*? data-hash="([^"]+)"')
WARM_UP = 25.0  # seconds: the first answers fill the templates' and translations' caches
# Measured on the team's machine over 80 s at a change a second (154 changes, each fetched by 8 phones):
# +15 MiB over the first answer, 20 database files open, a slope of 4.4 MiB a minute after the warm-up (the drawings'
# caches filling with each change's floors, bounded: over 10 minutes and 1,169 changes, 66.4 -> 85.0 MiB, 0.2 MiB a
# minute in the last five, 0.8 MiB a minute after the warm-up); before the fix +37 MiB in 80 s (69 -> 106), 435
# database files (145 connections: each thread that had served a request kept its own), and at a slower pace the
# creep went on for minutes, until all 224 threads had one
GROWTH_MIB = 25.0
SLOPE_MIB_PER_MINUTE = 6.0
LONG_MINUTES = 10.0
LONG_GROWTH_MIB = 30.0
LONG = os.environ.get("BURGLE_LONG_TESTS") == "1"


def make_heist(folder: Path) -> str:
    """A Bank Job of three burglars in play in ``folder``'s heists file: its play link."""
    from assistant.web import create_app
    app = create_app({"INSTANCE_PATH": folder, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    game = bank_job_in_play(client)
    store = app.extensions["store"]
    token = store.load(game.rsplit("/", 1)[1]).play_token
    store.shutdown()
    return token


def call(port: int, source: str, method: str, path: str, headers: dict[str, str] | None = None,
         body: str | None = None) -> tuple[int, str, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers={"Host": f"{PHONE_HOST}:{port}", "HX-Request": "true",
                                                       **(headers or {})})
        answer = conn.getresponse()
        return answer.status, answer.read().decode(), answer
    finally:
        conn.close()


class Phone:
    """Follows the heist live and fetches its board (only the floors that changed) after each doorbell."""

    def __init__(self, port: int, source: str, token: str, language: str, until: float):
        self.port, self.source, self.token, self.until = port, source, token, until
        self.headers = {"Accept-Language": language}
        self.floors: dict[str, str] = {}
        self.fetched = 0
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.source, 0))
        try:
            conn.request("GET", f"/games/{self.token}/events", headers={"Host": f"{PHONE_HOST}:{self.port}",
                                                                         **self.headers})
            stream, event = conn.getresponse(), ""
            while time.monotonic() < self.until:
                line = stream.readline().decode()
                if not line:
                    self.errors.append("the stream ended")
                    return
                if line.startswith("event: "):
                    event = line[7:].strip()
                elif line.startswith("data: ") and event == "changed":
                    self._fetch()
        except OSError as err:
            self.errors.append(repr(err))
        finally:
            conn.close()

    def _fetch(self) -> None:
        held = ",".join(f"{n}={h}" for n, h in sorted(self.floors.items()))
        status, page, _ = call(self.port, self.source, "GET", f"/games/{self.token}/panel?animate=1",
                               {**self.headers, **({"X-Floors": held} if held else {})})
        if status != 200:
            self.errors.append(f"the board answered {status}")
        self.floors.update(FLOOR.findall(page))
        self.fetched += 1


def resident_mib(pid: int) -> float:
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    assert found
    return int(found.group(1)) / 1024


def database_files(pid: int) -> int:
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += "heists.sqlite3" in os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue  # closed while read
    return count


def club_of_phones(tmp_path: Path, seconds: float) -> tuple[list[tuple[float, float]], int, list[Phone]]:
    """(seconds, RSS MiB) every 5 s while 8 phones follow a tablet ending turns; the most database files open."""
    folder = tmp_path / "data"
    folder.mkdir()
    token = make_heist(folder)
    port = free_port()
    app = start(folder, port=port)
    try:
        wait_serving(app, port)
        t0 = time.monotonic()
        until = t0 + seconds
        phones = [Phone(port, f"127.0.0.{n + 2}", token, ("en", "es", "fr")[n % 3], until) for n in range(PHONES)]
        status, page, answer = call(port, "127.0.0.1", "GET", f"/games/{token}")
        csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page)
        assert status == 200 and csrf
        tablet = {"X-CSRFToken": csrf.group(1), "Cookie": (answer.getheader("Set-Cookie") or "").split(";")[0],
                  "Content-Type": "application/x-www-form-urlencoded"}
        seen = int(VERSION.findall(page)[0])
        samples: list[tuple[float, float]] = []
        files, sampled = 0, 0.0
        while time.monotonic() < until:
            # End turn; a caught crew is undone (the heist goes on: a change every time)
            undo = "Caught!" in page
            status, page, _ = call(port, "127.0.0.1", "POST", f"/games/{token}/{'undo' if undo else 'act'}", tablet,
                                   urlencode({"version": seen} if undo else {"do": "end_turn", "version": seen}))
            assert status == 200 and VERSION.search(page), page[:300]
            assert int(VERSION.findall(page)[0]) == seen + 1, "the tablet's tap changed nothing"
            seen += 1
            if time.monotonic() - sampled >= 5.0:
                sampled = time.monotonic()
                samples.append((sampled - t0, resident_mib(app.pid)))
                files = max(files, database_files(app.pid))
            time.sleep(0.5)  # a lively table: a change every half second, each fetched by 8 phones
        for phone in phones:
            phone.thread.join(70)
        return samples, files, phones
    finally:
        stop(app)


def slope(samples: list[tuple[float, float]]) -> float:
    """MiB a minute, least squares over the samples after the warm-up."""
    warm = [(t, m) for t, m in samples if t >= WARM_UP]
    assert len(warm) >= 5, samples
    mean_t = sum(t for t, _ in warm) / len(warm)
    mean_m = sum(m for _, m in warm) / len(warm)
    rise = sum((t - mean_t) * (m - mean_m) for t, m in warm)
    run = sum((t - mean_t) ** 2 for t, _ in warm)
    return 60 * rise / run


def played(phones: list[Phone], seconds: float) -> None:
    assert all(not p.errors for p in phones), [p.errors for p in phones]
    assert all(p.fetched > seconds / 10 for p in phones), [p.fetched for p in phones]  # a change a second or so


def test_the_memory_of_the_app_stops_growing_once_warm_with_8_phones_following(tmp_path: Path) -> None:
    samples, files, phones = club_of_phones(tmp_path, 80.0)
    played(phones, 80.0)
    assert max(m for _, m in samples) - samples[0][1] <= GROWTH_MIB, samples
    assert slope(samples) < SLOPE_MIB_PER_MINUTE, samples
    # the cause, bounded: a heists file, its -wal and -shm for each connection kept (and the requests' at once)
    assert files <= 3 * (IDLE_CONNECTIONS + PHONES + 2), files


@pytest.mark.skipif(not LONG, reason="10 minutes: BURGLE_LONG_TESTS=1 runs it")
def test_ten_minutes_of_8_phones_following_hold_the_memory_of_the_app_within_its_bound(tmp_path: Path) -> None:
    samples, _, phones = club_of_phones(tmp_path, LONG_MINUTES * 60)
    played(phones, LONG_MINUTES * 60)
    assert max(m for _, m in samples) - samples[0][1] <= LONG_GROWTH_MIB, samples
    assert slope(samples) < SLOPE_MIB_PER_MINUTE, samples
