"""Alarms: where the die goes, ties, the guard's own square, mid-move alarms, hack tokens (guard-rules 1.9, 1.10)."""

import pytest

from assistant.engine.errors import IllegalActionError, MalformedActionError, RulesError
from tests.engine.helpers import BANK_F1, alarm, burglar, floor_case, play, position, turn

# -- 1.9 the nearest alarm takes the die ------------------------------------------------------------

def test_first_alarm_always_takes_the_die_from_a_patrol_destination():
    """guard-rules 1.9: the die goes to the alarm, however far."""
    out = play(position(floor_case("A1", "B1", 2)), alarm("D4"))
    assert out.floor().alarms == ("D4",)
    assert out.floor().destination == "D4"


def test_nearer_alarm_by_walking_distance_takes_the_die():
    """guard-rules 1.9 (case 20): A3 is next to A2 but 5 steps round the walls; C1 is 3 steps."""
    s = position(floor_case("A2", "C4", 2, walls=BANK_F1, patrol=["D1"]))
    first = play(s, alarm("A3"))
    assert first.floor().destination == "A3"
    out = play(first.state, alarm("C1"))
    assert out.floor().destination == "C1"
    assert out.floor().alarms == ("A3", "C1")


def test_guard_keeps_current_alarm_when_new_alarm_is_farther():
    """guard-rules 1.9: B3 is 1 step from B2, D1 is 3: the die stays on B3."""
    out = play(position(floor_case("B2", "D4", 2)), alarm("B3"), alarm("D1"))
    assert out.floor().destination == "B3"
    assert out.floor().alarms == ("B3", "D1")
    assert out.question is None


def test_equally_near_alarms_ask_the_players_with_both_options():
    """guard-rules 1.9 (case 21): B4 and D2 are both 2 steps from B2: the players choose."""
    out = play(position(floor_case("B2", "D4", 2, patrol=["A1"])), alarm("B4"), alarm("D2"))
    q = out.question
    assert q is not None
    assert q["kind"] == "alarm"
    assert q["options"] == ["B4", "D2"]
    assert q["floor"] == 1
    assert out.floor().destination == "B4"


@pytest.mark.parametrize("choice", ["B4", "D2"])
def test_players_choice_between_tied_alarms_sets_the_die(choice):
    """guard-rules 1.9: the chosen alarm becomes the destination."""
    out = play(position(floor_case("B2", "D4", 2, patrol=["A1"])), alarm("B4"), alarm("D2"), answers=[choice])
    assert out.question is None
    assert out.floor().destination == choice
    assert out.floor().alarms == ("B4", "D2")


def test_guard_walks_to_the_chosen_tied_alarm_then_the_other():
    """guard-rules 1.9/1.6 (case 22): D2 chosen; 4 moves reach D2 then head for B4."""
    s = position(floor_case("B2", "D4", 2, patrol=["A1"]))
    out = play(s, alarm("B4"), alarm("D2"), turn(), answers=["D2"])
    assert out.entered() == ["C2", "D2", "D3", "D4"]
    assert (out.floor().guard, out.floor().destination) == ("D4", "B4")
    assert out.floor().alarms == ("B4",)


def test_no_alarm_goes_off_on_the_guards_own_square():
    """guard-rules 1.9 (case 23): nothing happens on the guard's square."""
    out = play(position(floor_case("B2", "D4", 2, patrol=["A1"])), alarm("B2"))
    assert out.floor().alarms == ()
    assert out.floor().destination == "D4"
    assert out.kinds() == ["alarm_blocked"]


def test_second_alarm_in_the_same_room_adds_no_token():
    """guard-rules 1.9: at most one alarm token per square."""
    out = play(position(floor_case("B2", "D4", 2)), alarm("C3"), alarm("C3"))
    assert out.floor().alarms == ("C3",)


def test_alarm_on_one_floor_leaves_other_floors_alone():
    """guard-rules 1.9: only that floor's die moves."""
    s = position(floor_case("A1", "B1", 2), floor_case("A1", "D4", 3))
    out = play(s, alarm("C3", floor=2))
    assert out.floor(2).destination == "C3"
    assert (out.floor(1).destination, out.floor(1).alarms) == ("B1", ())


# -- 1.9 mid-move ------------------------------------------------------------------------------------------

def test_camera_alarm_mid_move_retargets_the_rest_of_the_move():
    """guard-rules 1.9/1.14: entering camera A2 sets off D2; the 2 moves left head for D2, speed stays 3."""
    s = position(floor_case("A1", "A4", 3, patrol=["B1"], tiles={"A2": "camera", "D2": "camera"}),
                 crew={"ana": burglar("D2")})
    out = play(s, turn())
    assert out.entered() == ["A2", "B2", "C2"]
    assert (out.floor().guard, out.floor().destination) == ("C2", "D2")
    assert out.floor().alarms == ("D2",)
    assert out.of_kind("speed")[0].data["moves"] == 3
    assert out.stealth("ana") == 3


