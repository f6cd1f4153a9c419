"""Reading what a person sent: the new-heist form and the action buttons. Every problem becomes a
plain message for the page; nothing here raises anything else."""

from __future__ import annotations

import secrets
from typing import Any

from werkzeug.datastructures import MultiDict

from ..engine.errors import BoardError, RulesError
from ..engine.scenarios import SCENARIOS, new_game, random_walls
from ..engine.state import GameState

INT_FIELDS = ("floor", "bonus", "steps", "number", "value", "count")
BOOL_FIELDS = ("on", "off", "advanced")
TEXT_FIELDS = ("do", "at", "to", "who", "type", "name", "choice", "wall", "keep", "kind", "field", "hack", "cause")


def action_from_form(form: MultiDict[str, str]) -> dict[str, Any]:
    """The engine action a button posted; values the engine validates stay as sent."""
    action: dict[str, Any] = {}
    for key in TEXT_FIELDS:
        value = form.get(key)
        if value not in (None, ""):
            action[key] = value.strip()
    for key in INT_FIELDS:
        value = form.get(key)
        if value not in (None, ""):
            try:
                action[key] = int(value)
            except ValueError:
                raise RulesError(f"{key} must be a whole number, not {value!r}") from None
    for key in BOOL_FIELDS:
        if key in form:
            action[key] = form.get(key) in ("1", "true", "on", "yes")
    if "do" not in action:
        raise RulesError("nothing to do: the button sent no action")
    return action


def version_from_form(form: MultiDict[str, str]) -> int | None:
    """The board version the button was drawn on; a garbled one is refused, not ignored."""
    value = form.get("version")
    if value in (None, ""):
        return None
    if not value.isdigit():
        raise RulesError("this button carries a broken board version: reload the page")
    return int(value)


def new_heist_from_form(form: MultiDict[str, str]) -> tuple[str, GameState]:
    """(title, initial state) from the new-heist form, or a RulesError saying what to fix."""
    scenario = form.get("scenario", "bank")
    job = SCENARIOS.get(scenario)
    if job is None:
        raise BoardError("choose one of the three jobs")
    crew = []
    for i in range(1, 5):
        name = (form.get(f"name{i}") or "").strip()
        if name:
            if len(name) > 20:
                raise BoardError(f"the name {name[:20]}… is too long (20 letters at most)")
            crew.append({"name": name, "colour": form.get(f"colour{i}", ""), "character": form.get(f"character{i}", "")})
    if not crew:
        raise BoardError("give at least one burglar a name")
    if any((form.get(f"name{i}") or "").strip() for i in range(5, 10)):
        raise BoardError("a crew has at most 4 burglars")
    void = [form["void"].upper()] if job.size == 5 and form.get("void") else []
    seed_text = form.get("seed") or ""
    seed = int(seed_text) if seed_text.isdigit() else secrets.randbelow(10**9)
    layout = form.get("walls", "default" if job.walls else "random")
    if layout == "default" and job.walls is None:
        layout = "random"
    walls = None
    if layout == "random":
        walls = [random_walls(job.size, void=void, seed=seed * 10 + n, prefer_chokepoints=form.get("hard") == "on")
                 for n in range(job.floors)]
    elif layout != "default":
        raise BoardError("walls: choose the printed layout or a random one (you can tap walls to change them next)")
    state = new_game(scenario, crew, difficulty=form.get("difficulty", "normal"), walls=walls, void=void,
                     deck_mode="table" if form.get("deck") == "table" else "app",
                     lost_visual=form.get("lost_visual") == "on",
                     tiebreak="bga" if form.get("tiebreak") == "bga" else "rulebook", seed=seed)
    names = " & ".join(c["name"] for c in crew)
    return f"{job.title} — {names}", state

