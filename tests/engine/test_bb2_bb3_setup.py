"""Burgle Bros 2 and 3 at the table: new heists by their rulebooks' setup, the table's own patrol cards,
and the counters the app keeps for the board (chips, counting cubes, suspicion, workers, disguises).

Sources: bb2 rulebook "Components", "Heist Setup", "Entering the Casino", "Bouncer's Turn" (Distracted),
"Chips Glossary" (Crowd), "Tile Clarifications" (Buffet, Surveillance), "How to Play, Win...and Lose";
bb3 rulebook "Standard Setup", "Player Setup", "Disguises", "Alarms and Suspicion", "Workers";
guard-rules.md §6-7."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.state import EMPTY_DECK
from assistant.engine.cases import state_from_case
from assistant.engine.errors import BoardError, IllegalActionError, MalformedActionError
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import DISTRACTED, HIDDEN, WORKER, WORKERS_MOVE, GameState
from tests.engine.helpers import alarm, case, floor_case, move, play, turn

CREW = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob"}]
OPEN = [[], []]


def answered(state: GameState, action: dict[str, Any], *cards: str):
    """Apply an action, then answer each "which card?" question with the next of ``cards``."""
    return play(state, action, answers=list(cards))


def bb2(fl: dict[str, Any], crew: dict[str, dict] | None = None, **extra: Any) -> GameState:
    spec = case(fl, crew=crew)
    spec["rules"] = "bb2"
    spec["floors"]["1"].update(extra)
    return state_from_case(spec)


def bb3(fl: dict[str, Any], crew: dict[str, dict] | None = None, **extra: Any) -> GameState:
    spec = case(fl, crew=crew)
    spec["rules"] = "bb3"
    spec["floors"]["1"].update(extra)
    return state_from_case(spec)


# -- Burgle Bros 2 setup ---------------------------------------------------------------------------

def test_bb2_heist_has_two_floors_the_tables_decks_two_entrances_and_no_heat():
    """bb2 Components (32 patrol cards: 16 a floor), Heist Setup 3 (8 walls a floor), Entering the
    Casino (two corner entrances); heat starts at 0 (How to Play: 6 heat loses)."""
    g = new_bb2_game(CREW, entrances=["d4", "A1"], seed=3)
    assert (g.rules, g.size, sorted(g.floors), g.deck_mode) == ("bb2", 4, [1, 2], "table")
    assert g.entrances == ("A1", "D4")
    assert all(fl.deck == [HIDDEN] * 16 and len(fl.walls) == 8 and fl.guard is None for fl in g.floors.values())
    assert [(b.heat, b.at, b.floor) for b in g.crew.values()] == [(0, None, 1), (0, None, 1)]
    assert g.order == ("Ann", "Bob") and g.crew["Ann"].colour == "#e4572e"


def test_bb2_deck_size_follows_the_suspicion_meter():
    """bb2 Heist Setup 5: the Suspicion Meter adds Distracted cards or removes patrol cards."""
    g = new_bb2_game(CREW, entrances=["A1", "D1"], walls=OPEN, cards=(18, 14))
    assert [len(fl.deck) for fl in g.floors.values()] == [18, 14]


@pytest.mark.parametrize("entrances", [["A1"], ["A1", "A1"], ["A1", "B1"], ["A1", "D1", "D4"]])
def test_bb2_needs_exactly_two_corner_entrances(entrances):
    """bb2 Entering the Casino: the players choose 2 corner tiles of the first floor."""
    with pytest.raises(BoardError, match="corner"):
        new_bb2_game(CREW, entrances=entrances, walls=OPEN)


@pytest.mark.parametrize("cards", [(1, 16), (16, 23), (16,)])
def test_bb2_deck_sizes_out_of_the_box_are_refused(cards):
    with pytest.raises(BoardError, match="patrol deck"):
        new_bb2_game(CREW, entrances=["A1", "D4"], walls=OPEN, cards=cards)


def test_bb2_walls_that_shut_a_room_off_are_refused():
    """bb2 Heist Setup 3: a wall may not close off a tile completely."""
    with pytest.raises(BoardError, match="floor 2"):
        new_bb2_game(CREW, entrances=["A1", "D4"], walls=[[], ["A1-B1", "A1-A2"]])


def test_bb2_setup_places_both_bouncers_and_markers_from_the_tables_cards():
    """bb2 Heist Setup 6-8: a card places each bouncer, the next one his destination marker; the
    cards go to each floor's discard pile."""
    g = new_bb2_game(CREW, entrances=["A1", "D4"], walls=OPEN)
    asked = play(g, {"do": "start"})
    assert asked.question["kind"] == "card" and asked.question["floor"] == 1
    out = answered(g, {"do": "start"}, "B1", "D1", "C3", "C2")
    assert [(fl.guard, fl.destination, fl.appeared) for fl in out.state.floors.values()] == [
        ("B1", "D1", True), ("C3", "C2", True)]
    assert [len(fl.deck) for fl in out.state.floors.values()] == [14, 14]
    assert out.floor(2).discard == ("C3", "C2")
    assert out.question is None


