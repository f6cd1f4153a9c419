"""The app's own static files on the wire: each compressed once, at the highest level, since they never change
while the app runs (pages and partials are compressed afresh every time, at Flask-Compress's quicker level)."""

from __future__ import annotations

import gzip
import re
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


def lean(name: str, data: bytes) -> bytes:
    r"""What a style sheet or a script needs on the wire: its comments left out (3.3 KB of the board's first load,
    40.4 -> 37.1 KB), the file on disk as it is. Only comments that cannot stand inside code are taken: a style sheet's
    ``/* */``, a script's opening block comment and its whole-line ``//`` comments (the app's scripts write no
    string across lines; a minified one is a single line of code and stays as it is).

    >>> lean("static:a.css", b"/* why */\n.a { color: red; } /* more */")
    b'\n.a { color: red; } '
    >>> lean("static:a.js", b"/* why */\n(() => {\n  // what\n  go(); // kept\n})();\n")
    b'\n(() => {\n  go(); // kept\n})();\n'
    """
    if name.endswith(".css"):
        return re.sub(rb"/\*.*?\*/", b"", data, flags=re.S)
    if name.endswith(".js"):
        return re.sub(rb"(?m)^[ \t]*//.*\n", b"", re.sub(rb"\A\s*/\*.*?\*/", b"", data, flags=re.S))
    return data


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
                    data = lean(name, (folder / name.removeprefix(PREFIX)).read_bytes())
                    self._kept[key] = (brotli.compress(data, quality=11) if algorithm == "br"
                                       else gzip.compress(data, compresslevel=9, mtime=0))
                return self._kept[key]

        def set(self, key: str, value: bytes) -> None:
            """Nothing to do: what is worth keeping was kept by :meth:`get`."""

    return StaticFiles
