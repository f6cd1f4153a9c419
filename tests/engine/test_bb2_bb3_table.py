"""The Burgle Bros 2 and 3 tables around the bouncers and guards (issue 13 items 2-5): rooms that make
commotions or change heat, chips that move a player, the table's patrol deck, manual controls for gear
and events, bb3 guard rooms and workers. Each test names the rulebook section it follows."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import Result, apply
from assistant.engine.state import EMPTY_DECK
from assistant.engine.cases import state_from_case
from assistant.engine.errors import IllegalActionError
from tests.engine.helpers import ruleset_for
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.state import HIDDEN, GameState


def bb(rules: str, floors: dict[str, dict[str, Any]], crew: dict[str, dict[str, Any]]) -> GameState:
    return state_from_case({"rules": rules, "floors": floors, "crew": crew})


def run(state: GameState, *actions: dict[str, Any], answers: tuple[str, ...] = ()) -> Result:
    result = None
    log = []
    for action in actions:
        result = apply(state, action)
        state = result.state
        log += result.log
    pending = list(answers)
    while result is not None and result.question and pending:
        result = apply(state, {"do": "answer", "choice": pending.pop(0)})
        state = result.state
        log += result.log
    assert result is not None
    return Result(state, log)


def kinds(result: Result, kind: str) -> list[str]:
    return [e.data.get("how", "") for e in result.log if e.kind == kind]


# -- Burgle Bros 2 rooms (Tile Clarifications) ------------------------------------------------------------

def test_slots_watched_by_a_player_in_the_same_room_makes_no_commotion():
    """bb2 Slots: "another player ... in the same row or column": a player in the Slots room itself is in
    both, so walking in makes no commotion."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "tiles": {"B2": "slots"}}},
           {"ana": {"floor": 1, "at": "B1"}, "bob": {"floor": 1, "at": "B2"}})
    out = run(s, {"do": "move", "who": "ana", "floor": 1, "to": "B2"})
    assert kinds(out, "slots") == ["watched"] and out.state.floors[1].destination == "D1"


def test_slots_ignores_players_on_the_other_floor():
    """bb2 Slots: only a player on the same floor keeps the Slots quiet."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "tiles": {"B2": "slots"}},
                   "2": {"guard": "A1", "destination": "A4"}},
           {"ana": {"floor": 1, "at": "B1"}, "bob": {"floor": 2, "at": "B3"}})
    out = run(s, {"do": "move", "who": "ana", "floor": 1, "to": "B2"})
    assert kinds(out, "slots") == ["commotion"] and out.state.floors[1].destination == "B2"


def test_table_games_asks_the_sum_of_two_dice_and_never_takes_heat_below_zero():
    """bb2 Table Games: the table enters the two dice's sum in one tap; 7 takes 1 heat, but not below 0."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "tiles": {"C3": "table-games"}}},
           {"ana": {"floor": 1, "at": "C2", "heat": 0}})
    asked = apply(s, {"do": "move", "who": "ana", "floor": 1, "to": "C3"})
    assert asked.question is not None and asked.question["kind"] == "table_games"
    assert asked.question["options"] == [str(n) for n in range(2, 13)]
    out = run(s, {"do": "move", "who": "ana", "floor": 1, "to": "C3"}, answers=("7",))
    assert out.state.crew["ana"].heat == 0 and kinds(out, "table_games") == ["lucky"]


def test_count_room_commotion_under_the_bouncer_is_ignored():
    """bb2 Count Room makes a commotion; bb2 Commotions: one on the bouncer's own tile is ignored, and his
    turn then goes on toward his old destination."""
    s = bb("bb2", {"1": {"guard": "A1", "destination": "D1", "tiles": {"A1": "count-room"}}},
           {"ana": {"floor": 1, "at": "A1", "heat": 0}})
    out = run(s, {"do": "end_turn"})
    assert kinds(out, "count_room") == [""] and kinds(out, "no_effect") == ["commotion_here"]
    assert out.state.floors[1].guard == "D1"