def test_bb2_setup_cards_each_ask_their_own_question_and_offer_squares_only():
    """bb2 Heist Setup 6-8 (issue 21 §2): the first card of a floor places the bouncer and its 8 chips, the
    second his destination marker; each question says which. A Distracted card names no square, so it is not
    offered at setup (the table draws the next: our ruling), nor "our deck is empty"."""
    g = new_bb2_game(CREW, entrances=["A1", "D4"], walls=OPEN)
    steps = []
    out = play(g, {"do": "start"})
    for card in ("B1", "D1", "C3", "C2"):
        q = out.question
        steps.append((q["floor"], q["params"]["setup"]))
        assert q["options"] == list(g.plan(q["floor"]).names)
        out = play(out.state, {"do": "answer", "choice": card})
    assert steps == [(1, "bouncer"), (1, "destination"), (2, "bouncer"), (2, "destination")]
    with pytest.raises(IllegalActionError, match="not one of the choices"):
        play(play(g, {"do": "start"}).state, {"do": "answer", "choice": DISTRACTED})
    # after setup the card question offers both again (bb2 Distracted, Hunting)
    later = play(out.state, move("Ann", "A1"), {"do": "end_turn"})
    assert later.question["kind"] == "card" and "setup" not in later.question["params"]
    assert later.question["options"][-2:] == [DISTRACTED, EMPTY_DECK]


def test_bb2_distracted_card_at_setup_is_set_aside_for_the_next_card():
    """bb2 Heist Setup 6 places the bouncer on the square a card names; a Distracted card names none
    (our ruling: draw the next), and as a first destination it finds no revealed even room (bb2
    Distracted: draw another card). A case's known deck may still hold one there."""
    g = bb2(floor_case(patrol=[DISTRACTED, "B1", DISTRACTED, "D1", "A4"]))
    out = play(g, {"do": "start"})
    assert (out.floor().guard, out.floor().destination) == ("B1", "D1")
    assert out.floor().discard == (DISTRACTED, "B1", DISTRACTED, "D1")
    assert [e.kind for e in out.log].count("redraw") == 2


def test_bb1_break_in_still_places_only_the_first_floors_guard():
    """guard-rules 1.13: in Burgle Bros (1) the other floors' guards appear when someone arrives."""
    out = play(new_game("bank", CREW, seed=1), {"do": "start"})
    assert [fl.appeared for fl in out.state.floors.values()] == [True, False, False]


# -- Burgle Bros 2 at the table ----------------------------------------------------------------------

def test_distracted_offers_the_rooms_turned_up_with_an_even_number():
    """bb2 Distracted: any tile on the floor with an even number in its bottom-left corner."""
    g = bb2(floor_case("A1", "B1", patrol=[DISTRACTED]))
    for square, kind, number in (("C1", "slots", 4), ("D2", "buffet", 3), ("B3", "surveillance", 2)):
        g = apply(g, {"do": "reveal", "floor": 1, "at": square, "type": kind, "number": number}).state
    out = play(g, turn())
    assert out.question["kind"] == "distracted"
    assert out.question["options"] == ["C1", "B3"]


def test_buffet_third_player_entry_makes_a_commotion_that_pulls_the_bouncer_three():
    """bb2 Buffet: a counting cube per player entering; at 3 they go and a commotion there pulls the
    bouncer 3 spaces (stopping if he arrives sooner)."""
    g = bb2(floor_case("D4", "D3", patrol=["A1"], tiles={"A1": "buffet"}),
            {"ann": {"floor": 1, "at": "B1", "heat": 0}}, cubes={"A1": 1})
    once = play(g, move("ann", "A1"))
    assert once.floor().cubes == {"A1": 2} and once.entered() == []
    twice = play(once.state, move("ann", "B1"), move("ann", "A1"))
    assert twice.floor().cubes == {}
    assert twice.floor().destination == "A1"
    assert twice.entered() == ["C4", "B4", "A4"]


def test_buffet_counting_ignores_other_rooms_and_the_bouncer():
    """bb2 Buffet counts players entering; bb2 Bouncer's Turn: bouncers ignore the rooms they cross."""
    g = bb2(floor_case("A1", "C1", patrol=["D4"], tiles={"B1": "buffet"}), {"ann": {"floor": 1, "at": "B2"}})
    assert play(g, move("ann", "C2")).floor().cubes == {}
    assert play(g, turn()).floor().cubes == {}


