"""The Burgle Bros (1) table around the guard (engine/bb1/table.py): room effects, characters, hack
tokens, the break-in and each burglar's own entry. One test per rule; each docstring cites its source:
the bb1 rulebook (../shared/seeds/bb1-rules-en.md), the BGA help (../shared/seeds/bb1-bga-help-fr.txt)
or a row of guard-rules §1.22."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.errors import IllegalActionError
from assistant.engine.state import GameState
from tests.engine.helpers import Played, alarm, event, floor_case, move, play, position


def member(at: str | None, floor: int = 1, stealth: int = 3, character: str = "", side: str = "basic",
           tools: list[str] | None = None, loot: list[str] | None = None) -> dict[str, Any]:
    """A crew member of a case, with the bb1 fields (character, side, tools, loot)."""
    return {"floor": floor, "at": at, "stealth": stealth, "character": character, "side": side,
            "tools": list(tools or []), "loot": list(loot or [])}


def quiet_floor(tiles: dict[str, str] | None = None, **kwargs: Any) -> dict[str, Any]:
    """Floor 1 with its guard far away in D4 walking toward D3, so only the room under test matters."""
    return floor_case("D4", "D3", 1, patrol=["D1", "D2", "C4"], tiles=tiles, **kwargs)


def end_turn() -> dict[str, Any]:
    return {"do": "end_turn"}


def alarms(out: Played, floor: int = 1) -> list[str]:
    return list(out.floor(floor).alarms)


# -- Fingerprint, Laser, Motion, Detector, Thermo ----------------------------------------------------------

def test_fingerprint_room_raises_an_alarm_when_entered():
    """bb1 Room Tiles, Fingerprint (Alarm): moving into it triggers an alarm, which takes the die (1.9)."""
    s = position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"))
    assert alarms(out) == ["B2"]
    assert out.floor().destination == "B2"


def test_laser_asks_whether_the_extra_action_was_spent():
    """bb1 Room Tiles, Laser: an alarm unless the burglar spends 2 actions to move in: the table says which."""
    s = position(quiet_floor({"B2": "laser"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"))
    assert out.question is not None and out.question["kind"] == "laser"
    assert out.question["options"] == ["alarm", "action"]


def test_laser_with_the_extra_action_spent_raises_nothing():
    """bb1 Room Tiles, Laser: 2 actions spent to move in safely, no alarm."""
    s = position(quiet_floor({"B2": "laser"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"), answers=["action"])
    assert alarms(out) == []
    assert "laser_action" in out.kinds()


def test_laser_without_the_extra_action_raises_an_alarm():
    """bb1 Room Tiles, Laser: moving in with 1 action triggers the alarm."""
    s = position(quiet_floor({"B2": "laser"}), crew={"ana": member("A2")})
    assert alarms(play(s, move("ana", "B2"), answers=["alarm"])) == ["B2"]


def test_motion_room_entered_and_left_in_one_turn_raises_an_alarm_in_it():
    """bb1 Room Tiles, Motion: moving into and out of it in a single turn triggers an alarm (in the Motion room)."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"), move("ana", "C2"))
    assert alarms(out) == ["B2"]


def test_motion_room_entered_only_raises_nothing():
    """bb1 Room Tiles, Motion: entering alone is safe."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("A2")})
    assert alarms(play(s, move("ana", "B2"))) == []


def test_motion_room_left_on_a_later_turn_raises_nothing():
    """bb1 Room Tiles, Motion: 'you can avoid triggering the Alarm if you wait until your next turn to Move out'."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"), end_turn(), move("ana", "C2"))
    assert alarms(out) == []


