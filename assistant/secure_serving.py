"""The app over https too, on a second port, once this laptop is trusted (authority.py; issue 35 §5).

Plain http stays the default and unchanged. The https side is a second listening socket in the same waitress
server: the same loop, threads, app and limits (serving.py), its connections wrapped in TLS with the certificate the
laptop's authority signed for the names phones use now. Waitress speaks no TLS itself, so a connection here does
what its socket would otherwise do for it: the handshake without blocking the loop (waiting to read or to write, as
OpenSSL asks), reads that drain what TLS holds decrypted (the loop only hears of bytes still in the socket), and
sends that wait when TLS must first read or write. A handshake must end within the deadline to read a request.
While a request is answered (a live stream), a hang-up is still heard at once: the socket's own bytes are peeked at,
under TLS. What a device sends then (a TLS alert before it hangs up) stops that watch, and its leaving is heard at
the next heartbeat, as on http before serving.py's watch.

The server's certificate is looked at again at most every ``REFRESH`` seconds, from the loop, as a connection
arrives: a new LAN address gets a new certificate (the authority's ``leaf``) and the context takes it for the
connections after.
"""

from __future__ import annotations

import math
import socket
import ssl
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.server import TcpWSGIServer

from . import authority, serving
from .web.phones.lan import lan_addresses

REFRESH = 30.0
START_WAIT = 5.0  # seconds a request waits for the loop to open the https port
EXTENSION = "https"


def current_names() -> authority.Names:
    return authority.laptop_names(lan_addresses())


class SecureSite:
    """The laptop's authority and one SSL context with its server certificate for the names phones use now."""

    def __init__(self, folder: Path, names: Callable[[], authority.Names] = current_names,
                 clock: Callable[[], float] = time.monotonic):
        self.folder, self._names, self._clock = folder, names, clock
        self._lock = threading.Lock()
        self._checked = -math.inf
        self._loaded = b""
        self._context: ssl.SSLContext | None = None

    def context(self) -> ssl.SSLContext:
        with self._lock:
            if self._context is None or self._clock() - self._checked > REFRESH:
                self._refresh()
            assert self._context is not None
            return self._context

    def _refresh(self) -> None:
        ca = authority.load(self.folder)
        if ca is None:
            raise FileNotFoundError(self.folder / authority.CA_CERT)
        cert, key = ca.leaf(self._names())
        if self._context is None:
            self._context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self._context.minimum_version = ssl.TLSVersion.TLSv1_2
        pem = cert.read_bytes()
        if pem != self._loaded:  # the connections accepted after this take the new certificate
            self._context.load_cert_chain(cert, key)
            self._loaded = pem
        self._checked = self._clock()


_WAITING = (ssl.SSLWantReadError, ssl.SSLWantWriteError)


class _TlsChannel(serving._GuardedChannel):
    """A connection of the https port: serving.py's, through TLS."""

    _shaking = True  # the handshake is not over
    _want_write = False  # OpenSSL waits to write (else to read)

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        self._since = time.monotonic()
        super().__init__(server, sock, addr, adj, map)

    def _shake(self) -> None:
        try:
            self.socket.do_handshake()
        except ssl.SSLWantReadError:
            self._want_write = False
        except ssl.SSLWantWriteError:
            self._want_write = True
        except OSError:  # a device that does not trust the authority (yet) hangs up here
            self.handle_close()
        else:
            self._shaking = False
            self.last_activity = time.time()

    def readable(self) -> bool:
        if self._shaking:
            return not (self._want_write or self.will_close)
        return super().readable()

    def writable(self) -> bool:
        if self._shaking:
            if time.monotonic() - self._since > self.server.request_deadline:
                self.will_close = True
            return self._want_write or self.will_close
        return super().writable()

    def handle_write(self) -> None:
        if self._shaking and not self.will_close:
            self._shake()
        else:
            super().handle_write()

    def handle_read(self) -> None:
        if self._shaking:
            self._shake()
        elif self.requests:
            super().handle_read()  # the watch for a hang-up
        else:
            self._read()

    def _read(self) -> None:
        try:
            data = self.socket.recv(self.adj.recv_bytes)
            while data and self.socket.pending():  # decrypted already: the loop will not hear of it again
                data += self.socket.recv(self.socket.pending())
        except _WAITING:
            return  # part of a TLS record: the rest is still on its way
        except OSError:
            self.handle_close()
            return
        if data:
            self.last_activity = time.time()
            self.received(data)
        else:
            self.handle_close()

    def _peek(self) -> bytes:
        if self.socket.pending():
            return b"-"  # something arrived already: as serving.py's peek, it is read in its turn
        # the socket's own bytes, under TLS (an SSLSocket takes no flags)
        return bytes(socket.socket.recv(self.socket, 1, socket.MSG_PEEK))

    def send(self, data: bytes, do_close: bool = True) -> int:
        try:
            return int(super().send(data, do_close))
        except _WAITING:
            return 0


