"""Burgle Bros (1) tools, loot, events and abilities played from the table (engine/bb1/cards.py and the
``loot``/``tool`` actions). One test per card text; each docstring cites the bb1 rulebook
(../shared/seeds/bb1-rules-en.md "Card Reference"), the BGA help (../shared/seeds/bb1-bga-help-fr.txt
"Cartes") or a row of guard-rules §1.22."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.errors import IllegalActionError
from assistant.words import sentence
from tests.engine.helpers import event, floor_case, move, play, position
from tests.engine.test_table_bb1 import end_turn, member, quiet_floor


def card(name: str, who: str = "ana", floor: int = 1, **extra: Any) -> dict[str, Any]:
    return event(name, floor=floor, who=who, **extra)


# -- Stealth ------------------------------------------------------------------------------------------------

def test_invisible_suit_walks_into_the_guards_room_unseen():
    """BGA help, Invisible suit: not seen by guards or cameras when moving, this turn: no Stealth lost."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]), crew={"ana": member("A2", tools=["invisible-suit"])})
    out = play(s, card("invisible_suit"), move("ana", "B2"))
    assert out.stealth("ana") == 3
    assert "invisible-suit" not in out.state.crew["ana"].tools  # discarded when played


def test_invisible_suit_hides_from_cameras():
    """BGA help, Invisible suit: cameras do not see the wearer move onto one while a guard stands on another."""
    s = position(floor_case("D4", "D3", 1, patrol=["D1"], tiles={"D4": "camera", "B2": "camera"}),
                 crew={"ana": member("A2")})
    assert play(s, card("invisible_suit"), move("ana", "B2")).floor().alarms == ()
    assert play(s, move("ana", "B2")).floor().alarms == ("B2",)  # without it the camera sees her


def test_invisible_suit_lasts_only_the_wearers_turn():
    """BGA help, Invisible suit: 'à ce tour' - the next turn the guard's room costs Stealth again."""
    s = position(floor_case("B2", "D4", 1, patrol=["D1", "C1", "B1"]), crew={"ana": member("A2")})
    out = play(s, card("invisible_suit"), end_turn())
    assert out.state.invisible is None


def test_smoke_bomb_puts_three_tokens_in_the_room():
    """BGA help, Smoke bomb: 3 Stealth tokens in this room, usable only in it."""
    s = position(quiet_floor(), crew={"ana": member("B2")})
    out = play(s, card("smoke_bomb"))
    assert out.floor().lavatory == {"B2": 3}


def test_smoke_bomb_token_spent_when_the_guard_enters():
    """BGA help, Smoke bomb + §1.22 Lavatory: the room's token instead of one's own, asked when both are possible."""
    s = position(floor_case("A2", "C2", 1), crew={"ana": member("B2")})
    out = play(s, card("smoke_bomb"), {"do": "guard_turn", "floor": 1}, answers=["room"])
    assert out.stealth("ana") == 3
    assert out.floor().lavatory == {"B2": 2}


def test_makeup_kit_gives_everyone_in_the_room_a_stealth_token():
    """BGA help, Makeup kit: every player in your room gains one Stealth token."""
    s = position(quiet_floor(), crew={"ana": member("B2", stealth=1), "bob": member("B2", stealth=2),
                                      "cat": member("C2", stealth=1)})
    out = play(s, card("makeup_kit"))
    assert (out.stealth("ana"), out.stealth("bob"), out.stealth("cat")) == (2, 3, 1)


def test_lampshade_gives_one_stealth_token():
    """BGA help, Lampshade: gain one Stealth token."""
    s = position(quiet_floor(), crew={"ana": member("B2", stealth=1)})
    assert play(s, card("lampshade")).stealth("ana") == 2


def test_cursed_goblet_costs_one_stealth_when_drawn():
    """BGA help, Cursed goblet: the player who draws it loses a Stealth token."""
    s = position(quiet_floor(), crew={"ana": member("B2", stealth=2)})
    out = play(s, {"do": "loot", "who": "ana", "kind": "cursed-goblet"})
    assert out.stealth("ana") == 1
    assert out.state.crew["ana"].loot == ("cursed-goblet",)


