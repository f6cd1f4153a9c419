"""Flask's ``url_for`` with its answers kept: a board's answer asks for some twenty addresses (its forms, its floors'
links, the icons), the same ones at every tap on a heist, and building one walks werkzeug's rules (bench/end_turn.py).

An address is kept by everything it is built from: the endpoint, its values and their types (``1`` and ``True`` are
equal keys but not the same address), and what the request's URL adapter builds with (the host, the root the app is
served under, the scheme). An endpoint relative to the request's blueprint (".x"), a value that cannot be a key, or
a call outside a request is built as before. The app has no ``url_defaults`` functions, which would make an address
depend on more than this (tests/web/test_links.py checks it).
"""

from __future__ import annotations

from typing import Any

import flask
from flask.globals import _cv_request

KEPT = 4096  # addresses per app: a few heists' worth; all are forgotten at once past it


def url_for(endpoint: str, **values: Any) -> str:
    """The address ``flask.url_for(endpoint, **values)`` builds in this request."""
    context = _cv_request.get(None)
    if context is None or context.url_adapter is None or endpoint[:1] == ".":
        return flask.url_for(endpoint, **values)
    adapter = context.url_adapter
    kept: dict[tuple[object, ...], str] = context.app.extensions.setdefault("kept_urls", {})
    key = (endpoint, adapter.server_name, adapter.script_name, adapter.url_scheme, adapter.subdomain,
           *values.items(), *map(type, values.values()))
    try:
        found = kept.get(key)
    except TypeError:  # a value that is not hashable (a list for a repeated query argument)
        return flask.url_for(endpoint, **values)
    if found is None:
        found = flask.url_for(endpoint, **values)
        if len(kept) >= KEPT:
            kept.clear()
        kept[key] = found
    return found
