"""One floor of the board as HTML, drawn once for each distinct look and kept: an end-turn tap changes the
floor the guard walked on (and the one of the walk before), so the other floors come from the cache instead
of being drawn again for every tap and every device (bench/end_turn.py measures it).

A floor's HTML is a pure function of its :class:`FloorView`, the :class:`FloorPage` (who looks and how)
and the reader's language: the template reads nothing else, so the three together are the cache's key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from flask import current_app, url_for
from markupsafe import Markup

from ...engine.state import GameState
from ..language import current as language
from ...words.i18n import _
from .board_view import FloorView, Room
from .danger import DangerBoard, RoomDanger
from .guide import WallSlot, wall_slots

KEPT = 512  # floors kept (and 16 times as many rooms): a few heists, each floor in a few looks (tablet, watchers,
# three languages)


@dataclass(frozen=True)
class FloorPage:
    """What a floor's partial reads besides the floor itself."""

    key: str  # the link of the device drawing it: its buttons post there
    can_act: bool
    answering: bool  # a question is open: rooms that answer it post the answer
    shown: bool  # the floor a phone shows first
    die_shown: bool  # the guard's die is a piece of this game (not the bouncer's)
    sandbox: str | None  # the What if…? link, where the sandbox knows the game
    downstairs: frozenset[str]  # squares with a downstairs token
    slots: tuple[WallSlot, ...]  # the wall editor's targets, before the break-in
    danger: tuple[tuple[str, Fraction, Fraction], ...]  # (square, enter, end) of each room with a chance


def floor_page(state: GameState, f: FloorView, *, key: str, can_act: bool, phase: str, focus: int,
               downstairs: set[tuple[int, str]], danger: DangerBoard | None, sandbox: str | None) -> FloorPage:
    chances = danger.floors.get(f.number) if danger else None
    return FloorPage(
        key=key, can_act=can_act, answering=phase == "question", shown=f.number == focus,
        die_shown=state.rules != "bb2", sandbox=sandbox,
        downstairs=frozenset(sq for n, sq in downstairs if n == f.number),
        slots=tuple(wall_slots(state, f.number)) if can_act and phase == "break_in" else (),
        danger=tuple((sq, chances.enter.get(sq, Fraction(0)), chances.end.get(sq, Fraction(0)))
                     for sq in sorted({*chances.enter, *chances.end})) if chances else ())


class _Kept:
    """What was drawn, by what it was drawn from: the most recently used ``most`` pieces of HTML."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.html: OrderedDict[tuple[object, ...], Markup] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[object, ...], draw: Callable[[], str]) -> Markup:
        with self.lock:
            html = self.html.get(key)
            if html is not None:
                self.html.move_to_end(key)
                return html
        html = Markup(draw())
        with self.lock:
            self.html[key] = html
            while len(self.html) > self.most:
                self.html.popitem(last=False)
        return html


_floors = _Kept(KEPT)
_rooms = _Kept(KEPT * 16)


def floor_html(f: FloorView, page: FloorPage) -> Markup:
    """The floor's section of the board (templates/partials/_floor.html), from the cache when this look of it
    was drawn before; each of its rooms likewise (templates/partials/_room.html)."""
    said = language()
    return _floors.get((said, repr(f), page), lambda: _draw_floor(f, page, said))


def _draw_floor(f: FloorView, page: FloorPage, said: str) -> str:
    danger = {sq: RoomDanger(enter, end) for sq, enter, end in page.danger if enter or end}
    env = current_app.jinja_env
    room_template = env.get_template("partials/_room.html")
    words = {"f": f, "page": page, "danger": danger, "label": _("Floor %(n)s", n=f.number),
             "panel": url_for("game.panel", key=page.key), "act": url_for("game.act", key=page.key),
             "icons": url_for("static", filename="icons.svg")}

    def room_html(room: Room) -> Markup:
        # what _room.html reads: the room, and of its floor and page only these
        chance = danger.get(room.square)
        key = (said, f.number, f.donuts, page.key, page.can_act, page.answering, room.square in page.downstairs,
               (chance.enter, chance.end) if chance else None, repr(room))
        return _rooms.get(key, lambda: room_template.render(room=room, **words))

    return env.get_template("partials/_floor.html").render(room_html=room_html, **words)
