"""The app's own static files on the wire: each compressed once, at the highest level, since they never change
while the app runs (pages and partials are compressed afresh every time, at Flask-Compress's quicker level)."""

from __future__ import annotations

import gzip
import threading
from pathlib import Path

import brotli
from flask import Request, Response

PREFIX = "static:"


def cache_key(request: Request) -> str:
    """Flask-Compress's key for a response: a static file's name; "" for anything else, which is never kept."""
    if request.endpoint == "static" and request.view_args:
        return PREFIX + str(request.view_args["filename"])
    return ""


def close_with_response(response: Response) -> Response:
    """Registered after Flask-Compress, so it runs before it: a static file's open handle is closed when the
    response is, even when the compressed copy kept by :func:`static_cache` replaces the body unread."""
    close = getattr(response.response, "close", None)
    if response.direct_passthrough and close is not None:
        response.call_on_close(close)
    return response


def static_cache(folder: Path) -> type:
    """A cache backend for Flask-Compress (it makes one with no arguments) over the files in ``folder``."""

    class StaticFiles:
        """Asked for ``<algorithm>;static:<file>``, it answers the file compressed at the highest level, made on the
        first ask and kept; anything else it neither answers nor keeps, so Flask-Compress compresses it."""

        def __init__(self) -> None:
            self._kept: dict[str, bytes] = {}
            self._lock = threading.Lock()

        def get(self, key: str) -> bytes | None:
            algorithm, _sep, name = key.partition(";")
            if not name.startswith(PREFIX) or algorithm not in ("br", "gzip"):
                return None
            with self._lock:
                if key not in self._kept:
                    data = (folder / name.removeprefix(PREFIX)).read_bytes()
                    self._kept[key] = (brotli.compress(data, quality=11) if algorithm == "br"
                                       else gzip.compress(data, compresslevel=9, mtime=0))
                return self._kept[key]

        def set(self, key: str, value: bytes) -> None:
            """Nothing to do: what is worth keeping was kept by :meth:`get`."""

    return StaticFiles
