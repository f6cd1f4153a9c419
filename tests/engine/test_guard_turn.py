"""The guard's end-of-turn move and everything that happens while he walks (guard-rules 1.1-1.20)."""

import pytest

from assistant.engine.errors import IllegalActionError
from assistant.engine.ruleset import GameOver
from tests.engine.helpers import ruleset_for
from assistant.engine.state import LOST_VISUAL
from tests.engine.helpers import (BANK_F1, BANK_F2, BANK_F3, alarm, burglar, event, floor_case, move, play, position,
                                  turn)

SIXTEEN = ["D4", "D3", "D2", "D1", "C1", "B2", "C2", "A3", "B3", "C3", "A4", "B4", "C4", "B1", "A2", "A1"]


def speed_of(out, floor=1):
    return [e.data["moves"] for e in out.of_kind("speed") if e.floor == floor]


# -- 1.2 speed ----------------------------------------------------------------------------------------

def test_speed_is_the_die_when_no_alarm_is_on_the_floor():
    """guard-rules 1.2: moves = die + alarms; with no alarm, the die alone."""
    out = play(position(floor_case("A1", "D1", 2, patrol=["D4"])), turn())
    assert out.entered() == ["B1", "C1"]
    assert speed_of(out) == [2]


def test_each_alarm_on_the_floor_adds_a_move():
    """guard-rules 1.2 (case 13): die 2 + 2 alarms = 4; the nearer alarm is switched off first."""
    s = position(floor_case("A1", "A3", 2, alarms=["A3", "D4"], patrol=["B1"]))
    out = play(s, turn())
    assert speed_of(out) == [4]
    assert out.entered() == ["A2", "A3", "B3", "C3"]
    assert out.floor().alarms == ("D4",)
    assert out.floor().destination == "D4"
    assert out.drawn() == []


def test_alarms_on_another_floor_do_not_add_moves():
    """guard-rules 1.2: only the alarm tokens on that guard's own floor count."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]),
                 floor_case("A4", "D4", 2, alarms=["D4", "C4"], patrol=["A1"]))
    assert speed_of(play(s, turn(1))) == [2]


def test_guard_loses_no_move_when_alarm_switched_off_mid_move():
    """guard-rules 1.2 (case 14): speed is fixed when the move starts; switching off the alarm keeps 3 moves."""
    s = position(floor_case("A1", "A2", 2, alarms=["A2"], patrol=["D1", "B4"]))
    out = play(s, turn())
    assert out.entered() == ["A2", "A1", "B1"]
    assert out.floor().alarms == ()
    assert (out.floor().guard, out.floor().destination) == ("B1", "D1")


def test_espresso_bonus_gives_one_more_move():
    """guard-rules 1.2 and §1.21 Espresso: +1 move this turn."""
    out = play(position(floor_case("A1", "D4", 2, patrol=["A1"])), turn(bonus=1))
    assert out.entered() == ["B1", "C1", "D1"]


def test_daydreaming_bonus_gives_one_move_fewer():
    """guard-rules 1.2 and §1.21 Daydreaming: -1 move this turn."""
    out = play(position(floor_case("A1", "D4", 2, patrol=["A1"])), turn(bonus=-1))
    assert out.entered() == ["B1"]


def test_daydreaming_never_makes_the_speed_negative():
    """guard-rules §1.21: never below 0 moves."""
    out = play(position(floor_case("A1", "D4", 1, patrol=["A1"])), turn(bonus=-2))
    assert out.entered() == []
    assert speed_of(out) == [0]
    assert out.floor().guard == "A1"


def test_espresso_event_applies_to_the_end_of_turn_move_only():
    """guard-rules 1.2 and §1.21: the Espresso event changes this turn's guard move, then wears off."""
    s = position(floor_case("A1", "D4", 2, patrol=["A1"]), crew={"ana": burglar("A4")})
    out = play(s, event("espresso"), {"do": "end_turn"})
    assert out.entered() == ["B1", "C1", "D1"]
    assert out.state.bonus == 0
    again = play(out.state, {"do": "end_turn"})
    assert again.entered() == ["D2", "D3"]


def test_daydreaming_event_slows_the_end_of_turn_move():
    """guard-rules §1.21 Daydreaming: -1 move at the end of this turn."""
    s = position(floor_case("A1", "D4", 2, patrol=["A1"]), crew={"ana": burglar("A4")})
    out = play(s, event("daydreaming"), {"do": "end_turn"})
    assert out.entered() == ["B1"]


# -- 1.1 which guard moves ------------------------------------------------------------------------------

