"""The display link (issue 26 §4): a second screen, a TV or a tablet in the middle of the table shows the board
big, the last guard move and its checklist, and nothing to tap. It sees what a watch link sees (the same
role, so hidden information stays hidden exactly as there) and follows live by the same doorbell
(static/app.js): only its own page and the board it re-fetches differ."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flask import Blueprint, render_template, request

from ...engine.log import LogEntry
from ...store import Played
from ..access import Access, open_game
from ..extensions import store
from .page import table_page
from .summary import guard_summaries

bp = Blueprint("display", __name__, url_prefix="/games")


def _as_display(key: str) -> Access:
    """The heist behind ``key`` (a watch token, or the host's id on the tablet itself), always as a watcher:
    the display draws no button and shows nothing a watch link would not."""
    return replace(open_game(key), role="watch")


def earlier_move(history: Sequence[Played], figure: str) -> list[str]:
    """The summary of the last guard move before the last action (a burglar has moved since): the display
    keeps it in view for the table, without its checklist, which belonged to that moment. A move that stopped
    for the players' answers is read whole, from the action that asked."""
    entries: list[LogEntry] = []
    for past in reversed(history):
        entries[:0] = past.log
        if past.action.do == "answer":
            continue
        lines = guard_summaries(entries, figure)
        if lines:
            return lines
        entries = []
    return []


def _display_context(access: Access, animate: bool) -> dict[str, Any]:
    page = table_page(access, animate=animate)
    earlier = [] if page.view.summary else earlier_move(store().history(access.game.id), page.figure)
    return {"page": page, "earlier_move": earlier}


@bp.get("/<key>/display")
def display(key: str) -> str:
    return render_template("display.html", **_display_context(_as_display(key), animate=False))


@bp.get("/<key>/display/board")
def display_board(key: str) -> str:
    # animate=1: the display fetches the board because another device changed it, so it plays the walk
    return render_template("partials/_display.html",
                           **_display_context(_as_display(key), animate=request.args.get("animate") == "1"))
