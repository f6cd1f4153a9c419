"""Burgle Bros 2's legal actions (``Bb2.legal``): what a tapped room, the panel of the burglar whose turn it
is and the table's counters offer, each an action ``actions.apply`` accepts. The table app draws these and
decides nothing: a counter's "−" or "+" is there only when the engine offers it.

>>> from assistant.engine.bb2.setup import new_bb2_game
>>> s = new_bb2_game([{"name": "Ann"}], entrances=["A1", "D4"])
>>> [o.code for o in player_offers(s, "Ann")]
['start']
>>> [o.action["count"] for o in corrections(s) if o.code.startswith("deck") and o.action["floor"] == 1]
[15, 17]
"""

from __future__ import annotations

from ..board import square_coords, square_name
from ..offers import LegalActions, Offer, in_play, inside, moves, steps
from ..state import GameState
from .limits import BUFFET_LIMIT, HEAT_LIMIT, MOST_CUBES, MOST_DECK, PRIMA_DONNAS, SURVEILLANCE_LIMIT

# rooms that count cubes, and the cube that sets them off: Surveillance heats the floor at 4, the Buffet
# makes a commotion at 3 (bb2 Tile Clarifications), so the table puts at most one fewer there by hand
COUNTING_ROOMS = {"surveillance": SURVEILLANCE_LIMIT, "buffet": BUFFET_LIMIT}
CAGES = "cashier-cages"  # holds up to MOST_CUBES cubes, none of which sets it off
REVOLVING_DOOR = "revolving-door"


def diagonal_rooms(state: GameState, square: str) -> list[str]:
    """The rooms touching a corner of ``square``, walls ignored (bb2 Revolving Door); the empty square left out.

    >>> from assistant.engine.state import GameState
    >>> diagonal_rooms(GameState(rules="bb2"), "A1"), diagonal_rooms(GameState(rules="bb2"), "B2")
    (['B2'], ['A1', 'C1', 'A3', 'C3'])
    """
    col, row = square_coords(square, state.size)
    corners = [(col + dc, row + dr) for dr in (-1, 1) for dc in (-1, 1)]
    return [sq for sq in (square_name(c, r) for c, r in corners if 0 <= c < state.size and 0 <= r < state.size)
            if sq not in state.void]


def prima_donnas_held(state: GameState, but: str = "") -> int:
    """The Prima Donna chips on the crew's character cards (``but``'s left out): the box has PRIMA_DONNAS."""
    return sum(b.prima_donnas for n, b in state.crew.items() if n != but)


def started(state: GameState) -> bool:
    """Every bouncer is on the board (bb2 Heist Setup 6-8) and nothing stops an action."""
    return in_play(state) and all(fl.guard is not None for fl in state.floors.values())


def coming_in(state: GameState) -> str | None:
    """Whose turn it is while they still have to walk in by an entrance (bb2 Entering the Casino)."""
    who = state.current()
    b = state.crew[who] if who else None
    return who if b is not None and state.entrances and b.at is None and not b.escaped else None


# -- one room -------------------------------------------------------------------------------------

def room_offers(state: GameState, floor: int, square: str) -> list[Offer]:
    """A tap on ``square``: the entrance for whoever comes in; else moves, a commotion, the chips (Undercover,
    Crowd, Prima Donna, Drunk), what gear or an event does to the bouncer, and the room's counting cubes."""
    if not started(state) or floor not in state.floors or square in state.void:
        return []
    who = coming_in(state)
    if who is not None:
        if floor == 1 and square in state.entrances:
            return [Offer("enter", {"do": "move", "who": who, "floor": 1, "to": square}, {"who": who, "at": square})]
        return []
    fl = state.floors[floor]
    here = {"floor": floor, "at": square}
    offers = moves(state, floor, square)
    offers.append(Offer("commotion", {"do": "commotion", **here}, {"at": square}))
    if fl.guard != square:
        offers.append(Offer("undercover", {"do": "undercover", **here}, {"at": square}))
    crowd = square in fl.crowd
    offers.append(Offer("crowd_off" if crowd else "crowd_on", {"do": "crowd", **here, "on": not crowd}, {"at": square}))
    offers += _chips(state, floor, square)
    if fl.guard != square:
        offers.append(Offer("bouncer_jump", {"do": "bouncer", "effect": "jump", **here}, {"at": square}))
    if fl.destination != square:
        offers.append(Offer("bouncer_marker", {"do": "bouncer", "effect": "marker", **here},
                            {"at": square, "hunting": fl.destination is None}))
        offers.append(Offer("bouncer_swap", {"do": "bouncer", "effect": "swap", **here},
                            {"at": square, "hunting": fl.destination is None}))
    return offers + _revolving_doors(state, floor, square) + cube_offers(state, floor, square)


def _revolving_doors(state: GameState, floor: int, square: str) -> list[Offer]:
    """Whoever stands on a Revolving Door touching a corner of this room may jump here (bb2 Revolving Door)."""
    fl = state.floors[floor]
    return [Offer("revolving_door", {"do": "revolving_door", "who": n, "floor": floor, "to": square},
                  {"who": n, "at": square, "door": b.at})
            for n, b in ((n, state.crew[n]) for n in state.order)
            if inside(state, n) and b.floor == floor and fl.tiles.get(str(b.at)) == REVOLVING_DOOR
            and square in diagonal_rooms(state, str(b.at))]