def test_only_the_guard_of_the_floor_the_player_ends_on_moves():
    """guard-rules 1.1: after ana's turn on floor 2, floor 2's guard moves and floor 1's stays."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), floor_case("A4", "D4", 3, patrol=["A1"]),
                 crew={"ana": burglar("B2", floor=2)})
    out = play(s, {"do": "end_turn"})
    assert out.entered(1) == []
    assert out.entered(2) == ["B4", "C4", "D4"]
    assert out.floor(1).guard == "A1"


def test_floor_without_a_guard_yet_does_not_move():
    """guard-rules 1.13: a floor nobody reached has no guard to move."""
    s = position(floor_case("A1", "D1", 2), floor_case(None, None, 3, patrol=["A1", "B1"]))
    out = play(s, turn(2))
    assert out.floor(2).guard is None
    assert out.drawn(2) == []
    assert out.of_kind("idle")


# -- 1.5 / 1.6 arrival -----------------------------------------------------------------------------------

def test_guard_arrives_draws_and_keeps_walking_with_moves_left():
    """guard-rules 1.5: on arrival with moves left he heads for the new destination at once."""
    s = position(floor_case("A1", "B1", 3, patrol=["B4"]))
    out = play(s, turn())
    assert out.entered() == ["B1", "B2", "B3"]
    assert out.drawn() == ["B4"]
    assert out.floor().destination == "B4"


def test_guard_arrives_several_times_in_one_move():
    """guard-rules 1.5 (case 16): die 6 on short hops, three arrivals, the deck is emptied."""
    s = position(floor_case("A1", "A2", 6, patrol=["A4", "C4", "D1"]))
    out = play(s, turn())
    assert out.entered() == ["A2", "A3", "A4", "B4", "C4", "C3"]
    assert out.drawn() == ["A4", "C4", "D1"]
    assert out.floor().deck == []
    assert out.floor().discard == ("A4", "C4", "D1")


def test_arrival_on_the_last_move_still_sets_the_next_destination():
    """guard-rules 1.6: the die moves on as soon as he arrives, even with no move left."""
    out = play(position(floor_case("A1", "B1", 1, patrol=["D4"])), turn())
    assert (out.floor().guard, out.floor().destination) == ("B1", "D4")


def test_card_showing_the_guards_own_square_is_redrawn_without_spending_a_move():
    """guard-rules 1.6 ruling (case 15): the B1 card is discarded, C1 drawn, three moves still used."""
    s = position(floor_case("A1", "B1", 3, patrol=["B1", "C1", "C3"]))
    out = play(s, turn())
    assert out.entered() == ["B1", "C1", "C2"]
    assert out.drawn() == ["B1", "C1", "C3"]
    assert out.floor().destination == "C3"
    assert out.floor().discard == ("B1", "C1", "C3")
    assert any(e.kind == "redraw" and e.ruling for e in out.log)


def test_arrival_with_alarms_left_goes_to_the_nearest_alarm_not_a_card():
    """guard-rules 1.6: alarms remaining on the floor take the die before any patrol card."""
    s = position(floor_case("A1", "B1", 1, alarms=["B1", "A4", "D1"], patrol=["C3"]))
    out = play(s, turn())
    assert out.entered() == ["B1", "C1", "D1", "D2"]
    assert out.floor().alarms == ("A4",)
    assert out.floor().destination == "A4"
    assert out.drawn() == []


# -- 1.11 the patrol deck --------------------------------------------------------------------------------

@pytest.mark.parametrize("players, aside", [(1, 9), (2, 6), (3, 3), (4, 0)])
def test_reshuffle_sets_cards_aside_unseen_for_the_player_count(players, aside):
    """guard-rules 1.11: a new deck sets 9/6/3 cards aside for 1/2/3 players (taken from its end)."""
    s = position(floor_case("A1", "A2", 1, discard=["B2", "C2"]), players=players, reshuffle={1: SIXTEEN})
    out = play(s, turn())
    fl = out.floor()
    assert out.drawn() == ["D4"]
    assert fl.destination == "D4"
    assert list(fl.unseen) == SIXTEEN[16 - aside:]
    assert fl.deck == SIXTEEN[1:16 - aside]
    assert fl.discard == ("D4",)


def test_reshuffle_raises_the_die_by_one():
    """guard-rules 1.11 (case 17): empty deck when a card is needed -> die +1, then draw."""
    s = position(floor_case("A1", "A2", 3, discard=["B2", "C2"]), players=2, reshuffle={1: SIXTEEN})
    out = play(s, turn())
    assert out.entered() == ["A2", "B2", "C2"]
    assert out.floor().die == 4
    assert len(out.floor().deck) == 9
    assert out.of_kind("reshuffle")[0].data["aside"] == 6


def test_reshuffle_mid_move_does_not_change_the_move_already_started():
    """guard-rules 1.2 with 1.11: the new die value counts from the next move."""
    s = position(floor_case("A1", "A2", 3, discard=["B2"]), reshuffle={1: SIXTEEN})
    out = play(s, turn())
    assert speed_of(out) == [3]
    assert len(out.entered()) == 3
    assert out.floor().die == 4


def test_reshuffle_never_raises_the_die_above_six():
    """guard-rules 1.11 (case 18): the die stays at 6."""
    s = position(floor_case("A1", "A2", 6), reshuffle={1: SIXTEEN})
    assert play(s, turn()).floor().die == 6


def test_app_reshuffle_brings_back_the_unseen_cards():
    """guard-rules 1.11: discards and the cards set aside unseen all go into the new deck."""
    s = position(floor_case("A1", "A2", 1), players=3)
    fl = s.floors[1]
    fl.unseen = ("D2", "D3", "D4")
    fl.discard = tuple(c for c in SIXTEEN if c not in fl.unseen)
    out = play(s, turn())
    after = out.floor()
    assert sorted([*after.deck, *after.unseen, *after.discard]) == sorted(SIXTEEN)
    assert len(after.unseen) == 3
    assert after.die == 2
    assert after.discard[-1] == after.destination


def test_app_reshuffle_is_the_same_for_the_same_seed():
    """design: the app's own deck is seeded, so a replayed game draws the same cards (1.11)."""
    def fresh():
        s = position(floor_case("A1", "A2", 1), players=2)
        s.floors[1].discard = tuple(SIXTEEN)
        return s

    assert play(fresh(), turn()).floor().deck == play(fresh(), turn()).floor().deck