def test_motion_room_the_burglar_started_in_raises_nothing_when_left():
    """bb1 Room Tiles, Motion: only a Motion room moved into this turn counts."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("B2")})
    assert alarms(play(s, move("ana", "C2"))) == []


@pytest.mark.parametrize("carried", [{"tools": ["donuts"]}, {"loot": ["bust"]}])
def test_detector_raises_an_alarm_for_a_burglar_carrying_a_tool_or_loot(carried):
    """bb1 Room Tiles, Detector (Alarm): moving in with a Tool or Loot card triggers an alarm, no question."""
    s = position(quiet_floor({"B2": "detector"}), crew={"ana": member("A2", **carried)})
    out = play(s, move("ana", "B2"))
    assert out.question is None
    assert alarms(out) == ["B2"]


def test_detector_asks_when_the_app_knows_of_nothing_carried():
    """bb1 Room Tiles, Detector: with no Tools or Loot nothing happens; the app cannot know every card in
    hand (issue 10 item 1), so it asks, and 'no' raises nothing."""
    s = position(quiet_floor({"B2": "detector"}), crew={"ana": member("A2")})
    out = play(s, move("ana", "B2"))
    assert out.question is not None and out.question["kind"] == "detector"
    assert alarms(play(s, move("ana", "B2"), answers=["no"])) == []
    assert alarms(play(s, move("ana", "B2"), answers=["alarm"])) == ["B2"]


def test_thermo_alarm_goes_off_before_the_guard_moves_at_the_end_of_the_turn():
    """bb1 Room Tiles, Thermo: ending one's actions there triggers an alarm; it is on the board when the guard
    starts to move, so it adds to his speed (rulebook 'Movement speed') and takes the die (1.9)."""
    s = position(floor_case("D1", "D4", 1, patrol=["A1"], tiles={"B1": "thermo"}), crew={"ana": member("B1")})
    out = play(s, end_turn())
    speed = out.of_kind("speed")[0]
    assert speed.data["moves"] == 2
    assert speed.data["destination"] == "B1"
    assert out.entered() == ["C1", "B1"]
    assert out.kinds().index("thermo") < out.kinds().index("speed")


def test_walking_through_a_thermo_raises_nothing():
    """bb1 Room Tiles, Thermo: only ending one's actions there counts."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("A2")})
    assert alarms(play(s, move("ana", "B2"), move("ana", "C2"))) == []


def test_isotope_raises_an_alarm_on_entering_a_thermo():
    """BGA help, Isotope: an alarm goes off on entering the Thermo room with the Isotope."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("A2", loot=["isotope"])})
    out = play(s, move("ana", "B2"))
    assert alarms(out) == ["B2"]
    assert "isotope" in out.kinds()


# -- Walkway -------------------------------------------------------------------------------------------------

def two_floors(tiles2: dict[str, str] | None = None, guard1: str = "B2", tiles1: dict[str, str] | None = None,
               **crew: dict[str, Any]) -> GameState:
    return position(floor_case(guard1, "D4", 2, patrol=["D1"], tiles=tiles1),
                    floor_case("D4", "D3", 1, patrol=["D1"], tiles=tiles2), crew=crew)


def test_walkway_revealed_by_moving_into_it_drops_the_burglar_to_the_floor_below():
    """bb1 Room Tiles, Walkway: revealed by a Move, the piece goes to the corresponding room one floor down."""
    out = play(two_floors(guard1="A1", ana=member("A2", floor=2)),
               {**move("ana", "B2", floor=2), "type": "walkway"})
    b = out.state.crew["ana"]
    assert (b.floor, b.at) == (1, "B2")
    assert "fall" in out.kinds()


def test_walkway_fall_into_the_guards_room_costs_no_stealth():
    """bb1 Room Tiles, Walkway: falling is not entering, 'you do not discard a Stealth token if a Guard is in
    the tile'."""
    out = play(two_floors(ana=member("A2", floor=2)), {**move("ana", "B2", floor=2), "type": "walkway"})
    assert out.stealth("ana") == 3
    assert out.of_kind("stealth") == []


def test_walkway_fall_ignores_the_landing_rooms_effects():
    """bb1 Room Tiles, Walkway: falling is not entering, so the room below (a Fingerprint) raises nothing."""
    out = play(two_floors(guard1="A1", tiles1={"B2": "fingerprint"}, ana=member("A2", floor=2)),
               {**move("ana", "B2", floor=2), "type": "walkway"})
    assert out.floor(1).alarms == ()


def test_walkway_already_revealed_is_an_ordinary_room_to_move_into():
    """bb1 Setup note: 'After the Walkway is revealed, you do not fall if you Move into the tile'."""
    out = play(two_floors(tiles2={"B2": "walkway"}, ana=member("A2", floor=2)), move("ana", "B2", floor=2))
    assert (out.state.crew["ana"].floor, out.state.crew["ana"].at) == (2, "B2")


