"""Describe this floor (issue 35 §6): the floor a device shows, in words (words/floor.py), fetched when a player
presses the button or "D" (static/app.js), who hears it from the screen reader and, with Read aloud on, the
device's voice. Any link may ask: the words say only what the board shows everyone."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ...words.floor import describe_floor
from ..access import open_game
from ..limits import whole_number

bp = Blueprint("floor_words", __name__, url_prefix="/games")


@bp.get("/<key>/describe")
def describe(key: str) -> str:
    game = open_game(key).game
    state = game.state
    floor = whole_number(request.args.get("floor"))
    if floor not in state.floors:
        abort(404)
    return render_template("partials/_floor_words.html", lines=describe_floor(state, floor, game.rulebook))
