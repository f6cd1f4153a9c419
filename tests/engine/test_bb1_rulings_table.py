"""Burgle Bros 1 around the guard: the rows of guard-rules §1.22 marked "new" or "changed" (Thermo, Motion, sight
after any placement, Walkway and the guard, the advanced Peterman) and the situations the app records since
issue 21 (the Freight Elevator to the roof, the Persian Kitty's token, the advanced Peterman's safe on another
floor, the Raven's side read from the crew). Each docstring cites its row or rulebook passage
(../shared/seeds/bb1-rules-en.md, bb1-bga-help-fr.txt)."""

from __future__ import annotations

import pytest

from assistant.engine.errors import IllegalActionError
from tests.engine.helpers import event, floor_case, move, play, position
from tests.engine.test_table_bb1 import alarms, end_turn, member, quiet_floor


def card(name: str, who: str = "ana", floor: int = 1, **extra: object) -> dict[str, object]:
    return event(name, floor=floor, who=who, **extra)


# -- Thermo: when her actions end (§1.22 "Thermo: when it is checked") --------------------------------------

def test_thermo_goes_off_before_the_event_card_so_change_of_plans_sees_the_alarm():
    """§1.22 Thermo: checked when she ends her actions, before the event card: Change of Plans then finds an
    alarm on the floor and does nothing; the die stays on the Thermo alarm."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("B2")})
    out = play(s, card("change_of_plans"))
    assert alarms(out) == ["B2"] and out.floor().destination == "B2"
    assert [e.data["how"] for e in out.of_kind("no_effect")] == ["alarm_active"]
    assert out.drawn() == []  # no patrol card drawn by the event


@pytest.mark.parametrize("name,extra", [("crash", {"at": "B2"}), ("throw_voice", {"at": "C3"})])
def test_thermo_alarm_blocks_crash_and_throw_voice_drawn_after_it(name: str, extra: dict[str, str]):
    """§1.22 Thermo + "If no alarm is active": Crash! and Throw Voice, drawn after her actions, see the Thermo
    alarm that went off first."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("B2")})
    out = play(s, event(name, **extra))
    assert out.floor().destination == "B2"
    assert [e.data["how"] for e in out.of_kind("no_effect")] == ["alarm_active"]


def test_where_is_he_after_the_thermo_puts_the_guard_on_its_alarm():
    """§1.22 Thermo: Where Is He? drawn after her actions resolves with the Thermo alarm on: he is put on it."""
    s = position(floor_case("D4", "D1", 1, patrol=["A4", "C4"], tiles={"B3": "thermo"}), crew={"ana": member("B3")})
    out = play(s, event("where_is_he"))
    assert out.floor().guard == "B3" and out.stealth("ana") == 2


def test_thermo_is_checked_once_a_turn():
    """§1.22 Thermo: an event ended her actions; the end of the turn does not set the Thermo off again."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("B2"), "bob": member("A1")})
    out = play(s, event("espresso"), end_turn())
    assert len(out.of_kind("thermo")) == 1


def test_a_tool_used_during_her_actions_does_not_end_them():
    """§1.22 Thermo: a tool is used during her actions (bb1 "Tools"); the Thermo waits for the end of them."""
    s = position(quiet_floor({"B2": "thermo"}), crew={"ana": member("B2", tools=["makeup-kit"])})
    assert alarms(play(s, card("makeup_kit"))) == []
    assert alarms(play(s, card("makeup_kit"), end_turn())) == ["B2"]


def test_freight_elevator_onto_a_thermo_sets_nothing_off():
    """§1.22 Thermo: an event that carries her onto a Thermo sets nothing off: her actions were over."""
    s = position(quiet_floor(), floor_case("D4", "D3", 1, patrol=["D1"], tiles={"B2": "thermo"}),
                 crew={"ana": member("B2"), "bob": member("A1")})
    out = play(s, card("freight_elevator"), end_turn())
    assert out.state.crew["ana"].floor == 2 and alarms(out, 2) == []
    assert out.of_kind("thermo") == []


def test_the_next_turn_checks_its_own_thermo():
    """§1.22 Thermo: the end of the actions is per turn: the next burglar's Thermo is checked in turn."""
    s = position(quiet_floor({"B2": "thermo", "C3": "thermo"}), crew={"ana": member("B2"), "bob": member("C3")})
    out = play(s, event("espresso"), end_turn(), end_turn())
    assert [e.data["who"] for e in out.of_kind("thermo")] == ["ana", "bob"]


