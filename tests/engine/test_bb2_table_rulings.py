"""Burgle Bros 2 at the table (issue 21 §2-3): a face-down room said after walking in acts exactly as one said
first; a destination changed or swapped while the bouncer hunts; a player carrying a Prima Donna meeting a
bouncer (Bodyguard Heist One's loss); the Revolving Door's diagonal jump.

Rulebook: ../shared/seeds/bb2-casino-capers-en.md ("Entering the Casino", "Hunting", "Tile Clarifications",
"Bodyguard Heist One"); guard-rules.md §6 and §1.22's bb2 rows."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.cases import state_from_case
from assistant.engine.errors import IllegalActionError, MalformedActionError
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.state import GameState
from tests.engine.helpers import accepted, play, rules_of

SLOTS_FIRST = {"do": "reveal", "floor": 1, "at": "B2", "type": "slots", "number": 4}
INTO_B2 = {"do": "move", "who": "ana", "floor": 1, "to": "B2"}


def casino(floor1: dict[str, Any], crew: dict[str, dict[str, Any]], floor2: dict[str, Any] | None = None
           ) -> GameState:
    floors = {"1": floor1, **({"2": floor2} if floor2 else {})}
    return state_from_case({"rules": "bb2", "floors": floors, "crew": crew})


def slots_position() -> GameState:
    """The public case slots-commotion.json with B2 still face down: Ana next door, Bob out of its row and column."""
    return casino({"guard": "D4", "destination": "D1", "patrol": ["A4"]},
                  {"ana": {"floor": 1, "at": "B1"}, "bob": {"floor": 1, "at": "C3"}})


def bouncer_after(state: GameState) -> tuple[str | None, str | None]:
    fl = state.floors[1]
    return fl.guard, fl.destination


# -- §2: move, then say what the room is ----------------------------------------------------------------

def test_slots_said_after_walking_in_makes_the_same_commotion_as_said_first():
    """bb2 Entering the Casino ("reveal the tile … If it says WHEN YOU ENTER, do what it says") and Slots ("When
    you enter this tile, you make a commotion here"): the order in which the table taps makes no difference."""
    first = play(slots_position(), SLOTS_FIRST, INTO_B2)
    after = play(slots_position(), INTO_B2, SLOTS_FIRST)
    assert bouncer_after(first.state) == bouncer_after(after.state) == ("C4", "B2")
    assert first.entered() == after.entered() == ["C4"]
    assert [e.kind for e in after.log][:7] == ["move", "reveal", "said", "slots", "destination", "commotion", "enter"]
    assert [e.kind for e in after.log][3:] == [e.kind for e in first.log][2:]
    assert after.state.crew["ana"].unsaid == ""


def test_said_in_the_same_move_as_walking_in_acts_too():
    """The move that carries the room's type (one tap on a face-down room) is saying it first."""
    out = play(slots_position(), {**INTO_B2, "type": "slots", "number": 4})
    assert bouncer_after(out.state) == ("C4", "B2")


def test_table_games_said_after_walking_in_asks_for_the_dice():
    """bb2 Table Games: walking in, the player rolls the two casino dice; 7 or 11 takes 1 heat away."""
    start = casino({"guard": "D4", "destination": "D1"}, {"ana": {"floor": 1, "at": "B1", "heat": 2}})
    out = play(start, INTO_B2, {"do": "reveal", "floor": 1, "at": "B2", "type": "table-games", "number": 3})
    assert out.question["kind"] == "table_games"
    done = play(out.state, {"do": "answer", "choice": "7"})
    assert done.state.crew["ana"].heat == 1


def test_a_buffet_said_after_walking_in_counts_her_entry():
    """bb2 Buffet: "Each time a player enters this tile, add a counting cube"."""
    start = casino({"guard": "D4", "destination": "D1"}, {"ana": {"floor": 1, "at": "B1"}})
    out = play(start, INTO_B2, {"do": "reveal", "floor": 1, "at": "B2", "type": "buffet", "number": 1})
    assert out.state.floors[1].cubes == {"B2": 1}


def test_a_room_said_once_her_turn_is_over_acts_no_more():
    """Her turn ended and the bouncer moved: the room's entering text belonged to that turn (bb2 Bouncer's Turn:
    after the player's turn). Saying it later only turns it up."""
    start = casino({"guard": "D4", "destination": "D1", "patrol": ["A4", "A3"]},
                   {"ana": {"floor": 1, "at": "B1"}, "bob": {"floor": 1, "at": "C3"}})
    out = play(start, INTO_B2, {"do": "end_turn"})
    late = play(out.state, SLOTS_FIRST)
    assert [e.kind for e in late.log] == ["reveal"]
    assert late.state.floors[1].destination == out.state.floors[1].destination


def test_a_room_said_after_she_moved_on_acts_no_more():
    start = casino({"guard": "D4", "destination": "D1"}, {"ana": {"floor": 1, "at": "B1"}})
    out = play(start, INTO_B2, {"do": "move", "who": "ana", "floor": 1, "to": "B3"}, SLOTS_FIRST)
    assert [e.kind for e in out.log][-1] == "reveal" and out.state.floors[1].destination == "D1"


def test_an_entrance_walked_into_face_down_is_asked_for_and_acts_when_said():
    """bb2 Entering the Casino: "they must move into one of the 2 entrance tiles. Then, they'll reveal the tile …
    If it says WHEN YOU ENTER, do what it says." The engine offers saying what it is, a tile picker."""
    game = new_bb2_game([{"name": "Ann"}, {"name": "Bob"}], entrances=["A1", "D4"], walls=[[], []])
    game = play(game, {"do": "start"}, answers=["D1", "D3", "C3", "C2"]).state
    legal = rules_of(game).legal
    game = apply(game, {"do": "move", "who": "Ann", "floor": 1, "to": "A1"}).state
    say = [o for o in legal.player(game, "Ann") if o.code == "say_room"]
    assert [(o.action, o.needs) for o in say] == [({"do": "reveal", "floor": 1, "at": "A1"}, "tile")]
    said = play(game, {**say[0].action, "type": "slots", "number": 2})
    assert said.state.floors[1].destination == "A1" and said.entered() == ["C1"]
    assert [o for o in legal.player(said.state, "Ann") if o.code == "say_room"] == []


# -- §3: a destination changed or swapped while he hunts ------------------------------------------------

def hunting() -> GameState:
    return casino({"guard": "D4", "destination": None}, {"ana": {"floor": 1, "at": "A1"}})


def test_a_swap_while_the_bouncer_hunts_does_nothing():
    """bb2 Hunting: "Cards that make you change or swap a destination have no effect if there is no destination
    marker on the playmat for that floor"."""
    out = play(hunting(), {"do": "bouncer", "effect": "swap", "floor": 1, "at": "B2"})
    assert bouncer_after(out.state) == ("D4", None)
    assert [(e.kind, e.data.get("how")) for e in out.log] == [("no_effect", "swap_hunting")]
    # and he goes on hunting Ana
    turn = play(out.state, {"do": "guard_turn", "floor": 1})
    assert turn.entered() == ["C4", "B4", "A4"]


def test_a_marker_set_while_he_hunts_ends_the_hunt_unlike_a_swap():
    """bb2 Hunting: "If you set a new destination in this way … the bouncer will stop hunting"."""
    out = play(hunting(), {"do": "bouncer", "effect": "marker", "floor": 1, "at": "B2"})
    assert bouncer_after(out.state) == ("D4", "B2")


def test_a_swap_moves_his_marker_without_a_step():
    start = casino({"guard": "D4", "destination": "D1", "patrol": ["A4"]}, {"ana": {"floor": 1, "at": "A1"}})
    out = play(start, {"do": "bouncer", "effect": "swap", "floor": 1, "at": "B2"})
    assert bouncer_after(out.state) == ("D4", "B2") and out.entered() == []


def test_a_swap_onto_his_own_room_is_an_arrival():
    """bb2 Bouncer's Turn: "If the bouncer reaches his destination, draw a new patrol card"."""
    start = casino({"guard": "D4", "destination": "D1", "patrol": ["A4"]}, {"ana": {"floor": 1, "at": "A1"}})
    out = play(start, {"do": "bouncer", "effect": "swap", "floor": 1, "at": "D4"})
    assert bouncer_after(out.state) == ("D4", "A4") and out.drawn() == ["A4"]


def test_the_swap_is_offered_while_he_hunts_and_says_so():
    offers = [o for o in rules_of(hunting()).legal.room(hunting(), 1, "B2") if o.code == "bouncer_swap"]
    assert [(o.action, o.params["hunting"]) for o in offers] == [
        ({"do": "bouncer", "effect": "swap", "floor": 1, "at": "B2"}, True)]


# -- §3: carrying a Prima Donna onto the bouncer ----------------------------------------------------------

def bodyguard(ana: dict[str, Any], **floor: Any) -> GameState:
    return casino({"guard": "C2", "destination": "D1", "patrol": ["A4"], **floor}, {"ana": {"floor": 1, **ana}})


def test_walking_into_the_bouncer_with_a_prima_donna_loses_the_heist():
    """Bodyguard Heist One, Loss: "If a player with a Prima Donna chip is ever on the same tile as a bouncer, the
    players lose"."""
    out = play(bodyguard({"at": "B2", "prima_donnas": 1}), {"do": "move", "who": "ana", "floor": 1, "to": "C2"})
    assert out.state.outcome == "caught"
    assert [(e.kind, e.data.get("how")) for e in out.log][-1] == ("caught", "prima_donna")


def test_without_a_prima_donna_walking_in_costs_heat_only():
    out = play(bodyguard({"at": "B2"}), {"do": "move", "who": "ana", "floor": 1, "to": "C2"})
    assert out.state.outcome is None and out.state.crew["ana"].heat == 2


def test_the_bouncer_walking_in_on_her_loses_even_under_a_crowd():
    """The Crowd chip covers heat (bb2 Crowd), not the finale's loss, which needs only the same tile."""
    start = bodyguard({"at": "B2", "prima_donnas": 1}, destination="A2", crowd=["B2"])
    out = play(start, {"do": "guard_turn", "floor": 1})
    assert out.state.outcome == "caught" and out.entered() == ["B2"]


def test_taking_a_prima_donna_in_the_bouncers_room_loses_the_heist():
    out = play(bodyguard({"at": "C2"}), {"do": "prima_donna", "who": "ana", "count": 1})
    assert out.state.outcome == "caught"


def test_jumping_onto_the_bouncer_with_a_prima_donna_loses_the_heist():
    """A peeked Prima Donna pulls the player in (bb2 Chips Glossary): the same tile as the bouncer. She holds one
    of the box's two: the other is still on the board to peek at (§1.22 "One of each card (new, turn 4)")."""
    out = play(bodyguard({"at": "B2", "prima_donnas": 1}),
               {"do": "chip", "chip": "prima_donna", "who": "ana", "floor": 1, "to": "C2"})
    assert out.state.outcome == "caught"


def test_the_count_she_holds_is_read_and_reported_by_a_case():
    state = bodyguard({"at": "A1", "prima_donnas": 2})
    assert state.crew["ana"].prima_donnas == 2
    with pytest.raises(ValueError, match="prima_donnas"):
        bodyguard({"at": "A1", "prima_donnas": 3})
    with pytest.raises(MalformedActionError):
        apply(state, {"do": "prima_donna", "who": "ana", "count": 3})


def test_prima_donnas_are_offered_to_whoever_is_inside_up_to_two():
    state = bodyguard({"at": "A1", "prima_donnas": 2})
    steps = [(o.code, o.action["count"]) for o in rules_of(state).legal.corrections(state)
             if o.code.startswith("prima_donnas")]
    assert steps == [("prima_donnas_less", 1)]


# -- §3: the Revolving Door -----------------------------------------------------------------------------

def door(at: str = "B2", **floor: Any) -> GameState:
    return casino({"guard": "D4", "destination": "D1", "tiles": {"B2": "revolving-door", "C3": "slots"},
                   "walls": ["B2-C2", "B2-B3", "C2-C3", "B3-C3"], **floor}, {"ana": {"floor": 1, "at": at}})


def test_the_revolving_door_jumps_to_a_corner_room_through_walls():
    """bb2 Revolving Door: "spend 2 actions to jump to a diagonal tile touching the corner of this tile, ignoring
    walls". A jump is not walking in (our ruling, as the chips'): the Slots stay quiet."""
    out = play(door(), {"do": "revolving_door", "who": "ana", "to": "C3"})
    b = out.state.crew["ana"]
    assert (b.floor, b.at) == (1, "C3") and out.state.floors[1].destination == "D1"
    assert [(e.kind, e.data.get("how")) for e in out.log] == [("jump", "revolving_door")]


def test_the_revolving_door_onto_the_bouncer_costs_heat():
    out = play(door(guard="C3"), {"do": "revolving_door", "who": "ana", "to": "C3"})
    assert out.state.crew["ana"].heat == 2


@pytest.mark.parametrize("at, to, why", [("A1", "B2", "not on a Revolving Door"),
                                         ("B2", "C2", "touching one of its corners: A1, C1, A3, C3")])
def test_the_revolving_door_refuses_saying_why_and_changes_nothing(at, to, why):
    state = door(at)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=why):
        apply(state, {"do": "revolving_door", "who": "ana", "to": to})
    assert state.to_json() == before


def test_the_revolving_door_is_offered_in_its_four_corner_rooms_only():
    state = door()
    legal = rules_of(state).legal
    offered = [sq for sq in state.plan(1).names for o in legal.room(state, 1, sq) if o.code == "revolving_door"]
    assert offered == ["A1", "C1", "A3", "C3"]
    assert all(accepted(state, o) for sq in offered for o in legal.room(state, 1, sq))
