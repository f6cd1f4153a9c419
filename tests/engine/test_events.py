"""Events, tools and abilities that act on the guard: every row of guard-rules §1.21."""

import pytest

from assistant.engine.errors import IllegalActionError, RulesError
from tests.engine.helpers import BANK_F1, BANK_F2, alarm, burglar, event, floor_case, play, position, turn


def three_floors(**kwargs):
    """Guards on all three floors, each with a clear straight walk (no ties)."""
    return position(floor_case("A1", "D1", 2, patrol=["D4"]),
                    floor_case("A2", "D2", 2, patrol=["A4"]),
                    floor_case("A3", "D3", 2, patrol=["A1"]), **kwargs)


# -- Shift Change ---------------------------------------------------------------------------------------

def test_shift_change_moves_the_other_floors_guard_instead():
    """guard-rules §1.21 Shift Change (case 35): floor 1 stays, floor 2 walks its own die."""
    s = position(floor_case("A1", "D4", 2, walls=BANK_F1, patrol=["C1"]),
                 floor_case("A1", "A4", 3, walls=BANK_F2, patrol=["C1"]))
    out = play(s, event("shift_change"))
    assert out.entered(1) == []
    assert out.entered(2) == ["A2", "A3", "A4"]
    assert out.floor(1).guard == "A1"


def test_shift_change_with_three_floors_asks_which_floor_moves_first():
    """guard-rules §1.21 Shift Change: more than one guard moves, the players choose the order."""
    out = play(three_floors(), event("shift_change"))
    q = out.question
    assert q is not None
    assert q["kind"] == "order"
    assert q["options"] == ["2", "3"]
    assert out.entered(2) == [] and out.entered(3) == []


@pytest.mark.parametrize("first, second", [("3", 2), ("2", 3)])
def test_shift_change_moves_the_guards_in_the_chosen_order(first, second):
    """guard-rules §1.21 Shift Change: the chosen floor's guard moves first, then the other."""
    out = play(three_floors(), event("shift_change"), answers=[first])
    moved = [e.floor for e in out.of_kind("enter")]
    assert moved == [int(first)] * 2 + [second] * 2
    assert out.entered(2) == ["B2", "C2"]
    assert out.entered(3) == ["B3", "C3"]
    assert out.entered(1) == []
    assert out.question is None


def test_shift_change_counts_each_floors_own_alarms():
    """guard-rules §1.21 Shift Change: each guard moves its own die + its floor's alarms."""
    s = position(floor_case("A1", "D1", 2, alarms=["C3", "C4"]), floor_case("A1", "A4", 1, patrol=["D4"]))
    out = play(s, event("shift_change"))
    assert out.entered(2) == ["A2"]


def test_shift_change_skips_floors_whose_guard_has_not_appeared():
    """guard-rules §1.21 Shift Change: only guards on the board move; no question for one floor."""
    s = position(floor_case("A1", "D1", 2), floor_case("A1", "A4", 3, patrol=["D4"]),
                 floor_case(None, None, 4, patrol=["B2", "C3"]))
    out = play(s, event("shift_change"))
    assert out.question is None
    assert out.entered(2) == ["A2", "A3", "A4"]
    assert out.floor(3).guard is None and out.drawn(3) == []


def test_shift_change_keeps_the_own_guard_still_at_the_end_of_that_turn_only():
    """guard-rules §1.21 Shift Change: this turn's guard move on the player's floor is replaced."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), floor_case("A1", "A4", 3, patrol=["D4"]),
                 crew={"ana": burglar("B4")})
    out = play(s, event("shift_change"), {"do": "end_turn"})
    assert out.entered(1) == []
    assert out.state.no_move is False
    assert play(out.state, {"do": "end_turn"}).entered(1) == ["B1", "C1"]


# -- Switch Signs -------------------------------------------------------------------------------------------

def test_switch_signs_swaps_guard_and_die():
    """guard-rules §1.21 Switch Signs (case 37): guard to C3, die to A1."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["D1"])), event("switch_signs"))
    assert out.entered() == ["C3"]
    assert (out.floor().guard, out.floor().destination) == ("C3", "A1")
    assert out.drawn() == []


