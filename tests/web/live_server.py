"""A real waitress server for the tests that need one (threads, sockets, logs), the app started as a
person starts it (``python -m assistant`` in its own process), and a raw Server-Sent Events client
that behaves like a phone: it connects, reads events, and either leaves politely or vanishes (a
reset, as when a phone drops off the Wi-Fi)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from flask import Flask
from waitress import wasyncore

from assistant.serving import create

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def serving(app: Flask, threads: int = 8, **options: Any) -> Iterator[Any]:
    """``app`` on 127.0.0.1 (a free port) in waitress, as in production; stopped on exit."""
    server = create(app, host="127.0.0.1", port=0, threads=threads, **options)
    loop = threading.Thread(target=server.run, name="waitress-test", daemon=True)
    loop.start()
    try:
        yield server
    finally:
        stop_serving(server, loop)


@contextmanager
def production(app: Flask, **changes: Any) -> Iterator[Any]:
    """``app`` served in this process with the options ``python -m assistant`` uses, ``changes`` over them."""
    from assistant.__main__ import SERVER_OPTIONS

    server = create(app, host="127.0.0.1", port=0, **{**SERVER_OPTIONS, **changes})
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    try:
        yield server
    finally:
        stop_serving(server, loop)


def stop_serving(server: Any, loop: threading.Thread) -> None:
    """Stop a waitress ``server`` whose loop runs in the thread ``loop``: every connection dropped, then its listening
    socket, its loop, its threads and last its trigger.

    Sockets are closed from the loop's own thread, through the trigger: closed under its poll from another thread,
    they make it fail with EBADF. The trigger itself is closed here only once the loop has ended: ``pull_trigger``
    queues its thunk before it writes the wake-up byte, so a loop woken by an earlier byte (the previous pull's) may
    run the thunk first; a thunk that closed the trigger then made that write fail with EBADF, or land in whatever
    file had just been given the descriptor's number."""
    def drop_connections() -> None:
        for channel in list(server._map.values()):
            if channel not in (server, server.trigger):
                channel.handle_close()

    def shut_down() -> None:
        drop_connections()  # those made meanwhile too: a page's live stream reconnects at once
        wasyncore.dispatcher.close(server)  # the listening socket, not the trigger
        server.trigger.del_channel()  # the map is empty: the loop ends after this pass
    server.trigger.pull_trigger(drop_connections)
    # live streams end at their next heartbeat; a task that ended after the close would write to a dead trigger
    wait_until(lambda: server.task_dispatcher.active_count == 0)
    server.trigger.pull_trigger(shut_down)
    loop.join(timeout=10)
    assert not loop.is_alive(), "the waitress loop did not stop"
    server.task_dispatcher.shutdown(timeout=5)
    server.trigger.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path, lang: str = "C.UTF-8", port: int | None = None,
          database: str | None = None) -> subprocess.Popen[str]:
    """The app as a person starts it, on loopback only, with its own data folder, in the locale ``lang``; its heists
    in the PostgreSQL ``database`` if one is given (``--database``)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")} | {"LANG": lang}
    hosted = ["--database", database] if database else []
    with _interruptible():
        return subprocess.Popen([sys.executable, "-m", "assistant", "--host", "127.0.0.1",
                                 "--port", str(port or free_port()), "--instance", str(folder), *hosted],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


@contextmanager
def _interruptible() -> Iterator[None]:
    """A child started in here gets Ctrl+C (SIGINT) at its default, as the app started from a terminal does. A test
    run started as a background job by a shell without job control (a CI script's ``&``) ignores SIGINT, a child
    inherits that, and Python then leaves it ignored: the app would not stop on SIGINT. Meanwhile this process
    still ignores it, through a handler of its own, which a child does not inherit (exec resets it)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN or threading.current_thread() != threading.main_thread():
        yield
        return
    signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def wait_serving(process: subprocess.Popen[str], port: int | None = None) -> None:
    """Until ``process`` says it serves (its first line about it), and then until ``port`` takes connections."""
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    for line in process.stdout:
        if "is running at" in line:
            break
        assert time.monotonic() < deadline, "the server did not start"
    else:
        raise AssertionError(f"the server stopped: {process.stderr.read() if process.stderr else ''}")
    if port is not None:
        assert wait_until(lambda: _listening(port), timeout=30), "the server does not take connections"


def stop(process: subprocess.Popen[str]) -> None:
    """Whatever a test left running ends (a test that passed has already stopped it)."""
    if process.poll() is None:
        process.kill()
    process.communicate(timeout=30)


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


class Stream:
    """One device following a heist: GET …/events, read ``(event, data)`` pairs."""

    def __init__(self, port: int, path: str, host: str = "127.0.0.1", source: str | None = None,
                 headers: dict[str, str] | None = None, timeout: float = 10):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                               source_address=(source, 0) if source else None)
        self.conn.request("GET", path, headers={"Host": f"{host}:{port}", "Accept": "text/event-stream",
                                                **(headers or {})})
        self.sock = self.conn.sock  # http.client lets go of it once a response reads to the end of the connection
        self.response = self.conn.getresponse()
        self.retry: int | None = None

    def event(self) -> tuple[str, str] | None:
        """The next event (heartbeats skipped), or None when the server ended the stream."""
        name, data = "message", ""
        while True:
            line = self.response.readline().decode()
            if not line:
                return None
            line = line.rstrip("\n")
            if line == "" and data:
                if name != "heartbeat":
                    return name, data
                name, data = "message", ""
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line.startswith("retry: "):
                self.retry = int(line[7:])

    def close(self) -> None:
        self.response.close()
        self.conn.close()

    def vanish(self) -> None:
        """Gone without a goodbye: the socket is reset, no FIN (SO_LINGER 0)."""
        sock = self.sock
        assert sock is not None
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close()


def request(port: int, method: str, path: str, body: str = "", host: str = "127.0.0.1",
            headers: dict[str, str] | None = None, source: str | None = None, timeout: float = 10) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, body=body or None,
                     headers={"Host": f"{host}:{port}", "HX-Request": "true",
                              "Content-Type": "application/x-www-form-urlencoded", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def open_files(path: str) -> int:
    """How many file descriptors of this process are open on ``path`` (one per sqlite connection)."""
    target = os.path.realpath(path)
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        with suppress(OSError):
            count += os.readlink(f"/proc/self/fd/{fd}") == target
    return count