def test_cursed_goblet_with_no_stealth_left_catches_nobody():
    """bb1 rules, Loot (Cursed Goblet): a token lost, never below 0; with none left she is not affected and the
    game goes on (losing needs a guard, 1.8). The log says so, never "loses 1 Stealth, 0 left" (issue 22)."""
    s = position(quiet_floor(), crew={"ana": member("B2", stealth=0)})
    out = play(s, {"do": "loot", "who": "ana", "kind": "cursed-goblet"})
    assert out.stealth("ana") == 0
    assert out.state.outcome is None
    assert [e.kind for e in out.log] == ["loot", "no_effect"]
    assert sentence(out.log[-1]) == ("Cursed Goblet: ana has no Stealth token left to discard, so it "
                                                      "does not touch her (and the heist goes on).")


def test_rigger_advanced_discards_a_stealth_token_for_a_tool():
    """BGA help, Rigger (advanced): discard one of her Stealth tokens to draw a tool; none left, not allowed."""
    s = position(quiet_floor(), crew={"rig": member("B2", character="rigger", side="advanced", stealth=1)})
    out = play(s, card("rigger_tool", who="rig"))
    assert out.stealth("rig") == 0
    with pytest.raises(IllegalActionError, match="no Stealth"):
        play(out.state, card("rigger_tool", who="rig"))


# -- alarms, rooms and cameras ------------------------------------------------------------------------------

def test_crowbar_room_raises_no_alarm():
    """BGA help, Crowbar: the adjacent room is disabled for good: it can no longer set off an alarm."""
    s = position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")})
    out = play(s, card("crowbar", at="B2"), move("ana", "B2"))
    assert out.floor().alarms == ()
    assert out.floor().disabled == ("B2",)


def test_crowbar_switches_a_camera_off():
    """BGA help, Crowbar: a disabled Camera no longer sees or raises anything."""
    s = position(floor_case("D4", "D3", 1, patrol=["D1"], tiles={"D4": "camera", "B2": "camera"}),
                 crew={"ana": member("A2")})
    assert play(s, card("crowbar", at="B2"), move("ana", "B2")).floor().alarms == ()


def test_crowbar_needs_an_open_neighbouring_room():
    """BGA help, Crowbar: an adjacent room (not through a wall)."""
    s = position(floor_case("D4", "D3", 1, walls=["A2-B2"]), crew={"ana": member("A2")})
    with pytest.raises(IllegalActionError, match="Crowbar"):
        play(s, card("crowbar", at="B2"))


def test_virus_adds_three_hack_tokens():
    """bb1 Tools, Virus: place a total of 3 Hack tokens on revealed Computer tiles."""
    s = position(quiet_floor(), crew={"ana": member("B2")})
    out = play(s, card("virus", tokens={"laser": 2, "motion": 1}))
    assert out.state.hack == {"laser": 2, "motion": 1}


def test_virus_never_fills_a_computer_past_six():
    """§1.22 Hack tokens: at most 6 per computer room."""
    s = position(quiet_floor(), crew={"ana": member("B2")})
    s.hack["laser"] = 5
    assert play(s, card("virus", tokens={"laser": 3})).state.hack["laser"] == 6


def test_virus_must_place_exactly_three_tokens():
    """bb1 Tools, Virus: 'a total of 3'."""
    s = position(quiet_floor(), crew={"ana": member("B2")})
    with pytest.raises(IllegalActionError, match="3 hack tokens"):
        play(s, card("virus", tokens={"laser": 2}))


def test_reboot_leaves_one_token_on_every_revealed_computer():
    """bb1 Events, Reboot: add or remove Hack tokens so that all revealed Computer tiles have 1."""
    s = position(quiet_floor({"A1": "computer-laser", "A3": "computer-motion"}), crew={"ana": member("B2")})
    s.hack.update(laser=4, fingerprint=3)
    out = play(s, card("reboot"))
    assert out.state.hack == {"laser": 1, "motion": 1, "fingerprint": 3}