def test_switch_signs_costs_stealth_in_the_guards_new_room():
    """guard-rules §1.21 Switch Signs: entering effects apply to the new room."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1"]), crew={"ana": burglar("C3")})
    assert play(s, event("switch_signs")).stealth("ana") == 2


def test_switch_signs_onto_a_camera_leaves_the_die_on_the_alarm_it_sets_off():
    """guard-rules §1.21 Switch Signs + 1.14/1.9: the camera alarm in D1 takes the die, not the old square A1."""
    s = position(floor_case("A1", "C3", 2, patrol=["B4"], tiles={"C3": "camera", "D1": "camera"}),
                 crew={"ana": burglar("D1")})
    out = play(s, event("switch_signs"))
    assert out.floor().guard == "C3"
    assert out.floor().alarms == ("D1",)
    assert out.floor().destination == "D1"


def test_where_is_he_onto_a_camera_leaves_the_die_on_the_alarm_it_sets_off():
    """guard-rules §1.21 Where Is He? + 1.14/1.9: arrival with an alarm on the floor keeps the die there."""
    s = position(floor_case("A1", "C3", 2, patrol=["B4"], tiles={"C3": "camera", "D1": "camera"}),
                 crew={"ana": burglar("D1")})
    out = play(s, event("where_is_he"))
    assert (out.floor().guard, out.floor().destination) == ("C3", "D1")
    assert out.drawn() == []


def test_switch_signs_with_an_alarm_puts_the_guard_on_it_and_draws():
    """guard-rules §1.21 Switch Signs ruling (case 38): guard on the alarm B4, switched off, next card D1."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["D1"])), alarm("B4"), event("switch_signs"))
    assert out.entered() == ["B4"]
    assert (out.floor().guard, out.floor().destination) == ("B4", "D1")
    assert out.floor().alarms == ()
    assert out.drawn() == ["D1"]


def test_switch_signs_with_two_alarms_goes_to_the_nearer_and_aims_at_the_other():
    """guard-rules §1.21 Switch Signs ruling with 1.6: B1 switched off, the die goes to D4."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["D1"])), alarm("B1"), alarm("D4"), event("switch_signs"))
    assert out.entered() == ["B1"]
    assert out.floor().alarms == ("D4",)
    assert out.floor().destination == "D4"
    assert out.drawn() == []


@pytest.mark.parametrize("card", ["switch_signs", "where_is_he"])
def test_equally_close_alarms_are_the_players_choice_even_with_the_die_on_one(card):
    """guard-rules §1.22 Switch Signs / Where Is He? with equally close alarms (new): the players choose, as for
    every tie between alarms (1.6), never the alarm under the die silently."""
    s = position(floor_case("B2", "B3", 2, alarms=["B1", "B3"], patrol=["D1"]))
    out = play(s, event(card))
    question = out.state.pending["question"]
    assert (question["kind"], sorted(question["options"])) == ("alarm_put", ["B1", "B3"])
    chosen = play(s, event(card), answers=["B1"])
    assert chosen.floor().guard == "B1" and chosen.floor().alarms == ("B3",) and chosen.floor().destination == "B3"


# -- Where Is He? -------------------------------------------------------------------------------------------

def test_where_is_he_jumps_the_guard_to_his_destination_then_draws():
    """guard-rules §1.21 Where Is He? (case 36): C3 entered, Stealth lost there, next card D1."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1"]), crew={"ana": burglar("C3", stealth=2)})
    out = play(s, event("where_is_he"))
    assert out.entered() == ["C3"]
    assert (out.floor().guard, out.floor().destination) == ("C3", "D1")
    assert out.stealth("ana") == 1


