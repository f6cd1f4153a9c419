"""The Danger switch on the board (issue 14): per heist, off by default (some tables consider it an aid).

When it is on, every room is shaded by the chance that the guard of its floor enters it during his next
move, each burglar's chance to be found (and caught) is shown, a tapped room shows its numbers, and Why?
says what chance he had to come where he went. The numbers come from ``assistant.forecast`` (exact, from
what the players can see); this module only stores the switch and puts the numbers into the page.

The switch is a row of the ``settings`` table named ``danger/<heist id>``: a store-level setting of the
heist, so it needs no change to the saved game state or to the schema. Turning it on or off is a change of
the board that every device must show, so it bumps the heist's version and rings the doorbell like an
action does (the phones re-fetch their board).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask import Blueprint, g, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...broker import Event
from ...engine.log import LogEntry
from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...engine.vocabulary import Action
from ...forecast import FloorForecast, forecast, forecast_floor
from ...store import Game, NotFoundError
from ...words.i18n import _
from ..access import open_game
from ..extensions import store

bp = Blueprint("danger", __name__, url_prefix="/games")

ROOM = re.compile(r"[0-9]{1,2}-[A-Za-z][0-9]")  # a room field as the board writes it: floor, then square
SHADE_MAX = 0.6  # the opacity of a room he surely enters: the room's own marks stay readable under it


def setting_name(game_id: str) -> str:
    return f"danger/{game_id}"


def is_on(game_id: str) -> bool:
    return setting_name(game_id) in switches_on(game_id)


def switches_on(game_id: str) -> set[str]:
    """The heist's switches that are on (the settings rows of Danger, Coach and Teach me), read once per request: every
    board and end-turn answer asks for them all."""
    cache: dict[str, set[str]] = g.setdefault("switches_on", {})
    if game_id not in cache:
        cache[game_id] = store().heist_settings_on(game_id, [setting_name(game_id), f"coach/{game_id}",
                                                              f"teach/{game_id}"])
    return cache[game_id]


def switch(game_id: str, on: bool) -> int:
    """Turn the heist's Danger switch on or off; returns the heist's new version."""
    return set_switch(setting_name(game_id), game_id, on)


def set_switch(name: str, game_id: str, on: bool) -> int:
    """Turn one of the heist's switches (the settings row ``name``: Danger, Coach) on or off; returns the
    heist's new version."""
    return set_heist_setting(name, game_id, "on" if on else None)


def set_heist_setting(name: str, game_id: str, value: str | None) -> int:
    """Set (or, with None, remove) the heist's settings row ``name`` as a change of its board every device must
    show (a switch, Teach me's steps); returns the heist's new version. Done under the store's write lock, and the
    doorbell rung inside it after the commit, as store.act does, so that versions are heard in order."""
    st = store()
    with st._write:
        with st.db() as db:
            st.write_heist_setting(db, game_id, name, value)
            db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
            version = int(db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0])
        st.broker.publish(game_id, Event("changed", str(version)))
    return version


@bp.post("/<key>/danger")
def toggle(key: str) -> BaseResponse:
    """The switch. htmx follows the redirect and swaps in the board it gets (the game partial)."""
    return toggled(key, setting_name)


def toggled(key: str, name: Callable[[str], str]) -> BaseResponse:
    """Turn the switch named ``name(heist id)`` as the form says, and send the device back to its board."""
    access = open_game(key, act=True)
    set_switch(name(access.game.id), access.game.id, request.form.get("on") == "1")
    return back_to_board(key)


def back_to_board(key: str) -> BaseResponse:
    """After a switch or a Teach me button: htmx follows the redirect and swaps in the board it gets (the game
    partial); a plain form post gets the board page, as it was (the room whose menu was open kept open)."""
    room = request.form.get("room") or None
    if room is not None and not ROOM.fullmatch(room):
        room = None  # a room as the board writes it (2-B3), never whatever was sent: it goes into a Location header
    if request.headers.get("HX-Request"):
        return redirect(url_for("game.panel", key=key, room=room))
    return redirect(url_for("game.board", key=key, room=room), 303)  # a plain form post: the board page, as it was


# -- what the page shows ----------------------------------------------------------------------------

@dataclass(frozen=True)
class RoomDanger:
    enter: Fraction
    end: Fraction

    @property
    def shade(self) -> str:
        return shade(self.enter)

    @property
    def percent(self) -> str:
        return percent(self.enter)