class _TlsListener(TcpWSGIServer):  # type: ignore[misc]
    """The https port's listening socket, in the http server's map, with its trigger (one loop wakes for both)."""

    site: SecureSite

    def accept(self) -> tuple[ssl.SSLSocket, Any] | None:
        """A connection, wrapped in TLS (its handshake is the channel's). Within waitress's own guard: a failure here
        (the certificate cannot be made again, say) loses that connection, never the port."""
        accepted = super().accept()
        if accepted is None:
            return None
        sock, addr = accepted
        try:
            return self.site.context().wrap_socket(sock, server_side=True, do_handshake_on_connect=False), addr
        except OSError:
            sock.close()
            raise

    def close(self) -> None:
        wasyncore.dispatcher.close(self)  # the socket only: the trigger is the http server's

    def handle_close(self) -> None:
        self.close()


class Https:
    """The https port beside the waitress ``server``, opened once the laptop is trusted."""

    def __init__(self, app: Flask, server: Any, host: str, port: int, options: dict[str, Any]):
        self.app, self.server, self.host, self.port = app, server, host, port
        self.options = {k: v for k, v in options.items() if k not in ("host", "port", "listen")}
        self.listener: _TlsListener | None = None
        self.problem: OSError | None = None

    @property
    def folder(self) -> Path:
        return Path(self.app.instance_path)

    @property
    def trusted(self) -> bool:
        return authority.load(self.folder) is not None

    def start(self) -> None:
        """Open the port (from the loop's thread, or before the loop runs); a port taken is kept in ``problem``."""
        if self.listener is not None:
            return
        site = SecureSite(self.folder)
        site.context()  # a broken authority fails here, not at the first phone
        adj = Adjustments(host=self.host, port=self.port, url_scheme="https", **self.options)
        try:
            listener = _TlsListener(self.app, self.server._map, _start=False, dispatcher=self.server.task_dispatcher,
                                    adj=adj, sockinfo=adj.listen[0])
        except OSError as err:
            self.problem = err
            return
        listener.trigger.close()
        listener.trigger = self.server.trigger
        listener.active_channels = self.server.active_channels  # the limits per address count both ports
        listener.site = site
        serving.guard(listener, _TlsChannel, per_address=self.server.per_address,
                      request_deadline=self.server.request_deadline, reserve=self.server.reserve)
        listener.accept_connections()
        self.port, self.listener, self.problem = int(listener.effective_port), listener, None

    def start_soon(self) -> bool:
        """Open the port from a request's thread: the loop does it at its next pass; whether it is open."""
        done = threading.Event()

        def start() -> None:
            try:
                self.start()
            finally:
                done.set()
        self.server.trigger.pull_trigger(start)
        done.wait(START_WAIT)
        return self.listener is not None


def attach(app: Flask, server: Any, host: str, port: int, options: dict[str, Any]) -> Https:
    """The https side of ``server``, for the trust page to open; opened at once when the laptop is trusted."""
    https = Https(app, server, host, port, options)
    app.extensions[EXTENSION] = https
    if https.trusted:
        https.start()
    return https
