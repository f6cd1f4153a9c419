"""The turn-4 rulings of guard-rules §1.22 on moves that events, tools and abilities make: Go with your Gut, a
Deadbolt moved into face down, the Painting, the Crowbar up the Stairs, and the advanced Acrobat's climb into a
Keypad. Each test cites its §1.22 row and the line of ../shared/seeds/bb1-rules-en.md it rests on."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.bb1.offers import player_offers, room_offers
from assistant.engine.errors import IllegalActionError
from assistant.engine.state import GameState
from tests.engine.helpers import Played, event, floor_case, move, play, position


def member(at: str, floor: int = 1, stealth: int = 3, character: str = "", side: str = "basic",
           tools: list[str] | None = None, loot: list[str] | None = None) -> dict[str, Any]:
    return {"floor": floor, "at": at, "stealth": stealth, "character": character, "side": side,
            "tools": list(tools or []), "loot": list(loot or [])}


def quiet(tiles: dict[str, str] | None = None, **kwargs: Any) -> dict[str, Any]:
    """A floor whose guard is far away in D4, walking toward D3."""
    return floor_case(kwargs.pop("guard", "D4"), "D3", 1, patrol=["D1", "D2", "C4"], tiles=tiles, **kwargs)


def gut(to: str | None = None, **extra: Any) -> dict[str, Any]:
    return event("go_with_your_gut", **({"to": to} if to else {}), **extra)


def alarms(out: Played, floor: int = 1) -> list[str]:
    return list(out.floor(floor).alarms)


def where(out: Played, who: str = "ana") -> tuple[int, str | None]:
    b = out.state.crew[who]
    return b.floor, b.at


# -- Go with your Gut ------------------------------------------------------------------------------------------

def test_go_with_your_gut_moves_her_after_the_thermo_she_ended_her_actions_in():
    """§1.22 "Go With Your Gut (new, turn 4)": the event comes after her actions ended, so the Thermo under her goes
    off first (§1.22 Thermo); then she Moves into the face-down room (EN Go with your Gut, bb1-rules-en.md 576-578)."""
    s = position(quiet({"A2": "thermo"}), crew={"ana": member("A2")})
    out = play(s, gut("B2"))
    assert where(out) == (1, "B2")
    sounded = [e.square for e in out.of_kind("alarm")]
    assert sounded == ["A2"]
    assert out.kinds().index("alarm") < out.kinds().index("move")


def test_go_with_your_gut_into_a_laser_is_an_alarm_with_no_question():
    """§1.22 "Go With Your Gut into a Laser or Deadbolt (new, turn 4)": one action spent, so the Laser goes off and
    nobody is asked about an extra action (EN Go with your Gut, Laser, bb1-rules-en.md 588-589)."""
    s = position(quiet(), crew={"ana": member("A2")})
    out = play(s, gut("B2", type="laser", number=1))
    assert out.question is None
    assert alarms(out) == ["B2"] and where(out) == (1, "B2")


def test_go_with_your_gut_into_a_deadbolt_leaves_her_where_she_was():
    """§1.22 "Go With Your Gut into a Laser or Deadbolt (new, turn 4)": one action is not enough for a Deadbolt
    (EN Go with your Gut, Deadbolt, bb1-rules-en.md 585-587)."""
    s = position(quiet(), crew={"ana": member("A2")})
    out = play(s, gut("B2", type="deadbolt", number=1))
    assert where(out) == (1, "A2")
    assert out.floor().tiles["B2"] == "deadbolt"
    assert [e.data["how"] for e in out.of_kind("deadbolt")] == ["one_action"]


def test_go_with_your_gut_is_a_move_with_every_entering_effect():
    """§1.22 "Go With Your Gut (new, turn 4)": the move is a Move, so walking into the guard's face-down room costs
    Stealth (bb1 1.7 reversed; EN Go with your Gut "you must Move into it", bb1-rules-en.md 576-577)."""
    s = position(quiet(guard="B2"), crew={"ana": member("A2")})
    out = play(s, gut("B2"))
    assert out.stealth("ana") == 2 and where(out) == (1, "B2")


def test_go_with_your_gut_onto_a_thermo_sets_nothing_off():
    """§1.22 Thermo and "Go With Your Gut": her actions were over before the event, so a Thermo it takes her into
    sets nothing off (EN Thermo, bb1-rules-en.md 180-183)."""
    s = position(quiet(), crew={"ana": member("A2")})
    out = play(s, gut("B2", type="thermo", number=1), {"do": "end_turn"})
    assert "B2" not in alarms(out)


def test_go_with_your_gut_with_no_face_down_room_next_to_her_does_nothing():
    """§1.22 "Go With Your Gut (new, turn 4)": the card acts only if a face-down room is next to her; a wall makes
    a room not adjacent (EN Go with your Gut 576; EN Setup 147-148)."""
    s = position(quiet({"A1": "camera", "A3": "foyer"}, walls=["A2-B2"]), crew={"ana": member("A2")})
    out = play(s, gut())
    assert where(out) == (1, "A2")
    assert [e.data["how"] for e in out.of_kind("no_effect")] == ["gut_no_room"]


@pytest.mark.parametrize("to, why", [("B2", "behind a wall"), ("A1", "face up"), ("C2", "not next to her")])
def test_go_with_your_gut_refuses_a_room_it_cannot_take_her_into(to: str, why: str):
    """§1.22 "Go With Your Gut (new, turn 4)": only a face-down room next to hers with no wall between (EN Go with
    your Gut 576-578; a Wall makes rooms not adjacent, 147-148). Refused, saying which rooms it may take her into."""
    s = position(quiet({"A1": "camera"}, walls=["A2-B2"]), crew={"ana": member("A2")})
    with pytest.raises(IllegalActionError, match="A3"):
        play(s, gut(to))


def test_go_with_your_gut_without_a_room_is_refused_while_one_is_there():
    """§1.22 "Go With Your Gut (new, turn 4)": with a face-down room next to her she must move (EN 576-577)."""
    s = position(quiet(), crew={"ana": member("A2")})
    with pytest.raises(IllegalActionError, match="must move"):
        play(s, gut())


@pytest.mark.parametrize("answer, room", [("1-5", "A2"), ("6", "B2")])
def test_go_with_your_gut_into_a_keypad_rolls_one_die(answer: str, room: str):
    """§1.22 "Go With Your Gut into a Laser or Deadbolt" (one action spent): a locked Keypad takes one die, and a
    miss leaves her where she was (EN Go with your Gut, Keypad, bb1-rules-en.md 582-583; Keypad 258-260)."""
    s = position(quiet(), crew={"ana": member("A2")})
    asked = play(s, gut("B2", type="keypad", number=4))
    assert asked.question is not None and asked.question["kind"] == "keypad"
    assert where(play(s, gut("B2", type="keypad", number=4), answers=[answer])) == (1, room)


def test_a_move_by_an_event_of_the_burglar_whose_turn_it_is_comes_after_her_actions():
    """§1.22 "Go With Your Gut (new, turn 4)" and docs/conformance.md: a move ``via`` "event" by the burglar whose
    turn it is is that event's move: the Thermo under her goes off first, and a Laser asks nothing (EN 588-589)."""
    s = position(quiet({"A2": "thermo", "B2": "laser"}), crew={"ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "via": "event"})
    assert out.question is None
    assert alarms(out) == ["A2", "B2"]


def test_a_move_by_an_event_of_another_burglar_is_a_plain_walk():
    """docs/conformance.md "Go with your Gut": only the burglar whose turn it is draws the event; another burglar's
    move ``via`` "event" is a walk as before, so the Laser asks (EN Laser, bb1-rules-en.md 282-283)."""
    s = position(quiet({"B2": "laser"}), crew={"bob": member("D1"), "ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "via": "event"})
    assert out.question is not None and out.question["kind"] == "laser"


def in_play(s: GameState) -> GameState:
    """The position during ana's turn, after the break-in (the offers need the crew inside)."""
    s.floors[1].appeared = True
    s.entrances = ("A1",)
    return s


def test_go_with_your_gut_is_offered_once_per_face_down_room_next_to_her():
    """§1.22 "Go With Your Gut (new, turn 4)": the app offers the event like every other, naming the legal rooms,
    each wanting its type (the move turns it up); a tap on such a room offers it too."""
    s = in_play(position(quiet({"A1": "camera"}, walls=["A2-B2"]), crew={"ana": member("A2")}))
    offered = [o for o in player_offers(s, "ana") if o.code.startswith("go_with_your_gut")]
    assert [(o.code, o.action.get("to"), o.needs) for o in offered] == [("go_with_your_gut", "A3", "tile")]
    assert [o.code for o in room_offers(s, 1, "A3") if o.code == "go_with_your_gut"] == ["go_with_your_gut"]
    assert not [o for o in room_offers(s, 1, "B2") if o.code == "go_with_your_gut"]


def test_go_with_your_gut_with_no_room_is_offered_as_the_card_that_does_nothing():
    """§1.22 "Go With Your Gut (new, turn 4)": with no face-down room next to her the card is still drawn."""
    s = in_play(position(quiet({"A1": "camera", "A3": "foyer"}, walls=["A2-B2"]), crew={"ana": member("A2")}))
    offered = [o for o in player_offers(s, "ana") if o.code.startswith("go_with_your_gut")]
    assert [(o.code, "to" in o.action) for o in offered] == [("go_with_your_gut_none", False)]
    assert play(s, offered[0].action).of_kind("no_effect")


# -- a Deadbolt moved into face down --------------------------------------------------------------------------

def test_moving_into_a_face_down_deadbolt_leaves_her_in_her_previous_room():
    """§1.22 "Deadbolt moved into face down (new, turn 4)": she did not peek, so she cannot pay the 3 actions; she
    stays, the room stays turned up (EN Deadbolt, bb1-rules-en.md 318-323, the book's own example)."""
    s = position(quiet(), crew={"ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "type": "deadbolt", "number": 1})
    assert where(out) == (1, "A2")
    assert out.floor().tiles["B2"] == "deadbolt"
    assert [(e.data["how"], e.data["at"]) for e in out.of_kind("deadbolt")] == [("unpeeked", "A2")]
    assert "move" not in out.kinds()


def test_staying_out_of_a_deadbolt_is_not_leaving_a_motion_room():
    """§1.22 "Deadbolt moved into face down" and Motion: she never left her room, so the Motion room she entered
    this turn sets nothing off (EN Motion, bb1-rules-en.md 285-287)."""
    s = position(quiet({"A2": "motion"}), crew={"ana": member("A1")})
    out = play(s, move("ana", "A2"), {**move("ana", "B2"), "type": "deadbolt", "number": 1})
    assert where(out) == (1, "A2") and alarms(out) == []


def test_a_face_up_deadbolt_is_paid_for_and_entered():
    """§1.22 "Deadbolt moved into face down (new, turn 4)": a Deadbolt she peeked at first (face up) can be paid
    for (EN Deadbolt, bb1-rules-en.md 320-321)."""
    s = position(quiet({"B2": "deadbolt"}), crew={"ana": member("A2")})
    assert where(play(s, move("ana", "B2"))) == (1, "B2")


@pytest.mark.parametrize("inside", ["guard", "burglar"])
def test_a_face_down_deadbolt_with_someone_inside_is_entered_normally(inside: str):
    """§1.22 "Deadbolt moved into face down (new, turn 4)": the ruling is for a Deadbolt with nobody inside; with a
    guard or another burglar there she moves in normally, paying Stealth for the guard (EN Deadbolt 318-320)."""
    crew = {"ana": member("A2"), **({"bob": member("B2")} if inside == "burglar" else {})}
    s = position(quiet(guard="B2" if inside == "guard" else "D4"), crew=crew)
    out = play(s, {**move("ana", "B2"), "type": "deadbolt", "number": 1})
    assert where(out) == (1, "B2")
    assert out.stealth("ana") == (2 if inside == "guard" else 3)


def test_the_rooks_orders_get_her_into_a_face_down_deadbolt():
    """§1.22 "Deadbolt moved into face down": the Rook's Orders ignore the Deadbolt's cost (EN Rook, Orders,
    bb1-rules-en.md 637-639)."""
    s = position(quiet(), crew={"rob": member("D1", character="rook"), "ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "type": "deadbolt", "number": 1, "by": "rook"})
    assert where(out) == (1, "B2")


# -- the Painting, the Crowbar: peeking is not moving ---------------------------------------------------------

def test_the_painting_refuses_the_secret_doors_way_through_a_wall():
    """§1.22 "The Painting (new, turn 4)": while she holds it she cannot use the Secret Door's special move; the app
    refuses, saying so (EN Painting, bb1-rules-en.md 436-438; Secret Door 185-187)."""
    s = position(quiet({"B2": "secret-door"}, walls=["A2-B2"]), crew={"ana": member("A2", loot=["painting"])})
    with pytest.raises(IllegalActionError, match="Painting"):
        play(s, move("ana", "B2"))
    with pytest.raises(IllegalActionError, match="Painting"):
        play(s, {**move("ana", "B2"), "via": "secret-door"})


def test_the_painting_refuses_the_service_ducts():
    """§1.22 "The Painting (new, turn 4)": no move between the two Service Ducts while she holds it (EN Painting
    436-438; Service Duct 165-168)."""
    s = position(quiet({"A2": "service-duct", "D1": "service-duct"}), crew={"ana": member("A2", loot=["painting"])})
    with pytest.raises(IllegalActionError, match="Painting"):
        play(s, move("ana", "D1"))


def test_without_the_painting_the_service_ducts_are_a_way():
    """bb1 Service Duct (EN 165-168): the same move without the Painting is allowed."""
    s = position(quiet({"A2": "service-duct", "D1": "service-duct"}), crew={"ana": member("A2")})
    assert where(play(s, move("ana", "D1"))) == (1, "D1")


def test_the_painting_holder_still_walks_into_a_secret_door_by_an_open_door():
    """§1.22 "The Painting (new, turn 4)" / "Peeking is not moving": only the special move is blocked; she can still
    Move into and out of these rooms normally (EN Painting 437-438)."""
    s = position(quiet({"B2": "secret-door"}), crew={"ana": member("A2", loot=["painting"])})
    assert where(play(s, move("ana", "B2"))) == (1, "B2")


@pytest.mark.parametrize("action", [{"via": "table"}, {"how": "place"}])
def test_a_correction_still_puts_the_painting_holder_past_a_secret_door(action: dict[str, str]):
    """§1.22 "The Painting (new, turn 4)": a correction can still put her there (the table keeps the last word)."""
    s = position(quiet({"B2": "secret-door"}, walls=["A2-B2"]), crew={"ana": member("A2", loot=["painting"])})
    assert where(play(s, {**move("ana", "B2"), **action})) == (1, "B2")


def test_the_painting_holder_is_not_offered_the_secret_door_through_a_wall():
    """§1.22 "The Painting (new, turn 4)": the engine offers what is legal, so no plain move through the wall."""
    s = in_play(position(quiet({"B2": "secret-door"}, walls=["A2-B2"]),
                         crew={"ana": member("A2", loot=["painting"])}))
    assert not [o for o in room_offers(s, 1, "B2") if o.code in ("move", "move_reveal")]


def two_floors(lower: dict[str, str], upper: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return [quiet(lower), floor_case("D4", "D3", 1, patrol=["D1"], tiles=upper or {})]


@pytest.mark.parametrize("on, target", [(1, 2), (2, 1)])
def test_the_crowbar_acts_on_the_room_up_or_down_the_stairs(on: int, target: int):
    """§1.22 "Peeking is not moving (new, turn 4)": the Crowbar acts on a room she could peek into, the room up or
    down the Stairs included (EN Stairs, bb1-rules-en.md 172-173)."""
    s = position(*two_floors({"B2": "stairs"}), crew={"ana": member("B2", floor=on, tools=["crowbar"])})
    out = play(s, event("crowbar", floor=target, at="B2"))
    assert out.floor(target).disabled == ("B2",)
    assert out.state.crew["ana"].tools == ()


def test_the_crowbar_is_offered_on_the_room_up_the_stairs():
    """§1.22 "Peeking is not moving (new, turn 4)": the offer lists the room above the Stairs."""
    s = in_play(position(*two_floors({"B2": "stairs"}), crew={"ana": member("B2", tools=["crowbar"])}))
    rooms = {(o.action["floor"], o.action["at"]) for o in player_offers(s, "ana") if o.code == "crowbar"}
    assert (2, "B2") in rooms and (1, "C2") in rooms


def test_the_crowbar_cannot_reach_another_floor_without_stairs():
    """§1.22 "Peeking is not moving": no Stairs (nor Atrium) under her, no room on another floor to peek into."""
    s = position(*two_floors({}), crew={"ana": member("B2", tools=["crowbar"])})
    with pytest.raises(IllegalActionError, match="peek into"):
        play(s, event("crowbar", floor=2, at="B2"))


# -- the advanced Acrobat's climb into a Keypad ---------------------------------------------------------------

@pytest.mark.parametrize("answer, floor", [("missed", 1), ("opens", 2)])
def test_the_advanced_acrobat_climbing_into_a_keypad_rolls_one_die(answer: str, floor: int):
    """§1.22 "Acrobat (advanced) climbing into a locked Keypad (new, turn 4)": she rolls one die as when any effect
    moves a burglar onto a locked Keypad; on a miss she stays below (EN Rook "Moves onto a locked Keypad, roll as
    normal using 1 die", bb1-rules-en.md 641-642; Keypad "even on another player's turn", 251-252)."""
    s = position(*two_floors({}, {"B2": "keypad"}), crew={"ana": member("B2", character="acrobat", side="advanced")})
    climb = {**move("ana", "B2", floor=2), "via": "ability"}
    asked = play(s, climb)
    assert asked.question is not None and asked.question["kind"] == "keypad"
    out = play(s, climb, answers=[answer])
    assert where(out) == (floor, "B2")
    assert out.state.actions_over


def test_the_acrobats_actions_end_after_a_missed_climb_even_on_a_thermo():
    """§1.22 "Acrobat (advanced) climbing into a locked Keypad (new, turn 4)": her actions end either way, so the
    Thermo she stays in goes off then (EN Acrobat "Your actions end after you use this ability", 787-791; Thermo
    180-181)."""
    s = position(*two_floors({"B2": "thermo"}, {"B2": "keypad"}),
                 crew={"ana": member("B2", character="acrobat", side="advanced")})
    out = play(s, {**move("ana", "B2", floor=2), "via": "ability"}, answers=["1-5"])
    assert where(out) == (1, "B2") and alarms(out) == ["B2"]


def test_another_burglar_by_an_ability_into_a_keypad_is_asked_nothing():
    """§1.22 "Acrobat (advanced) climbing into a locked Keypad": the roll is the climb's; the app does not follow a
    plain Move's Keypad roll (the table rolls and moves her only on a 6)."""
    s = position(*two_floors({}, {"B2": "keypad"}), crew={"ana": member("B2", character="acrobat")})
    out = play(s, {**move("ana", "B2", floor=2), "via": "ability"})
    assert out.question is None and where(out) == (2, "B2")


@pytest.mark.parametrize("lang, example, stays", [
    ("en", "the rulebook's own example", "stays in her previous room"),
    ("es", "el ejemplo del propio reglamento", "se queda en su loseta anterior"),
    ("fr", "l'exemple des règles mêmes", "reste dans sa pièce précédente"),
])
def test_the_deadbolt_page_says_she_stays_as_the_books_own_example(lang: str, example: str, stays: str):
    """§1.22 "Deadbolt moved into face down (new, turn 4)": "The reference says so, marked as the book's example"
    (EN Deadbolt, bb1-rules-en.md 321-323), in each language of the reference."""
    from assistant.reference import library

    text = library(lang).texts["deadbolt"]
    assert example in text and stays in text


def test_a_deadbolt_log_line_leads_to_the_deadbolt_page():
    """§1.22 "Deadbolt moved into face down (new, turn 4)": the line saying she stays links to the page that says
    why."""
    from assistant.reference import reference_slug_for_rule

    s = position(quiet(), crew={"ana": member("A2")})
    line = play(s, {**move("ana", "B2"), "type": "deadbolt", "number": 1}).of_kind("deadbolt")[0]
    assert reference_slug_for_rule(line.rule) == "deadbolt"


def test_the_painting_never_stops_a_room_being_turned_up():
    """§1.22 "Peeking is not moving (new, turn 4)": the Painting blocks the special moves only; a room turned up
    without moving in (a peek, the advanced Hawk's through a wall included) is never refused (EN Painting 436-438)."""
    s = position(quiet(walls=["A2-B2"]), crew={"ana": member("A2", loot=["painting"])})
    out = play(s, {"do": "reveal", "floor": 1, "at": "B2", "type": "secret-door", "number": 1})
    assert out.floor().tiles["B2"] == "secret-door" and where(out) == (1, "A2")


def test_a_move_by_an_event_into_a_face_up_deadbolt_leaves_her_where_she_was():
    """§1.22 "Go With Your Gut into a Laser or Deadbolt (new, turn 4)": the event's move is one action, never the
    Deadbolt's three, even when the room is face up (EN Go with your Gut, Deadbolt, bb1-rules-en.md 585-587)."""
    s = position(quiet({"B2": "deadbolt"}), crew={"ana": member("A2")})
    out = play(s, {**move("ana", "B2"), "via": "event"})
    assert where(out) == (1, "A2")
    assert [e.data["how"] for e in out.of_kind("deadbolt")] == ["one_action"]