# -- 1.7 / 1.8 Stealth ---------------------------------------------------------------------------------

def test_player_loses_stealth_in_every_room_the_guard_enters():
    """guard-rules 1.7 (case 25): not only where he stops; a player not entered keeps it."""
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]),
                 crew={"ana": burglar("B1"), "bo": burglar("C1", stealth=1), "cy": burglar("C2")})
    out = play(s, turn())
    assert out.entered() == ["B1", "C1", "D1"]
    assert (out.stealth("ana"), out.stealth("bo"), out.stealth("cy")) == (2, 0, 3)
    assert out.state.outcome is None


def test_guard_entering_the_same_room_twice_costs_stealth_twice():
    """guard-rules 1.7: B1 entered twice in one move -> 2 Stealth."""
    s = position(floor_case("A1", "B1", 3, patrol=["C1", "A1"]), crew={"ana": burglar("B1")})
    out = play(s, turn())
    assert out.entered() == ["B1", "C1", "B1"]
    assert out.stealth("ana") == 1


def test_players_sharing_a_room_each_lose_stealth():
    """guard-rules 1.7: every player in the room discards 1."""
    s = position(floor_case("A1", "B1", 1, patrol=["D4"]), crew={"ana": burglar("B1"), "bo": burglar("B1")})
    out = play(s, turn())
    assert (out.stealth("ana"), out.stealth("bo")) == (2, 2)


def test_guard_on_another_floor_does_not_cost_stealth():
    """guard-rules 1.7: only players on the guard's floor are found."""
    s = position(floor_case("A1", "B1", 1, patrol=["D4"]), floor_case("D4", "D1", 2),
                 crew={"ana": burglar("B1", floor=2)})
    assert play(s, turn(1)).stealth("ana") == 3


def test_guard_switches_off_an_alarm_he_walks_through():
    """guard-rules 1.7: an alarm in any room he enters is removed, destination or not."""
    s = position(floor_case("A1", "C1", 2, alarms=["C1", "B1"], patrol=["D4"]))
    out = play(s, turn())
    assert out.entered()[0] == "B1"
    assert "B1" not in out.floor().alarms


def test_player_without_stealth_is_caught_and_the_move_stops():
    """guard-rules 1.8 (case 26): the team loses; the guard stops where he found her."""
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]), crew={"ana": burglar("B1", stealth=0)})
    out = play(s, turn())
    assert out.state.outcome == "caught"
    assert out.floor().guard == "B1"
    assert out.entered() == ["B1"]
    assert out.of_kind("caught")[0].data["who"] == "ana"


def test_nothing_more_happens_once_the_crew_is_caught():
    """guard-rules 1.8: the game is over; only board corrections remain possible."""
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]), crew={"ana": burglar("B1", stealth=0)})
    over = play(s, turn()).state
    with pytest.raises(IllegalActionError, match="game is over"):
        play(over, turn())
    fixed = play(over, {"do": "set", "field": "stealth", "who": "ana", "value": 2}).state
    assert fixed.crew["ana"].stealth == 2


def test_lavatory_asks_whether_the_rooms_token_or_her_own_is_discarded():
    """§1.22 Lavatory: a burglar there *may* use one of the room's tokens; asked when both are possible."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"}),
                 crew={"ana": burglar("B1", stealth=1)})
    question = play(s, turn()).question
    assert question is not None and question["kind"] == "lavatory" and question["options"] == ["room", "own"]
    out = play(s, turn(), answers=["room"])
    assert out.stealth("ana") == 1 and out.floor().lavatory == {"B1": 2}
    out = play(s, turn(), answers=["own"])
    assert out.stealth("ana") == 0 and out.floor().lavatory == {"B1": 3}


def test_lavatory_token_is_used_without_asking_when_she_has_none_of_her_own():
    """§1.22 Lavatory: with 0 Stealth of her own, the room's token is used (she is not caught)."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"}),
                 crew={"ana": burglar("B1", stealth=0)})
    out = play(s, turn())
    assert out.question is None and out.state.outcome is None and out.floor().lavatory == {"B1": 2}


