"""Which explanation fits which log line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from ..engine.log import LogEntry
from ..engine.state import GameState
from ..engine.vocabulary import Action
from . import decisions
from .model import Why
from .moment import Moment
from ..engine.rulesets import Rulebook
from .routes import explain_step

EXPLAINERS: dict[str, Callable[[Moment], Why]] = {
    "enter": explain_step, "speed": decisions.speed, "destination": decisions.destination,
    "draw": decisions.draw, "redraw": decisions.redraw, "reshuffle": decisions.reshuffle,
    "stealth": decisions.stealth, "caught": decisions.stealth, "heat": decisions.stealth,
    "camera": decisions.camera, "arrive": decisions.arrive, "stop": decisions.stop,
    "alarm": decisions.alarm, "alarm_off": decisions.alarm_off, "appear": decisions.appear, "answer": decisions.answer,
}


def has_why(entry: LogEntry) -> bool:
    """Whether a log line has something to explain: every line that names the rule behind it."""
    return bool(entry.rule)


def explain_entry(log: Sequence[LogEntry], index: int, before: GameState, book: Rulebook,
                  action: Action | None = None) -> Why | None:
    """Why ``log[index]`` happened, or None when that line is not there or names no rule.

    ``log`` is one action's log, ``before`` the state the action was applied to, ``book`` the heist's game,
    ``action`` the action itself.
    """
    if not 0 <= index < len(log) or not has_why(log[index]):
        return None
    moment = Moment(log, index, before, book, action)
    explainer = EXPLAINERS.get(log[index].kind, decisions.generic)
    return explainer(moment)