def test_heat_set_to_six_by_the_table_loses_the_heist():
    """bb2 How to Play: the team loses if any player reaches 6 heat, whatever gave it."""
    g = bb2(floor_case("A1", "D1"), {"ann": {"floor": 1, "at": "B4", "heat": 4}})
    assert play(g, {"do": "set", "field": "heat", "who": "ann", "value": 5}).state.outcome is None
    out = play(g, {"do": "set", "field": "heat", "who": "ann", "value": 6})
    assert out.state.outcome == "caught" and out.kinds()[-1] == "caught"


def test_stealth_set_to_zero_in_bb1_is_not_yet_a_loss():
    """guard-rules 1.8: a burglar is caught only when they must discard Stealth with none left."""
    g = state_from_case(case(floor_case("A1", "D1"), crew={"ann": {"floor": 1, "at": "B4", "stealth": 1}}))
    assert play(g, {"do": "set", "field": "stealth", "who": "ann", "value": 0}).state.outcome is None


def test_crowd_chip_can_be_placed_and_taken_away_and_then_covers_the_players():
    """bb2 Crowd chip: the players on its tile gain no heat when the bouncer enters; then it goes."""
    g = bb2(floor_case("A1", "D1", patrol=["D4"]), {"ann": {"floor": 1, "at": "B1", "heat": 0}})
    placed = play(g, {"do": "crowd", "floor": 1, "at": "b1"})
    assert placed.floor().crowd == ("B1",)
    assert play(placed.state, {"do": "crowd", "floor": 1, "at": "B1", "on": False}).floor().crowd == ()
    walked = play(placed.state, turn())
    assert walked.state.crew["ann"].heat == 0 and walked.floor().crowd == ()


def test_counting_cubes_can_be_corrected_by_hand():
    """bb2 Surveillance: a player on it may spend an action to remove all its counting cubes."""
    g = bb2(floor_case("A1", "D1", tiles={"B2": "surveillance"}), cubes={"B2": 3})
    assert play(g, {"do": "set", "field": "cubes", "floor": 1, "at": "B2", "value": 0}).floor().cubes == {}
    assert play(g, {"do": "set", "field": "cubes", "floor": 1, "at": "C3", "value": 2}).floor().cubes == {
        "B2": 3, "C3": 2}
    with pytest.raises(IllegalActionError, match="0 to 5"):
        play(g, {"do": "set", "field": "cubes", "floor": 1, "at": "B2", "value": 6})


def test_undercover_chip_makes_the_bouncer_jump_there():
    """bb2 Undercover chip: the bouncer on this floor jumps to the chip's tile."""
    g = bb2(floor_case("A1", "D1"), {"ann": {"floor": 1, "at": "C3", "heat": 0}})
    out = play(g, {"do": "undercover", "floor": 1, "at": "C3"})
    assert out.floor().guard == "C3" and out.state.crew["ann"].heat == 2


@pytest.mark.parametrize("action", [
    {"do": "crowd", "floor": 1, "at": "B1"},
    {"do": "set", "field": "cubes", "floor": 1, "at": "B1", "value": 1},
    {"do": "suspicion", "floor": 1, "count": 1},
    {"do": "set", "field": "workers", "floor": 1, "at": "B1", "value": 1},
    {"do": "set", "field": "geared", "who": "ann", "value": 1},
])
def test_one_games_counters_are_refused_in_burgle_bros_1(action):
    """guard-rules §6-7: chips, counting cubes, suspicion, workers and disguises belong to bb2/bb3."""
    g = state_from_case(case(floor_case("A1", "D1"), crew={"ann": {"floor": 1, "at": "B4"}}))
    with pytest.raises(IllegalActionError, match=r"exist only in Burgle Bros [23]"):
        apply(g, action)


# -- Burgle Bros 3 setup -------------------------------------------------------------------------------

def test_bb3_heist_has_two_floors_21_cards_each_dice_on_3_and_a_disguised_crew():
    """bb3 Standard Setup 6-7 (21 patrol cards a floor), 11 (die on 3), 12-13 (8 walls a floor);
    Player Setup 1 and 3 (Disguised side up, 3 Stealth)."""
    g = new_bb3_game(CREW, seed=5)
    assert (g.rules, g.size, sorted(g.floors), g.deck_mode, g.entrances) == ("bb3", 4, [1, 2], "table", ())
    assert all(fl.die == 3 and fl.deck == [HIDDEN] * 21 and len(fl.walls) == 8 for fl in g.floors.values())
    assert [(b.stealth, b.geared, b.at) for b in g.crew.values()] == [(3, False, None), (3, False, None)]