def _chips(state: GameState, floor: int, square: str) -> list[Offer]:
    """The Prima Donna pulling whoever peeked next door, the Drunk sliding or dropping whoever stands here
    (bb2 Chips Glossary)."""
    plan = state.plan(floor)
    offers = []
    for name in state.order:
        b = state.crew[name]
        if not inside(state, name) or b.floor != floor:
            continue
        if b.at != square and square in plan.adjacent(str(b.at)) and prima_donnas_held(state) < PRIMA_DONNAS:
            offers.append(Offer("chip_prima_donna", {"do": "chip", "chip": "prima_donna", "who": name,
                                                     "floor": floor, "to": square}, {"who": name, "at": square}))
        if b.at == square and floor == 1:
            offers += [Offer("chip_drunk", {"do": "chip", "chip": "drunk", "who": name, "floor": 1, "to": sq},
                             {"who": name, "to": sq, "floor": 1}) for sq in plan.touching(square)]
        if b.at == square and floor == 2 and 1 in state.floors:
            offers.append(Offer("chip_drunk", {"do": "chip", "chip": "drunk", "who": name, "floor": 1, "to": square},
                                {"who": name, "to": square, "floor": 1}))
    return offers


def cube_limit(state: GameState, floor: int, square: str) -> int | None:
    """How many counting cubes the table may put on this room by hand (None: it counts none). A room that
    acts at N cubes holds N - 1 between two of its events; Cashier Cages, or a room that has cubes though
    the app does not know its type, hold up to MOST_CUBES."""
    fl = state.floors[floor]
    kind = fl.tiles.get(square, "")
    if kind in COUNTING_ROOMS:
        return COUNTING_ROOMS[kind] - 1
    return MOST_CUBES if kind == CAGES or square in fl.cubes else None


def cube_offers(state: GameState, floor: int, square: str) -> list[Offer]:
    """One counting cube fewer or more, and clearing a Surveillance room's (an action, bb2 Surveillance)."""
    most = cube_limit(state, floor, square)
    if most is None:
        return []
    fl = state.floors[floor]
    now = fl.cubes.get(square, 0)
    offers = steps("cubes", {"do": "set", "field": "cubes", "floor": floor, "at": square}, "value", now, 0, most,
                   at=square)
    if fl.tiles.get(square) == "surveillance" and now:
        offers.append(Offer("cubes_clear", {"do": "set", "field": "cubes", "floor": floor, "at": square, "value": 0},
                            {"at": square, "now": now}))
    return offers


# -- the burglar whose turn it is -------------------------------------------------------------------

def player_offers(state: GameState, who: str) -> list[Offer]:
    """Placing the bouncers before the heist (bb2 Heist Setup 6-8); then, on ``who``'s turn, walking in by an
    entrance, saying what the face-down room she walked into is, a card that makes a bouncer skip his next move
    (bb2 Gear) and the exit (bb2 Completing the Finale: the exit is the finale's, which the table checks)."""
    if state.pending or state.outcome or not state.order:
        return []
    first = state.floors.get(1)
    if first is not None and not first.appeared and first.guard is None:
        return [Offer("start", {"do": "start"})]
    if who != state.current() or not started(state):
        return []
    if coming_in(state) == who:
        return [Offer("enter", {"do": "move", "who": who, "floor": 1, "to": sq}, {"who": who, "at": sq})
                for sq in state.entrances]
    offers = said_offers(state, who)
    offers += [Offer("bouncer_skip", {"do": "bouncer", "effect": "skip", "floor": n}, {"floor": n})
               for n, fl in sorted(state.floors.items()) if fl.guard is not None and not fl.skip]
    if inside(state, who):
        offers.append(Offer("escape", {"do": "escape", "who": who}, {"who": who}))
    return offers


def said_offers(state: GameState, who: str) -> list[Offer]:
    """She walked into a face-down room (an entrance too): the table says what it is, and its "when you enter"
    text acts then (bb2 Entering the Casino: move in, reveal the tile, do what it says)."""
    b = state.crew[who]
    floor, _sep, square = b.unsaid.partition("-")
    if not b.unsaid or not inside(state, who) or (str(b.floor), b.at) != (floor, square):
        return []
    return [Offer("say_room", {"do": "reveal", "floor": b.floor, "at": square}, {"who": who, "at": square,
                                                                                "floor": b.floor}, needs="tile")]


# -- what the table counts ----------------------------------------------------------------------------

def corrections(state: GameState) -> list[Offer]:
    """Each burglar's heat (what cards give; 6 loses the heist, bb2 Heat) and each floor's patrol deck (the
    Suspicion Meter and finales add and take cards: at most every card of the box, MOST_DECK)."""
    if state.pending or not state.order:
        return []
    offers = [o for n in state.order for o in steps("heat", {"do": "set", "field": "heat", "who": n}, "value",
                                                     state.crew[n].heat, 0, HEAT_LIMIT, who=n)]
    if in_play(state):
        offers += [o for n, fl in sorted(state.floors.items())
                   for o in steps("deck", {"do": "deck", "floor": n}, "count", len(fl.deck), 0, MOST_DECK, floor=n)]
        # Bodyguard Heist One: the Prima Donna chips on each character card, the box's two among the whole crew
        offers += [o for n in state.order if inside(state, n)
                   for o in steps("prima_donnas", {"do": "prima_donna", "who": n}, "count",
                                  state.crew[n].prima_donnas, 0, PRIMA_DONNAS - prima_donnas_held(state, n), who=n)]
    return offers


LEGAL = LegalActions(room_offers, player_offers, corrections)