def test_walkway_on_the_first_floor_is_a_normal_room():
    """BGA help, Walkway: on the ground floor nothing happens; moving into the guard's room there costs
    Stealth as usual (1.7 reversed)."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]), crew={"ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "type": "walkway"})
    assert (out.state.crew["ana"].floor, out.state.crew["ana"].at) == (1, "B2")
    assert out.stealth("ana") == 2


# -- Lavatory ----------------------------------------------------------------------------------------------

def test_lavatory_asks_whose_token_when_both_are_possible():
    """§1.22 Lavatory: the burglar may use one of the room's tokens; asked when both are possible."""
    s = position(floor_case("A2", "C2", 1, tiles={"B2": "lavatory"}), crew={"ana": member("B2")})
    out = play(s, {"do": "guard_turn", "floor": 1})
    assert out.question is not None and out.question["kind"] == "lavatory"
    assert out.question["options"] == ["room", "own"]


def test_lavatory_token_used_instead_of_the_burglars_own():
    """bb1 Room Tiles, Lavatory: discard a Stealth token from the tile instead of your own."""
    s = position(floor_case("A2", "C2", 1, tiles={"B2": "lavatory"}), crew={"ana": member("B2")})
    out = play(s, {"do": "guard_turn", "floor": 1}, answers=["room"])
    assert out.stealth("ana") == 3
    assert out.floor().lavatory["B2"] == 2


def test_lavatory_with_no_stealth_of_ones_own_uses_the_rooms_without_asking():
    """§1.22 Lavatory: with 0 Stealth of their own the room's token is used (no capture, no question)."""
    s = position(floor_case("A2", "C2", 1, tiles={"B2": "lavatory"}), crew={"ana": member("B2", stealth=0)})
    out = play(s, {"do": "guard_turn", "floor": 1})
    assert out.question is None
    assert out.state.outcome is None
    assert out.floor().lavatory["B2"] == 2


# -- hack tokens and the Hacker ----------------------------------------------------------------------------

def with_hack(state: GameState, **tokens: int) -> GameState:
    state.hack.update(tokens)
    return state