def test_thermal_bomb_raises_an_alarm_in_the_users_room():
    """bb1 Tools, Thermal Bomb: 'you trigger an Alarm in your current tile'."""
    s = position(quiet_floor(), crew={"ana": member("B2")})
    assert play(s, card("thermal_bomb")).floor().alarms == ("B2",)


def video_loop_table() -> Any:
    """A guard standing on the camera D4 with Donuts keeping him there; three more cameras to step on."""
    return position(floor_case("D4", "D3", 1, patrol=["D1"],
                               tiles={"D4": "camera", "A2": "camera", "A3": "camera", "B1": "camera"}),
                    crew={"ana": member("A1"), "bob": member("A4")})


def test_video_loop_switches_every_camera_off_for_one_round():
    """BGA help, Video loop: every camera is disconnected for a round; the card is discarded at the start of
    its user's next turn. Ana and then Bob step onto cameras unseen."""
    donuts = {"do": "donuts", "floor": 1}
    out = play(video_loop_table(), card("video_loop"), move("ana", "A2"), donuts, end_turn(),
               move("bob", "A3"))
    assert out.floor().guard == "D4"
    assert out.floor().alarms == ()


def test_video_loop_ends_at_its_users_next_turn():
    """BGA help, Video loop: the cameras are back at the start of the user's next turn."""
    donuts = {"do": "donuts", "floor": 1}
    out = play(video_loop_table(), card("video_loop"), donuts, end_turn(), donuts, end_turn(),
               move("ana", "B1"))
    assert out.state.loop_by is None
    assert out.floor().alarms == ("B1",)


def test_juicer_sets_off_an_alarm_next_door():
    """bb1 Card Reference, Juicer (basic): an alarm in a room next to hers."""
    s = position(quiet_floor(), crew={"joy": member("B2", character="juicer")})
    assert play(s, card("juicer_alarm", who="joy", at="C2")).floor().alarms == ("C2",)


def test_juicer_sets_off_no_alarm_through_a_wall():
    """bb1 Card Reference, Juicer (basic): adjacent means no wall between."""
    s = position(floor_case("D4", "D3", 1, walls=["B2-C2"]), crew={"joy": member("B2", character="juicer")})
    with pytest.raises(IllegalActionError, match="Juicer"):
        play(s, card("juicer_alarm", who="joy", at="C2"))


def test_juicer_drops_the_alarm_she_picked_up_in_her_room():
    """bb1 Card Reference, Juicer (Reroute): discarding the token picked up earlier triggers an alarm on her tile
    (§1.22 "Juicer's alarm tokens": one she holds)."""
    s = position(quiet_floor(), crew={"joy": {**member("B2", character="juicer", side="advanced"), "alarm_tokens": 1}})
    out = play(s, card("juicer_drop", who="joy"))
    assert out.floor().alarms == ("B2",) and out.state.crew["joy"].alarm_tokens == 0


def test_juicer_pick_up_draws_a_new_destination_even_with_alarms_left():
    """§1.22 Juicer pick-up: as printed, a new patrol card becomes the destination even if other alarms remain."""
    s = position(floor_case("A1", "C3", 2, patrol=["D1"], alarms=["B1", "D4"]))
    s.floors[1].destination = "B1"
    out = play(s, {"do": "remove_alarm", "floor": 1, "at": "B1"})
    assert out.floor().destination == "D1"
    assert out.floor().alarms == ("D4",)


# -- pieces moved without entering -----------------------------------------------------------------------------

def test_freight_elevator_goes_up_a_floor_into_the_guards_room_without_losing_stealth():
    """BGA help, Freight elevator: up one floor, same spot, not entering (no room effect); §1.22 "Sight after
    any placement (changed, turn 4)": being put is not entering, so the guard's own room costs her nothing (FR
    Freight Elevator: not an entry)."""
    s = position(floor_case("D4", "D3", 1), floor_case("B2", "D4", 2, patrol=["D1"], tiles={"B2": "fingerprint"}),
                 crew={"ana": member("B2")})
    out = play(s, card("freight_elevator"))
    assert (out.state.crew["ana"].floor, out.state.crew["ana"].at) == (2, "B2")
    assert out.stealth("ana") == 3
    assert out.floor(2).alarms == ()  # no room effect: she did not Move in


