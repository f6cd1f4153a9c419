"""Which patrol cards can make no difference to the rest of a move, read from the floor plan alone: a card
naming a room farther than his moves left only ever sets the first steps of his route (1.3, §2). Floor plans
are shared and immutable and these answers hold across forecasts, so they are cached."""

from __future__ import annotations

from functools import lru_cache

from ..engine.board import Floorplan
from ..engine.errors import AmbiguousTieError
from ..engine.ruleset import shared_router
from ..engine.rulesets import Rulebook
from .knowledge import kind_of
from .records import Partition


@lru_cache(maxsize=1 << 12)
def group_by_path(plan: Floorplan, book: Rulebook, reading: str, void: tuple[str, ...], guard: str, left: int,
                  cards: tuple[str, ...]) -> Partition:
    """Prune the cards that cannot make a difference. A card naming a room farther than his moves left
    sends him along the first ``left`` steps of his route there and no farther (1.3, §2): he cannot arrive,
    so no further card is drawn, and nothing on the way depends on where the route would have gone on (an
    alarm set off on the way takes the die whatever it was, 1.9). So all such cards with the same first
    ``left`` steps end the move alike, and one of them, run by the engine, stands for all with their summed
    copies (unless that walk goes on after all: see tree._Explorer._expand). With no move left that is every card
    naming another room. A card he can reach, his own room (redrawn, 1.6 ruling), a special card (Lost Visual,
    Distracted, a worker) and a route the tie-break reading cannot decide still get a branch of their own.
    Returns those alone, the groups, and each card's group (itself alone), as indices in ``cards`` (a floor's
    cards drawn by him in ``guard`` with ``left`` moves; the floor plan, the game (``book``, cached by itself: one
    object per game) and the tie-break reading say the rest, so the answer holds across forecasts)."""
    roomless = book.rules.roomless_card
    here = plan.index[guard]
    groups: dict[tuple[int, ...], list[int]] = {}
    alone: list[int] = []
    for i, card in enumerate(cards):
        if card == guard or kind_of(book, card) == roomless or card not in plan.index or card in void:
            alone.append(i)
            continue
        steps = first_steps(plan, plan.index[card], reading, here, left)
        if steps is None:
            alone.append(i)
        else:
            groups.setdefault(steps, []).append(i)
    merged = tuple(tuple(group) for group in groups.values())
    member_of = {i: group for group in merged for i in group}
    return Partition(tuple(alone), merged, tuple(member_of.get(i, (i,)) for i in range(len(cards))))


@lru_cache(maxsize=1 << 16)
def first_steps(plan: Floorplan, target: int, reading: str, here: int, left: int) -> tuple[int, ...] | None:
    """The first ``left`` rooms of his route from ``here`` toward ``target``, when he cannot get there with
    them; None when he can (or cannot at all), or when the tie-break reading cannot decide a step. Floor
    plans are shared and immutable, so the answer holds across forecasts (the engine's own router)."""
    dist = plan.distances(target)
    if dist[here] < 0 or dist[here] <= left:
        return None
    router = shared_router(plan, target, reading)
    steps: list[int] = []
    at = here
    try:
        for _ in range(left):
            at = router.next_step(at)
            steps.append(at)
    except AmbiguousTieError:
        return None
    return tuple(steps)


@lru_cache(maxsize=1 << 12)
def card_classes(plan: Floorplan, reading: str, here: int, left: int, cards: tuple[str, ...],
                 alone: tuple[str, ...]) -> tuple[int, ...]:
    """A class number per card (see ``tree._Explorer.signature``): far cards (out of reach, every step of their
    route decided) with the same next step from every room within ``left - 1`` of ``here`` share one."""
    dist = plan.distances(here)
    near = [r for r, d in enumerate(dist) if 0 <= d <= left - 1]
    ids: dict[str | tuple[int, ...], int] = {}  # a card alone by its name, a class of far cards by its next steps
    out = []
    for card in cards:
        cls: str | tuple[int, ...] = card
        if card not in alone and plan.index[card] != here and first_steps(plan, plan.index[card], reading, here,
                                                                            left) is not None:
            router = shared_router(plan, plan.index[card], reading)
            try:
                cls = tuple(router.next_step(r) for r in near)
            except AmbiguousTieError:
                cls = card
        out.append(ids.setdefault(cls, len(ids)))
    return tuple(out)


