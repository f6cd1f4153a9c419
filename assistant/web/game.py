"""One heist on the table: the board, actions, undo/redo, the log, export and import."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from ..engine.board import square_coords
from ..engine.cases import state_from_case
from ..engine.errors import RulesError
from ..store import Game, NotFoundError, StaleVersionError
from ..tiles import TILE_TYPES
from . import store
from .board_view import build_floors, phase, room_menu
from .export import game_as_case
from .forms import action_from_form, version_from_form

bp = Blueprint("game", __name__, url_prefix="/games")

STALE = "The board changed on another device (or the button was tapped twice). This is the board as it is now."


def _load(game_id: str) -> Game:
    try:
        return store().load(game_id)
    except NotFoundError:
        abort(404)


def _selected(game: Game) -> tuple[int, str] | None:
    """The room tapped (?room=2-B3), checked against the board; anything odd selects nothing."""
    floor, _, square = request.args.get("room", "").partition("-")
    if not floor.isdigit() or int(floor) not in game.state.floors:
        return None
    try:
        square_coords(square.upper(), game.state.size)
    except RulesError:
        return None
    return int(floor), square.upper()


def _context(game: Game, error: str | None = None, selected: tuple[int, str] | None = None,
             animate: bool = False) -> dict[str, Any]:
    last = store().last_log(game.id, game.head)
    return {"game": game, "state": game.state, "floors": build_floors(game.state, last, selected),
            "last_log": last, "phase": phase(game.state), "current": game.state.current(),
            "selected": selected, "menu": room_menu(game.state, selected) if selected else None,
            "error": error, "tiles": TILE_TYPES, "animate": animate}


def _game_partial(game: Game, **extra: Any) -> str:
    return render_template("partials/_game.html", **_context(game, **extra))


@bp.get("/<game_id>")
def board(game_id: str) -> str:
    game = _load(game_id)
    return render_template("game.html", **_context(game, selected=_selected(game)))


@bp.get("/<game_id>/panel")
def panel(game_id: str) -> str:
    game = _load(game_id)
    return _game_partial(game, selected=_selected(game))


@bp.post("/<game_id>/act")
def act(game_id: str) -> str | Response:
    try:
        game, _ = store().act(game_id, action_from_form(request.form), version_from_form(request.form))
    except NotFoundError:
        abort(404)
    except StaleVersionError:
        return _respond(_load(game_id), STALE)
    except RulesError as err:
        return _respond(_load(game_id), str(err)[:1].upper() + str(err)[1:])
    return _respond(game, animate=True)


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> str | Response:
    return _move(game_id, store().undo)


@bp.post("/<game_id>/redo")
def redo(game_id: str) -> str | Response:
    return _move(game_id, store().redo)


def _move(game_id: str, step: Any) -> str | Response:
    game = _load(game_id)
    try:
        return _respond(step(game_id, version_from_form(request.form)))
    except StaleVersionError:
        return _respond(_load(game_id), STALE)
    except RulesError as err:
        return _respond(game, str(err))


def _respond(game: Game, error: str | None = None, animate: bool = False) -> str | Response:
    """htmx gets the game partial back; a plain form post goes back to the board."""
    if request.headers.get("HX-Request"):
        return _game_partial(game, error=error, animate=animate)
    if error:
        return render_template("game.html", **_context(game, error=error))
    return redirect(url_for("game.board", game_id=game.id))


@bp.get("/<game_id>/log")
def log(game_id: str) -> str:
    game = _load(game_id)
    return render_template("log.html", game=game, history=store().history(game_id))


@bp.get("/<game_id>/export.json")
def export(game_id: str) -> Response:
    game = _load(game_id)
    floor = request.args.get("floor", type=int)
    case = game_as_case(game.state, game.title, floor, store().history(game_id))
    body = json.dumps(case, indent=2)
    name = f"heist-{game.id}" + (f"-floor{floor}" if floor else "") + ".json"
    return Response(body, mimetype="application/json", headers={"Content-Disposition": f"attachment; filename={name}"})


@bp.post("/import")
def import_case() -> str | Response | tuple[str, int]:
    upload = request.files.get("case")
    try:
        case = json.loads(upload.read().decode("utf-8")) if upload else {}
        state = state_from_case(case)
    except (ValueError, UnicodeDecodeError) as err:
        return render_template("home.html", games=store().list(), import_error=f"That file is not a case: {err}"), 422
    title = str(case.get("about") or case.get("id") or "Imported position")[:80]
    return redirect(url_for("game.board", game_id=store().create(title, state)))
