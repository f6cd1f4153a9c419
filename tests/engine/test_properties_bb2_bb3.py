"""Property tests for Burgle Bros 2 and 3: random action sequences on heists from ``new_bb2_game`` and
``new_bb3_game`` only ever raise RulesError, keep each game's invariants, and replay exactly.

Invariants (guard-rules.md §6-7; bb2 rulebook "Bouncer's Turn", "Hunting", "How to Play, Win...and
Lose"; bb3 rulebook "Turn Order and Guard Turns", "Alarms and Suspicion", "Workers"):

* every figure stands on a room of its own floor; a bouncer or guard without a destination is a bb2
  bouncer hunting because his deck ran out;
* bb2: heat 0 to 6, and 6 heat means the heist is lost; patrol cards are only ever moved from the deck
  to the discard pile (a bb2 deck is never reshuffled); counting cubes and Crowd chips sit on rooms;
* bb3: the destination die shows 1 to 6; alarm cubes sit on rooms, never under the guard once a move
  is over; suspicion stays below 3 (the third cube turns the die up); workers sit on rooms; the 21
  cards of a floor are all in its deck, discard or set aside, through every reshuffle;
* every question to the table has options, and a card question offers every room;
* ``apply`` never touches its input, the state round-trips through JSON, and replaying the same
  actions from the new heist gives the same state (undo = replay all but the last).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from assistant.engine.bb2.setup import BB2_CORNERS, new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.scenarios import inner_walls, random_walls
from assistant.engine.state import DISTRACTED, HIDDEN, WORKER, WORKERS_MOVE, GameState
from tests.engine.random_play import play_randomly
from tests.profiles import examples

NAMES = ("red", "blue", "green", "yellow")
ROOMS = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
WALL_SLOTS = set(inner_walls(4))
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
NOTABLE = {"enter", "arrive", "hunt", "commotion", "heat", "crowd", "surveillance", "buffet", "cube", "caught",
           "redraw", "reshuffle", "suspicion", "worker", "alarm", "alarm_off", "stealth", "idle", "undercover"}


# -- heists and actions ------------------------------------------------------------------------------------

@st.composite
def walls(draw) -> list[list[str]]:
    """The players' walls: a random legal layout, one with choke points, or open floors (drawn later)."""
    kind = draw(st.sampled_from(("random", "random", "hard", "open")))
    if kind == "open":
        return [[], []]
    return [random_walls(4, 8, seed=draw(SEEDS), prefer_chokepoints=kind == "hard") for _ in range(2)]


def crew(players: int) -> list[dict[str, str]]:
    return [{"name": n} for n in NAMES[:players]]


@st.composite
def bb2_params(draw) -> dict[str, Any]:
    return {"crew": crew(draw(st.integers(1, 4))), "walls": draw(walls()),
            "entrances": draw(st.lists(st.sampled_from(BB2_CORNERS), min_size=2, max_size=2, unique=True)),
            # small decks run out (hunting) within a short game; 16 is the box
            "cards": (draw(st.sampled_from((3, 5, 8, 16, 22))), draw(st.sampled_from((3, 5, 16)))),
            "tiebreak": draw(st.sampled_from(("rulebook", "bga"))), "seed": draw(SEEDS)}


@st.composite
def bb3_params(draw) -> dict[str, Any]:
    return {"crew": crew(draw(st.integers(1, 4))), "walls": draw(walls()),
            "tiebreak": draw(st.sampled_from(("rulebook", "bga"))), "seed": draw(SEEDS)}


def near(data, state: GameState, floor: int) -> str:
    """A room, half the time one where something is going on (the guard, his destination, his
    neighbours, a burglar) so that entries, heat, cubes and alarms actually meet the guard."""
    fl = state.floors[floor]
    hot = {b.at for b in state.crew.values() if b.at and b.floor == floor} | {s for s in (fl.guard,
                                                                                          fl.destination) if s}
    if fl.guard:
        hot |= set(state.plan(floor).adjacent(fl.guard))
    rooms = st.sampled_from(ROOMS)
    return data.draw(st.one_of(rooms, st.sampled_from(sorted(hot))) if hot else rooms, label="room")


BB2_KINDS = ("end_turn",) * 6 + ("move",) * 3 + ("commotion",) * 3 + ("reveal",) * 3 + (
    "guard_turn", "undercover", "crowd", "cubes", "heat", "place", "escape", "start")
