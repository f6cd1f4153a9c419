"""Issue 37 §3 against the real hosted server (``python -m assistant.hosted``: gunicorn, gevent workers) on a
throw-away PostgreSQL: a following device costs no thread, so one process holds more streams than waitress has
threads (224, of which 192 for streams: assistant/__main__.py), and each is told of a change made through another
server of two workers."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from assistant.__main__ import LIVE_STREAMS
from tests.web.live_server import ROOT, Stream, free_port, request, stop
from tests.web.test_processes import PHONE_HOST, Phone, broken_in

SERVES = re.compile(r"burgle: worker (\d+) serves")
STREAMS = 300  # more than waitress's LIVE_STREAMS (192) and than all its threads (224)


@contextmanager
def hosted(url: str, folder: Path, workers: int, *options: str) -> Iterator[tuple[int, list[int]]]:
    """The hosted server on a port of its own, once each of its ``workers`` has loaded the app: its port and their
    process ids."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "assistant.hosted", "--database", url, "--workers", str(workers),
                               "--bind", f"127.0.0.1:{port}", "--instance", str(folder), *options],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        pids: list[int] = []
        for line in server.stderr:
            if found := SERVES.search(line):
                pids.append(int(found.group(1)))
                if len(pids) == workers:
                    break
        assert len(pids) == workers, "the hosted server did not start"
        yield port, pids
    finally:
        server.terminate()
        try:
            server.communicate(timeout=30)
        finally:
            stop(server)


def threads(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^Threads:\s+(\d+)", status, re.M)
    assert found
    return int(found.group(1))


def changed(stream: Stream) -> str:
    """The next doorbell's version (heartbeats skipped)."""
    event = stream.event()
    assert event is not None and event[0] == "changed", event
    return event[1]


def test_one_hosted_process_holds_more_streams_than_waitress_has_threads_and_tells_each_of_a_change_made_elsewhere(
        pg_url: str, tmp_path: Path) -> None:
    assert STREAMS > LIVE_STREAMS
    game, folder = broken_in(pg_url, tmp_path), tmp_path / "instance"
    with hosted(pg_url, folder, 1) as (one, [pid]), hosted(pg_url, folder, 2) as (two, _):
        # each device on its own address, as phones are: the per-device limits (4 streams a link) do not apply
        streams = [Stream(one, f"/games/{game.watch_token if n % 2 else game.play_token}/events", PHONE_HOST,
                          source=f"127.0.{1 + n // 250}.{n % 250 + 2}", timeout=20) for n in range(STREAMS)]
        try:
            assert [changed(s) for s in streams] == [str(game.version)] * STREAMS
            assert threads(pid) < 10  # a thread a stream would be 300 of them
            Phone(two, game).end_turn(two, game.version)  # through the other server, one of its two workers
            assert [changed(s) for s in streams] == [str(game.version + 1)] * STREAMS
        finally:
            for stream in streams:
                stream.close()


def test_the_hosted_server_refuses_to_start_without_a_postgresql_database(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "assistant.hosted", "--database", str(tmp_path / "heists.sqlite3"),
                           "--instance", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--database postgresql://" in done.stderr


def test_the_hosted_server_is_a_clubs_service_the_machine_itself_no_host(pg_url: str, tmp_path: Path) -> None:
    """Issue 37 §4 through the hosted server: even a browser on the machine itself signs in first; with --no-signup
    the sign-in page offers no "Start a club"."""
    with hosted(pg_url, tmp_path / "open", 1) as (port, _):
        assert request(port, "GET", "/", host="localhost", headers={"HX-Request": ""})[0] == 302  # a page load
        assert 'action="/clubs"' in request(port, "GET", "/signin", host="localhost")[1]
    with hosted(pg_url, tmp_path / "closed", 1, "--no-signup") as (port, _):
        status, page = request(port, "GET", "/signin", host="localhost")
        assert status == 200 and 'action="/signin"' in page and 'action="/clubs"' not in page
