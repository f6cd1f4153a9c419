"""Actions of the Burgle Bros 2 and 3 tables around the bouncers and guards: chips that move a burglar or
the bouncer, the patrol deck's size, gear and events the seeds do not print (manual controls for their
effect on the bouncer), and the workers of Burgle Bros 3 (Flee, Lure, Charm, worker cards).

Each handler reads and checks its fields and calls the game's ruleset; ``actions.HANDLERS`` includes
them. The rooms that act by themselves (Slots, Table Games, Count Room, guard rooms) need no action:
the ordinary ``move``, ``end_turn`` and guard moves set them off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import square_coords
from .errors import N_, IllegalActionError
from .fields import choice_of, floor_of, square_of, who_of
from .rules_bb1 import Bb1
from .rules_bb2 import Bb2
from .rules_bb3 import Bb3

Action = dict[str, Any]
CHIPS = ("prima_donna", "drunk")  # bb2 chips that put a burglar in another room
CARD_EFFECTS = ("jump", "marker", "skip")  # what gear or an event does to a bouncer (manual controls)
MOST_SCANS = 3


def _bb2(rules: Bb1, what: str) -> Bb2:
    if not isinstance(rules, Bb2):
        raise IllegalActionError(N_("%(what)s exist only in Burgle Bros 2"), what=what)
    return rules


def _bb3(rules: Bb1, what: str) -> Bb3:
    if not isinstance(rules, Bb3):
        raise IllegalActionError(N_("%(what)s exist only in Burgle Bros 3"), what=what)
    return rules


def _count(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, str) and value.isascii() and value.lstrip("-").isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalActionError(N_("%(what)s is a whole number from %(low)s to %(high)s"), what=what, low=low,
                                 high=high)
    return value


def _chip(rules: Bb1, a: Action) -> None:
    """bb2 Chips Glossary: the Prima Donna (peeked: the peeking player jumps to her room) and the Drunk
    (entered: slide on to the next room the way they came, through walls, on floor 1; fall to the same room
    of floor 1 from floor 2). ``floor``/``to`` say where the burglar lands."""
    bb2 = _bb2(rules, N_("chips"))
    chip = choice_of(a.get("chip"), CHIPS, N_("a chip that moves a burglar is one of"))
    who = who_of(rules, a)
    floor = floor_of(rules, a)
    to = square_of(rules, floor, a.get("to"), "to")
    b = rules.state.crew[who]
    if b.at is None or b.escaped:
        raise IllegalActionError(N_("%(who)s is not in the casino"), who=who)
    if chip == "drunk":
        if b.floor == 2 and (floor, to) != (1, b.at):
            raise IllegalActionError(N_("the Drunk on floor 2 drops %(who)s to %(at)s on floor 1"), who=who, at=b.at)
        if b.floor == 1:
            (c, r), (tc, tr) = square_coords(b.at, rules.state.size), square_coords(to, rules.state.size)
            if floor != 1 or abs(c - tc) + abs(r - tr) != 1:
                raise IllegalActionError(N_("the Drunk on floor 1 slides %(who)s one room on, walls or not"), who=who)
    elif floor != b.floor:
        raise IllegalActionError(N_("the Prima Donna is on the floor of whoever peeked at her"))
    bb2.jump_burglar(who, floor, to, chip)


def _deck(rules: Bb1, a: Action) -> None:
    """bb2: the number of cards in a floor's patrol deck, said by the table (Suspicion Meter, finales)."""
    bb2 = _bb2(rules, N_("changing patrol decks"))
    floor = floor_of(rules, a)
    bb2.set_deck(floor, _count(a.get("count"), 0, 32, N_("a patrol deck's size")))


def _bouncer(rules: Bb1, a: Action) -> None:
    """bb2 gear and events the seed does not print: what the card does to the bouncer, said by the table —
    he jumps to a room, his destination marker goes to a room, or he skips his next move."""
    bb2 = _bb2(rules, N_("bouncers"))
    floor = floor_of(rules, a)
    effect = choice_of(a.get("effect"), CARD_EFFECTS, N_("gear or an event makes the bouncer"))
    if effect == "skip":
        bb2.skip_by_card(floor)
        return
    square = square_of(rules, floor, a.get("at"))
    if effect == "jump":
        bb2.undercover(floor, square, cause="card")
    else:
        bb2.marker_by_card(floor, square)


def _flee(rules: Bb1, a: Action) -> None:
    bb3 = _bb3(rules, N_("workers"))
    who = who_of(rules, a)
    to = square_of(rules, rules.state.crew[who].floor, a.get("to"), "to")
    bb3.flee(who, to, _count(a.get("scans", 0), 0, MOST_SCANS, N_("the Scan cards drawn")))


def _lure(rules: Bb1, a: Action) -> None:
    bb3 = _bb3(rules, N_("workers"))
    who = who_of(rules, a)
    source = square_of(rules, rules.state.crew[who].floor, a.get("from"), "from")
    bb3.lure(who, source, bool(_count(a.get("scan", 0), 0, 1, N_("scan (a Scan drawn by the Charm)"))))


def _charm(rules: Bb1, a: Action) -> None:
    """bb3 Charm after a Move onto workers: only a Scan drawn matters to the guard (suspicion)."""
    _bb3(rules, N_("workers")).charm_scan(who_of(rules, a))


def _workers(rules: Bb1, a: Action) -> None:
    """bb3 worker patrol card (or any effect): ``count`` workers move from one square to an adjacent one."""
    bb3 = _bb3(rules, N_("workers"))
    floor = floor_of(rules, a)
    source = square_of(rules, floor, a.get("from"), "from")
    bb3.move_workers(floor, source, square_of(rules, floor, a.get("to"), "to"),
                     _count(a.get("count", 1), 1, 9, N_("the workers moved")), "moved")


HANDLERS: dict[str, Callable[[Bb1, Action], None]] = {
    "chip": _chip, "deck": _deck, "bouncer": _bouncer,
    "flee": _flee, "lure": _lure, "charm": _charm, "workers": _workers,
}