# -- Motion: in and out within one turn, by Moves (§1.22 "Motion: what counts") ---------------------------------

def test_motion_entered_on_her_turn_and_ordered_out_on_the_rooks_turn_sets_nothing_off():
    """§1.22 Motion: waiting until a later turn to leave sets nothing off, whoever's turn it is (the Rook's
    Orders moving her out on his turn)."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("A2"), "rob": member("A1", character="rook")})
    out = play(s, move("ana", "B2"), end_turn(), {**move("ana", "C2"), "by": "rook"})
    assert alarms(out) == [] and out.state.crew["ana"].at == "C2"


def test_rooks_orders_in_and_out_within_his_turn_set_it_off():
    """§1.22 Motion: the Rook's Orders moving her in and out within one turn count as her Moving in and out."""
    s = position(quiet_floor({"B2": "motion"}), crew={"rob": member("A1", character="rook"), "ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "by": "rook"}, {**move("ana", "C2"), "by": "rook"})
    assert alarms(out) == ["B2"]


def test_a_fall_out_of_a_motion_room_is_not_moving_out():
    """§1.22 Motion: a fall is neither entering nor leaving: Lost Grip out of a Motion room she walked into this
    turn sets nothing off."""
    s = position(quiet_floor(), floor_case("D4", "D3", 1, patrol=["D1"], tiles={"B2": "motion"}),
                 crew={"ana": member("A2", floor=2)})
    out = play(s, move("ana", "B2", floor=2), card("lost_grip", floor=2))
    assert out.state.crew["ana"].floor == 1 and alarms(out, 2) == []


def test_the_rooks_disguise_out_of_a_motion_room_is_not_moving_out():
    """§1.22 Motion: the Rook's Disguise puts him elsewhere: not a Move out of the Motion room he walked into."""
    s = position(quiet_floor({"B2": "motion"}),
                 crew={"rob": member("A2", character="rook", side="advanced"), "ana": member("D1")})
    out = play(s, move("rob", "B2"), card("rook_swap", who="rob", buddy="ana"))
    assert out.state.crew["rob"].at == "D1" and alarms(out) == []


def test_put_into_a_motion_room_then_walking_out_is_not_in_and_out():
    """§1.22 Motion: Buddy System puts him in the Motion room, which is not Moving in: walking out sets nothing off."""
    s = position(quiet_floor({"B2": "motion"}), crew={"ana": member("B2"), "bob": member("A1")})
    out = play(s, card("buddy_system", buddy="bob"), move("bob", "C2"))
    assert alarms(out) == []


# -- Sight after any placement (§1.22, new) ---------------------------------------------------------------------

def test_a_guard_placed_on_a_new_floor_sees_through_his_camera():
    """§1.22 Sight after any placement + 1.14: the guard placed on a Camera of the new floor sees a burglar on
    another Camera at once, as if he had walked in."""
    s = position(floor_case("D4", "D3", 1, patrol=["D1"], tiles={"A1": "camera"}),
                 floor_case(None, None, 2, patrol=["B2", "D4"], tiles={"B2": "camera"}),
                 crew={"bob": member("C1"), "ana": member("A1")})
    out = play(s, {**move("bob", "C1", floor=2), "via": "stairs"})
    assert out.floor(2).guard == "B2"
    assert alarms(out) == ["A1"]


def test_the_guard_back_from_lost_visual_sees_into_a_foyer():
    """§1.22 Sight after any placement + 1.15: Lost Visual's return places him; a burglar in the Foyer next to
    that room is seen at once (1 Stealth), before he walks."""
    s = position(floor_case("C3", "D3", 1, patrol=["B2", "D4"], tiles={"A2": "foyer"}), crew={"ana": member("A2")})
    fl = s.floors[1]
    fl.guard, fl.destination, fl.lost = None, None, True
    out = play(s, {"do": "guard_turn", "floor": 1})
    assert out.stealth("ana") == 2
    seen = out.of_kind("stealth")[0]
    assert seen.data["why"] == "foyer" and seen.data["guard"] == "B2"
    assert out.kinds().index("stealth") < out.kinds().index("enter")


def test_freight_elevator_into_an_atrium_under_a_guard_is_seen():
    """§1.22 Sight after any placement + 1.16: put in an Atrium with a guard straight above: 1 Stealth."""
    s = position(quiet_floor(), floor_case("D4", "D3", 1, tiles={"B2": "atrium"}),
                 floor_case("B2", "D4", 1, patrol=["D1"]), crew={"ana": member("B2")})
    out = play(s, card("freight_elevator"))
    assert out.stealth("ana") == 2 and out.of_kind("stealth")[0].data["why"] == "atrium"


def test_a_fall_onto_a_camera_is_seen_by_a_guard_on_another_camera():
    """§1.22 Sight after any placement + 1.14: a fall sets her on a Camera while a guard stands on another one:
    the alarm goes off in her room."""
    s = position(floor_case("D4", "D3", 1, patrol=["D1"], tiles={"B2": "camera", "D4": "camera"}),
                 floor_case("D1", "D2", 1), crew={"ana": member("B2", floor=2)})
    out = play(s, card("lost_grip", floor=2))
    assert alarms(out) == ["B2"]


def test_a_fall_into_the_guards_room_keeps_its_waiver():
    """§1.22 Sight after any placement (changed, turn 4): a fall is not entering (bb1 Walkway: no Stealth for a
    guard in the tile she lands in)."""
    s = position(floor_case("B2", "D4", 1, patrol=["D1"]), floor_case("D1", "D2", 1),
                 crew={"ana": member("B2", floor=2)})
    out = play(s, card("lost_grip", floor=2))
    assert out.state.crew["ana"].floor == 1 and out.stealth("ana") == 3


def test_a_fall_into_a_foyer_next_to_the_guard_is_seen():
    """§1.22 Sight after any placement + 1.15: a fall into a Foyer next to the guard is seen exactly as a move."""
    s = position(floor_case("C2", "D4", 1, patrol=["D1"], tiles={"B2": "foyer"}), floor_case("D1", "D2", 1),
                 crew={"ana": member("B2", floor=2)})
    out = play(s, card("lost_grip", floor=2))
    assert out.stealth("ana") == 2


# -- Sight after any placement (§1.22, changed, turn 4): put is not entering; the Rook's Disguise sets off nothing ---

# Each way a burglar is put into floor 2's B2 (who is put, her start, the action), for the table below.
PUT_INTO_B2 = {
    "freight_elevator": ("ana", member("B2", floor=1), card("freight_elevator", floor=1)),
    "buddy_system": ("bob", member("D1", floor=1), card("buddy_system", floor=2, buddy="bob")),
    "lost_grip": ("ana", member("B2", floor=3), card("lost_grip", floor=3)),
    "walkway_fall": ("ana", member("A2", floor=3), {**move("ana", "B2", floor=3), "type": "walkway", "number": 1}),
}
# What watches floor 2's B2: that floor's guard and tiles, and the guard of the floor above or below.
WATCHERS = {
    "guard_room": ("B2", {}, None),
    "foyer": ("C2", {"B2": "foyer"}, None),
    "camera": ("D4", {"B2": "camera", "D4": "camera"}, None),
    "atrium": ("D4", {"B2": "atrium"}, "B2"),
}


def put_into_b2(way: str, watcher: str, crew: dict[str, dict[str, object]] | None = None) -> object:
    """Floor 2's B2 watched by ``watcher``, a burglar about to be put there by ``way`` (ana stands in B2 for Buddy
    System); the other floors' guards are far away, but the one straight above or below B2 for an Atrium (on the
    floor she does not come from)."""
    name, start, _action = PUT_INTO_B2[way]
    guard, tiles, over = WATCHERS[watcher]
    came_from = start["floor"]
    other = {1: "D4", 3: "D4"}
    if over is not None:
        other[3 if came_from != 3 else 1] = over
    people = crew if crew is not None else {name: start, **({"ana": member("B2", floor=2)} if name == "bob" else {})}
    return position(floor_case(other[1], "D3", 1, patrol=["D1"]), floor_case(guard, "A4", 1, patrol=["D1"],
                    tiles=tiles), floor_case(other[3], "D3", 1, patrol=["D1"]), crew=people)


@pytest.mark.parametrize("way", PUT_INTO_B2)
def test_a_burglar_put_into_the_guards_room_loses_no_stealth(way: str):
    """§1.22 Sight after any placement (changed, turn 4): Freight Elevator, Buddy System, Lost Grip and a fall put
    her in his room without her entering it (EN Stealth is lost when a guard enters her room or she enters his; FR
    Freight Elevator and Buddy System: not an entry), so no Stealth is lost and no room effect follows."""
    name, _start, action = PUT_INTO_B2[way]
    out = play(put_into_b2(way, "guard_room"), action)
    assert (out.state.crew[name].floor, out.state.crew[name].at) == (2, "B2")
    assert out.floor(2).guard == "B2"
    assert out.stealth(name) == 3 and out.of_kind("stealth") == []
    said = [e for e in out.of_kind("no_effect") if e.data["how"] == "put_not_entering"]  # the log says why
    assert [(e.data["who"], e.square, e.ruling) for e in said] == [(name, "B2", True)]


@pytest.mark.parametrize("watcher", ["foyer", "atrium"])
@pytest.mark.parametrize("way", PUT_INTO_B2)
def test_a_burglar_put_next_to_a_foyer_guard_or_under_an_atrium_guard_is_seen(way: str, watcher: str):
    """§1.22 Sight after any placement (changed, turn 4): a Foyer (1.15) and an Atrium (1.16) are conditions of
    being in the room, checked after a placement as after a move: 1 Stealth."""
    name, _start, action = PUT_INTO_B2[way]
    out = play(put_into_b2(way, watcher), action)
    assert out.stealth(name) == 2
    assert [e.data["why"] for e in out.of_kind("stealth")] == [watcher]


@pytest.mark.parametrize("way", PUT_INTO_B2)
def test_a_burglar_put_on_a_camera_is_seen_by_a_guard_on_another_camera(way: str):
    """§1.22 Sight after any placement (changed, turn 4) + 1.14: put on a Camera while the guard stands on another
    one: the alarm goes off in her room."""
    name, _start, action = PUT_INTO_B2[way]
    out = play(put_into_b2(way, "camera"), action)
    assert alarms(out, 2) == ["B2"] and out.stealth(name) == 3


@pytest.mark.parametrize("watcher", WATCHERS)
def test_the_rook_disguise_swap_triggers_nothing(watcher: str):
    """§1.22 Sight after any placement (changed, turn 4), bb1 Card Reference Rook (Disguise): neither player is
    considered to have Moved into the tile, so neither sets off an alarm nor discards Stealth for a guard: not in
    the guard's own room, nor next to a Foyer guard, on a Camera seen by another, or in an Atrium under him."""
    crew = {"rob": member("D1", floor=1, character="rook", side="advanced"), "ana": member("B2", floor=2)}
    out = play(put_into_b2("freight_elevator", watcher, crew=crew), card("rook_swap", who="rob", buddy="ana"))
    assert (out.state.crew["rob"].floor, out.state.crew["rob"].at) == (2, "B2")
    assert out.stealth("rob") == 3 and out.stealth("ana") == 3
    assert out.of_kind("stealth") == [] and all(fl.alarms == () for fl in out.state.floors.values())


# -- Walkway and the guard (§1.22, new) ------------------------------------------------------------------------

def test_walking_into_a_face_down_walkway_where_the_guard_stands_costs_stealth_before_the_fall():
    """§1.22 Walkway and the guard: she entered his room (1 Stealth), then falls (bb1 Walkway)."""
    s = position(quiet_floor(), floor_case("B2", "D4", 1, patrol=["D1"]), crew={"ana": member("A2", floor=2)})
    out = play(s, {**move("ana", "B2", floor=2), "type": "walkway", "number": 1})
    assert (out.state.crew["ana"].floor, out.state.crew["ana"].at) == (1, "B2")
    assert out.stealth("ana") == 2
    assert out.kinds().index("stealth") < out.kinds().index("fall")


def test_moving_down_from_a_walkway_into_the_guards_room_costs_stealth():
    """§1.22 Walkway and the guard: Moving down from a revealed Walkway into his room is a Move into it."""
    s = position(floor_case("B2", "D4", 1, patrol=["D1"]), floor_case("D1", "D2", 1, tiles={"B2": "walkway"}),
                 crew={"ana": member("B2", floor=2)})
    out = play(s, move("ana", "B2", floor=1))
    assert out.stealth("ana") == 2


def test_moving_down_from_a_walkway_ignores_the_rooms_entering_effects():
    """bb1 Walkway: "When you Move downstairs from the Walkway, ignore effects for entering the tile (such as
    the Deadbolts or Fingerprint Alarms)"."""
    s = position(quiet_floor({"B2": "fingerprint"}), floor_case("D1", "D2", 1, tiles={"B2": "walkway"}),
                 crew={"ana": member("B2", floor=2)})
    out = play(s, move("ana", "B2", floor=1))
    assert alarms(out) == []
    not_from_the_walkway = {**move("ana", "A1", floor=1), "via": "ability"}
    assert alarms(play(s, move("ana", "A2", floor=2), not_from_the_walkway)) == []
    assert alarms(play(position(quiet_floor({"B2": "fingerprint"}), crew={"ana": member("A2")}),
                       move("ana", "B2"))) == ["B2"]


# -- the advanced Peterman's safe on another floor (§1.22 "Peterman (advanced)") --------------------------------

def _three_floors(peterman_floor: int, side: str = "advanced") -> object:
    return position(floor_case("D4", "D3", 2), floor_case("D4", "D3", 2), floor_case("D4", "D3", 2),
                    crew={"pia": member("B2", floor=peterman_floor, character="peterman", side=side)})


def test_peterman_cracking_the_safe_above_speeds_up_her_floor_and_those_below():
    """§1.22 Peterman (advanced): the floor she stands on and every floor below, not the Safe's floor above."""
    out = play(_three_floors(2), {"do": "crack_safe", "floor": 3, "who": "pia"})
    assert [out.floor(n).die for n in (1, 2, 3)] == [3, 3, 2]


def test_peterman_cracking_the_safe_below_speeds_up_her_own_floor_too():
    """§1.22 Peterman (advanced): "your current floor and any floors below" (EN), the Safe's floor below included."""
    out = play(_three_floors(2), {"do": "crack_safe", "floor": 1, "who": "pia"})
    assert [out.floor(n).die for n in (1, 2, 3)] == [3, 3, 2]
    assert out.of_kind("card")[0].data["how"] == "peterman"


def test_a_safe_cracked_on_her_own_floor_is_the_usual_speed_up():
    """bb1 "Cracking a Safe" (1.12): the Safe's floor and every floor below."""
    out = play(_three_floors(3), {"do": "crack_safe", "floor": 3, "who": "pia"})
    assert [out.floor(n).die for n in (1, 2, 3)] == [3, 3, 3]


@pytest.mark.parametrize("floor,side,tiles", [(3, "basic", {}), (3, "advanced", {"A1": "safe"})])
def test_a_safe_on_another_floor_is_refused_unless_straight_above_or_below_the_advanced_peterman(
        floor: int, side: str, tiles: dict[str, str]):
    """BGA Peterman, Perçage: only the advanced side, and only the Safe straight above or below her room."""
    s = _three_floors(2, side)
    s.floors[3].tiles = tiles
    with pytest.raises(IllegalActionError):
        play(s, {"do": "crack_safe", "floor": floor, "who": "pia"})
    with pytest.raises(IllegalActionError):  # two floors away
        play(_three_floors(1), {"do": "crack_safe", "floor": 3, "who": "pia"})


# -- the Freight Elevator on the top floor (bb1 Freight Elevator) ------------------------------------------------

def test_freight_elevator_on_the_top_floor_with_all_the_loot_escapes_and_moves_no_guard():
    """bb1 Freight Elevator: "If you are on the top floor, you immediately escape if the players are holding all
    the Loot"; her turn then moves no guard (1.1)."""
    s = position(floor_case("D4", "D3", 2, patrol=["D1"]), crew={"ana": member("B2"), "bob": member("A1")})
    out = play(s, card("freight_elevator", all_loot=True), end_turn())
    assert out.state.crew["ana"].escaped
    assert out.entered() == [] and out.of_kind("idle")[0].data["how"] == "not_inside"
    assert out.state.current() == "bob"


def test_freight_elevator_on_the_top_floor_without_all_the_loot_does_nothing():
    """bb1 Freight Elevator: "if the players are not holding all the Loot, you can't escape to the roof"."""
    s = position(floor_case("D4", "D3", 2, patrol=["D1"]), crew={"ana": member("B2")})
    out = play(s, card("freight_elevator", all_loot=False))
    assert not out.state.crew["ana"].escaped
    assert out.of_kind("no_effect")[0].data["how"] == "top_floor"


def test_freight_elevator_counts_the_loot_it_knows_when_the_table_does_not_say():
    """bb1 Freight Elevator: absent ``all_loot``, one loot card per floor's Safe held by the crew is all the loot;
    the last burglar out wins the heist."""
    crew = {"ana": member("B2", floor=2, loot=["tiara"]), "bob": member("A1", loot=["mirror"])}
    s = position(quiet_floor(), floor_case("D4", "D3", 1), crew=crew)
    out = play(s, card("freight_elevator", floor=2))
    assert out.state.crew["ana"].escaped
    crew["bob"]["loot"] = []
    assert not play(position(quiet_floor(), floor_case("D4", "D3", 1), crew=crew),
                    card("freight_elevator", floor=2)).state.crew["ana"].escaped
    alone = position(floor_case("D4", "D3", 2), crew={"ana": member("B2", loot=["tiara"])})
    assert play(alone, card("freight_elevator")).state.outcome == "escaped"


# -- the Persian Kitty's token (bb1 Persian Kitty) --------------------------------------------------------------

def test_the_kittys_token_down_means_nobody_holds_it_so_a_detector_asks():
    """bb1 Persian Kitty: "Once the Kitty token is in play, no player is considered to have the Persian Kitty";
    bb1 Detector: with no Tool or Loot nothing happens, so the app asks instead of sounding."""
    s = position(quiet_floor({"C2": "detector"}), crew={"ana": member("B2", loot=["persian-kitty"])})
    out = play(s, {"do": "kitty", "who": "ana", "at": "A2"}, move("ana", "C2"))
    assert out.floor().kitty == "A2" and out.state.crew["ana"].loot == ()
    assert out.question is not None and out.question["kind"] == "detector"
    assert alarms(play(s, move("ana", "C2"))) == ["C2"]  # held, it sounds


def test_picking_the_kitty_up_makes_it_loot_again():
    """bb1 Persian Kitty: picked up in its room (no action), it is held again: a Detector then sounds."""
    s = position(quiet_floor({"C2": "detector"}), crew={"ana": member("B2", loot=["persian-kitty"]),
                                                          "bob": member("A1")})
    out = play(s, {"do": "kitty", "who": "ana", "at": "B1"}, move("bob", "B1"), {"do": "kitty", "who": "bob"},
               move("bob", "C1"), move("bob", "C2"))
    assert out.floor().kitty is None and out.state.crew["bob"].loot == ("persian-kitty",)
    assert alarms(out) == ["C2"]


@pytest.mark.parametrize("action", [
    {"do": "kitty", "who": "ana", "at": "D4"},  # not next to her
    {"do": "kitty", "who": "bob", "at": "A2"},  # bob does not hold it
    {"do": "kitty", "who": "bob"},  # the token is not in his room
])
def test_the_kitty_refuses_what_the_card_does_not_allow(action: dict[str, object]):
    """bb1 Persian Kitty: the token goes to an adjacent tile, from its holder; it is picked up in its own room."""
    s = position(quiet_floor(), crew={"ana": member("B2", loot=["persian-kitty"]), "bob": member("A1")})
    with pytest.raises(IllegalActionError):
        play(s, action)


# -- the Raven's side (docs/conformance.md: ``advanced`` read from the crew when absent) ----------------------

def test_the_crow_of_an_advanced_raven_without_the_key_follows_her_side():
    """BGA Raven, Interruption: the advanced crow goes in her own room; the key left out reads her card's side."""
    s = position(quiet_floor(), crew={"rae": member("B2", character="raven", side="advanced")})
    out = play(s, {"do": "crow", "who": "rae", "at": "B2"})
    assert out.floor().crow == "B2" and out.floor().crow_advanced
    with pytest.raises(IllegalActionError):
        play(s, {"do": "crow", "who": "rae", "at": "C2"})
