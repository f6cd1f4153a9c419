"""Waitress as the app runs under it. Waitress answers some requests itself, before the app sees them
(a body or headers over its limits, a request it cannot parse) or after the app failed without a word
(a 500): those answers carry the app's security headers too (web/hardening.py), like every page."""

from __future__ import annotations

from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

from .web.hardening import HEADERS


class _SecureErrorTask(ErrorTask):
    def execute(self) -> None:
        self.response_headers.extend(HEADERS.items())
        super().execute()


class _SecureChannel(HTTPChannel):
    error_task_class = _SecureErrorTask


def create(app: Any, **options: Any) -> Any:
    """A waitress server for ``app`` (``waitress.serve``'s), whose own error answers carry the security headers."""
    server = create_server(app, **options)
    # one listening socket is the server itself; several sit in its map (MultiSocketServer)
    for listener in (server, *getattr(server, "map", {}).values()):
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = _SecureChannel
    return server