def test_where_is_he_with_an_alarm_puts_him_on_the_alarm_and_switches_it_off():
    """guard-rules §1.21 Where Is He?: nearest alarm, switched off, then arrival."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["D1"])), alarm("B4"), event("where_is_he"))
    assert out.entered() == ["B4"]
    assert out.floor().alarms == ()
    assert out.floor().destination == "D1"


def test_where_is_he_needs_a_guard_on_the_board():
    """guard-rules §1.21: the event acts on a guard that is there."""
    s = position(floor_case(None, None, 2))
    with pytest.raises(IllegalActionError, match="no guard"):
        play(s, event("where_is_he"))


# -- Throw Voice ----------------------------------------------------------------------------------------------

def test_throw_voice_moves_the_die_one_room():
    """guard-rules §1.21 Throw Voice (case 40): C3 -> C4, the guard then walks toward C4."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1"]))
    out = play(s, event("throw_voice", at="C4"), turn())
    assert out.entered() == ["B1", "C1"]
    assert out.floor().destination == "C4"


def test_throw_voice_does_nothing_while_an_alarm_is_on():
    """guard-rules §1.21 Throw Voice: only if no alarm on that floor."""
    s = position(floor_case("A1", "C3", 2, alarms=["C3"]))
    out = play(s, event("throw_voice", at="C4"))
    assert out.floor().destination == "C3"
    assert out.kinds() == ["no_effect"]


def test_throw_voice_cannot_cross_a_wall():
    """guard-rules §1.21 Throw Voice: not through walls."""
    s = position(floor_case("A1", "C3", 2, walls=["C3-C4"]))
    with pytest.raises(IllegalActionError, match="C4 is not one"):
        play(s, event("throw_voice", at="C4"))


def test_throw_voice_moves_only_to_a_neighbouring_room():
    """guard-rules §1.21 Throw Voice: an adjacent square only."""
    with pytest.raises(IllegalActionError):
        play(position(floor_case("A1", "C3", 2)), event("throw_voice", at="A3"))


def test_throw_voice_onto_the_guards_square_makes_him_arrive():
    """guard-rules 1.6b: the die on his own square -> the next card is drawn at once."""
    out = play(position(floor_case("B3", "C3", 2, patrol=["D1"])), event("throw_voice", at="B3"))
    assert out.floor().destination == "D1"
    assert out.drawn() == ["D1"]


# -- Crash! -------------------------------------------------------------------------------------------------

def test_crash_puts_the_die_on_the_players_room():
    """guard-rules §1.21 Crash!: the die goes to the current player's square."""
    out = play(position(floor_case("A1", "C3", 2)), event("crash", at="D4"))
    assert out.floor().destination == "D4"


def test_crash_does_nothing_while_an_alarm_is_on():
    """guard-rules §1.21 Crash! (case 39): only if no alarm on that floor."""
    out = play(position(floor_case("A1", "C3", 2, alarms=["C3"], patrol=["D1"])), event("crash", at="D4"))
    assert out.floor().destination == "C3"
    assert out.drawn() == []


def test_crash_on_the_guards_own_square_makes_him_arrive():
    """guard-rules 1.6b ruling: Crash! on his square -> next destination at once."""
    out = play(position(floor_case("B2", "C3", 2, patrol=["A4"])), event("crash", at="B2"))
    assert (out.floor().guard, out.floor().destination) == ("B2", "A4")
    assert out.drawn() == ["A4"]
    assert any(e.rule == "1.6b" and e.ruling for e in out.log)


# -- Change of Plans ------------------------------------------------------------------------------------------

