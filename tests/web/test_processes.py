"""Issue 37 §2 against real processes: copies of the app as a hosted service starts them (``python -m assistant
--database``), one data folder and one PostgreSQL database, no sticky sessions. A device following through one is
told of a change made through another; a process stopped mid-game leaves its devices to catch up through another,
nothing lost, and comes back."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from assistant.store import Game
from assistant.store_pg import PgStore
from tests.web.helpers import errors
from tests.web.live_server import ROOT, Stream, free_port, request, start, stop, wait_serving

PHONE_HOST = "burgle.lan"  # any name but localhost: the server treats the caller as a phone
WITHIN = 10.0  # seconds: the first doorbell of a stream, a stream's end; the one a test times is held to 1 s
CREW = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}]


def broken_in(url: str, folder: Path) -> Game:
    from assistant.engine.bb1.setup import new_game
    store = PgStore(url, folder=folder)
    try:
        game_id = store.create("The Bank Job", new_game("bank", CREW, seed=4242))
        for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}):
            store.act(game_id, action)
        return store.load(game_id)
    finally:
        store.shutdown()


@contextmanager
def process(folder: Path, url: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = free_port()
    app = start(folder, port=port, database=url)
    try:
        wait_serving(app, port)
        yield app, port
    finally:
        stop(app)


class Phone:
    """A phone on the heist's play link: its session (a cookie the processes share the key of) and CSRF token come
    from the board it opened through one process, and any process takes its taps."""

    def __init__(self, port: int, game: Game):
        self.game = game
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", f"/games/{game.play_token}", headers={"Host": f"{PHONE_HOST}:{port}"})
            answer = conn.getresponse()
            page = answer.read().decode()
        finally:
            conn.close()
        token = re.search(r'"X-CSRFToken": "([^"]+)"', page)
        assert answer.status == 200 and token, page[:300]
        self.headers = {"X-CSRFToken": token.group(1), "Cookie": (answer.getheader("Set-Cookie") or "").split(";")[0]}

    def end_turn(self, port: int, version: int) -> None:
        status, page = request(port, "POST", f"/games/{self.game.play_token}/act", f"do=end_turn&version={version}",
                               host=PHONE_HOST, headers=self.headers)
        assert status == 200 and errors(page) == [], page[:300]


class Follower(Stream):
    """A device following the heist live; a doorbell it is not told of within ``WITHIN`` seconds fails the test (its
    stream's heartbeats would keep it waiting for ever)."""

    def event(self) -> tuple[str, str] | None:
        heard: list[tuple[str, str] | None] = []

        def read() -> None:
            with suppress(OSError, AttributeError):  # the stream closed by the test that gave up on it
                heard.append(Stream.event(self))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(WITHIN)
        assert heard, f"not told within {WITHIN} s"
        return heard[0]


def follow(port: int, game: Game) -> Follower:
    return Follower(port, f"/games/{game.play_token}/events", PHONE_HOST)


def test_a_device_following_through_one_process_is_told_of_an_end_turn_made_through_another(
        pg_url: str, tmp_path: Path) -> None:
    game = broken_in(pg_url, tmp_path)
    with process(tmp_path / "instance", pg_url) as (_, one), process(tmp_path / "instance", pg_url) as (_, two):
        phone = follow(two, game)
        try:
            assert phone.event() == ("changed", str(game.version))
            Phone(one, game).end_turn(one, game.version)
            answered = time.monotonic()
            assert phone.event() == ("changed", str(game.version + 1))
            assert time.monotonic() - answered < 1.0
        finally:
            phone.close()


def test_a_process_stopped_mid_game_leaves_its_devices_to_catch_up_through_another_with_nothing_lost(
        pg_url: str, tmp_path: Path) -> None:
    game, folder = broken_in(pg_url, tmp_path), tmp_path / "instance"
    version = game.version
    with process(folder, pg_url) as (_, one):
        with process(folder, pg_url) as (two_app, two):
            phone, tablet = follow(two, game), follow(one, game)
            assert phone.event() == tablet.event() == ("changed", str(version))
            player = Phone(two, game)
            player.end_turn(two, version)  # the last change made through the process about to stop
            version += 1
            assert phone.event() == tablet.event() == ("changed", str(version))
            two_app.send_signal(signal.SIGTERM)  # as a service manager stops it
            assert two_app.wait(timeout=30) == 0
            assert phone.event() is None  # its stream ended with its process
            phone.close()
        for _ in range(2):  # the table plays on meanwhile, the same phone through the other process
            player.end_turn(one, version)
            version += 1
            assert tablet.event() == ("changed", str(version))
        phone = follow(one, game)  # the page reconnects, through whichever process answers
        assert phone.event() == ("changed", str(version))
        with process(folder, pg_url) as (_, again):  # the stopped process is back
            late = follow(again, game)
            assert late.event() == ("changed", str(version))
            player.end_turn(again, version)
            version += 1
            assert phone.event() == tablet.event() == late.event() == ("changed", str(version))
            for stream in (phone, tablet, late):
                stream.close()
    store = PgStore(pg_url, folder=tmp_path)
    try:
        assert [entry.action.do for entry in store.history(game.id)] == ["start", "entrance"] + ["end_turn"] * 4
        assert store.version(game.id) == version
    finally:
        store.shutdown()


def test_a_database_that_cannot_be_opened_is_one_line_in_the_terminal_and_no_server(tmp_path: Path) -> None:
    """DATABASE_URL as a service's environment gives it; the password stays out of the terminal."""
    port = free_port()  # nothing listens there
    env = {**os.environ, "DATABASE_URL": f"postgresql://club:hunter2@127.0.0.1:{port}/heists", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "assistant", "--host", "127.0.0.1", "--port", str(free_port()),
                           "--instance", str(tmp_path / "instance")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"Cannot start: cannot open the database postgresql://club@127.0.0.1:{port}/heists (")
    assert line.endswith("check its address, and that the database server is running") and "hunter2" not in line
