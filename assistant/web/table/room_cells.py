"""What stands in a room's bottom row (issue 26 §2): the guard, the die, the burglars and each kind of token
lying there, every one 40 px so it reads across the table. A room is 85-110 px on the tablet and the phone,
so the row holds two; a busier room shows its first piece and a "+N" that names the others (they stay in the
page, folded: a screen reader, a long press and the room's menu still have them). The alarm is no cell: it is
the room's frame. Presentation only."""

from __future__ import annotations

from dataclasses import dataclass

from ...words.i18n import _, ngettext
from .board_view import FloorView, Room

CELLS = 2  # 40 px pieces side by side in the narrowest room the table gets (85 px)


@dataclass(frozen=True)
class Token:
    """One kind of token on a room, drawn once with its count."""

    kind: str  # css class
    icon: str  # its pictogram in static/icons.svg, "" when ``glyph`` stands for it
    glyph: str
    count: int  # shown when it counts: Stealth or hack tokens, counting cubes, workers
    title: str


@dataclass(frozen=True)
class Cells:
    tokens: tuple[Token, ...]
    folded: frozenset[str]  # "guard", "die", "burglar:NAME", "token:KIND": in the page, not in the row
    more: int  # how many the "+N" stands for
    more_title: str
    everything: str  # every piece's name, for the room's menu when some are folded


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
    """The room's pieces in the order the table needs them most: the guard, his die, the burglars, the tokens;
    two fit, else the first and "+N" for the rest."""
    tokens = room_tokens(room, f, downstairs)
    pieces = ([("guard", _(room.figure))] if room.guard else []) + ([("die", room.die_title)] if room.die else [])
    pieces += [(f"burglar:{b['name']}", b["title"]) for b in room.burglars]
    pieces += [(f"token:{t.kind}", t.title) for t in tokens]
    everything = ", ".join(title for _key, title in pieces)
    if len(pieces) <= CELLS:
        return Cells(tokens, frozenset(), 0, "", everything)
    folded = pieces[CELLS - 1:]
    return Cells(tokens, frozenset(key for key, _title in folded), len(folded),
                 ", ".join(title for _key, title in folded), everything)


def folded_here(floors: list[FloorView], selected: tuple[int, str], downstairs: set[tuple[int, str]]) -> str:
    """The pieces of the tapped room, named, when its row shows only some of them ("" when it shows all)."""
    f = next((f for f in floors if f.number == selected[0]), None)
    room = next((r for r in f.rooms if r.square == selected[1] and not r.void), None) if f else None
    if f is None or room is None:
        return ""
    cells = room_cells(room, f, selected in downstairs)
    return cells.everything if cells.more else ""