def test_alarm_room_asks_to_hack_when_a_matching_token_exists():
    """bb1 'Hack a computer': when a player triggers an alarm they may discard a Hack token of the matching
    type to cancel it: one question, alarm or hack."""
    s = with_hack(position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")}), fingerprint=2)
    out = play(s, move("ana", "B2"))
    assert out.question is not None and out.question["kind"] == "hack"
    assert out.question["options"] == ["alarm", "hack-fingerprint"]


def test_hack_token_cancels_the_alarm_and_is_spent():
    """bb1 'Hack a computer': the token is discarded and the alarm cancelled."""
    s = with_hack(position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")}), fingerprint=2)
    out = play(s, move("ana", "B2"), answers=["hack"])
    assert alarms(out) == []
    assert out.state.hack["fingerprint"] == 1


def test_choosing_the_alarm_keeps_the_hack_tokens():
    """bb1 'Hack a computer': cancelling is optional ('may')."""
    s = with_hack(position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")}), fingerprint=2)
    out = play(s, move("ana", "B2"), answers=["alarm"])
    assert alarms(out) == ["B2"]
    assert out.state.hack["fingerprint"] == 2


def test_hack_token_of_another_computer_does_not_cancel():
    """bb1 'Hack a computer': the token's tile must match the type of alarm: no question without one."""
    s = with_hack(position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")}), laser=3)
    out = play(s, move("ana", "B2"))
    assert out.question is None
    assert alarms(out) == ["B2"]


def test_advanced_hackers_own_token_cancels_an_alarm():
    """BGA help, Hacker (advanced, Ordinateur): a token on her card, usable by any player against Fingerprint,
    Laser or Motion."""
    s = with_hack(position(quiet_floor({"B2": "fingerprint"}), crew={
        "ana": member("A2"), "hal": member("D1", character="hacker", side="advanced")}), hacker=1)
    out = play(s, move("ana", "B2"))
    assert out.question is not None and out.question["options"] == ["alarm", "hack-hacker"]
    out = play(s, move("ana", "B2"), answers=["hack-hacker"])
    assert alarms(out) == [] and out.state.hack["hacker"] == 0


def test_jammer_stops_the_hackers_own_alarms():
    """bb1 Card Reference, Hacker (Jammer): she does not trigger Fingerprint, Laser or Motion alarms."""
    s = position(quiet_floor({"B2": "fingerprint", "C2": "laser"}), crew={"hal": member("A2", character="hacker")})
    out = play(s, move("hal", "B2"), move("hal", "C2"))
    assert out.question is None
    assert alarms(out) == []
    assert len(out.of_kind("jammer")) == 2


def test_jammer_protects_another_burglar_in_her_room():
    """bb1 Card Reference, Hacker (Jammer): other players on her tile do not trigger those alarms either."""
    s = position(quiet_floor({"B2": "laser"}), crew={"hal": member("B2", character="hacker"), "ana": member("A2")})
    out = play(s, move("ana", "B2"))
    assert out.question is None
    assert alarms(out) == []


def test_advanced_hacker_has_no_jammer():
    """BGA help, Hacker: the Jammer is the basic side only."""
    s = position(quiet_floor({"B2": "fingerprint"}), crew={"hal": member("A2", character="hacker", side="advanced")})
    assert alarms(play(s, move("hal", "B2"))) == ["B2"]


# -- loot and characters touching rooms ----------------------------------------------------------------------

def test_mirror_holder_sets_off_no_laser():
    """BGA help, Mirror: its holder does not trigger Laser alarms (no question either)."""
    s = position(quiet_floor({"B2": "laser"}), crew={"ana": member("A2", loot=["mirror"])})
    out = play(s, move("ana", "B2"))
    assert out.question is None and alarms(out) == []


def test_rook_orders_into_a_laser_raise_nothing():
    """bb1 Card Reference, Rook (Orders): the moved player ignores additional movement costs, such as Lasers."""
    s = position(quiet_floor({"B2": "laser"}), crew={"rob": member("D1", character="rook"), "ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "by": "rook"})
    assert out.question is None and alarms(out) == []


def test_rook_orders_apply_other_room_effects():
    """bb1 Card Reference, Rook (Orders): 'Apply all other tile effects normally' (a Fingerprint still sounds)."""
    s = position(quiet_floor({"B2": "fingerprint"}), crew={"rob": member("D1", character="rook"), "ana": member("A2")})
    assert alarms(play(s, {**move("ana", "B2"), "by": "rook"})) == ["B2"]


def test_rook_disguise_swap_into_the_guards_room_costs_nothing():
    """bb1 Card Reference, Rook (Disguise): neither player moved into the tile, so neither sets off an alarm nor
    discards Stealth for a guard; §1.22 "Sight after any placement (changed, turn 4)": the one put in the guard's
    room keeps her Stealth."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"], tiles={"C3": "fingerprint"}),
                 crew={"rob": member("B2", character="rook", side="advanced"), "ana": member("C3")})
    out = play(s, event("rook_swap", who="rob", buddy="ana"))
    assert (out.state.crew["rob"].at, out.state.crew["ana"].at) == ("C3", "B2")
    assert out.stealth("ana") == 3 and out.stealth("rob") == 3
    assert alarms(out) == []


def test_acrobat_walks_into_the_guards_room_without_losing_stealth():
    """BGA help, Acrobat (Flexibilité): she may move into a guard's room without spending Stealth."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]), crew={"acro": member("A2", character="acrobat")})
    out = play(s, move("acro", "B2"))
    assert out.stealth("acro") == 3


def test_acrobat_still_in_the_guards_room_when_he_moves_loses_one():
    """BGA help, Acrobat: she must leave before the guard moves or she loses a Stealth token."""
    s = position(floor_case("B2", "D4", 1, patrol=["D1"]), crew={"acro": member("A2", character="acrobat")})
    out = play(s, move("acro", "B2"), end_turn())
    assert out.stealth("acro") == 2
    assert [e.data["why"] for e in out.of_kind("stealth")] == ["acrobat_stayed"]


def test_advanced_acrobat_walking_into_the_guard_loses_stealth():
    """bb1 Card Reference: the advanced Acrobat (Climb Window) has no such protection (1.7 reversed)."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]),
                 crew={"acro": member("A2", character="acrobat", side="advanced")})
    assert play(s, move("acro", "B2")).stealth("acro") == 2


def test_chihuahua_asks_for_the_roll_at_the_start_of_its_holders_turn():
    """bb1 Loot, Chihuahua: roll a die at the beginning of each of your turns; a 6 triggers an alarm on your tile."""
    s = position(quiet_floor(), crew={"ana": member("A2"), "bob": member("A3", loot=["chihuahua"])})
    out = play(s, end_turn())
    assert out.question is not None and out.question["kind"] == "chihuahua"
    assert alarms(play(s, end_turn(), answers=["6"])) == ["A3"]
    assert alarms(play(s, end_turn(), answers=["1-5"])) == []


def test_spotter_looks_once_per_turn():
    """§1.22 Spotter: only a Spotter in the crew may look, once per turn."""
    s = position(quiet_floor(), crew={"spot": member("A2", character="spotter")})
    out = play(s, {"do": "spotter", "who": "spot", "keep": "look"})
    assert out.state.spotted
    with pytest.raises(IllegalActionError, match="once per turn"):
        play(out.state, {"do": "spotter", "who": "spot", "keep": "look"})


def test_only_a_spotter_may_look_at_the_patrol_deck():
    """§1.22 Spotter / Information: no look without a Spotter in the crew."""
    s = position(quiet_floor(), crew={"ana": member("A2")})
    with pytest.raises(IllegalActionError, match="not the Spotter"):
        play(s, {"do": "spotter", "who": "ana", "keep": "look"})


def test_spotter_may_look_again_on_her_next_turn():
    """§1.22 Spotter: once per turn, so a new turn allows another look."""
    s = position(quiet_floor(), crew={"spot": member("A2", character="spotter")})
    out = play(s, {"do": "spotter", "who": "spot", "keep": "look"}, end_turn(),
               {"do": "spotter", "who": "spot", "keep": "look"})
    assert out.state.spotted


# -- break-in and each burglar's own entry ------------------------------------------------------------------

def before_break_in(**crew: dict[str, Any]) -> GameState:
    """Floor 1 before the break-in: no guard yet, a known deck (B3 places him, D2 then D4 are next)."""
    return position(floor_case(None, None, 2, patrol=["B3", "D2", "D4", "A4"]), crew=crew)


def test_break_in_places_the_guard_and_draws_no_destination_before_the_entrance():
    """§1.22 Break-in / bb1 'Break in': the first card places the guard; the entrance is chosen first, and only
    then the second card sets his destination."""
    out = play(before_break_in(ana=member(None)), {"do": "start"})
    assert (out.floor().guard, out.floor().destination) == ("B3", None)
    assert out.drawn() == ["B3"]
    out = play(out.state, {"do": "entrance", "at": "A1"})
    assert out.floor().destination == "D2"
    assert out.drawn() == ["D2"]


def test_first_player_walks_in_at_the_entrance_and_the_others_wait():
    """§1.22 Break-in: each burglar is put on the entrance at the start of their own first turn."""
    out = play(before_break_in(ana=member(None), bob=member(None)), {"do": "start"}, {"do": "entrance", "at": "A1"})
    assert out.state.crew["ana"].at == "A1"
    assert out.state.crew["bob"].at is None


def test_guard_crossing_the_entrance_in_round_one_finds_nobody_not_yet_inside():
    """§1.22 Break-in: until a burglar's own first turn, no guard can find them: the guard walks into the
    entrance A1 at the end of ana's turn while bob has not walked in yet."""
    s = position(floor_case("B1", "A1", 1, patrol=["D4"]), crew={"ana": member("D3"), "bob": member(None)})
    s.entrances = ["A1"]
    out = play(s, end_turn())
    assert out.entered() == ["A1"]
    assert out.of_kind("stealth") == []
    assert out.stealth("bob") == 3


def test_walking_in_at_the_start_of_ones_first_turn_is_not_entering_the_guards_room():
    """§1.22 Break-in and 'a guard placed in a burglar's room': being put on the entrance at the start of one's
    first turn is not entering, so the guard standing there costs nothing."""
    s = position(floor_case("B1", "A1", 1, patrol=["D4"]), crew={"ana": member("D3"), "bob": member(None)})
    s.entrances = ["A1"]
    out = play(s, end_turn())
    assert (out.floor().guard, out.state.crew["bob"].at) == ("A1", "A1")
    assert out.stealth("bob") == 3
    assert "enters" in out.kinds()


# -- events acting on the guard, §1.22 rows -------------------------------------------------------------------

@pytest.mark.parametrize("card", ["switch_signs", "where_is_he"])
def test_event_with_alarms_always_sets_the_next_destination_after_a_juicer_pick_up(card):
    """§1.22 Switch Signs / Where Is He? with alarms: put him on the closest alarm, switch it off, then ALWAYS
    set his next destination as usual, even when the die was elsewhere (here on the patrol card the Juicer's
    pick-up drew, §1.22 Juicer pick-up). Bug fixed: he used to keep the old die."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1", "C2"]))
    out = play(s, alarm("B1"), alarm("D4"), {"do": "remove_alarm", "floor": 1, "at": "B1"}, event(card))
    assert out.drawn() == ["D1", "C2"]
    assert out.entered() == ["D4"]
    assert (out.floor().guard, out.floor().destination, out.floor().alarms) == ("D4", "C2", ())


@pytest.mark.parametrize("card", ["switch_signs", "where_is_he"])
def test_event_with_alarms_aims_at_the_next_alarm_when_one_remains(card):
    """§1.22 Switch Signs / Where Is He?: 'as usual' with another alarm left means the die goes to it (1.6)."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1", "C2"]))
    out = play(s, alarm("B1"), alarm("D4"), alarm("A4"), {"do": "remove_alarm", "floor": 1, "at": "B1"},
               event(card))
    assert out.floor().guard == "A4"
    assert (out.floor().destination, out.floor().alarms) == ("D4", ("D4",))


@pytest.mark.parametrize("card, extra", [("crash", {"at": "B2"}), ("throw_voice", {"at": "C4"}),
                                         ("change_of_plans", {})])
def test_no_alarm_active_is_checked_on_the_guards_own_floor(card, extra):
    """§1.22 'If no alarm is active' (Crash!, Throw Voice, Change of Plans): checked on the floor of the guard
    concerned; an alarm on another floor does not block the card."""
    s = position(floor_case("A1", "D1", 2, alarms=["C3"]), floor_case("A1", "C3", 2, patrol=["B4"]))
    out = play(s, event(card, floor=2, **extra))
    assert out.floor(2).destination != "C3"
    assert not [e for e in out.of_kind("no_effect") if e.data.get("how") == "alarm_active"]


def test_no_alarm_active_blocks_the_card_on_the_guards_floor():
    """§1.22 'If no alarm is active': an alarm on the guard's own floor stops Crash!."""
    s = position(floor_case("A1", "D1", 2), floor_case("A1", "C3", 2, alarms=["D4"]))
    out = play(s, event("crash", floor=2, at="B2"))
    assert out.floor(2).destination == "C3"


def test_the_advanced_hacker_keeps_one_hack_token_on_her_card_and_any_alarm_may_use_it():
    """BGA help, Hacker (advanced): one token on her card (at most one), usable against a Fingerprint,
    Laser or Motion alarm."""
    s = position(floor_case("A1", "D4", 2, tiles={"C3": "fingerprint"}),
                 crew={"hal": {"floor": 1, "at": "C2", "character": "hacker", "side": "advanced"}})
    out = play(s, {"do": "hack", "kind": "hacker"})
    assert out.state.hack == {"hacker": 1}
    with pytest.raises(IllegalActionError, match="0 or 1"):
        play(out.state, {"do": "hack", "kind": "hacker"})
    moved = play(out.state, {"do": "move", "who": "hal", "floor": 1, "to": "C3"}, answers=["hack-hacker"])
    assert moved.state.hack == {"hacker": 0} and moved.floor().alarms == ()