def test_a_case_without_a_lavatory_answer_uses_the_rooms_token():
    """Conformance (docs/conformance.md): a case that gives no answer gets the room's token, which no
    player would refuse (public case 27)."""
    from assistant.engine.cases import run_case
    result = run_case({"floors": {"1": floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"})},
                       "crew": {"ana": burglar("B1", stealth=1)}, "actions": [turn()]})
    assert result["crew"]["ana"]["stealth"] == 1 and result["needs_choice"] is None


def test_empty_lavatory_leaves_the_player_to_pay():
    """guard-rules 1.8: once the room's 3 tokens are gone, the player discards her own."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"}), crew={"ana": burglar("B1")})
    s.floors[1].lavatory["B1"] = 0
    out = play(s, turn())
    assert out.stealth("ana") == 2


def test_revealed_lavatory_starts_with_three_tokens():
    """guard-rules 1.8: the Lavatory holds 3 Stealth tokens when revealed."""
    s = position(floor_case("A1", "C1", 2))
    out = play(s, {"do": "reveal", "floor": 1, "at": "B1", "type": "lavatory"})
    assert out.floor().lavatory == {"B1": 3}
    assert out.floor().tiles["B1"] == "lavatory"


def test_player_without_stealth_in_a_lavatory_is_saved_by_the_room():
    """guard-rules 1.8: the room's token counts, so a player at 0 is not caught."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B1": "lavatory"}),
                 crew={"ana": burglar("B1", stealth=0)})
    out = play(s, turn())
    assert out.state.outcome is None
    assert out.floor().lavatory == {"B1": 2}


# -- 1.15 Foyer -----------------------------------------------------------------------------------------

def test_guard_next_to_an_open_foyer_costs_stealth():
    """guard-rules 1.15 (case 28): the guard entering B1 sees into the Foyer B2."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"], tiles={"B2": "foyer"}), crew={"ana": burglar("B2")})
    out = play(s, turn())
    assert out.entered() == ["B1", "C1"]
    assert out.stealth("ana") == 2


def test_wall_stops_the_guard_seeing_into_the_foyer():
    """guard-rules 1.15: a wall between the guard's room and the Foyer blocks the view."""
    s = position(floor_case("A1", "C1", 2, walls=["B1-B2"], patrol=["D4"], tiles={"B2": "foyer"}),
                 crew={"ana": burglar("B2")})
    out = play(s, turn())
    assert out.entered() == ["B1", "C1"]
    assert out.stealth("ana") == 3


def test_guard_walking_through_a_foyer_costs_entry_and_each_adjacent_room():
    """guard-rules 1.15: entering the Foyer costs 1, the next adjacent room 1 more."""
    s = position(floor_case("A2", "C2", 2, patrol=["D4"], tiles={"B2": "foyer"}), crew={"ana": burglar("B2")})
    out = play(s, turn())
    assert out.entered() == ["B2", "C2"]
    assert out.stealth("ana") == 1


def test_foyers_do_not_chain():
    """guard-rules 1.15: the guard next to Foyer B1 does not see through it into Foyer C1."""
    s = position(floor_case("A2", "A1", 1, patrol=["D4"], tiles={"B1": "foyer", "C1": "foyer"}),
                 crew={"ana": burglar("C1")})
    out = play(s, turn())
    assert out.entered() == ["A1"]
    assert out.stealth("ana") == 3


def test_player_stepping_into_a_foyer_next_to_the_guard_loses_stealth():
    """guard-rules 1.15: checked also when the player enters the Foyer."""
    s = position(floor_case("B2", "D4", 2, tiles={"A2": "foyer"}), crew={"ana": burglar("A1")})
    assert play(s, move("ana", "A2")).stealth("ana") == 2


def test_player_stepping_into_a_foyer_walled_off_from_the_guard_keeps_stealth():
    """guard-rules 1.15: a wall between Foyer and guard blocks the view."""
    s = position(floor_case("B2", "D4", 2, walls=["A2-B2"], tiles={"A2": "foyer"}), crew={"ana": burglar("A1")})
    assert play(s, move("ana", "A2")).stealth("ana") == 3


# -- 1.16 Atrium ----------------------------------------------------------------------------------------

def test_guard_directly_above_the_atrium_costs_stealth():
    """guard-rules 1.16 (case 29): floor-2 guard enters C3 above the floor-1 Atrium C3."""
    s = position(floor_case("A1", "A2", 2, patrol=["A4"], tiles={"C3": "atrium"}),
                 floor_case("C1", "C4", 2, patrol=["A1"]), crew={"ana": burglar("C3")})
    out = play(s, turn(2))
    assert out.entered(2) == ["C2", "C3"]
    assert out.stealth("ana") == 2


def test_guard_directly_below_the_atrium_costs_stealth():
    """guard-rules 1.16: the floor-1 guard entering B2 under the floor-2 Atrium B2."""
    s = position(floor_case("A2", "C2", 2, patrol=["D4"]),
                 floor_case("D4", "D1", 2, tiles={"B2": "atrium"}), crew={"ana": burglar("B2", floor=2)})
    out = play(s, turn(1))
    assert out.entered(1) == ["B2", "C2"]
    assert out.stealth("ana") == 2