def test_change_of_plans_reveals_the_next_patrol_card():
    """guard-rules §1.21 Change of Plans: as if the guard had arrived."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["D1", "B4"])), event("change_of_plans"))
    assert out.floor().destination == "D1"
    assert out.drawn() == ["D1"]
    assert out.floor().guard == "A1"


def test_change_of_plans_redraws_a_card_showing_the_guards_square():
    """guard-rules 1.6 ruling with Change of Plans: his own square is discarded."""
    out = play(position(floor_case("A1", "C3", 2, patrol=["A1", "B4"])), event("change_of_plans"))
    assert out.drawn() == ["A1", "B4"]
    assert out.floor().destination == "B4"


def test_change_of_plans_does_nothing_while_an_alarm_is_on():
    """guard-rules §1.21 Change of Plans: only if no alarm on that floor."""
    out = play(position(floor_case("A1", "C3", 2, alarms=["C3"], patrol=["D1"])), event("change_of_plans"))
    assert out.floor().destination == "C3"
    assert out.drawn() == []


# -- Squeak! ---------------------------------------------------------------------------------------------------

def test_squeak_steps_once_toward_the_nearest_player():
    """guard-rules §1.21 Squeak! (case 41): one step from A1 toward A4."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"ana": burglar("A4")})
    out = play(s, event("squeak"))
    assert out.entered() == ["A2"]
    assert (out.floor().guard, out.floor().destination) == ("A2", "D1")
    assert out.stealth("ana") == 3


def test_squeak_nearest_player_is_by_walking_distance():
    """guard-rules §1.21 Squeak!: B1 is behind a wall (3 steps), B4 is 2 steps: he steps to B3."""
    s = position(floor_case("B2", "D1", 2, walls=["B1-B2"]), crew={"ana": burglar("B1"), "bo": burglar("B4")})
    out = play(s, event("squeak"))
    assert out.entered() == ["B3"]


def test_squeak_step_follows_the_clockwise_rule():
    """guard-rules §1.21 Squeak! with §2: A1 toward B2, right first."""
    s = position(floor_case("A1", "D4", 2), crew={"ana": burglar("B2")})
    assert play(s, event("squeak")).entered() == ["B1"]


def test_squeak_tie_between_players_is_the_players_choice():
    """guard-rules §1.21 Squeak!: A3 and C1 are both 2 steps away -> question, then B1 toward C1."""
    s = position(floor_case("A1", "D4", 2), crew={"ana": burglar("A3"), "bo": burglar("C1")})
    asked = play(s, event("squeak"))
    assert asked.question["kind"] == "squeak"
    assert asked.question["options"] == ["A3", "C1"]
    out = play(s, event("squeak"), answers=["C1"])
    assert out.entered() == ["B1"]


def test_squeak_step_into_a_players_room_costs_stealth():
    """guard-rules §1.21 Squeak!: entering effects apply."""
    s = position(floor_case("A1", "D4", 2), crew={"ana": burglar("A2")})
    out = play(s, event("squeak"))
    assert out.entered() == ["A2"]
    assert out.stealth("ana") == 2


def test_squeak_step_onto_the_destination_is_an_arrival():
    """guard-rules §1.21 Squeak!: landing on the die -> next card."""
    s = position(floor_case("A1", "A2", 2, patrol=["D4"]), crew={"ana": burglar("A4")})
    out = play(s, event("squeak"))
    assert out.floor().guard == "A2"
    assert out.floor().destination == "D4"
    assert out.drawn() == ["D4"]


def test_squeak_with_nobody_on_the_floor_does_nothing():
    """guard-rules §1.21 Squeak!: no player on his floor to hear."""
    s = position(floor_case("A1", "D4", 2), floor_case("A1", "D4", 2), crew={"ana": burglar("A2", floor=2)})
    out = play(s, event("squeak"))
    assert out.entered(1) == []
    assert out.floor().guard == "A1"


# -- Espresso / Daydreaming / Jump the Gun ---------------------------------------------------------------------------

def test_espresso_and_daydreaming_cancel_out():
    """guard-rules §1.21 Espresso/Daydreaming: +1 and -1 on the same turn leave the die."""
    s = position(floor_case("A1", "D4", 2, patrol=["A1"]), crew={"ana": burglar("A4")})
    out = play(s, event("espresso"), event("daydreaming"), {"do": "end_turn"})
    assert out.entered() == ["B1", "C1"]


