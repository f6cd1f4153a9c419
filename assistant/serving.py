"""Waitress as the app runs under it.

Waitress answers some requests itself, before the app sees them (a body or headers over its limits, a request it
cannot parse) or after the app failed without a word (a 500): those answers carry the app's security headers too
(web/hardening.py), like every page.

Two limits of our own keep one misbehaving device from locking out the others (issue 24), on top of waitress's
(``__main__.SERVER_OPTIONS``: an idle connection is closed after ``channel_timeout``):

* **per address**: a device (an IP address) holds at most ``per_address`` connections; one more is closed as soon
  as it is accepted. A browser opens six at most to one server, plus one live stream a tab: 32 is room for a few
  tabs, while 500 sockets from one phone or script (waitress's ``connection_limit``) can no longer be reached.
* **a deadline to read a request**: from its first byte, a request must arrive whole within ``request_deadline``
  seconds, else the connection is closed. A trickle of a byte every few seconds keeps a connection from being idle,
  so ``channel_timeout`` alone never closes it. A request being answered (a live stream) is not being read: never cut.

And two so that nobody who belongs at the table is locked out by sockets from elsewhere (issue 33 §3):

* **room kept for the table**: past ``connection_limit - reserve`` connections, each one accepted closes the
  slowest *anonymous* one that is not being answered: the connection whose request has been arriving (or which
  has been quiet) the longest. Loopback (the tablet on the machine itself) and a connection that showed a link
  (a request the app answered through a host, play or watch link: ``HOLDS_LINK``) are never shed, and a new
  device's first connection is the newest, so it is the last to go. 17 addresses of 32 slow sockets each then
  hold at most ``connection_limit - reserve`` connections, and the tablet and a new phone still connect.
* **a hang-up is heard at once**: while a request is answered (a live stream, for hours) waitress stops reading
  its socket, so a phone that left was only noticed when a heartbeat failed to go out, a heartbeat or two later.
  The socket of a request that asked for it through ``WHEN_GONE`` (a live stream) is watched (peeked at, never
  read) meanwhile; when its other end closes, the connection closes and what it asked is called: the stream gives
  its place back at once.
"""

from __future__ import annotations

import socket
import time
import types
from collections.abc import Callable
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask, WSGITask

from .web.access import HOLDS_LINK, LOOPBACK, WHEN_GONE
from .web.hardening import HEADERS

PER_ADDRESS = 32
# a restore of every heist (a few MB) from a phone on a weak Wi-Fi fits in it many times over
REQUEST_DEADLINE = 20.0
# of waitress's 500 connections, the last 50 are for the tablet and devices with a link: a table is a dozen devices
# of a few connections each, and a link's connections are never shed anyway, so this is room for new phones
RESERVE = 50
# connections accepted in one pass of waitress's loop at most (it accepts one): a backlog drains in a few passes,
# and a pass still ends soon enough for the connections being answered
ACCEPTS_PER_PASS = 64


class _SecureErrorTask(ErrorTask):
    def execute(self) -> None:
        self.response_headers.extend(HEADERS.items())
        super().execute()


def _address(addr: Any) -> Any:
    return addr[0] if isinstance(addr, tuple) else addr  # (host, port) for TCP; a UNIX socket has no address


class _Task(WSGITask):
    """A request as the app sees it, with the two hooks above into its connection."""

    def get_environment(self) -> Any:
        environ = super().get_environment()
        environ[HOLDS_LINK] = self.channel.vouch
        environ[WHEN_GONE] = self.channel.when_gone
        return environ


