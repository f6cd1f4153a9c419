"""The keyboard of a laptop host (issue 26 §5): the list of its keys, which static/keys.js fetches the first time
"?" is pressed, so the board every device loads does not carry it."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..access import open_game

bp = Blueprint("keys", __name__, url_prefix="/games")


@bp.get("/<key>/keys")
def keys(key: str) -> str:
    access = open_game(key, act=True)  # a watch link has no keys: nothing it could press
    return render_template("partials/_keys.html", floors=len(access.game.state.floors))