def test_bb3_setup_places_both_guards_a_worker_card_cannot_place_one():
    """bb3 Standard Setup 8-13: a card places each guard, the next one his die. A worker card names no
    square to stand on (our ruling: the next card is drawn); as a destination it is resolved (bb3 Workers)."""
    g = new_bb3_game(CREW, walls=OPEN)
    asked = play(g, {"do": "start"})
    assert asked.question["options"][-2:] == [WORKER, WORKERS_MOVE]
    out = answered(g, {"do": "start"}, WORKER, "B2", WORKER, "D4", "A3", "C1")
    assert [(fl.guard, fl.destination, fl.die) for fl in out.state.floors.values()] == [
        ("B2", "D4", 3), ("A3", "C1", 3)]
    assert out.floor().workers == {"B2": 1}
    assert [len(fl.deck) for fl in out.state.floors.values()] == [17, 19]


def test_bb3_a_worker_card_that_moves_workers_adds_none_and_draws_again():
    """bb3 Workers: some worker cards move workers; the table moves them, then the next card is drawn."""
    out = play(bb3(floor_case("A1", "B1", patrol=[WORKERS_MOVE, "C4"]), workers={"C3": 1}), turn())
    assert out.floor().workers == {"C3": 1}
    assert out.floor().destination == "C4"


# -- Burgle Bros 3 at the table ------------------------------------------------------------------------

def test_suspicion_gained_by_an_effect_turns_the_die_up_on_the_third_cube():
    """bb3 Suspicion: 3 cubes beside the patrol deck go back and the die goes up by one."""
    g = bb3(floor_case("A1", "D4", die=3), suspicion=1)
    once = play(g, {"do": "suspicion", "floor": 1, "count": 1})
    assert (once.floor().suspicion, once.floor().die) == (2, 3)
    twice = play(once.state, {"do": "suspicion", "floor": 1, "count": 1})
    assert (twice.floor().suspicion, twice.floor().die) == (0, 4)


def test_suspicion_removed_by_an_effect_never_lowers_the_die():
    """bb3 Suspicion: remove a cube; with none there the effect is ignored."""
    g = bb3(floor_case("A1", "D4", die=4), suspicion=1)
    out = play(g, {"do": "suspicion", "floor": 1, "count": -1}, {"do": "suspicion", "floor": 1, "count": -1})
    assert (out.floor().suspicion, out.floor().die) == (0, 4)
    assert out.kinds()[-1] == "no_effect"
    with pytest.raises(MalformedActionError, match="'count' must be a whole number from -1 to 1, not 2"):
        apply(g, {"do": "suspicion", "floor": 1, "count": 2})
    with pytest.raises(IllegalActionError, match="one cube at a time"):
        apply(g, {"do": "suspicion", "floor": 1, "count": 0})


def test_an_alarm_cube_taken_away_leaves_the_die_where_it_is():
    """bb3 Alarms: a square holds several cubes; one taken back leaves the others, and the die stays
    (our ruling: no new patrol card, unlike bb1's Juicer)."""
    g = play(bb3(floor_case("A1", "D4", patrol=["B2"])), alarm("C3"), alarm("C3")).state
    assert (g.floors[1].alarms, g.floors[1].destination) == (("C3", "C3"), "C3")
    out = play(g, {"do": "remove_alarm", "floor": 1, "at": "C3"})
    assert (out.floor().alarms, out.floor().destination, out.drawn()) == (("C3",), "C3", [])
    with pytest.raises(IllegalActionError, match="no alarm cube in B4"):
        apply(g, {"do": "remove_alarm", "floor": 1, "at": "B4"})


def test_workers_on_rooms_can_be_added_and_taken_away():
    """bb3 Workers: tiles add workers when revealed; Lure and Flee move them; spending one returns it."""
    g = bb3(floor_case("A1", "D4"))
    two = play(g, {"do": "set", "field": "workers", "floor": 1, "at": "B2", "value": 2})
    assert two.floor().workers == {"B2": 2}
    assert play(two.state, {"do": "set", "field": "workers", "floor": 1, "at": "B2", "value": 0}).floor().workers == {}
    with pytest.raises(MalformedActionError, match="'value' must be a whole number from 0 to 9"):
        apply(g, {"do": "set", "field": "workers", "floor": 1, "at": "B2", "value": -1})


def test_removing_a_disguise_makes_walking_into_the_guard_cost_stealth():
    """bb3 Disguises: a geared character moving into the guard loses 1 Stealth, a disguised one does not."""
    g = bb3(floor_case("B2", "D4"), {"ann": {"floor": 1, "at": "B1", "stealth": 3, "geared": False}})
    geared = play(g, {"do": "set", "field": "geared", "who": "ann", "value": 1}, move("ann", "B2"))
    assert geared.state.crew["ann"].geared and geared.stealth("ann") == 2
    disguised = play(geared.state, {"do": "set", "field": "geared", "who": "ann", "value": 0})
    assert not disguised.state.crew["ann"].geared
