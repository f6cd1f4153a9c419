"""Burgle Bros 3's own actions: the workers (Flee, Lure, Charm, worker cards), suspicion cubes added or taken
away by an effect, and the workers and disguises the table sets by hand (bb3 "Workers", "Alarms and
Suspicion", "Disguises"). ``rulesets.GAME_ACTIONS`` registers them, so another game refuses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import N_, IllegalActionError
from ..on_board import board_square, crew_member
from ..room_counts import set_on_room
from ..ruleset import GameAction
from ..vocabulary import Set
from .limits import MOST_WORKERS
from .vocabulary import Charm, Flee, Guard, Lure, Suspicion, Workers

if TYPE_CHECKING:
    from .rules import Bb3


def _flee(rules: Bb3, a: Flee) -> None:
    to = board_square(rules, rules.state.crew[a.who].floor, a.to, "to")
    rules.flee(a.who, to, a.scans or 0)


def _lure(rules: Bb3, a: Lure) -> None:
    source = board_square(rules, rules.state.crew[a.who].floor, a.source, "from")
    rules.lure(a.who, source, bool(a.scan))


def _charm(rules: Bb3, a: Charm) -> None:
    """bb3 Charm after a Move onto workers: only a Scan drawn matters to the guard (suspicion)."""
    rules.charm_scan(a.who)


def _workers(rules: Bb3, a: Workers) -> None:
    """bb3 worker patrol card (or any effect): ``count`` workers move from one square to an adjacent one."""
    rules.move_workers(a.floor, a.source, a.to, 1 if a.count is None else a.count, "moved")


def _guard(rules: Bb3, a: Guard) -> None:
    """bb3 "Adjacency, Moving, and Jumping": an effect jumps the guard to a square (no entering effect), or the
    table puts him where the board shows him (a correction, marked so in the log)."""
    if a.how == "jump":
        rules.guard_jumped(a.floor, a.at)
    else:
        rules.guard_put(a.floor, a.at)


def _suspicion(rules: Bb3, a: Suspicion) -> None:
    """bb3 Suspicion: an effect (a Scan card drawn while charming, a tool) adds a cube beside the floor's
    patrol deck, and the third turns the die up; another effect takes one away."""
    if a.count == 1:
        rules.log("suspicion", "bb3 Suspicion", a.floor, how="added")
        rules.suspect(a.floor, 1)
    elif a.count == -1:
        rules.calm(a.floor)
    else:
        raise IllegalActionError(N_("suspicion changes one cube at a time: %(key)s 1 or -1"), key="count")


def _set_geared(rules: Bb3, a: Set) -> None:
    """bb3 Disguises: a burglar removes their disguise (geared) or an effect lets them put it on again."""
    who = crew_member(rules, a.who)
    if a.value not in (0, 1):  # true and false too: Python's 1 and 0
        raise IllegalActionError(N_("%(key)s is 1 (geared) or 0 (disguised)"), key="geared")
    b = rules.state.crew[who]
    b.geared = bool(a.value)
    rules.log("set", "bb3 Disguises", b.floor, b.at, how="geared", who=who, geared=b.geared)


def _set_workers(rules: Bb3, a: Set) -> None:
    set_on_room(rules, a, "workers", MOST_WORKERS, "bb3 Workers")


ACTIONS = {
    "flee": GameAction(_flee, N_("workers")), "lure": GameAction(_lure, N_("workers")),
    "charm": GameAction(_charm, N_("workers")), "workers": GameAction(_workers, N_("workers")),
    "suspicion": GameAction(_suspicion, N_("suspicion cubes")),
    "guard": GameAction(_guard, N_("guards jumped or put back by hand")),
}
SET_FIELDS = {"workers": GameAction(_set_workers, N_("workers on rooms")),
              "geared": GameAction(_set_geared, N_("disguises"))}