def test_guard_two_floors_away_from_the_atrium_sees_nothing():
    """guard-rules 1.16: only the room directly above or below counts."""
    s = position(floor_case("A1", "A2", 2, tiles={"C3": "atrium"}), floor_case("D4", "D1", 2),
                 floor_case("C1", "C4", 2, patrol=["A1"]), crew={"ana": burglar("C3")})
    out = play(s, turn(3))
    assert "C3" in out.entered(3)
    assert out.stealth("ana") == 3


def test_player_stepping_into_an_atrium_under_a_guard_loses_stealth():
    """guard-rules 1.16: checked also when the player moves into the Atrium."""
    s = position(floor_case("A1", "A2", 2, tiles={"C3": "atrium"}), floor_case("C3", "A1", 2),
                 crew={"ana": burglar("C2")})
    assert play(s, move("ana", "C3")).stealth("ana") == 2


# -- 1.14 Camera ----------------------------------------------------------------------------------------

def test_guard_passing_a_camera_sets_off_an_alarm_under_a_player_on_another_camera():
    """guard-rules 1.14 (case 30): alarm on floor 2 C3, its die goes there, no Stealth lost."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"], tiles={"B1": "camera"}),
                 floor_case("D4", "A4", 2, patrol=["B2"], tiles={"C3": "camera"}),
                 crew={"ana": burglar("C3", floor=2)})
    out = play(s, turn(1))
    assert out.entered(1) == ["B1", "C1"]
    assert out.floor(2).alarms == ("C3",)
    assert out.floor(2).destination == "C3"
    assert out.entered(2) == []
    assert out.stealth("ana") == 3


def test_player_on_an_unrevealed_camera_room_is_not_seen():
    """guard-rules 1.14: only revealed Camera rooms see each other."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"], tiles={"B1": "camera"}),
                 floor_case("D4", "A4", 2), crew={"ana": burglar("C3", floor=2)})
    out = play(s, turn(1))
    assert out.floor(2).alarms == ()


def test_camera_switched_off_sees_nothing():
    """guard-rules 1.14: Video Loop / Crowbar disables that camera."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"], tiles={"B1": "camera"}),
                 floor_case("D4", "A4", 2, tiles={"C3": "camera"}), crew={"ana": burglar("C3", floor=2)})
    out = play(s, {"do": "camera", "floor": 2, "at": "C3", "off": True}, turn(1))
    assert out.floor(2).alarms == ()
    back_on = play(out.state, {"do": "camera", "floor": 2, "at": "C3", "off": False})
    assert back_on.floor(2).cameras_off == ()


def test_player_steps_onto_a_camera_while_a_guard_stands_on_another():
    """guard-rules 1.14: the player entering a Camera room while a guard is on another Camera."""
    s = position(floor_case("B1", "D1", 2, tiles={"B1": "camera"}),
                 floor_case("D4", "A4", 2, tiles={"C3": "camera"}), crew={"ana": burglar("C2", floor=2)})
    out = play(s, move("ana", "C3", floor=2))
    assert out.floor(2).alarms == ("C3",)
    assert out.floor(2).destination == "C3"
    assert out.stealth("ana") == 3


def test_player_steps_onto_a_camera_with_no_guard_on_any_camera():
    """guard-rules 1.14: no guard on a Camera, nothing sees her."""
    s = position(floor_case("A1", "D1", 2, tiles={"B1": "camera"}),
                 floor_case("D4", "A4", 2, tiles={"C3": "camera"}), crew={"ana": burglar("C2", floor=2)})
    assert play(s, move("ana", "C3", floor=2)).floor(2).alarms == ()


# -- 1.17 Tiara ----------------------------------------------------------------------------------------

def test_tiara_holder_moving_next_to_the_guard_loses_stealth():
    """guard-rules 1.17 (case 31): moving into a room adjacent to the guard."""
    s = position(floor_case("B2", "D4", 2), crew={"ana": burglar("A3", loot=["tiara"])})
    assert play(s, move("ana", "B3")).stealth("ana") == 2


def test_tiara_holder_does_not_lose_stealth_when_the_guard_comes_next_to_her():
    """guard-rules 1.17: not when the guard moves."""
    s = position(floor_case("A1", "C1", 2, patrol=["D4"]), crew={"ana": burglar("C2", loot=["tiara"])})
    out = play(s, turn())
    assert out.entered() == ["B1", "C1"]
    assert out.stealth("ana") == 3


def test_tiara_holder_next_to_the_guard_behind_a_wall_keeps_stealth():
    """guard-rules 1.17 and bb1 setup: rooms with a wall between are not adjacent."""
    s = position(floor_case("B2", "D4", 2, walls=["B2-B3"]), crew={"ana": burglar("A3", loot=["tiara"])})
    assert play(s, move("ana", "B3")).stealth("ana") == 3


def test_player_without_tiara_moving_next_to_the_guard_keeps_stealth():
    """guard-rules 1.17: adjacency only matters for the Tiara holder."""
    s = position(floor_case("B2", "D4", 2), crew={"ana": burglar("A3")})
    assert play(s, move("ana", "B3")).stealth("ana") == 3


def test_player_walking_into_the_guard_loses_one_stealth_even_with_the_tiara():
    """guard-rules 1.7/1.17: walking into his room costs 1 (the Tiara adds nothing there)."""
    s = position(floor_case("B2", "D4", 2), crew={"ana": burglar("A2", loot=["tiara"])})
    assert play(s, move("ana", "B2")).stealth("ana") == 2


# -- 1.18 Donuts -----------------------------------------------------------------------------------------

def test_donuts_stop_the_next_guard_move_only():
    """guard-rules 1.18 (case 44): no move the first time, normal the second; the donuts are gone."""
    s = position(floor_case("A1", "D4", 2, patrol=["A1"]))
    first = play(s, {"do": "donuts", "floor": 1}, turn())
    assert first.entered() == []
    assert first.floor().guard == "A1"
    assert first.floor().donuts is False
    assert play(first.state, turn()).entered() == ["B1", "C1"]


# -- 1.19 Raven -------------------------------------------------------------------------------------------

def test_basic_crow_makes_the_guard_lose_a_move_after_entering_its_room():
    """§1.22 Raven: die 4, crow in C1 -> B1, C1, one move lost there, D1: he arrives one room short of
    where he would have gone (D2), and the lost move is a log line of its own."""
    s = position(floor_case("A1", "D1", 4, patrol=["D4"]), crew={"raven": burglar("D2")})
    out = play(s, {"do": "crow", "who": "raven", "at": "C1"}, turn())
    assert out.entered() == ["B1", "C1", "D1"]
    assert [e.data.get("how") for e in out.log if e.kind == "crow"] == ["lands", "slows"]


def test_guard_enters_the_crows_room_with_his_last_move_and_finds_who_is_there():
    """§1.22 Raven: with his last move he still enters the crow's room, and finds whoever is there."""
    s = position(floor_case("A1", "D1", 2, patrol=["D4"]), crew={"raven": burglar("C1")})
    out = play(s, {"do": "crow", "who": "raven", "at": "C1"}, turn())
    assert out.entered() == ["B1", "C1"]
    assert out.stealth("raven") == 2
    assert not any(e.kind == "crow" and e.data.get("how") == "slows" for e in out.log)


