"""What the board must show before a Safe is cracked or a burglar escapes (guard-rules §1.22 "Escape and cracking
a safe are checked"): pure functions of the state, so the rules refuse and the offers hold back the same things.

Each returns the refusal, an :class:`OverrulableError` (the table may still enter the action as a marked
correction), or None when nothing stands in the way. What the board has not shown (a Safe or the Stairs still
face down, as in a case that lists no rooms) is the table's word: only what the app knows is checked.
"""

from __future__ import annotations

from ..errors import N_, OverrulableError
from ..state import GameState
from .table import GOLD_BAR


def room_of(state: GameState, floor: int, kind: str) -> str | None:
    """The room of ``floor`` turned up as ``kind`` (the Safe, the Stairs: one a floor), or None."""
    return next((sq for sq, k in state.floors[floor].tiles.items() if k == kind), None)


def cracking_refusal(state: GameState, floor: int, by: str | None = None) -> OverrulableError | None:
    """bb1 Safe (the Crack action is taken in the Safe room): ``by``, or without her anyone inside, stands in
    the floor's Safe room; the advanced Peterman on the floor above or below stands straight over or under it
    (BGA Peterman; whether she may is the rules' question)."""
    safe = room_of(state, floor, "safe")
    if safe is None:
        return None
    if by is None:
        if state.burglars_at(floor, safe):
            return None
        return OverrulableError(N_("nobody stands in the Safe room (%(safe)s on floor %(floor)s): a Safe is cracked "
                                   "from its own room"), safe=safe, floor=floor)
    b = state.crew[by]
    if b.at == safe:
        return None
    if b.floor != floor:
        return OverrulableError(N_("the advanced Peterman cracks the Safe straight above or below her room "
                                   "(%(at)s on floor %(floor)s)"), at=b.at, floor=floor)
    return OverrulableError(N_("%(who)s is in %(at)s: a Safe is cracked from its own room, %(safe)s on floor "
                               "%(floor)s"), who=by, at=b.at, safe=safe, floor=floor)


def escape_refusal(state: GameState, name: str) -> OverrulableError | None:
    """EN "Winning": with all the loot, she moves from the top floor's Stairs to the roof. ``name`` is inside."""
    b = state.crew[name]
    top = max(state.floors)
    if b.floor != top:
        return OverrulableError(N_("%(who)s is on floor %(floor)s: the crew gets to the roof by the Stairs of the top "
                                   "floor, floor %(top)s"), who=name, floor=b.floor, top=top)
    stairs = room_of(state, top, "stairs")
    if stairs not in (None, b.at):
        return OverrulableError(N_("%(who)s is in %(at)s: the crew gets to the roof by the top floor's Stairs, in "
                                   "%(stairs)s"), who=name, at=b.at, stairs=stairs)
    return missing_loot(state)


def missing_loot(state: GameState) -> OverrulableError | None:
    """What keeps the crew from holding all the loot, as far as the app knows: one loot card per floor's Safe
    among the crew (those on the roof included); once the Gold Bar came out, its twin too, which waits in its
    Safe until a second burglar takes it (EN Gold Bar: both are needed, one burglar each); and no Persian Kitty
    token lying on the board (bb1 Persian Kitty: nobody holds it then)."""
    for f, fl in sorted(state.floors.items()):
        if fl.kitty:
            return OverrulableError(N_("the Persian Kitty's token lies in %(at)s on floor %(floor)s: nobody holds it"),
                                    at=fl.kitty, floor=f)
    held = [k for b in state.crew.values() for k in b.loot]
    bars = held.count(GOLD_BAR)
    if bars == 1:
        return OverrulableError(N_("the second Gold Bar still lies in its Safe: the crew needs both, one burglar "
                                   "each"))
    cards, needed = len(set(held)) + (1 if bars > 1 else 0), len(state.floors) + (1 if bars else 0)
    if cards < needed:
        return OverrulableError(N_("the crew holds %(held)s of the job's %(needed)s loot cards"), held=cards,
                                needed=needed)
    return None
