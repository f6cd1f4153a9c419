"""Issue 4 against a real waitress server (one process, a thread pool, real sockets): devices acting
at once, streams that come and go without leaking, phones that vanish, many devices at once, and
tokens kept out of every log."""

from __future__ import annotations

import logging
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from assistant.engine.bb1.setup import new_game
from assistant.web.table.game import STALE
from tests.web.helpers import errors, make_app, version
from assistant.serving import create
from tests.web.live_server import Stream, open_files, request, serving, stop_serving, wait_until

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts open files in /proc")

PHONE_HOST = "burgle.lan"  # any name but localhost: the server then treats the caller as a phone


@pytest.fixture
def live(db_path: Path) -> Iterator[Flask]:
    # every "device" here is this test on 127.0.0.1: not one device's tabs (live.STREAMS_PER_DEVICE)
    app = make_app(db_path, LIVE_HEARTBEAT=0.05, LIVE_STREAMS_PER_DEVICE=None)
    yield app
    app.extensions["store"].close()


def heist(app: Flask) -> str:
    """A heist where the floor-1 guard can be moved for ever (the only burglar waits on floor 3)."""
    store = app.extensions["store"]
    game_id = store.create("Bank Job", new_game("bank", [{"name": "Ann", "colour": "#e4572e"}], seed=3))
    store.act(game_id, {"do": "start"})
    store.act(game_id, {"do": "entrance", "at": "A1"})
    store.act(game_id, {"do": "place", "who": "Ann", "floor": 3, "to": "A1"})
    return game_id


def at_once(port: int, posts: list[tuple[str, str, str]]) -> list[tuple[int, str]]:
    """Each (path, body, host) posted from its own thread, released together by a barrier."""
    start = threading.Barrier(len(posts))
    answers: list[tuple[int, str]] = []

    def tap(path: str, body: str, host: str) -> None:
        start.wait()
        answers.append(request(port, "POST", path, body, host=host))
    devices = [threading.Thread(target=tap, args=post) for post in posts]
    for d in devices:
        d.start()
    for d in devices:
        d.join(10)
    return answers


def test_two_devices_acting_on_the_same_version_at_once_apply_exactly_one(live: Flask) -> None:
    gid = heist(live)
    store = live.extensions["store"]
    token = store.load(gid).play_token
    with serving(live) as server:
        for _ in range(5):
            seen = store.load(gid).version
            body = f"do=guard_turn&floor=1&version={seen}"
            answers = at_once(server.effective_port, [(f"/games/{gid}/act", body, "127.0.0.1"),
                                                      (f"/games/{token}/act", body, PHONE_HOST)])
            assert [status for status, _ in answers] == [200, 200]
            assert sorted(errors(page) for _, page in answers) == [[], [STALE]]
            assert [version(page) for _, page in answers] == [seen + 1, seen + 1]  # the refused one: the fresh board
            assert store.load(gid).version == seen + 1
    assert store.load(gid).head == 3 + 5


def test_every_device_hears_a_change_made_on_another(live: Flask) -> None:
    gid = heist(live)
    g = live.extensions["store"].load(gid)
    with serving(live) as server:
        port = server.effective_port
        devices = [Stream(port, f"/games/{gid}/events"), Stream(port, f"/games/{g.play_token}/events", PHONE_HOST),
                   Stream(port, f"/games/{g.watch_token}/events", PHONE_HOST)]
        try:
            assert [d.event() for d in devices] == [("changed", str(g.version))] * 3
            status, page = request(port, "POST", f"/games/{g.play_token}/act",
                                   f"do=guard_turn&floor=1&version={g.version}", host=PHONE_HOST)
            assert status == 200 and errors(page) == []
            assert [d.event() for d in devices] == [("changed", str(g.version + 1))] * 3
        finally:
            for d in devices:
                d.close()


@pytest.mark.sqlite_file  # counts the file's connections
def test_a_hundred_streams_coming_and_going_leave_no_thread_subscriber_or_db_connection_behind(
        live: Flask, db_path: Path) -> None:
    gid = heist(live)
    broker = live.extensions["store"].broker
    with serving(live, threads=8) as server:
        port = server.effective_port
        # eight streams at once: every worker thread serves one and opens its own sqlite connection,
        # which it keeps (one per thread, by design); what must not grow is anything per stream
        warm = [Stream(port, f"/games/{gid}/events") for _ in range(8)]
        assert all(s.event() for s in warm)
        for s in warm:
            s.close()
        assert wait_until(lambda: broker.count() == 0)
        threads, connections = threading.active_count(), open_files(str(db_path))
        assert 1 <= connections <= 8 + 1  # the worker threads' and this test thread's

        for n in range(100):
            stream = Stream(port, f"/games/{gid}/events")
            assert stream.event() == ("changed", "3")
            stream.vanish() if n % 2 else stream.close()

        assert wait_until(lambda: broker.count() == 0), f"{broker.count()} streams still subscribed"
        assert wait_until(lambda: server.task_dispatcher.active_count == 0)
        assert threading.active_count() == threads
        assert open_files(str(db_path)) == connections
        assert len(server.task_dispatcher.queue) == 0


def test_a_vanished_phone_is_removed_by_the_next_heartbeat_at_the_latest(db_path: Path) -> None:
    app = make_app(db_path, LIVE_HEARTBEAT=1.0)
    try:
        gid = heist(app)
        broker = app.extensions["store"].broker
        with serving(app) as server:
            token = app.extensions["store"].load(gid).watch_token
            stream = Stream(server.effective_port, f"/games/{token}/events", PHONE_HOST)
            assert stream.event() == ("changed", "3")
            stream.vanish()  # the server hears the reset at once (test_server_limits), else its next write fails
            assert wait_until(lambda: broker.count(gid) == 0, timeout=5), "the vanished phone is still subscribed"
    finally:
        app.extensions["store"].close()


