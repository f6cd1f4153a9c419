"""Burgle Bros 3's own actions: the workers (Flee, Lure, Charm, worker cards), suspicion cubes added or taken
away by an effect, and the workers and disguises the table sets by hand (bb3 "Workers", "Alarms and
Suspicion", "Disguises"). ``rulesets.GAME_ACTIONS`` registers them, so another game refuses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import N_, IllegalActionError
from ..fields import Action, count_of, floor_of, square_of, who_of
from ..room_counts import set_on_room
from ..ruleset import GameAction
from .limits import MOST_SCANS, MOST_WORKERS

if TYPE_CHECKING:
    from .rules import Bb3


def _flee(rules: Bb3, a: Action) -> None:
    who = who_of(rules, a)
    to = square_of(rules, rules.state.crew[who].floor, a.get("to"), "to")
    rules.flee(who, to, count_of(a.get("scans", 0), 0, MOST_SCANS, N_("the Scan cards drawn")))


def _lure(rules: Bb3, a: Action) -> None:
    who = who_of(rules, a)
    source = square_of(rules, rules.state.crew[who].floor, a.get("from"), "from")
    rules.lure(who, source, bool(count_of(a.get("scan", 0), 0, 1, N_("scan (a Scan drawn by the Charm)"))))


def _charm(rules: Bb3, a: Action) -> None:
    """bb3 Charm after a Move onto workers: only a Scan drawn matters to the guard (suspicion)."""
    rules.charm_scan(who_of(rules, a))


def _workers(rules: Bb3, a: Action) -> None:
    """bb3 worker patrol card (or any effect): ``count`` workers move from one square to an adjacent one."""
    floor = floor_of(rules, a)
    source = square_of(rules, floor, a.get("from"), "from")
    rules.move_workers(floor, source, square_of(rules, floor, a.get("to"), "to"),
                     count_of(a.get("count", 1), 1, MOST_WORKERS, N_("the workers moved")), "moved")


def _guard(rules: Bb3, a: Action) -> None:
    """bb3 "Adjacency, Moving, and Jumping": an effect jumps the guard to a square (no entering effect), or the
    table puts him where the board shows him (a correction, marked so in the log)."""
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    if a.get("how") == "jump":
        rules.guard_jumped(floor, square)
    else:
        rules.guard_put(floor, square)


def _suspicion(rules: Bb3, a: Action) -> None:
    """bb3 Suspicion: an effect (a Scan card drawn while charming, a tool) adds a cube beside the floor's
    patrol deck, and the third turns the die up; another effect takes one away."""
    floor = floor_of(rules, a)
    count = a.get("count")
    if count == 1:
        rules.log("suspicion", "bb3 Suspicion", floor, how="added")
        rules.suspect(floor, 1)
    elif count == -1:
        rules.calm(floor)
    else:
        raise IllegalActionError(N_("suspicion changes one cube at a time: %(key)s 1 or -1"), key="count")


def _set_geared(rules: Bb3, a: Action) -> None:
    """bb3 Disguises: a burglar removes their disguise (geared) or an effect lets them put it on again."""
    value = a.get("value")
    who = who_of(rules, a)
    if value not in (0, 1, True, False):
        raise IllegalActionError(N_("%(key)s is 1 (geared) or 0 (disguised)"), key="geared")
    b = rules.state.crew[who]
    b.geared = bool(value)
    rules.log("set", "bb3 Disguises", b.floor, b.at, how="geared", who=who, geared=b.geared)


def _set_workers(rules: Bb3, a: Action) -> None:
    set_on_room(rules, a, "workers", MOST_WORKERS, "bb3 Workers")


ACTIONS = {
    "flee": GameAction(_flee, N_("workers")), "lure": GameAction(_lure, N_("workers")),
    "charm": GameAction(_charm, N_("workers")), "workers": GameAction(_workers, N_("workers")),
    "suspicion": GameAction(_suspicion, N_("suspicion cubes")),
    "guard": GameAction(_guard, N_("guards jumped or put back by hand")),
}
SET_FIELDS = {"workers": GameAction(_set_workers, N_("workers on rooms")),
              "geared": GameAction(_set_geared, N_("disguises"))}