def test_freight_elevator_to_a_floor_without_a_guard_places_him_not_entering():
    """§1.22 'a guard placed by a card in a burglar's room': a new floor's guard appears (1.13); placed on her
    room, he is not entering, so she loses nothing."""
    s = position(floor_case("D4", "D3", 1), floor_case(None, None, 3, patrol=["B2", "C3"]),
                 crew={"ana": member("B2")})
    out = play(s, card("freight_elevator"))
    assert (out.floor(2).guard, out.floor(2).destination) == ("B2", "C3")
    assert out.stealth("ana") == 3


def test_lost_grip_falls_to_the_floor_below_without_entering():
    """BGA help, Lost grip: fall one floor; it does not count as entering: the guard there costs nothing."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]), floor_case("D4", "D3", 1),
                 crew={"ana": member("B2", floor=2)})
    out = play(s, card("lost_grip", floor=2))
    assert (out.state.crew["ana"].floor, out.state.crew["ana"].at) == (1, "B2")
    assert out.stealth("ana") == 3


def test_buddy_system_brings_a_player_into_the_guards_room_without_losing_stealth():
    """BGA help, Buddy system: the chosen player's piece comes to your room, not entering; §1.22 "Sight after any
    placement (changed, turn 4)": being put is not entering, so the guard's own room costs him nothing."""
    s = position(floor_case("B2", "D4", 2, patrol=["D1"]), crew={"ana": member("B2"), "bob": member("D1")})
    out = play(s, card("buddy_system", buddy="bob"))
    assert out.state.crew["bob"].at == "B2"
    assert out.stealth("bob") == 3


def test_buddy_system_onto_a_new_floor_places_its_guard_without_stealth():
    """§1.22 'a guard placed… on a new floor reached by a burglar's move': being placed is not entering."""
    s = position(floor_case("D4", "D3", 1, patrol=["C1"]), floor_case(None, None, 3, patrol=["C2", "A4"]),
                 crew={"ana": member("C2", floor=2), "bob": member("A1")})
    out = play(s, card("buddy_system", floor=2, buddy="bob"))
    assert (out.state.crew["bob"].floor, out.state.crew["bob"].at) == (2, "C2")
    assert out.floor(2).guard == "C2"
    assert out.stealth("bob") == 3 and out.stealth("ana") == 3


def test_dead_drop_hands_the_tiara_to_the_player_on_the_right():
    """BGA help, Dead drop: the active player passes every Tool and Loot to the player on their right (the
    one before them in clockwise turn order)."""
    s = position(quiet_floor(), crew={"ana": member("A1"), "bob": member("B1", loot=["tiara"], tools=["donuts"]),
                                      "cat": member("C1")})
    out = play(s, card("dead_drop", who="bob"))
    assert out.state.crew["ana"].loot == ("tiara",)
    assert out.state.crew["ana"].tools == ("donuts",)
    assert out.state.crew["bob"].loot == () and out.state.crew["cat"].loot == ()


def test_dead_drop_tiara_then_costs_its_new_holder_stealth():
    """BGA help, Dead drop + 1.17 Tiara: the new holder moving next to the guard loses Stealth."""
    s = position(floor_case("C2", "D4", 2, patrol=["D1"]),
                 crew={"ana": member("A2"), "bob": member("D1", loot=["tiara"])})
    out = play(s, card("dead_drop", who="bob"), move("ana", "B2"))
    assert out.stealth("ana") == 2


def test_tool_taken_is_known_to_a_detector():
    """bb1 Room Tiles, Detector: a Tool the app knows of sets it off without asking."""
    s = position(quiet_floor({"B2": "detector"}), crew={"ana": member("A2")})
    out = play(s, {"do": "tool", "who": "ana", "kind": "crowbar"}, move("ana", "B2"))
    assert out.question is None
    assert out.floor().alarms == ("B2",)
