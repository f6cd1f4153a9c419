"""Home: start a heist, resume or delete a saved one."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...store import NotFoundError
from ..access import become_host, host_only
from ..extensions import store

bp = Blueprint("home", __name__)


@bp.get("/")
@host_only
def index() -> str:
    return render_template("home.html", games=store().games(), campaigns=store().campaigns())


@bp.get("/host/<key>")
def host(key: str) -> Response:
    become_host(key)
    return redirect(url_for("home.index"))


@bp.get("/games/<game_id>/delete")
@host_only
def confirm_delete(game_id: str) -> str:
    try:
        game = store().load(game_id)
    except NotFoundError:
        abort(404)
    return render_template("delete.html", game=game, back=_back())


@bp.post("/games/<game_id>/delete")
@host_only
def delete(game_id: str) -> Response:
    store().delete(game_id)
    return redirect(url_for("club.club" if _back() == "club" else "home.index"))


def _back() -> str | None:
    """The page a delete came from, when it was the club page (its form sends it on)."""
    return "club" if (request.values.get("back") == "club") else None
