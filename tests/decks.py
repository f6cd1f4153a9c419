"""A position the players cannot tell from another: the same visible cards, the hidden ones in another order
(design.md "Hidden information stays hidden"; guard-rules.md §1.22 "Information")."""

from __future__ import annotations

import random

from assistant.engine.state import GameState


def another_deck_order(state: GameState, floor: int, seed: int) -> GameState:
    """A copy of ``state`` with floor ``floor``'s face-down cards (deck and set-aside) dealt again in another order,
    and another seed for later shuffles."""
    other = state.copy()
    fl = other.floors[floor]
    cards = [*fl.deck, *fl.unseen]
    random.Random(seed).shuffle(cards)
    fl.deck, fl.unseen = cards[:len(fl.deck)], tuple(cards[len(fl.deck):])
    other.seed = seed * 7919 + 1
    assert fl.deck != state.floors[floor].deck
    return other