def test_crow_flies_at_most_two_rooms():
    """guard-rules 1.19: the crow token goes up to 2 rooms away."""
    s = position(floor_case("A1", "D1", 2), crew={"raven": burglar("D1")})
    with pytest.raises(IllegalActionError, match="at most 2 rooms"):
        play(s, {"do": "crow", "who": "raven", "at": "A1"})


def test_crow_does_not_fly_through_walls():
    """guard-rules 1.19: B1 is 1 square from A1 but 3 rooms round the wall A1-B1."""
    s = position(floor_case("D4", "D1", 2, walls=["A1-B1"]), crew={"raven": burglar("A1")})
    with pytest.raises(IllegalActionError):
        play(s, {"do": "crow", "who": "raven", "at": "B1"})


def test_advanced_crow_keeps_a_guard_starting_on_it_still_and_flies_back():
    """guard-rules 1.19 advanced: guard starts on the crow, no alarm -> no move, crow returns."""
    s = position(floor_case("B2", "D4", 2, patrol=["A1"]), crew={"raven": burglar("B2")})
    out = play(s, {"do": "crow", "who": "raven", "at": "B2", "advanced": True}, turn())
    assert out.entered() == []
    assert out.floor().guard == "B2"
    assert out.floor().crow is None


def test_advanced_crow_does_not_hold_the_guard_when_an_alarm_is_on():
    """guard-rules 1.19 advanced: only with no alarm on the floor."""
    s = position(floor_case("B2", "D4", 2, alarms=["D4"], patrol=["A1"]), crew={"raven": burglar("B2")})
    out = play(s, {"do": "crow", "who": "raven", "at": "B2", "advanced": True}, turn())
    assert len(out.entered()) == 3


def test_advanced_crow_must_be_in_the_ravens_own_room():
    """guard-rules 1.19 advanced: the crow is put on the Raven's own room."""
    s = position(floor_case("B2", "D4", 2), crew={"raven": burglar("B2")})
    with pytest.raises(IllegalActionError, match="own room"):
        play(s, {"do": "crow", "who": "raven", "at": "B3", "advanced": True})


# -- 1.20 Lost Visual ---------------------------------------------------------------------------------------

def test_lost_visual_card_removes_the_guard_mid_move():
    """guard-rules 1.20: the card is drawn on arrival, he stops and leaves the board."""
    s = position(floor_case("A1", "B1", 3, patrol=[LOST_VISUAL, "C3", "A3", "A1"]))
    out = play(s, turn())
    assert out.entered() == ["B1"]
    fl = out.floor()
    assert (fl.guard, fl.destination, fl.lost) == (None, None, True)


def test_lost_guard_returns_by_two_cards_then_moves_normally():
    """guard-rules 1.20 ruling: one card places him, the next sets the destination, then a full move."""
    s = position(floor_case("A1", "B1", 3, patrol=[LOST_VISUAL, "C3", "A3", "A1"]))
    out = play(s, turn(), turn())
    assert out.drawn() == [LOST_VISUAL, "C3", "A3", "A1"]
    assert out.entered() == ["B1", "B3", "A3", "A2"]
    assert (out.floor().guard, out.floor().destination, out.floor().lost) == ("A2", "A1", False)


