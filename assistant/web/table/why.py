"""Why? on a log line: GET /games/<key>/why/<seq>/<index> explains line ``index`` of action ``seq``.

htmx gets the partial to drop into a log panel; a plain link (no JavaScript) gets a page with the same
partial. Watch links may look too: it is reading, not acting.
"""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template, request

from ...engine.log import LogEntry
from ...why import has_why
from ..access import open_game
from .why_view import why_view

bp = Blueprint("why", __name__, url_prefix="/games")


@bp.app_template_global("has_why")
def _has_why(entry: LogEntry) -> bool:
    return has_why(entry)


@bp.get("/<key>/why/<int:seq>/<int:index>")
def show(key: str, seq: int, index: int) -> Response:
    access = open_game(key)
    view = why_view(access.game, seq, index)
    if request.headers.get("HX-Request"):
        response = make_response(render_template("partials/_why.html", view=view, key=key, inline=True))
    else:
        response = make_response(render_template("why.html", view=view, key=key, game=access.game, inline=False))
    response.vary.add("HX-Request")  # the same address answers a page or a partial: caches must tell them apart
    return response
