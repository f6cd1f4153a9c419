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
"""

from __future__ import annotations

import time
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

from .web.hardening import HEADERS

PER_ADDRESS = 32
# a restore of every heist (a few MB) from a phone on a weak Wi-Fi fits in it many times over
REQUEST_DEADLINE = 20.0


class _SecureErrorTask(ErrorTask):
    def execute(self) -> None:
        self.response_headers.extend(HEADERS.items())
        super().execute()


def _address(addr: Any) -> Any:
    return addr[0] if isinstance(addr, tuple) else addr  # (host, port) for TCP; a UNIX socket has no address


class _GuardedChannel(HTTPChannel):
    error_task_class = _SecureErrorTask
    _reading_since = 0.0  # when the first byte of the request being read arrived

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        mine = _address(addr)
        if sum(_address(c.addr) == mine for c in server.active_channels.values()) > server.per_address:
            self.will_close = True  # closed at the loop's next pass (writable, then handle_write)

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self._reading_since = time.monotonic()
        return bool(super().received(data))

    def writable(self) -> bool:
        # asked of every channel at each pass of waitress's loop (at least once a second)
        if self.request is not None and time.monotonic() - self._reading_since > self.server.request_deadline:
            self.will_close = True
        return bool(super().writable())


def create(app: Any, *, per_address: int = PER_ADDRESS, request_deadline: float = REQUEST_DEADLINE,
           **options: Any) -> Any:
    """A waitress server for ``app`` (``waitress.serve``'s options) with the limits above, whose own error answers
    carry the security headers."""
    server = create_server(app, **options)
    # one listening socket is the server itself; several sit in its map (MultiSocketServer)
    for listener in (server, *getattr(server, "map", {}).values()):
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = _GuardedChannel
            listener.per_address = per_address
            listener.request_deadline = request_deadline
    return server
