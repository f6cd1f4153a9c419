"""One floor of the board as HTML, drawn once for each distinct look and kept: an end-turn tap changes the
floor the guard walked on (and the one of the walk before), so the other floors come from the cache instead
of being drawn again for every tap and every device (bench/end_turn.py measures it).

A floor's HTML is a pure function of its :class:`FloorView`, the :class:`FloorPage` (who looks and how)
and the reader's language: the template reads nothing else, so the three together are the cache's key.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from flask import current_app
from markupsafe import Markup

from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ..language import current as language
from ..links import url_for
from ...words.i18n import _
from .board_view import FloorView, Room
from .coach import CoachBoard, CoachRoom
from .danger import DangerBoard, RoomDanger
from .guide import WallSlot, wall_slots
from .room_cells import room_cells

T = TypeVar("T")
MOST_FLOORS = 8  # more than any game has
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
    coach: tuple[tuple[str, CoachRoom], ...] = ()  # the Coach's rooms, on the floor of the burglar it advises


def floor_page(state: GameState, book: Rulebook, f: FloorView, *, key: str, can_act: bool, phase: str, focus: int,
               downstairs: set[tuple[int, str]], danger: DangerBoard | None, sandbox: str | None,
               coach: CoachBoard | None = None) -> FloorPage:
    chances = danger.floors.get(f.number) if danger else None
    return FloorPage(
        key=key, can_act=can_act, answering=phase == "question", shown=f.number == focus,
        die_shown=book.rules.uses_die, sandbox=sandbox,
        downstairs=frozenset(sq for n, sq in downstairs if n == f.number),
        slots=tuple(wall_slots(state, f.number)) if can_act and phase == "break_in" else (),
        danger=tuple((sq, chances.enter.get(sq, Fraction(0)), chances.end.get(sq, Fraction(0)))
                     for sq in sorted({*chances.enter, *chances.end})) if chances else (),
        coach=tuple(coach.rooms.items()) if coach and coach.floor == f.number else ())


@dataclass(frozen=True)
class Drawn:
    """A floor's HTML and a short digest of it, which the device that shows it sends back (``X-Floors``), so a
    floor it already shows is not sent again (:func:`kept_floor`)."""

    html: Markup
    digest: str


class _Kept(Generic[T]):
    """What was drawn, by what it was drawn from: the most recently used ``most`` pieces."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.kept: OrderedDict[tuple[object, ...], T] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[object, ...], draw: Callable[[], T]) -> T:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found
        drawn = draw()
        with self.lock:
            self.kept[key] = drawn
            while len(self.kept) > self.most:
                self.kept.popitem(last=False)
        return drawn


_floors: _Kept[Drawn] = _Kept(KEPT)
_rooms: _Kept[Markup] = _Kept(KEPT * 16)


def floor_html(f: FloorView, page: FloorPage) -> Drawn:
    """The floor's section of the board (templates/partials/_floor.html), from the cache when this look of it
    was drawn before; each of its rooms likewise (templates/partials/_room.html)."""
    said = language()
    # each room's look written once, for the floor's key and (when the floor is drawn) its rooms' keys: its fields'
    # values in their order (every Room has the same fields), without the dataclass repr's names and recursion guard
    looks = {room.square: repr(list(vars(room).values())) for room in f.rooms}
    key = (said, repr(f), tuple(looks.values()), page)
    return _floors.get(key, lambda: _digested(_draw_floor(f, looks, page, said)))


def _digested(html: str) -> Drawn:
    digest = hashlib.blake2b(html.encode(), digest_size=8).hexdigest()
    end = html.index(">", html.index("<section"))  # the end of the floor's opening tag
    return Drawn(Markup(f'{html[:end]} data-hash="{digest}"{html[end:]}'), digest)


def kept_floor(number: int, digest: str) -> Markup:
    """In place of a floor the device already shows as it is: htmx keeps the one on the screen (hx-preserve)."""
    return Markup(f'<section class="floor" id="floor-{number}" data-hash="{digest}" hx-preserve></section>')


def floors_held(header: str | None) -> dict[int, str]:
    """The floors a device shows and their digests, from its ``X-Floors`` header ("1=ab12,2=cd34"); whatever
    does not read as such is left out (that floor is simply sent).

    >>> floors_held("1=00ff00ff00ff00ff,2=zz,x=1"), floors_held(None)
    ({1: '00ff00ff00ff00ff'}, {})
    """
    held = {}
    for part in (header or "").split(",")[:MOST_FLOORS]:
        number, _sep, digest = part.strip().partition("=")
        if number.isdigit() and len(digest) == 16 and all(c in "0123456789abcdef" for c in digest):
            held[int(number)] = digest
    return held


def _draw_floor(f: FloorView, looks: dict[str, str], page: FloorPage, said: str) -> str:
    danger = {sq: RoomDanger(enter, end) for sq, enter, end in page.danger if enter or end}
    coach = dict(page.coach)
    env = current_app.jinja_env
    room_template = env.get_template("partials/_room.html")
    words = {"f": f, "page": page, "danger": danger, "coach": coach, "label": _("Floor %(n)s", n=f.number),
             "panel": url_for("game.panel", key=page.key), "act": url_for("game.act", key=page.key),
             "icons": url_for("static", filename="icons.svg")}

    def room_html(room: Room) -> Markup:
        # what _room.html reads: the room, and of its floor and page only these
        chance = danger.get(room.square)
        key = (said, f.number, f.donuts, page.key, page.can_act, page.answering, room.square in page.downstairs,
               (chance.enter, chance.end) if chance else None, coach.get(room.square), looks[room.square])
        return _rooms.get(key, lambda: Markup(room_template.render(
            room=room, cells=room_cells(room, f, room.square in page.downstairs), **words)))

    # the rooms joined here rather than called one by one from the template: a call from Jinja costs more than
    # fetching a kept room
    rooms = Markup("").join(room_html(room) for room in f.rooms)
    return env.get_template("partials/_floor.html").render(rooms=rooms, **words)