BB3_KINDS = ("end_turn",) * 6 + ("move",) * 3 + ("alarm",) * 4 + (
    "remove_alarm", "suspicion", "workers", "geared", "die", "guard_turn", "place", "escape", "start", "entrance")


def bb2_action(data, state: GameState) -> dict[str, Any]:
    who = state.current()
    me = state.crew[who] if who else None
    if me and me.at is None and not me.escaped and data.draw(st.integers(0, 3), label="enter now?"):
        # bb2 Entering the Casino: a player's first move is into one of the two entrances
        return {"do": "move", "who": who, "floor": 1, "to": data.draw(st.sampled_from(state.entrances))}
    kind = data.draw(st.sampled_from(BB2_KINDS), label="kind")
    f = data.draw(st.sampled_from(sorted(state.floors)), label="floor")
    name = data.draw(st.sampled_from(sorted(state.crew)), label="who")
    if kind in ("end_turn", "start"):
        return {"do": kind}
    if kind == "guard_turn":
        return {"do": kind, "floor": f}
    if kind in ("move", "place"):
        return {"do": kind, "who": name, "floor": f, "to": near(data, state, f)}
    if kind == "commotion":
        return {"do": kind, "floor": f, "at": near(data, state, f), "steps": data.draw(st.sampled_from((1, 1, 3)))}
    if kind == "reveal":
        return {"do": kind, "floor": f, "at": near(data, state, f), "number": data.draw(st.integers(1, 6)),
                "type": data.draw(st.sampled_from(("surveillance", "crows-nest", "buffet", "slots")))}
    if kind == "undercover":
        return {"do": kind, "floor": f, "at": near(data, state, f)}
    if kind == "crowd":
        return {"do": kind, "floor": f, "at": near(data, state, f), "on": data.draw(st.booleans())}
    if kind == "cubes":
        return {"do": "set", "field": "cubes", "floor": f, "at": near(data, state, f),
                "value": data.draw(st.integers(0, 5))}
    if kind == "heat":
        return {"do": "set", "field": "heat", "who": name, "value": data.draw(st.integers(0, 6))}
    return {"do": "escape", "who": name}


def bb3_action(data, state: GameState) -> dict[str, Any]:
    kind = data.draw(st.sampled_from(BB3_KINDS), label="kind")
    f = data.draw(st.sampled_from(sorted(state.floors)), label="floor")
    name = data.draw(st.sampled_from(sorted(state.crew)), label="who")
    fl = state.floors[f]
    if kind in ("end_turn", "start"):
        return {"do": kind}
    if kind == "guard_turn":
        return {"do": kind, "floor": f}
    if kind == "entrance":
        return {"do": kind, "at": data.draw(st.sampled_from(ROOMS))}
    if kind in ("move", "place"):
        return {"do": kind, "who": name, "floor": f, "to": near(data, state, f)}
    if kind == "alarm":
        return {"do": kind, "floor": f, "at": near(data, state, f)}
    if kind == "remove_alarm":
        at = data.draw(st.sampled_from(fl.alarms)) if fl.alarms and data.draw(st.booleans()) else near(data, state, f)
        return {"do": kind, "floor": f, "at": at}
    if kind == "suspicion":
        return {"do": kind, "floor": f, "count": data.draw(st.sampled_from((1, 1, -1)))}
    if kind == "workers":
        return {"do": "set", "field": "workers", "floor": f, "at": near(data, state, f),
                "value": data.draw(st.integers(0, 3))}
    if kind == "geared":
        return {"do": "set", "field": "geared", "who": name, "value": data.draw(st.integers(0, 1))}
    if kind == "die":
        return {"do": "set", "field": "die", "floor": f, "value": data.draw(st.integers(1, 6))}
    return {"do": "escape", "who": name}


# -- invariants ------------------------------------------------------------------------------------------------

def check_common(state: GameState, where: str) -> None:
    for n, fl in state.floors.items():
        at = f"{where}, floor {n}"
        assert fl.guard is None or fl.guard in ROOMS, f"{at}: figure on {fl.guard!r}"
        assert fl.destination is None or fl.destination in ROOMS, f"{at}: destination on {fl.destination!r}"
        assert set(fl.walls) <= WALL_SLOTS, f"{at}: walls {fl.walls}"
    for who, b in state.crew.items():
        assert b.floor in state.floors, f"{where}: {who} on floor {b.floor}"
        assert b.at is None or b.at in ROOMS, f"{where}: {who} in {b.at!r}"


