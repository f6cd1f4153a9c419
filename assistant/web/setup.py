"""New heist: the setup form. The board page then guides the break-in (walls, guard, entrance)."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..engine.errors import RulesError
from ..engine.scenarios import SCENARIOS
from . import store
from .access import host_only
from .forms import new_heist_from_form

bp = Blueprint("setup", __name__)


@bp.get("/new")
@host_only
def new() -> str:
    return render_template("new.html", scenarios=SCENARIOS, form=request.args, error=None)


@bp.post("/new")
@host_only
def create() -> Response | tuple[str, int]:
    try:
        title, state = new_heist_from_form(request.form)
    except RulesError as err:
        return render_template("new.html", scenarios=SCENARIOS, form=request.form, error=str(err)), 422
    game_id = store().create(title, state)
    return redirect(url_for("game.board", key=game_id))