@dataclass(frozen=True)
class DangerBoard:
    floors: dict[int, FloorForecast]

    def room(self, floor: int, square: str) -> RoomDanger | None:
        f = self.floors.get(floor)
        if f is None:
            return None
        enter, end = f.enter.get(square, Fraction(0)), f.end.get(square, Fraction(0))
        return RoomDanger(enter, end) if enter or end else None

    def surely_caught(self, who: str) -> bool:
        """Whether the guards' next move catches ``who`` whatever the cards (the turn card says so beside her)."""
        return any(c.caught >= 1 for f in self.floors.values() for name, c in f.crew.items() if name == who)


def shade(p: Fraction) -> str:
    """A room's shade for a chance ``p``: its opacity, as the style attribute says it."""
    return f"{float(p) * SHADE_MAX:.2f}"


def percent(p: Fraction) -> str:
    """A chance as a short label: "27%", "<1%" for a chance too small to round up, never "0%" for a
    possible move."""
    if p <= 0:
        return "0%"
    whole = round(float(p) * 100)
    return "<1%" if whole == 0 else f"{whole}%"


def danger_board(game: Game) -> DangerBoard | None:
    """The forecast of every floor when the heist's switch is on (None when off), once per request."""
    cache: dict[tuple[str, int], DangerBoard | None] = g.setdefault("danger_boards", {})
    key = (game.id, game.version)
    if key not in cache:
        cache[key] = DangerBoard(forecast(game.state, game.rulebook)) if is_on(game.id) else None
    return cache[key]


def chance_words(p: Fraction) -> str:
    """A chance as the table says it, in the reader's language: "3 in 11", "certain", "no chance"."""
    if p <= 0:
        return _("no chance")
    if p >= 1:
        return _("certain")
    return _("%(n)s in %(d)s", n=p.numerator, d=p.denominator)


@bp.app_template_global("danger_words")
def danger_words(p: Fraction) -> str:
    """A chance said both ways, "3 in 11 (27%)"."""
    return chance_words(p) if p in (0, 1) else _("%(chance)s (%(percent)s)", chance=chance_words(p),
                                                 percent=percent(p))


@bp.app_template_global("danger_why")
def danger_why(view: Any) -> str | None:
    """Why? on a step of the guard: "Before this move he had a 3 in 11 chance to come here", from the
    position before the move (as the players could see it). Only with the switch on."""
    key = (request.view_args or {}).get("key")
    if not isinstance(key, str):
        return None
    game = open_game(key).game
    if not is_on(game.id):
        return None
    try:
        before, action, log = store().action_at(game.id, view.seq)
    except NotFoundError:
        return None
    return chance_sentence(log, view.index, before, game.rulebook, action)


def chance_sentence(log: Sequence[LogEntry], index: int, before: GameState, book: Rulebook,
                    action: Action | None = None) -> str | None:
    """The sentence for line ``index`` of an action's log (a heist of ``book``'s game), or None when it is not a
    guard's step or a burglar found by him. An answer replays its action from the state before it, so that is where the
    move started. A move that End turn made started after what End turn does first (issue 32); a move by any
    other action (``action``) from the board as it was."""
    if not 0 <= index < len(log):
        return None
    entry = log[index]
    floor = entry.floor
    start = GameState.from_json(before.pending["before"]) if before.pending else before
    if not isinstance(floor, int) or floor not in start.floors or start.floors[floor].guard is None:
        return None
    moved_by = before.pending["action"]["do"] if before.pending else action.do if action else None
    whole_turn = moved_by is None or moved_by == "end_turn"
    if entry.kind == "enter" and not entry.data.get("jump"):
        f = forecast_floor(start, floor, book, whole_turn=whole_turn)
        p = f.enter.get(str(entry.square), Fraction(0))
        return _("Before this move he had a %(chance)s chance to come here (%(percent)s).", chance=chance_words(p),
                 percent=percent(p))
    who = entry.data.get("who")
    if entry.kind in ("stealth", "heat", "caught") and isinstance(who, str):
        f = forecast_floor(start, floor, book, whole_turn=whole_turn)
        chance = f.crew.get(who)
        if chance is None:
            return None
        return _("Before this move %(who)s had a %(chance)s chance to be found (%(percent)s).", who=who,
                 chance=chance_words(chance.found), percent=percent(chance.found))
    return None