class _GuardedChannel(HTTPChannel):
    task_class = _Task
    error_task_class = _SecureErrorTask
    _reading_since = 0.0  # when the first byte of the request being read arrived
    _sent_ahead = False  # the device sent more while its answer was going out: waitress reads it afterwards
    vouched = False  # a request on it came through a link

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self._gone: list[Callable[[], None]] = []
        mine = _address(addr)
        self.trusted = mine in LOOPBACK or not isinstance(addr, tuple)
        others = server.active_channels.values()
        if sum(_address(c.addr) == mine for c in others) > server.per_address:
            self.will_close = True  # closed at the loop's next pass (writable, then handle_write)
        elif len(server.active_channels) > server.adj.connection_limit - server.reserve:
            _shed_slowest(server, self)

    def vouch(self) -> None:
        self.vouched = True

    def when_gone(self, call: Callable[[], None]) -> None:
        """``call`` (from the loop's thread) once this connection is closed, whoever closes it."""
        self._gone.append(call)
        if not self.connected:
            call()

    def sheddable(self) -> bool:
        return not (self.trusted or self.vouched or self.requests or self.will_close)

    def stalled_since(self) -> float:
        """Since when (``time.time()``) this connection has made no progress: the start of the request it is still
        sending, else its last byte either way."""
        if self.request is not None:
            return time.time() - (time.monotonic() - self._reading_since)
        return float(self.last_activity)

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self._reading_since = time.monotonic()
        return bool(super().received(data))

    def readable(self) -> bool:
        if not self.requests:
            self._sent_ahead = False
        return self._watching() or bool(super().readable())

    def _watching(self) -> bool:
        """Whether the socket is watched for a hang-up: while a request that asked for it (``WHEN_GONE``, a live
        stream) is answered. Only those: a client that sends a request and then closes its side still gets its
        answer."""
        return bool(self.requests and self._gone) and not (self._sent_ahead or self.will_close
                                                           or self.close_when_flushed)

    def handle_read(self) -> None:
        if not self.requests:
            super().handle_read()
            return
        try:
            peeked = self._peek()
        except BlockingIOError:
            return
        except OSError:
            peeked = b""  # reset by the other end
        if peeked:
            self._sent_ahead = True
        else:
            self.will_close = True  # hung up: closed in this pass of the loop (writable, then handle_write)

    def _peek(self) -> bytes:
        return bytes(self.socket.recv(1, socket.MSG_PEEK))  # left in the socket: waitress reads it in its turn

    def service(self) -> None:
        super().service()
        self._gone = []  # that request's calls were for it alone: the next request on a kept-alive connection

    def handle_close(self) -> None:
        super().handle_close()
        calls, self._gone = self._gone, []
        for call in calls:
            call()

    def writable(self) -> bool:
        # asked of every channel at each pass of waitress's loop (at least once a second)
        if self.request is not None and time.monotonic() - self._reading_since > self.server.request_deadline:
            self.will_close = True
        return bool(super().writable())


def _shed_slowest(server: Any, newcomer: _GuardedChannel) -> None:
    """Close the anonymous connection that has made no progress the longest, to keep room for the table's."""
    channels = server.active_channels.values()
    if sum(not c.will_close for c in channels) <= server.adj.connection_limit - server.reserve:
        return  # those about to close (over the cap per address, shed already) make room enough
    anonymous = [c for c in channels if c is not newcomer and c.sheddable()]
    if anonymous:
        min(anonymous, key=_GuardedChannel.stalled_since).will_close = True


def _accept_waiting(listener: Any) -> None:
    """Accept what waits in the backlog, up to ``ACCEPTS_PER_PASS`` at once, where waitress accepts one a pass of its
    loop: behind a thousand sockets queued by a flood, the tablet's connection would wait a thousand passes."""
    for _ in range(ACCEPTS_PER_PASS):
        before = len(listener._map)
        BaseWSGIServer.handle_accept(listener)
        if len(listener._map) == before or len(listener._map) >= listener.adj.connection_limit:
            return  # nothing more waits (or nothing was accepted), or waitress's limit is reached


def create(app: Any, *, per_address: int = PER_ADDRESS, request_deadline: float = REQUEST_DEADLINE,
           reserve: int = RESERVE, **options: Any) -> Any:
    """A waitress server for ``app`` (``waitress.serve``'s options) with the limits above, whose own error answers
    carry the security headers."""
    server = create_server(app, **options)
    # one listening socket is the server itself; several sit in its map (MultiSocketServer)
    for listener in (server, *getattr(server, "map", {}).values()):
        if isinstance(listener, BaseWSGIServer):
            guard(listener, _GuardedChannel, per_address=per_address, request_deadline=request_deadline,
                  reserve=reserve)
    return server


def guard(listener: Any, channel_class: type[_GuardedChannel], *, per_address: int = PER_ADDRESS,
          request_deadline: float = REQUEST_DEADLINE, reserve: int = RESERVE) -> None:
    """The limits above on the connections ``listener`` accepts, each one a ``channel_class``."""
    listener.channel_class = channel_class
    listener.per_address = per_address
    listener.request_deadline = request_deadline
    listener.reserve = reserve
    listener.handle_accept = types.MethodType(_accept_waiting, listener)