def test_with_twenty_devices_live_ordinary_requests_are_answered_and_extra_streams_are_told_to_retry(
        db_path: Path) -> None:
    # one address on one link (no place taken from another device), told at once (no wait), to retry in 15 s
    app = make_app(db_path, LIVE_HEARTBEAT=0.5, LIVE_MAX_STREAMS=24, LIVE_STREAMS_PER_DEVICE=None, LIVE_WAIT=0,
                   LIVE_BUSY_RETRY_MS=15000)
    try:
        gid = heist(app)
        store = app.extensions["store"]
        with serving(app, threads=32) as server:  # what __main__ runs
            port = server.effective_port
            token = store.load(gid).play_token
            devices = [Stream(port, f"/games/{token}/events", PHONE_HOST) for _ in range(26)]
            try:
                assert [d.event() for d in devices] == [("changed", "3")] * 26
                assert sorted(d.retry or 0 for d in devices) == [2000] * 24 + [15000] * 2
                told_to_retry = [d for d in devices if d.retry == 15000]
                assert [d.event() for d in told_to_retry] == [None, None]  # their streams ended: no thread held
                assert store.broker.count() == 24

                for _ in range(5):  # the board, an action: served while 24 streams hold their threads
                    status, page = request(port, "GET", f"/games/{token}/panel", host=PHONE_HOST)
                    assert status == 200 and version(page) == store.load(gid).version
                status, page = request(port, "POST", f"/games/{token}/act", "do=guard_turn&floor=1&version=3",
                                       host=PHONE_HOST)
                assert status == 200 and errors(page) == []
                live_devices = [d for d in devices if d.retry == 2000]
                assert [d.event() for d in live_devices] == [("changed", "4")] * 24
            finally:
                for d in devices:
                    d.close()
            assert wait_until(lambda: store.broker.count() == 0)
    finally:
        app.extensions["store"].close()


def test_no_link_token_reaches_any_log(live: Flask, caplog: pytest.LogCaptureFixture,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    live.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: Flask logs the error and shows its page
    gid = heist(live)
    store = live.extensions["store"]
    g = store.load(gid)
    for name in ("assistant", "waitress", "werkzeug"):
        caplog.set_level(logging.DEBUG, logger=name)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk is full")
    with serving(live) as server:
        port = server.effective_port
        assert request(port, "GET", f"/games/{g.play_token}", host=PHONE_HOST)[0] == 200
        assert request(port, "GET", "/games/not-a-real-token-at-all", host=PHONE_HOST)[0] == 404
        assert request(port, "GET", f"/host/{live.config['HOST_KEY']}", host=PHONE_HOST)[0] == 302
        stream = Stream(port, f"/games/{g.watch_token}/events", PHONE_HOST)
        stream.event()
        stream.vanish()
        assert wait_until(lambda: store.broker.count() == 0)
        monkeypatch.setattr(store, "act", broken)
        # a bug: htmx gets the board back saying so (web/bugs.py), and the traceback goes to the logs
        assert request(port, "POST", f"/games/{g.play_token}/act", "do=start", host=PHONE_HOST)[0] == 200
    # the development server logs every request line
    dev = make_server("127.0.0.1", 0, live, threaded=True)
    loop = threading.Thread(target=dev.serve_forever, daemon=True)
    loop.start()
    try:
        assert request(dev.server_port, "GET", f"/games/{g.play_token}/panel", host=PHONE_HOST)[0] == 200
    finally:
        dev.shutdown()
        loop.join(5)

    said = caplog.text
    assert "Client disconnected while serving /games/…/events" in said  # waitress, for the vanished phone
    assert "Exception on /games/…/act [POST]" in said and "the disk is full" in said  # Flask, with its traceback
    assert "GET /games/…/panel" in said  # werkzeug's request line
    for secret in (g.play_token, g.watch_token, live.config["HOST_KEY"], "not-a-real-token-at-all"):
        assert secret not in said
        assert all(secret not in r.getMessage() and secret not in (r.exc_text or "") for r in caplog.records)


@pytest.mark.parametrize(("raw", "status"), [
    (b"POST /new HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n" + b"x" * 5000, 413),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: many\r\n\r\n", 400),
], ids=["over waitress's body limit", "unreadable"])
def test_the_servers_own_error_answers_carry_the_security_headers(live: Flask, raw: bytes, status: int) -> None:
    """Waitress answers these itself, the app never sees them (issue 24 §3)."""
    with serving(live, max_request_body_size=1024) as server, \
            socket.create_connection(("127.0.0.1", server.effective_port), timeout=10) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode()
    assert head.startswith(f"HTTP/1.1 {status} ")
    headers = dict(line.split(": ", 1) for line in head.splitlines()[1:])
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"


def test_stopping_a_server_never_writes_a_wake_up_to_its_closed_trigger(live: Flask) -> None:
    """``pull_trigger`` queues its thunk, then writes the wake-up byte; a loop woken by the previous pull's byte may run
    the thunk in between. When that thunk closed the trigger, the write failed with EBADF (a flaky teardown in
    test_server_limits). The gap is widened here: every wake-up is written 20 ms after its thunk is queued."""
    for _ in range(5):
        server = create(live, host="127.0.0.1", port=0, threads=2)
        loop = threading.Thread(target=server.run, daemon=True)
        loop.start()
        pull = server.trigger._physical_pull

        def late(pull: Any = pull) -> None:
            time.sleep(0.02)
            pull()
        server.trigger._physical_pull = late
        stop_serving(server, loop)
        assert server.trigger._closed and not server._map
