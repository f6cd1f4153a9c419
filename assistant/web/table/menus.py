"""The actions panel's menus that load when opened (``hx-trigger="toggle once"`` on their ``<details>``):
the events drawn, the tools and loot, a burglar taking a card, and the corrections. Each is rendered only
for the device that opens it, from a small view of what it shows, instead of on every tap for every device
(bench/end_turn.py measures the difference). Presentation only: every button is an offer the engine checks."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.bb1.offers import COMPUTERS, EVENT_CODES
from ...engine.offers import Offer
from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...words.i18n import _
from ...words.names import card_title, loot_name, tool_name
from ..language import character_name
from ..links import url_for
from .offer_words import form_vals
from .table_view import laboratories

GUT = "go_with_your_gut"  # the offer of Go with your Gut into one face-down room
MENUS = ("events", "tools", "take", "corrections")  # while a burglar of Burgle Bros 1 plays her turn
CREW = "crew"  # in every game and phase


@dataclass(frozen=True)
class EventsMenu:
    floor: int
    events: list[Offer]
    laboratories: list[tuple[int, str]]

    @property
    def cards(self) -> list[Offer]:
        """Every event but Go with your Gut into a room, which is one card of its own (``gut``)."""
        return [o for o in self.events if o.code != GUT]

    @property
    def gut(self) -> tuple[str, dict[str, str], list[str]]:
        """Go with your Gut into a face-down room, one card for every room it may take her into (a card per room
        pushed the sheet past the screen): its title, the fields its form posts but ``to``, the rooms to choose."""
        into = [o for o in self.events if o.code == GUT]
        if not into:
            return "", {}, []
        fields = {k: v for k, v in form_vals(into[0]).items() if k != "to"}
        return card_title("go-with-your-gut"), fields, [str(o.action["to"]) for o in into]


@dataclass(frozen=True)
class ToolsMenu:
    offers: list[Offer]  # the engine's: a safe cracked, a computer hacked, an escape, the Tiara (bb1 table_offers)


@dataclass(frozen=True)
class TakeMenu:
    pickers: list[tuple[str, list[Offer]]]  # each burglar still inside and the cards nobody holds


@dataclass(frozen=True)
class CorrectionsMenu:
    stealth: list[tuple[str, list[Offer]]]
    dice: list[tuple[int, list[Offer]]]
    hacks: list[tuple[str, list[Offer]]]


@dataclass(frozen=True)
class CrewLine:
    name: str
    colour: str
    character: str  # "Raven, advanced side", "" when the table named none
    counter: str  # "3 Stealth", "2 heat", "4 Stealth, geared"
    cards: str  # the tools and loot held, "" for none
    where: str  # "escaped", "floor 2 B3", "" before she walks in


@dataclass(frozen=True)
class CrewMenu:
    lines: list[CrewLine]


Menu = EventsMenu | ToolsMenu | TakeMenu | CorrectionsMenu | CrewMenu


def crew_menu(state: GameState, book: Rulebook) -> CrewMenu:
    """Each burglar in turn order: character, Stealth or heat, cards held, where she is."""
    game = book.rules
    lines = []
    for name in state.order:
        b = state.crew[name]
        if not b.character:
            character = ""
        elif game.known_characters:
            side = _("advanced side") if b.side == "advanced" else _("basic side")
            character = f"{character_name(b.character)}, {side}"
        else:
            character = b.character.capitalize()
        counter = _("%(n)s heat", n=b.heat) if game.crew_counter == "heat" else _("%(n)s Stealth", n=b.stealth)
        if game.has_disguises:
            counter += ", " + (_("geared") if b.geared else _("disguised"))
        cards = " · ".join(", ".join(names) for names in ([tool_name(k) for k in b.tools],
                                                         [loot_name(k) for k in b.loot]) if names)
        where = _("escaped") if b.escaped else f"{_('floor %(n)s', n=b.floor)} {b.at}" if b.at else ""
        lines.append(CrewLine(name, b.colour or "#888", character, counter, cards, where))
    return CrewMenu(lines)


@dataclass(frozen=True)
class MenuLink:
    """A menu of the actions panel, closed: its title, and where it loads from when opened."""

    url: str
    title: str
    cls: str = ""
    sheet: str = ""  # its short name on a button of the turn bar that opens it as a sheet (used every few turns)


def menu_links(state: GameState, book: Rulebook, phase: str, key: str) -> list[MenuLink]:
    """The menus the actions panel offers now, in its order."""
    base = url_for("game.menu", key=key, group="-").removesuffix("-")
    links = []
    current = state.current()
    if phase == "play" and current is not None and book.rules.room_rules:  # Burgle Bros 1's cards
        me = state.crew[current]
        links += [MenuLink(base + "events", _("Event card drawn on floor %(n)s", n=me.floor if me.at else 1),
                           sheet=_("Event card drawn")),
                  MenuLink(base + "tools", _("Tools, loot and abilities")),
                  MenuLink(base + "take", _("A burglar takes a tool or loot card"), " take", sheet=_("Take a card")),
                  MenuLink(base + "corrections", _("Corrections: Stealth, dice, hack tokens"), " corrections")]
    return [*links, MenuLink(base + CREW, _("Crew"))]


def menu_view(state: GameState, book: Rulebook, group: str) -> Menu | None:
    """What the menu ``group`` shows now, for whoever's turn it is; None when it has nothing to show (the
    heist is not in play, or the game has no such menu)."""
    if group == CREW:
        return crew_menu(state, book)
    current = state.current()
    game = book.rules
    # these menus are Burgle Bros 1's cards (events, tools, loot, computers); bb2 and bb3 have none of them
    if current is None or not game.room_rules or state.pending or state.outcome or group not in MENUS:
        return None
    me = state.crew[current]
    floor = me.floor if me.at else 1
    inside = [n for n in state.order if not state.crew[n].escaped]
    if group == "events":
        return EventsMenu(floor, [o for o in game.legal.player(state, current) if o.code in EVENT_CODES],
                          laboratories(state))
    if group == "tools":
        return ToolsMenu(game.legal.table(state, current))
    if group == "take":
        return TakeMenu([(n, game.legal.take(state, n)) for n in inside])
    rows = game.legal.corrections(state)
    return CorrectionsMenu(
        stealth=[(n, [o for o in rows if o.code == "set_stealth" and o.params["who"] == n]) for n in state.order],
        dice=[(f, [o for o in rows if o.code == "set_die" and o.params["floor"] == f])
              for f, fl in sorted(state.floors.items()) if fl.guard],
        hacks=[(k, [o for o in rows if o.code == "hack_count" and o.params["computer"] == k]) for k in COMPUTERS])

