"""Questions to the table in plain words (the engine asks them as data: kind, options, params).

>>> prompt({"kind": "card", "floor": 2, "options": ["A1"], "params": {}})
'Draw the top card of the floor-2 patrol deck. Which square does it show?'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.questions import QUESTIONS
from .i18n import _
from .names import card_title


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


def _card(q: Mapping[str, Any], p: Mapping[str, Any]) -> str:
    """A patrol card to read; at bb2 setup, which one it is and what it places (bb2 Heist Setup 6-8)."""
    floor = q.get("floor")
    if p.get("setup") == "bouncer":
        return _("Setup, floor %(floor)s, first card: draw the top card of its patrol deck. The bouncer stands on "
                 "the square it shows, and 8 chips go face down on its dots. Which square does it show? (A "
                 "Distracted card names none: discard it and draw the next.)", floor=floor)
    if p.get("setup") == "destination":
        return _("Setup, floor %(floor)s, second card: draw the next card of its patrol deck. The destination "
                 "marker goes on the square it shows. Which square does it show? (A Distracted card names none: "
                 "discard it and draw the next.)", floor=floor)
    return _("Draw the top card of the floor-%(floor)s patrol deck. Which square does it show?", floor=floor)


PROMPTS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], str]] = {
    "tie": _tie,
    "alarm": lambda q, p: _("Alarms in %(options)s are equally near the floor-%(floor)s guard (%(steps)s steps). "
                            "Which one does he go to?", options=", ".join(q["options"]), floor=q.get("floor"),
                            steps=p.get("steps", "")),
    "alarm_put": lambda q, p: _("%(card)s: alarms in %(options)s are equally near. Where is the guard put?",
                                card=card_title(str(p.get("card", ""))), options=", ".join(q["options"])),
    "card": lambda q, p: _card(q, p),
    "order": lambda q, p: _("Shift Change: which floor's guard moves next?"),
    "hole": lambda q, p: _("%(who)s's Thermal Bomb in %(square)s: to which floor does its hole lead?",
                           who=p.get("who", ""), square=p.get("square", "")),
    "squeak": lambda q, p: _("Squeak!: burglars in %(options)s are equally near. Toward which one?",
                             options=", ".join(q["options"])),
    "hunt": lambda q, p: _("The hunting bouncer has players equally near in %(options)s. Toward which one?",
                           options=", ".join(q["options"])),
    "distracted": lambda q, p: _("Distracted! Choose a room with an even number for the bouncer."),
    "lavatory": lambda q, p: _("%(who)s must discard a Stealth token in the Lavatory (%(tokens)s left in its "
                               "stalls). Use one of the room's, or one of %(who)s's own?", who=p.get("who", ""),
                               tokens=p.get("tokens", "")),
    "laser": lambda q, p: _("%(who)s moves into the Laser in %(square)s: spend an extra action to cross it safely, "
                            "or set off the alarm?", who=p.get("who", ""), square=p.get("square", "")),
    "hack": lambda q, p: _("The %(room)s alarm in %(square)s goes off. Cancel it with a hack token?",
                           room=p.get("room", ""), square=p.get("square", "")),
    "detector": lambda q, p: _("%(who)s walks into the Detector in %(square)s. Does %(who)s carry a tool or loot?",
                               who=p.get("who", ""), square=p.get("square", "")),
    "chihuahua": lambda q, p: _("%(who)s holds the Chihuahua: roll a die. Did it show a 6?", who=p.get("who", "")),
    "keypad": lambda q, p: _("%(who)s comes into the Keypad in %(square)s without an action to spare: roll one die. "
                             "A 6 (or a Keypad already open) lets her in; anything else leaves her where she was.",
                             who=p.get("who", ""), square=p.get("square", "")),
    "table_games": lambda q, p: _("%(who)s walks into the Table Games in %(square)s: roll the two casino dice. "
                                  "What is their sum?", who=p.get("who", ""), square=p.get("square", "")),
    "guard_room": lambda q, p: _("The floor-%(floor)s guard walks into the guard room in %(square)s. What does its "
                                 "text do to him?", floor=q.get("floor"), square=p.get("square", "")),
}


OPTIONS: dict[str, Callable[[], str]] = {
    "room": lambda: _("A token of the room"), "own": lambda: _("Their own"),
    "alarm": lambda: _("Alarm"), "action": lambda: _("Extra action, no alarm"),
    "hack-fingerprint": lambda: _("Fingerprint hack token"), "hack-laser": lambda: _("Laser hack token"),
    "hack-motion": lambda: _("Motion hack token"), "hack-hacker": lambda: _("The Hacker's own token"),
    "nothing": lambda: _("Nothing: no alarm"), "6": lambda: _("A 6: it barks"), "1-5": lambda: _("1 to 5: quiet"),
    "opens": lambda: _("A 6, or it is open: she gets in"), "missed": lambda: _("1 to 5: she stays"),
}
# guard room answers (bb3): what its text does to the guard, as far as the app follows it
GUARD_ROOM_OPTIONS: dict[str, Callable[[], str]] = {
    "nothing": lambda: _("Nothing the app follows"), "suspicion": lambda: _("One suspicion cube"),
    "stop": lambda: _("His turn ends there"),
}


def option_text(question: Mapping[str, Any], option: str) -> str:
    """The words on an answer's button: a room names itself, a floor is "Floor 2", a word is explained."""
    kind = QUESTIONS.get(str(question.get("kind")))
    labels = kind.labels if kind else "as_is"
    if labels == "floor":
        return _("Floor %(n)s", n=option)
    if labels == "word":
        said = (GUARD_ROOM_OPTIONS if question.get("kind") == "guard_room" else OPTIONS).get(option)
        return said() if said else option
    return option


def prompt(question: Mapping[str, Any]) -> str:
    """What the table is asked. A question saved before questions were data keeps its old wording."""
    if "prompt" in question:
        return str(question["prompt"])
    say = PROMPTS.get(str(question.get("kind")))
    return say(question, question.get("params") or {}) if say else ""
