"""Burgle Bros 3's legal actions (``Bb3.legal``): what a tapped room, the panel of the burglar whose turn it
is and the table's counters offer, each an action ``actions.apply`` accepts. The table app draws these and
decides nothing: a counter's "−" or "+" is there only when the engine offers it.

>>> from assistant.engine.bb3.setup import new_bb3_game
>>> s = new_bb3_game([{"name": "Ann"}])
>>> [o.code for o in player_offers(s, "Ann")]
['start']
"""

from __future__ import annotations

from ..limits import DIE_FACES, MOST_STEALTH
from ..offers import LegalActions, Offer, breaking_in, entrance, in_play, inside, moves, steps
from ..state import GameState
from .limits import GUARD_ROOM, MOST_WORKERS

DIE = (1, DIE_FACES)


def started(state: GameState) -> bool:
    """Every guard is on the board (bb3 Standard Setup 8-13) and nothing stops an action."""
    return in_play(state) and all(fl.guard is not None for fl in state.floors.values())


# -- one room -------------------------------------------------------------------------------------

def room_offers(state: GameState, floor: int, square: str) -> list[Offer]:
    """A tap on ``square``: where the crew breaks in; then moves, alarm cubes (several to a room, bb3 Alarms
    and Suspicion), the workers here and what moves them, the guard jumped or put here, and marking a guard
    room."""
    if not started(state) or floor not in state.floors or square in state.void:
        return []
    if breaking_in(state):
        return entrance(floor, square)
    fl = state.floors[floor]
    here = {"floor": floor, "at": square}
    cubes = fl.alarms.count(square)
    offers = moves(state, floor, square)
    offers.append(Offer("alarm", {"do": "alarm", **here}, {"at": square, "cubes": cubes}))
    if cubes:
        offers.append(Offer("alarm_cube_off", {"do": "remove_alarm", **here}, {"at": square, "cubes": cubes}))
    workers = fl.workers.get(square, 0)
    offers += steps("workers", {"do": "set", "field": "workers", **here}, "value", workers, 0, MOST_WORKERS, at=square)
    return offers + _workers(state, floor, square) + _guard(state, floor, square) + [_guard_room(state, floor, square)]


def _guard(state: GameState, floor: int, square: str) -> list[Offer]:
    """The floor's guard jumped here by an effect (bb3 "Adjacency, Moving, and Jumping": no entering effect), or
    put here because the board shows him here (a correction)."""
    guard = state.floors[floor].guard
    if guard is None or guard == square:
        return []
    here = {"do": "guard", "floor": floor, "at": square}
    return [Offer("guard_jump", {**here, "how": "jump"}, {"at": square}),
            Offer("guard_put", {**here, "how": "place"}, {"at": square}, correction=True)]


def _workers(state: GameState, floor: int, square: str) -> list[Offer]:
    """Whose workers flee where (a geared character here), a Lure from next door and its Charm, a Scan drawn
    while charming, and workers moved by a patrol card (bb3 Basic and Free Actions, Workers, Program Cards)."""
    plan = state.plan(floor)
    workers = state.floors[floor].workers.get(square, 0)
    offers = []
    for name in state.order:
        b = state.crew[name]
        if not inside(state, name) or b.floor != floor:
            continue
        if b.at == square and b.geared and workers:
            for sq in plan.adjacent(square):
                offers.append(Offer("flee", {"do": "flee", "who": name, "to": sq}, {"who": name, "to": sq}))
                offers.append(Offer("flee_scan", {"do": "flee", "who": name, "to": sq, "scans": 1},
                                    {"who": name, "to": sq}))
        if b.at == square and not b.geared:
            offers.append(Offer("charm_scan", {"do": "charm", "who": name}, {"who": name}))
        if workers and b.at != square and str(b.at) in plan.adjacent(square):
            offers.append(Offer("lure", {"do": "lure", "who": name, "from": square}, {"who": name, "at": square}))
            if not b.geared:
                offers.append(Offer("lure_scan", {"do": "lure", "who": name, "from": square, "scan": 1},
                                    {"who": name, "at": square}))
    if workers:
        offers += [Offer("workers_move", {"do": "workers", "floor": floor, "from": square, "to": sq, "count": workers},
                         {"to": sq, "count": workers}) for sq in plan.adjacent(square)]
    return offers


def _guard_room(state: GameState, floor: int, square: str) -> Offer:
    """Marking a room as a guard room, or not (its tile's banner; the app asks what it does when he walks in)."""
    guard_room = state.floors[floor].tiles.get(square) == GUARD_ROOM
    return Offer("guard_room_off" if guard_room else "guard_room_on",
                 {"do": "reveal", "floor": floor, "at": square, "type": "room" if guard_room else GUARD_ROOM},
                 {"at": square})


# -- the burglar whose turn it is -------------------------------------------------------------------

def player_offers(state: GameState, who: str) -> list[Offer]:
    """Placing the guards before the heist (bb3 Standard Setup 8-13); then, on ``who``'s turn, getting out
    (the scenario card says where and when, which the table checks)."""
    if state.pending or state.outcome or not state.order:
        return []
    first = state.floors.get(1)
    if first is not None and not first.appeared and first.guard is None:
        return [Offer("start", {"do": "start"})]
    if who != state.current() or not started(state) or not inside(state, who):
        return []
    return [Offer("escape", {"do": "escape", "who": who}, {"who": who})]


# -- what the table counts ----------------------------------------------------------------------------

def corrections(state: GameState) -> list[Offer]:
    """Each floor's suspicion (an effect adds or takes a cube; the third turns the die up, bb3 Alarms and
    Suspicion) and die, and each burglar's Stealth and disguise (bb3 Disguises)."""
    if state.pending or not state.order:
        return []
    offers = []
    for n, fl in sorted(state.floors.items()):
        if in_play(state):
            offers.append(Offer("suspicion_more", {"do": "suspicion", "floor": n, "count": 1},
                                {"floor": n, "now": fl.suspicion}))
            if fl.suspicion:
                offers.append(Offer("suspicion_less", {"do": "suspicion", "floor": n, "count": -1},
                                    {"floor": n, "now": fl.suspicion}))
        offers += steps("die", {"do": "set", "field": "die", "floor": n}, "value", fl.die, *DIE, floor=n)
    for name in state.order:
        b = state.crew[name]
        offers += steps("stealth", {"do": "set", "field": "stealth", "who": name}, "value", b.stealth, 0, MOST_STEALTH,
                        who=name)
        offers.append(Offer("disguise_on" if b.geared else "disguise_off",
                            {"do": "set", "field": "geared", "who": name, "value": 0 if b.geared else 1},
                            {"who": name, "disguised": not b.geared}, correction=True))
    return offers


LEGAL = LegalActions(room_offers, player_offers, corrections)
