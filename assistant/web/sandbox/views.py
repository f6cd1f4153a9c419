"""The "What would the guard do?" sandbox: a floor built by tapping, the guard's turn on it, and the
position shared as a link or exported as a conformance case. The position is the query string
(sandbox_link), so every tap is a plain link and the address bar is always the share link."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from urllib.parse import urljoin

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...engine.state import GameState
from ...words.refusals import refusal_sentence
from ..phones.share import phone_base
from .card import dispute_card
from .link import Position, parse, sandbox_query
from .page import build_page
from .turn import ExportRefused, export_case

bp = Blueprint("sandbox", __name__)


def link(position: Position, endpoint: str = "sandbox.index") -> str:
    params: dict[str, Any] = dict(position.query())
    return url_for(endpoint, **params)


def absolute(path: str) -> str:
    """The address phones can open: the table's address as the share panel gives it (the tablet itself
    may be browsing localhost)."""
    return urljoin(phone_base() or request.host_url, path)


@bp.app_template_global()
def floor_in_sandbox(state: GameState, floor: int) -> str:
    """The sandbox opened on one floor of a game as it stands (its deck left out)."""
    params: dict[str, Any] = dict(sandbox_query(state, floor))
    return url_for("sandbox.index", **params)


@bp.get("/games/<key>/what-if/<int:floor>")
def from_heist(key: str, floor: int) -> BaseResponse:
    """A board's What if…? link: the sandbox on that floor as it stands now (the board links here instead of
    to the sandbox itself, so a floor's link does not change with every piece that moves on it)."""
    from ..access import open_game
    state = open_game(key).game.state
    if floor not in state.floors:
        abort(404)
    return redirect(floor_in_sandbox(state, floor))


@bp.get("/sandbox")
def index() -> Response:
    position, problems = parse(request.args.to_dict())
    page = build_page(position, problems, link, absolute(link(position)), link(position, "sandbox.case"))
    return _respond(page.position, problems, page=page)


@bp.get("/sandbox/card")
def card() -> Response:
    """The dispute card of a position: its link and QR code for the phones at the table, and a page that
    prints (the sandbox's own address, so the position is all the link holds)."""
    position, problems = parse(request.args.to_dict())
    position = replace(position, tool="wall")  # the picker's tool is the tablet's, not the position's
    share = absolute(link(position))
    page = build_page(position, problems, link, share, link(position, "sandbox.case"))
    response = make_response(render_template("sandbox_card.html", page=page, card=dispute_card(position, share)),
                             422 if problems else 200)
    return response


@bp.get("/sandbox/case.json")
def case() -> Response:
    position, problems = parse(request.args.to_dict())
    try:
        if problems:
            raise ExportRefused(" ".join(problems))
        body = export_case(position)
    except ExportRefused as err:
        return Response(json.dumps({"error": refusal_sentence(err)}), 422, mimetype="application/json")
    return Response(json.dumps(body, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": f"attachment; filename={body['id']}.json"})


def _respond(position: Position, problems: list[str], **context: object) -> Response:
    """htmx gets the component alone (and the tidied address, so a refused part leaves the address bar
    too); a page load, a link opened without JavaScript or htmx restoring history gets the whole page.
    htmx swaps only 2xx answers, so only whole pages say 422 for a position that needed repairs."""
    partial = bool(request.headers.get("HX-Request")) and not request.headers.get("HX-History-Restore-Request")
    body = render_template("partials/_sandbox.html" if partial else "sandbox.html", **context)
    response = make_response(body, 422 if problems and not partial else 200)
    response.headers["Vary"] = "HX-Request"
    if partial:
        response.headers["HX-Push-Url"] = link(position)
    return response