def test_count_room_elsewhere_on_the_floor_does_nothing_for_the_player_who_is_not_in_it():
    """bb2 Count Room: only ending your turn *on* the tile makes the commotion."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "tiles": {"A1": "count-room"}}},
           {"ana": {"floor": 1, "at": "A2"}})
    assert kinds(run(s, {"do": "end_turn"}), "count_room") == []


# -- Burgle Bros 2 chips (Chips Glossary) -----------------------------------------------------------------

def test_drunk_on_floor_one_slides_through_a_wall_but_not_diagonally():
    """bb2 Drunk on the first floor: jump to the next tile the same way, even through walls."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "walls": ["B2-C2"]}}, {"ana": {"floor": 1, "at": "B2"}})
    out = run(s, {"do": "chip", "chip": "drunk", "who": "ana", "floor": 1, "to": "C2"})
    assert out.state.crew["ana"].at == "C2"
    with pytest.raises(IllegalActionError):
        apply(s, {"do": "chip", "chip": "drunk", "who": "ana", "floor": 1, "to": "C3"})


def test_drunk_on_floor_two_drops_to_the_same_room_of_floor_one_only():
    """bb2 Drunk on the second floor: fall to the first-floor tile in the same row and column."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1"}, "2": {"guard": "A1", "destination": "A4"}},
           {"ana": {"floor": 2, "at": "C3"}})
    with pytest.raises(IllegalActionError):
        apply(s, {"do": "chip", "chip": "drunk", "who": "ana", "floor": 1, "to": "C2"})
    assert run(s, {"do": "chip", "chip": "drunk", "who": "ana", "floor": 1, "to": "C3"}).state.crew["ana"].floor == 1


def test_chips_exist_only_in_burgle_bros_2():
    s = bb("bb3", {"1": {"guard": "D4", "destination": "D1"}}, {"ana": {"floor": 1, "at": "B2"}})
    with pytest.raises(IllegalActionError, match="Burgle Bros 2"):
        apply(s, {"do": "chip", "chip": "drunk", "who": "ana", "floor": 1, "to": "C2"})


# -- the table's patrol deck (Heist Setup 5, Hunting) -----------------------------------------------------

def test_deck_size_keeps_known_cards_on_top_and_adds_face_down_ones():
    """bb2 Heist Setup 5: the Suspicion Meter adds or takes cards; the table says the deck's size."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1", "patrol": ["A1", "B1"]}}, {})
    assert run(s, {"do": "deck", "floor": 1, "count": 4}).state.floors[1].deck == ["A1", "B1", HIDDEN, HIDDEN]
    assert run(s, {"do": "deck", "floor": 1, "count": 1}).state.floors[1].deck == ["A1"]


def test_our_deck_is_empty_answer_starts_hunting_though_the_count_had_cards():
    """bb2 Hunting: the bouncer hunts when the table's real deck runs out, whatever the app counted."""
    g = new_bb2_game([{"name": "Ann"}], entrances=["A1", "D4"], cards=(4, 4))
    s = run(g, {"do": "start"}, answers=("D4", "C4", "B2", "C3")).state
    s = run(s, {"do": "move", "who": "Ann", "floor": 1, "to": "A1"}).state
    asked = apply(s, {"do": "end_turn"})
    assert asked.question is not None and EMPTY_DECK in asked.question["options"]
    out = run(s, {"do": "end_turn"}, answers=(EMPTY_DECK,))
    fl = out.state.floors[1]
    assert fl.deck == [] and fl.destination is None
    assert [(e.data["how"], e.data.get("dropped")) for e in out.log if e.kind == "deck"] == [("empty", 2)]
    assert kinds(out, "hunt")[:2] == ["starts", "toward"]


# -- gear and events the seed does not print (manual controls) --------------------------------------------

