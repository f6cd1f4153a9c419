"""Names of the things a sentence mentions: special patrol cards, rooms, loot."""

from __future__ import annotations

from ..engine.state import DISTRACTED, HIDDEN, LOST_VISUAL, WORKER, WORKERS_MOVE
from .i18n import _


def card_name(card: str) -> str:
    """A patrol card: a square names itself; the special cards have printed names."""
    special = {LOST_VISUAL: _("Lost Visual"), DISTRACTED: _("Distracted"), WORKER: _("Worker"),
               WORKERS_MOVE: _("Workers move"), HIDDEN: _("a face-down card")}
    return special.get(card, card)


def room_name(kind: str) -> str:
    return kind.replace("-", " ")


def loot_name(kind: str) -> str:
    return kind.replace("-", " ").title()


def tool_name(kind: str) -> str:
    return {"emp": "E.M.P."}.get(kind, kind.replace("-", " ").title())


def card_title(kind: str) -> str:
    """A card or ability named in a log line (its key, as the engine writes it)."""
    return {"emp": "E.M.P.", "rigger": "The Rigger"}.get(kind, kind.replace("-", " ").title())