def check_bb2(state: GameState, cards: dict[int, int], where: str) -> None:
    check_common(state, where)
    for who, b in state.crew.items():
        assert 0 <= b.heat <= 6, f"{where}: {who} has {b.heat} heat"
        assert state.outcome or b.heat < 6, f"{where}: {who} reached 6 heat but the heist goes on"
    for n, fl in state.floors.items():
        at = f"{where}, floor {n}"
        assert all(v >= 1 and sq in ROOMS for sq, v in fl.cubes.items()), f"{at}: counting cubes {fl.cubes}"
        assert len(set(fl.crowd)) == len(fl.crowd) and set(fl.crowd) <= set(ROOMS), f"{at}: crowd {fl.crowd}"
        if state.pending is not None:
            continue  # mid-action: a drawn card may be in the table's hand
        assert fl.unseen == () and set(fl.deck) <= {HIDDEN}, f"{at}: deck {fl.deck} unseen {fl.unseen}"
        # the table's real deck decides (bb2 Hunting): "our deck is empty" drops the cards the count still had,
        # and a card found when the count said 0 is one more; either way the deck is empty after it
        assert len(fl.deck) + len(fl.discard) == cards[n] or not fl.deck, \
            f"{at}: {fl.deck} + {fl.discard} != {cards[n]} cards"
        assert set(fl.discard) <= set(ROOMS) | {DISTRACTED}, f"{at}: discard {fl.discard}"
        if fl.guard is not None and fl.destination is None:
            assert not fl.deck, f"{at}: hunting with {len(fl.deck)} cards left"


def check_bb3(state: GameState, cards: dict[int, int], where: str) -> None:
    check_common(state, where)
    for who, b in state.crew.items():
        assert 0 <= b.stealth <= 6, f"{where}: {who} has {b.stealth} Stealth"
    for n, fl in state.floors.items():
        at = f"{where}, floor {n}"
        assert isinstance(fl.die, int) and 1 <= fl.die <= 6, f"{at}: die shows {fl.die}"
        assert 0 <= fl.suspicion <= 2, f"{at}: suspicion {fl.suspicion}"
        assert list(fl.alarms) == sorted(fl.alarms) and set(fl.alarms) <= set(ROOMS), f"{at}: alarm cubes {fl.alarms}"
        assert all(v >= 1 and sq in ROOMS for sq, v in fl.workers.items()), f"{at}: workers {fl.workers}"
        if state.pending is not None:
            continue
        assert fl.guard is None or fl.guard not in fl.alarms, f"{at}: alarm cube under the guard in {fl.guard}"
        assert fl.guard is None or fl.destination is not None, f"{at}: a guard with no destination"
        assert len(fl.deck) + len(fl.discard) + len(fl.unseen) == cards[n], f"{at}: cards lost or gained"
        assert set(fl.discard) <= set(ROOMS) | {WORKER, WORKERS_MOVE}, f"{at}: discard {fl.discard}"


def check_question(question: dict[str, Any], where: str) -> None:
    options = question["options"]
    assert options and all(isinstance(o, str) for o in options), f"{where}: question without options {question}"
    assert len(set(options)) == len(options), f"{where}: an option twice {options}"
    if question["kind"] == "card":
        assert set(ROOMS) <= set(options), f"{where}: a card question that leaves rooms out {options}"


# -- the random heist ------------------------------------------------------------------------------------------

def start_first(data: Any, state: GameState) -> list[dict[str, Any]]:
    return [{"do": "start"}] if data.draw(st.integers(0, 3), label="set up first? (0: no)") else []


RANDOM_GAMES = settings(max_examples=examples(120), deadline=None, database=None,
                        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
                        phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink])


@RANDOM_GAMES
@given(params=bb2_params(), data=st.data())
def test_random_bb2_heists_keep_their_invariants_and_replay(params, data):
    play_randomly(data, new_bb2_game, params, bb2_action, check_bb2, notable=NOTABLE, setup=start_first,
                  check_question=check_question)


@RANDOM_GAMES
@given(params=bb3_params(), data=st.data())
def test_random_bb3_heists_keep_their_invariants_and_replay(params, data):
    play_randomly(data, new_bb3_game, params, bb3_action, check_bb3, notable=NOTABLE, setup=start_first,
                  check_question=check_question)