def test_jump_the_gun_marks_the_next_turn_to_be_skipped():
    """guard-rules §1.21 Jump the Gun: the next player's turn is skipped."""
    s = position(floor_case("A1", "D4", 2), crew={"ana": burglar("A4"), "bo": burglar("B4"), "cy": burglar("C4")})
    out = play(s, event("jump_the_gun"), {"do": "end_turn"})
    assert out.state.order[out.state.turn] == "cy"
    assert out.state.skip_next is False


# -- Brown Out / E.M.P. / Shoplifting / Dynamite ----------------------------------------------------------------

def test_brown_out_removes_alarms_and_draws_one_card_per_alarm():
    """guard-rules §1.21 Brown Out (case 42): 2 alarms -> 2 cards, the last one is the destination."""
    s = position(floor_case("A1", "B2", 2, alarms=["B2", "D4"], patrol=["C1", "A3", "B4"]))
    out = play(s, event("brown_out"))
    assert out.floor().alarms == ()
    assert out.drawn() == ["C1", "A3"]
    assert out.floor().destination == "A3"


def test_brown_out_acts_on_every_floor():
    """guard-rules §1.21 Brown Out: all floors; a floor without alarms draws nothing."""
    s = position(floor_case("A1", "B2", 2, alarms=["B2"], patrol=["C1"]),
                 floor_case("A1", "D4", 2, alarms=["D4"], patrol=["B3"]),
                 floor_case("A1", "C2", 2, patrol=["D1"]))
    out = play(s, event("brown_out"))
    assert [out.floor(n).alarms for n in (1, 2, 3)] == [(), (), ()]
    assert (out.drawn(1), out.drawn(2), out.drawn(3)) == (["C1"], ["B3"], [])
    assert out.floor(3).destination == "C2"


def test_emp_removes_every_alarm_and_blocks_new_ones_until_its_users_next_turn():
    """guard-rules §1.21 E.M.P.: no alarm anywhere until the user's next turn."""
    s = position(floor_case("A1", "D1", 1, alarms=["D1"], patrol=["A4", "A1", "D4", "A1"]),
                 floor_case("A1", "A4", 1, alarms=["A4"], patrol=["D4"]),
                 crew={"ana": burglar("D3"), "bo": burglar("C4")})
    out = play(s, event("emp"))
    assert (out.floor(1).alarms, out.floor(2).alarms) == ((), ())
    assert out.floor(1).destination == "A4" and out.floor(2).destination == "D4"
    blocked = play(out.state, alarm("C3"), {"do": "end_turn"}, alarm("C3"))
    assert blocked.floor().alarms == ()
    assert blocked.state.order[blocked.state.turn] == "bo"
    back = play(blocked.state, {"do": "end_turn"}, alarm("C3"))
    assert back.state.order[back.state.turn] == "ana"
    assert back.floor().alarms == ("C3",)


def test_shoplifting_sets_off_alarms_on_each_laboratory():
    """guard-rules §1.21 Shoplifting: alarms on every Laboratory a tool was taken from."""
    s = position(floor_case("A1", "B1", 2), floor_case("A1", "B1", 2))
    out = play(s, event("shoplifting", targets=[[1, "C3"], [2, "D2"]]))
    assert (out.floor(1).alarms, out.floor(2).alarms) == (("C3",), ("D2",))
    assert (out.floor(1).destination, out.floor(2).destination) == ("C3", "D2")


def test_dynamite_removes_the_wall_and_sets_off_an_alarm_in_the_players_room():
    """guard-rules §1.21 Dynamite: B1 is no longer 3 steps round the wall but 1."""
    s = position(floor_case("A1", "D4", 1, walls=["A1-B1"], patrol=["C4"]), crew={"ana": burglar("B1")})
    out = play(s, event("dynamite", wall="A1-B1", at="B1"), turn())
    assert out.floor().walls == ()
    assert out.entered() == ["B1", "C1"]
    assert out.stealth("ana") == 2