def test_alarm_while_the_guard_is_lost_takes_the_die_to_the_newest_alarm():
    """guard-rules 1.20 ruling: tokens still go down; the die sits on the newest alarm."""
    s = position(floor_case("A1", "B1", 1, patrol=[LOST_VISUAL, "C3", "D1"]))
    out = play(s, turn(), {"do": "alarm", "floor": 1, "at": "D4"}, {"do": "alarm", "floor": 1, "at": "A2"})
    assert out.floor().alarms == ("A2", "D4")
    assert out.floor().destination == "A2"
    assert out.floor().guard is None


def test_lost_guard_returning_with_alarms_heads_for_the_nearest_alarm():
    """guard-rules 1.20/1.2/1.6: placed in C3, 5 moves (die 3 + 2 alarms), D4 first, then toward A2."""
    s = position(floor_case("A1", "B1", 3, patrol=[LOST_VISUAL, "C3", "D1"]))
    s = play(s, turn()).state
    s.floors[1].die = 3
    out = play(s, {"do": "alarm", "floor": 1, "at": "D4"}, {"do": "alarm", "floor": 1, "at": "A2"}, turn())
    assert out.floor().alarms == ("A2",)
    assert out.entered() == ["D3", "D4", "C4", "B4", "A4"]
    assert out.floor().destination == "A2"


# -- 1.13 a floor's guard appears ----------------------------------------------------------------------------

def test_first_arrival_on_a_floor_places_its_guard_by_two_cards():
    """guard-rules 1.13 (case 33): C3 places him, the second C3 is his own square and is redrawn, A2."""
    s = position(floor_case("A1", "B1", 2, walls=BANK_F1, patrol=["C1"]),
                 floor_case(None, None, 3, walls=BANK_F2, patrol=["C3", "C3", "A2", "D4"]))
    out = play(s, {"do": "enter_floor", "floor": 2})
    assert (out.floor(2).guard, out.floor(2).destination) == ("C3", "A2")
    assert out.drawn(2) == ["C3", "C3", "A2"]
    assert out.drawn(1) == []
    assert out.floor(2).deck == ["D4"]


def test_second_arrival_on_a_floor_draws_nothing():
    """guard-rules 1.13: the guard appears only the first time someone arrives."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["C3", "A2", "D4", "B4"]))
    once = play(s, {"do": "enter_floor", "floor": 2})
    twice = play(once.state, {"do": "enter_floor", "floor": 2})
    assert twice.drawn(2) == []
    assert twice.floor(2).deck == ["D4", "B4"]


def test_player_moving_onto_a_new_floor_makes_its_guard_appear():
    """guard-rules 1.13: any way of arriving places the floor's guard (here the Stairs, bb1 "Stairs")."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["C3", "A2"]),
                 crew={"ana": burglar("D1")})
    out = play(s, {**move("ana", "D1", floor=2), "via": "stairs"})
    assert (out.floor(2).guard, out.floor(2).destination) == ("C3", "A2")


def test_arrival_that_sets_off_an_alarm_draws_the_destination_first():
    """guard-rules 1.13 ruling: the destination card is drawn, then the alarm takes the die."""
    s = position(floor_case("B1", "D1", 2, tiles={"B1": "camera"}),
                 floor_case(None, None, 3, patrol=["A1", "D4", "B4"], tiles={"C3": "camera"}),
                 crew={"ana": burglar("C3")})
    out = play(s, {**move("ana", "C3", floor=2), "via": "stairs"})
    assert out.drawn(2) == ["A1", "D4"]
    assert out.floor(2).guard == "A1"
    assert out.floor(2).alarms == ("C3",)
    assert out.floor(2).destination == "C3"


def test_alarm_raised_before_the_guard_appears_takes_the_die_after_his_destination_card():
    """guard-rules 1.13 ruling / 1.9: the token waits; on appearing his die goes to it."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["A1", "D4"]))
    out = play(s, {"do": "alarm", "floor": 2, "at": "B3"}, {"do": "enter_floor", "floor": 2})
    assert out.drawn(2) == ["A1", "D4"]
    assert out.floor(2).destination == "B3"


def test_first_arrival_with_an_alarm_marks_both_die_lines_as_the_1_13_ruling():
    """guard-rules 1.13 ruling (issue 22 §3): the card drawn first and the alarm taking the die are both lines
    of that ruling; the guard's own appearance is the rulebook's."""
    s = position(floor_case("B1", "D1", 2, tiles={"B1": "camera"}),
                 floor_case(None, None, 3, patrol=["A1", "D4", "B4"], tiles={"C3": "camera"}),
                 crew={"ana": burglar("C3")})
    out = play(s, {**move("ana", "C3", floor=2), "via": "stairs"})
    card, alarm = out.of_kind("destination")
    assert (card.square, card.rule, card.ruling, card.data["appeared"]) == ("D4", "1.13", True, "arrival")
    assert (alarm.square, alarm.rule, alarm.ruling, alarm.data["appeared"]) == ("C3", "1.13", True, "arrival")
    assert not out.of_kind("appear")[0].ruling


def test_alarm_waiting_for_the_guard_marks_his_die_lines_as_a_ruling():
    """guard-rules 1.13 ruling: the token waited for him; his card, then the alarm, each a ruling line."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["A1", "D4"]))
    out = play(s, {"do": "alarm", "floor": 2, "at": "B3"}, {"do": "enter_floor", "floor": 2})
    assert [(e.square, e.ruling, e.data["appeared"]) for e in out.of_kind("destination")] == [
        ("D4", True, "waiting"), ("B3", True, "waiting")]