def test_alarm_under_a_player_the_guard_reaches_is_switched_off_and_costs_stealth():
    """guard-rules 1.7/1.9: the camera alarm brings him to her room; entering it costs 1 and ends the alarm."""
    s = position(floor_case("A1", "A4", 4, patrol=["A1"], tiles={"A2": "camera", "D2": "camera"}),
                 crew={"ana": burglar("D2")})
    out = play(s, turn())
    assert out.entered() == ["A2", "B2", "C2", "D2"]
    assert out.floor().alarms == ()
    assert out.floor().destination == "A1"
    assert out.stealth("ana") == 2


# -- 1.10 after the last alarm ---------------------------------------------------------------------------

def test_after_the_last_alarm_a_new_patrol_card_is_drawn():
    """guard-rules 1.10: the old patrol destination D4 is forgotten; the next card B4 is drawn."""
    s = position(floor_case("A1", "D4", 1, patrol=["B4", "C3"]))
    out = play(s, alarm("B1"), turn())
    assert out.entered() == ["B1", "B2"]
    assert out.drawn() == ["B4"]
    assert out.floor().destination == "B4"
    assert out.floor().alarms == ()


def test_alarms_are_switched_off_nearest_first_then_a_card_is_drawn():
    """guard-rules 1.6/1.10 (case 24): B1, then C2, then A4, then the card D4."""
    s = position(floor_case("A1", "D1", 4, patrol=["D4", "A4"]))
    out = play(s, alarm("B1"), alarm("C2"), alarm("A4"), turn())
    assert out.entered() == ["B1", "C1", "C2", "C3", "C4", "B4", "A4"]
    assert (out.floor().guard, out.floor().destination) == ("A4", "D4")
    assert out.drawn() == ["D4"]
    assert out.floor().alarms == ()


# -- hack tokens and picking an alarm up (§1.21) ------------------------------------------------------------

def test_hack_token_cancels_the_alarm():
    """guard-rules §1.21 Hack tokens: spending a matching token cancels the alarm (the Laser computer is face up:
    §1.22 'One of each card (new, turn 4)')."""
    s = position(floor_case("A1", "B1", 2, tiles={"D4": "computer-laser"}))
    out = play(s, {"do": "hack", "kind": "laser", "count": 1}, alarm("C3", hack="laser"))
    assert out.floor().alarms == ()
    assert out.floor().destination == "B1"
    assert out.state.hack["laser"] == 0


def test_alarm_cannot_be_hacked_without_a_matching_token():
    """guard-rules §1.21: the token must come from the matching computer."""
    s = play(position(floor_case("A1", "B1", 2, tiles={"D4": "computer-laser"})),
             {"do": "hack", "kind": "laser", "count": 2}).state
    with pytest.raises(IllegalActionError, match="no motion hack token"):
        play(s, alarm("C3", hack="motion"))


def test_hack_tokens_count_up_one_at_a_time_to_six():
    """guard-rules §1.21: at most 6 tokens per computer."""
    s = position(floor_case("A1", "B1", 2, tiles={"D4": "computer-fingerprint"}))
    out = play(s, *[{"do": "hack", "kind": "fingerprint"}] * 6)
    assert out.state.hack["fingerprint"] == 6
    with pytest.raises(RulesError, match="0 to 6"):
        play(out.state, {"do": "hack", "kind": "fingerprint"})


def test_hack_token_of_an_unknown_computer_is_refused():
    """guard-rules §1.21: only Fingerprint, Laser and Motion computers exist: any other word is not an action."""
    with pytest.raises(MalformedActionError, match="'kind' must be one of fingerprint, laser, motion, hacker"):
        play(position(floor_case("A1", "B1", 2)), {"do": "hack", "kind": "thermo"})


def test_picking_up_the_only_alarm_draws_a_new_patrol_card():
    """guard-rules §1.21 Juicer advanced: the token is taken and a new card sets the destination."""
    s = position(floor_case("A1", "C3", 2, alarms=["C3"], patrol=["D1", "B4"]))
    out = play(s, {"do": "remove_alarm", "floor": 1, "at": "C3"})
    assert out.floor().alarms == ()
    assert out.floor().destination == "D1"
    assert out.drawn() == ["D1"]


def test_picking_up_one_of_two_alarms_still_draws_the_destination_card():
    """bb1 rulebook, Juicer (Reroute): the card drawn becomes the destination, even with another alarm left."""
    s = position(floor_case("A1", "B1", 2, alarms=["B1", "D4"], patrol=["C2"]))
    out = play(s, {"do": "remove_alarm", "floor": 1, "at": "B1"})
    assert out.floor().alarms == ("D4",)
    assert out.floor().destination == "C2"
    assert out.drawn() == ["C2"]


def test_picking_up_an_alarm_where_there_is_none_is_refused():
    """guard-rules §1.21 Juicer: there must be a token to pick up."""
    with pytest.raises(IllegalActionError, match="no alarm token in C2"):
        play(position(floor_case("A1", "B1", 2)), {"do": "remove_alarm", "floor": 1, "at": "C2"})


def test_alarm_on_a_square_off_the_board_is_refused():
    """guard-rules intro: E1 does not exist on a 4x4 floor."""
    with pytest.raises(RulesError, match="E1 is off the board"):
        play(position(floor_case("A1", "B1", 2)), alarm("E1"))
