"""Questions to the table in plain words (the engine asks them as data: kind, options, params).

>>> prompt({"kind": "card", "floor": 2, "options": ["A1"], "params": {}})
'Draw the top card of the floor-2 patrol deck. Which square does it show?'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .i18n import _


def _tie(q: Mapping[str, Any], p: Mapping[str, Any]) -> str:
    options = ", ".join(q.get("options") or [])
    figure = _("bouncer") if p.get("figure") == "bouncer" else _("guard")
    if p.get("reading") == "bga":
        why = _("At %(at)s the BGA table has no answer for the routes via %(options)s.", at=p.get("at", ""),
                options=options)
        if p.get("clockwise"):
            why += " " + _("The rulebook's clockwise rule would go via %(square)s.", square=p["clockwise"])
    else:
        why = _("At %(at)s the routes via %(options)s form no clear clockwise order.", at=p.get("at", ""),
                options=options)
    return why + " " + _("Which way does the floor-%(floor)s %(figure)s go?", floor=q.get("floor"), figure=figure)


PROMPTS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], str]] = {
    "tie": _tie,
    "alarm": lambda q, p: _("Alarms in %(options)s are equally near the floor-%(floor)s guard (%(steps)s steps). "
                            "Which one does he go to?", options=", ".join(q["options"]), floor=q.get("floor"),
                            steps=p.get("steps", "")),
    "alarm_put": lambda q, p: _("%(card)s: alarms in %(options)s are equally near. Where is the guard put?",
                                card=p.get("card", ""), options=", ".join(q["options"])),
    "card": lambda q, p: _("Draw the top card of the floor-%(floor)s patrol deck. Which square does it show?",
                           floor=q.get("floor")),
    "order": lambda q, p: _("Shift Change: which floor's guard moves next?"),
    "squeak": lambda q, p: _("Squeak!: burglars in %(options)s are equally near. Toward which one?",
                             options=", ".join(q["options"])),
    "hunt": lambda q, p: _("The hunting bouncer has players equally near in %(options)s. Toward which one?",
                           options=", ".join(q["options"])),
    "distracted": lambda q, p: _("Distracted! Choose a room with an even number for the bouncer."),
}


def prompt(question: Mapping[str, Any]) -> str:
    """What the table is asked. A question saved before questions were data keeps its old wording."""
    if "prompt" in question:
        return str(question["prompt"])
    say = PROMPTS.get(str(question.get("kind")))
    return say(question, question.get("params") or {}) if say else ""