def test_gear_skip_makes_the_bouncer_skip_exactly_his_next_move():
    """bb2 Gear (texts not in our sources): the table says a card makes the bouncer skip a move."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1"}}, {"ana": {"floor": 1, "at": "A1"}})
    once = run(s, {"do": "bouncer", "effect": "skip", "floor": 1}, {"do": "guard_turn", "floor": 1})
    assert once.state.floors[1].guard == "D4" and kinds(once, "idle") == ["card_skip"]
    assert run(once.state, {"do": "guard_turn", "floor": 1}).state.floors[1].guard == "D1"


def test_gear_jump_puts_the_bouncer_in_a_room_with_heat_for_whoever_is_there():
    """bb2 Bouncer's Turn: a bouncer entering a tile with players gives them 2 heat (a jump by a card
    enters the room as Undercover does)."""
    s = bb("bb2", {"1": {"guard": "D4", "destination": "D1"}}, {"ana": {"floor": 1, "at": "B2", "heat": 1}})
    out = run(s, {"do": "bouncer", "effect": "jump", "floor": 1, "at": "B2"})
    assert out.state.floors[1].guard == "B2" and out.state.crew["ana"].heat == 3


# -- Burgle Bros 3 guard rooms and workers ----------------------------------------------------------------

def test_a_guard_room_asks_the_table_when_he_walks_in():
    """bb3 Adjacency, Moving, and Jumping: guard tiles may act when a guard enters by moving."""
    s = bb("bb3", {"1": {"guard": "A1", "destination": "D1", "die": 3, "tiles": {"B1": "guard-room"}}}, {})
    asked = apply(s, {"do": "guard_turn", "floor": 1})
    assert asked.question is not None and asked.question["kind"] == "guard_room"
    assert asked.question["options"] == ["nothing", "suspicion", "stop"] and asked.question["default"] == "nothing"


def test_a_guard_room_does_not_act_when_he_jumps_there():
    """bb3 Adjacency, Moving, and Jumping: effects that trigger on entering do not trigger on a jump."""
    s = bb("bb3", {"1": {"guard": "A1", "destination": "D1", "die": 3, "tiles": {"B1": "guard-room"}}}, {})
    rules = ruleset_for(s.copy(), [])
    rules.jump(1, "B1")
    assert not [e for e in rules.entries if e.kind == "guard_room"]


def test_only_a_geared_character_makes_workers_flee_and_only_a_disguised_one_charms():
    """bb3 Free Actions: Flee happens only when geared; Charm needs a disguise."""
    s = bb("bb3", {"1": {"guard": "A4", "destination": "A1", "workers": {"B2": 1, "C2": 1}}},
           {"ana": {"floor": 1, "at": "B2", "geared": False}})
    with pytest.raises(IllegalActionError, match="disguised"):
        apply(s, {"do": "flee", "who": "ana", "to": "C2"})
    geared = bb("bb3", {"1": {"guard": "A4", "destination": "A1", "workers": {"B2": 1}}},
                {"ana": {"floor": 1, "at": "B2", "geared": True}})
    with pytest.raises(IllegalActionError, match="geared"):
        apply(geared, {"do": "charm", "who": "ana"})


def test_workers_move_only_to_an_adjacent_square_without_a_wall():
    """bb3 Adjacency: a wall between two squares makes them not adjacent (Flee, Lure, worker cards)."""
    s = bb("bb3", {"1": {"guard": "A4", "destination": "A1", "walls": ["B2-C2"], "workers": {"C2": 1}}},
           {"ana": {"floor": 1, "at": "B2", "geared": False}})
    with pytest.raises(IllegalActionError, match="adjacent"):
        apply(s, {"do": "lure", "who": "ana", "from": "C2"})
    with pytest.raises(IllegalActionError, match="worker"):
        apply(s, {"do": "workers", "floor": 1, "from": "B3", "to": "B4"})
