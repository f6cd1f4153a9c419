"""The actions panel's menus that load when opened (``hx-trigger="toggle once"`` on their ``<details>``):
the events drawn, the tools and loot, a burglar taking a card, and the corrections. Each is rendered only
for the device that opens it, from a small view of what it shows, instead of on every tap for every device
(bench/end_turn.py measures the difference). Presentation only: every button is an offer the engine checks."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import offers as offer_rules
from ...engine.offers import COMPUTERS, Offer
from ...engine.state import GameState
from .table_view import laboratories

MENUS = ("events", "tools", "take", "corrections")


@dataclass(frozen=True)
class NumberRow:
    """A row of number offers (a burglar's Stealth, a die, a computer's hack tokens) and what it is."""

    label: str
    offers: list[Offer]


@dataclass(frozen=True)
class EventsMenu:
    floor: int
    events: list[Offer]
    laboratories: list[tuple[int, str]]


@dataclass(frozen=True)
class ToolsMenu:
    floor: int
    who: str
    inside: bool  # the burglar whose turn it is is in the building (she can escape)
    hacks: list[tuple[str, int]]  # each computer and its hack tokens now
    tiara: list[tuple[str, bool]]  # each burglar still inside and whether she carries the Tiara


@dataclass(frozen=True)
class TakeMenu:
    pickers: list[tuple[str, list[Offer]]]  # each burglar still inside and the cards nobody holds


@dataclass(frozen=True)
class CorrectionsMenu:
    stealth: list[tuple[str, list[Offer]]]
    dice: list[tuple[int, list[Offer]]]
    hacks: list[tuple[str, list[Offer]]]


Menu = EventsMenu | ToolsMenu | TakeMenu | CorrectionsMenu


def menu_view(state: GameState, group: str) -> Menu | None:
    """What the menu ``group`` shows now, for whoever's turn it is; None when it has nothing to show (the
    heist is not in play, or the game has no such menu)."""
    current = state.current()
    if current is None or state.rules != "bb1" or state.pending or state.outcome or group not in MENUS:
        return None
    me = state.crew[current]
    floor = me.floor if me.at else 1
    inside = [n for n in state.order if not state.crew[n].escaped]
    if group == "events":
        return EventsMenu(floor, offer_rules.events(state, current), laboratories(state))
    if group == "tools":
        return ToolsMenu(floor, current, me.at is not None and not me.escaped,
                         [(k, state.hack.get(k, 0)) for k in COMPUTERS],
                         [(n, "tiara" in state.crew[n].loot) for n in inside])
    if group == "take":
        return TakeMenu([(n, offer_rules.take_offers(state, n)) for n in inside])
    rows = offer_rules.corrections(state)
    return CorrectionsMenu(
        stealth=[(n, [o for o in rows if o.code == "set_stealth" and o.params["who"] == n]) for n in state.order],
        dice=[(f, [o for o in rows if o.code == "set_die" and o.params["floor"] == f])
              for f, fl in sorted(state.floors.items()) if fl.guard],
        hacks=[(k, [o for o in rows if o.code == "hack_count" and o.params["computer"] == k]) for k in COMPUTERS])

