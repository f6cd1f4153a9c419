"""What stands in a room's bottom row (issue 26 §2): the guard, the die, the burglars and each kind of token
lying there, every one at least 40 px so it reads across the table, in that order. How many fit is the room's
width (85-110 px on the tablet and the phone: two; a laptop's or the display's bigger rooms: more), which only
the browser knows: so every piece is in the page, each with the narrowest row that folds it, and one "+N" per
row width, naming what that row folds; static/app.css shows the ones that fit (container queries), so a row
never jumps after it is drawn, and a burglar is never folded while a token shows. Folded pieces stay in the
page: a screen reader, a long press and the room's menu still have them. The alarm is no cell: it is the
room's frame. Presentation only."""

from __future__ import annotations

from dataclasses import dataclass

from ...words.i18n import _, ngettext
from .board_view import FloorView, Room

# the pieces a row holds, from the narrowest room the table gets (85 px) to the widest row static/app.css
# tells apart (its @container rules, one per width); a wider room still folds after the last
CAPACITIES = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Token:
    """One kind of token on a room, drawn once with its count."""

    kind: str  # css class
    icon: str  # its pictogram in static/icons.svg, "" when ``glyph`` stands for it
    glyph: str
    count: int  # shown when it counts: Stealth or hack tokens, counting cubes, workers
    title: str


@dataclass(frozen=True)
class More:
    """The "+N" a row holding ``capacity`` pieces shows in place of its last."""

    capacity: int
    count: int
    title: str  # the pieces it stands for, named


@dataclass(frozen=True)
class Cells:
    tokens: tuple[Token, ...]
    # "guard", "die", "burglar:NAME", "token:KIND" -> the widest row that folds it (rows holding this many
    # pieces or fewer); a piece absent here shows in every row
    fold: dict[str, int]
    mores: tuple[More, ...]
    everything: str  # every piece's name, for the room's menu when a narrow row folds some


def room_tokens(room: Room, f: FloorView, downstairs: bool) -> tuple[Token, ...]:
    tokens = []
    if f.donuts and room.guard:
        tokens.append(Token("donut", "donuts", "", 0, _("Donuts: the guard eats them instead of moving")))
    if room.crow:
        tokens.append(Token("crow", "crow", "", 0, _("crow")))
    if downstairs:
        tokens.append(Token("downstairs", "downstairs", "", 0,
                            _("downstairs token: stairs down to floor %(n)s", n=f.number - 1)))
    if room.lavatory:
        tokens.append(Token("lavatory", "stealth-token", "", room.lavatory, ngettext(
            "%(num)s Stealth token on the Lavatory", "%(num)s Stealth tokens on the Lavatory", room.lavatory)))
    if room.hacks:
        tokens.append(Token("hacks", "hack-token", "", room.hacks,
                            ngettext("%(num)s hack token", "%(num)s hack tokens", room.hacks)))
    tokens.extend(Token(b.kind, "", b.text, b.count, b.label) for b in room.badges)
    return tuple(tokens)


def room_cells(room: Room, f: FloorView, downstairs: bool) -> Cells:
    """The room's pieces in the order the table needs them most: the guard, his die, the burglars, the tokens.
    A row holding ``c`` pieces shows them all when they fit, else the first ``c - 1`` and "+N" for the rest."""
    tokens = room_tokens(room, f, downstairs)
    pieces = ([("guard", _(room.figure))] if room.guard else []) + ([("die", room.die_title)] if room.die else [])
    pieces += [(f"burglar:{b['name']}", b["title"]) for b in room.burglars]
    pieces += [(f"token:{t.kind}", t.title) for t in tokens]
    everything = ", ".join(title for _key, title in pieces)
    total = len(pieces)
    # piece i shows in a row of c when all fit (total <= c) or it is among the first c - 1 (i < c - 1)
    widest = {key: min(i + 1, total - 1) for i, (key, _title) in enumerate(pieces)}
    fold = {key: c for key, c in widest.items() if c >= CAPACITIES[0]}
    mores = tuple(More(c, total - c + 1, ", ".join(title for _key, title in pieces[c - 1:]))
                  for c in CAPACITIES if c < total)
    return Cells(tokens, fold, mores, everything)


def folded_here(floors: list[FloorView], selected: tuple[int, str], downstairs: set[tuple[int, str]]) -> str:
    """The pieces of the tapped room, named, when a narrow row shows only some of them ("" when it shows all)."""
    f = next((f for f in floors if f.number == selected[0]), None)
    room = next((r for r in f.rooms if r.square == selected[1] and not r.void), None) if f else None
    if f is None or room is None:
        return ""
    cells = room_cells(room, f, selected in downstairs)
    return cells.everything if cells.mores else ""