def test_dynamite_needs_an_existing_wall_next_to_the_player():
    """guard-rules §1.21 Dynamite: a wall next to the player."""
    s = position(floor_case("A1", "D4", 1, walls=["A1-B1", "C3-C4"]))
    with pytest.raises(IllegalActionError, match="no wall B2-B3"):
        play(s, event("dynamite", wall="B2-B3", at="B2"))
    with pytest.raises(IllegalActionError, match="not next to"):
        play(s, event("dynamite", wall="C3-C4", at="B2"))


# -- Spotter -----------------------------------------------------------------------------------------------------

SPOTTER = {"sue": {"floor": 1, "at": "D4", "character": "spotter"}}
LOOK = {"do": "spotter", "who": "sue", "keep": "look"}


def test_spotter_puts_the_top_card_at_the_bottom():
    """guard-rules §1.21 Spotter: look at the top card and put it at the bottom."""
    s = position(floor_case("A1", "B1", 2, patrol=["C1", "D4", "A3"]), crew=SPOTTER)
    out = play(s, LOOK, {"do": "spotter", "floor": 1, "keep": "bottom"})
    assert out.floor().deck == ["D4", "A3", "C1"]


def test_spotter_may_leave_the_top_card_on_top():
    """guard-rules §1.21 Spotter: or put it back on top."""
    s = position(floor_case("A1", "B1", 2, patrol=["C1", "D4", "A3"]), crew=SPOTTER)
    out = play(s, LOOK, {"do": "spotter", "floor": 1, "keep": "top"})
    assert out.floor().deck == ["C1", "D4", "A3"]


def test_spotter_on_an_empty_deck_is_refused():
    """guard-rules §1.21 Spotter: there must be a top card."""
    with pytest.raises(IllegalActionError, match="empty"):
        play(position(floor_case("A1", "B1", 2), crew=SPOTTER), LOOK)


def test_only_a_spotter_in_the_crew_may_look_and_once_per_turn():
    """§1.22 Spotter: only a Spotter in the crew looks, once per turn; nobody moves the card unseen."""
    s = position(floor_case("A1", "B1", 2, patrol=["C1", "D4"]), crew={"ann": {"floor": 1, "at": "D4"}})
    with pytest.raises(IllegalActionError, match="not the Spotter"):
        play(s, {"do": "spotter", "who": "ann", "keep": "look"})
    with pytest.raises(IllegalActionError, match="looks at the card before"):
        play(s, {"do": "spotter", "floor": 1, "keep": "bottom"})
    s = position(floor_case("A1", "B1", 2, patrol=["C1", "D4"]), crew=SPOTTER)
    with pytest.raises(IllegalActionError, match="once per turn"):
        play(s, LOOK, LOOK)


def test_unknown_event_is_refused():
    """engine contract: an event the rules do not know is a RulesError."""
    with pytest.raises(RulesError, match="unknown event"):
        play(position(floor_case("A1", "B1", 2)), event("stakeout"))


def test_donuts_stop_a_squeak_step_and_are_spent():
    """guard-rules §1.22 Donuts and Squeak! (changed): the Donuts stop the next thing that would move that guard,
    a Squeak! step included; he stays put and they are spent, so his next turn move happens."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"ana": burglar("A4")})
    s.floors[1].donuts = True
    out = play(s, event("squeak"))
    assert out.entered() == [] and out.floor().guard == "A1" and not out.floor().donuts
    assert [(e.kind, e.data.get("how"), e.ruling) for e in out.log] == [("donuts", "eaten", True)]
    assert play(out.state, event("squeak")).entered() == ["A2"]  # spent: the next Squeak! step happens


@pytest.mark.parametrize("card", ["switch_signs", "where_is_he"])
def test_switch_signs_and_where_is_he_leave_the_donuts_for_his_next_move(card):
    """guard-rules §1.22 Donuts and Squeak!: Switch Signs and Where Is He? put the guard somewhere; they do not
    spend the Donuts, which stop his next move."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"ana": burglar("B4")})
    s.floors[1].donuts = True
    out = play(s, event(card))
    assert out.floor().donuts
    assert play(out.state, turn()).floor().guard == out.floor().guard  # his move: the Donuts stop it
