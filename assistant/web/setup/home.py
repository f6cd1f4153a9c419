"""Home: start a heist, resume or delete a saved one."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...store import Game, NotFoundError
from ..access import become_host, host_club, host_only
from ..extensions import store

bp = Blueprint("home", __name__)


@bp.get("/")
@host_only
def index() -> str:
    club = host_club()
    return render_template("home.html", games=store().games(club), campaigns=store().campaigns(club))


@bp.get("/host/<key>")
def host(key: str) -> Response:
    become_host(key)
    return redirect(url_for("home.index"))


@bp.get("/games/<game_id>/delete")
@host_only
def confirm_delete(game_id: str) -> str:
    return render_template("delete.html", game=own_heist(game_id), back=_back())


def own_heist(game_id: str) -> Game:
    """The heist of this id when it is the host's club's; another club's is as wrong as an id of no heist (404)."""
    try:
        game = store().load(game_id)
    except NotFoundError:
        abort(404)
    if game.club != host_club():
        abort(404)
    return game


@bp.post("/games/<game_id>/delete")
@host_only
def delete(game_id: str) -> Response:
    store().delete(own_heist(game_id).id)
    return redirect(url_for("club.club" if _back() == "club" else "home.index"))


def _back() -> str | None:
    """The page a delete came from, when it was the club page (its form sends it on)."""
    return "club" if (request.values.get("back") == "club") else None