def test_an_alarm_after_the_guard_has_walked_is_no_longer_the_arrival_ruling():
    """guard-rules 1.9: once he has moved, a new alarm takes the die as usual, no ruling."""
    s = position(floor_case("A1", "D4", 2), crew={"ana": burglar("C1")})
    out = play(s, turn(), alarm("C3"))
    last = out.of_kind("destination")[-1]
    assert (last.square, last.rule, last.ruling) == ("C3", "1.9", False)


def test_guard_appearing_on_an_alarm_square_does_not_keep_his_die_on_himself():
    """guard-rules 1.6b/1.9: never an alarm under the guard, never the die left on his own square."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["B3", "D4", "A1"]))
    out = play(s, {"do": "alarm", "floor": 2, "at": "B3"}, {"do": "enter_floor", "floor": 2})
    fl = out.floor(2)
    assert fl.guard == "B3"
    assert fl.guard not in fl.alarms
    assert fl.destination != fl.guard


# -- 1.12 safes ---------------------------------------------------------------------------------------------

def test_cracking_a_safe_raises_that_floor_and_the_floors_below():
    """guard-rules 1.12 (case 32): floor-2 safe -> floors 2 and 1 +1, floor 3 unchanged."""
    s = position(floor_case("A1", "B1", 2, walls=BANK_F1), floor_case("A1", "B1", 3, walls=BANK_F2),
                 floor_case(None, None, 4, walls=BANK_F3))
    out = play(s, {"do": "crack_safe", "floor": 2})
    assert [out.floor(n).die for n in (1, 2, 3)] == [3, 4, 4]


def test_cracking_a_safe_never_raises_a_die_above_six():
    """guard-rules 1.12: max 6."""
    s = position(floor_case("A1", "B1", 6), floor_case("A1", "B1", 5))
    out = play(s, {"do": "crack_safe", "floor": 2})
    assert [out.floor(n).die for n in (1, 2)] == [6, 6]


def test_faster_die_after_a_safe_gives_more_moves_next_turn():
    """guard-rules 1.12 with 1.2: the raised die is the new speed."""
    s = position(floor_case("A1", "D4", 2, patrol=["A1"]))
    out = play(s, {"do": "crack_safe", "floor": 1}, turn())
    assert speed_of(out) == [3]
    assert out.entered() == ["B1", "C1", "D1"]


def test_cracking_a_safe_raises_a_floor_whose_guard_has_not_appeared_yet():
    """guard-rules 1.12: the top floor's die goes up even before its guard is placed."""
    s = position(floor_case("A1", "B1", 2), floor_case("A1", "B1", 3), floor_case(None, None, 4))
    out = play(s, {"do": "crack_safe", "floor": 3})
    assert [out.floor(n).die for n in (1, 2, 3)] == [3, 4, 5]


# -- Fort Knox (guard-rules §3) --------------------------------------------------------------------------------

def test_patrol_card_on_the_empty_square_is_redrawn():
    """guard-rules §3 ruling (case 34): C3 is the empty square; E5 is drawn instead."""
    s = position(floor_case("C2", "C4", 4, walls=["A1-B1", "D1-D2", "E3-E4", "A4-A5", "C4-C5"],
                            patrol=["C3", "E5", "A5"]), size=5, void=["C3"])
    out = play(s, turn())
    assert out.entered() == ["D2", "D3", "D4", "C4"]
    assert out.drawn() == ["C3", "E5"]
    assert out.floor().destination == "E5"
    assert any(e.kind == "redraw" and e.ruling for e in out.log)


def test_a_forecast_stand_in_caught_is_taken_off_the_board_and_the_move_goes_on():
    """guard-rules 1.8 as the danger forecast's stand-ins see it (Ruleset.stand_ins, docs/forecast.md): a copy of
    a burglar caught leaves the move to the others, and a burglar at the table caught still ends the game."""
    state = position(floor_case("A1", "D1", 3, patrol=["D4"]),
                     crew={"ana": burglar("B1", stealth=0), "bo": burglar("C1", stealth=0)})
    rules = ruleset_for(state, [])
    rules.stand_ins = frozenset({"ana"})
    with pytest.raises(GameOver):
        rules.guard_turn(1, 0)
    assert [e.data["who"] for e in rules.entries if e.kind == "caught"] == ["ana", "bo"]
    assert state.crew["ana"].at is None and state.crew["bo"].at == "C1"
    assert state.floors[1].guard == "C1" and state.outcome == "caught"
