"""The turn-4 rulings of guard-rules.md §1.22 on Stairs and on burglars who have escaped: "Thermal Bomb holes",
"Time Lock" (and its part of "Peeking is not moving"), Gymnastics, "Effects 'until your next turn' when that
burglar has escaped" and "Escaped burglars are out of the building".

Sources: ../shared/seeds/bb1-rules-en.md Thermal Bomb (line 477), Gymnastics (line 592), E.M.P. (line 473),
Winning (line 869: an escaped burglar takes no more turns); ../shared/seeds/bb1-bga-help-fr.txt Video loop (line
261), Time look (line 266), Dead drop and Buddy system.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.cases import state_from_case
from assistant.engine.errors import BoardError, IllegalActionError, NoWayError
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.state import GameState
from assistant.engine.walks import way
from assistant.web.table.export import game_as_case
from assistant.words import sentence
from assistant.words.questions import prompt
from tests.engine.helpers import event, floor_case, move, play, position, rules_of
from tests.engine.test_table_bb1 import end_turn, member


def quiet(tiles: dict[str, str] | None = None) -> dict[str, Any]:
    """A floor whose guard is in D4, one step from his destination D3, the crew far from his walk."""
    return floor_case("D4", "D3", 1, patrol=["D1", "D2", "C4", "D4", "C1", "A4"], tiles=tiles)


def escaped(state: GameState, *names: str) -> GameState:
    """The state with ``names`` out of the building, their pieces left where they stood (as an escape leaves them)."""
    state = state.copy()
    for name in names:
        state.crew[name].escaped = True
    return state


def at_turn(state: GameState, name: str) -> GameState:
    """The state during ``name``'s turn."""
    state.turn = state.order.index(name)
    return state


def climb(who: str, floor: int, to: str = "B2", **extra: Any) -> dict[str, Any]:
    return {"do": "move", "who": who, "floor": floor, "to": to, **extra}


def offers_here(state: GameState, floor: int, square: str) -> list[dict[str, Any]]:
    return [o.action for o in rules_of(state).legal.room(state, floor, square)]


# -- §1.22 "Thermal Bomb holes (new, turn 4)" -------------------------------------------------------------------

def bombed(floors: int = 2, on: int = 1) -> GameState:
    """``floors`` quiet floors, no Stairs in B2; ana holds a Thermal Bomb in B2 of floor ``on``, bob stands beside
    her, cat far away on floor 1."""
    return position(*(quiet() for _ in range(floors)),
                    crew={"ana": member("B2", floor=on, tools=["thermal-bomb"]), "bob": member("B2", floor=on),
                          "cat": member("A1")})


def test_thermal_bomb_hole_is_stairs_for_everyone_for_the_rest_of_the_heist():
    """§1.22 "Thermal Bomb holes": the hole joins her room and the one straight above as if they were Stairs (EN
    Thermal Bomb, line 477: all players may use them): bob, who did not use the bomb, walks up it later as a plain
    Stairs move (no tool named), and walks back down it."""
    out = play(bombed(), event("thermal_bomb", who="ana", to_floor=2), end_turn())
    assert out.state.holes == ("1-B2",)
    assert way(out.state, "bob", 2, "B2", tiles=True) == "stairs"
    up = play(out.state, climb("bob", 2))
    assert (up.state.crew["bob"].floor, up.state.crew["bob"].at) == (2, "B2")
    assert [e.data.get("via") for e in up.of_kind("move")] == ["stairs"]
    assert not any(e.data.get("correction") for e in up.log)
    down = play(up.state, climb("bob", 1))
    assert down.state.crew["bob"].floor == 1
    assert out.floor().alarms == ("B2",)  # and the bomb's alarm in her room


def test_without_a_hole_the_room_above_is_no_walk():
    """§1.22 "Thermal Bomb holes": the way exists only once the bomb made it (the same floors, no bomb)."""
    with pytest.raises(NoWayError):
        play(bombed(), climb("bob", 2))


def test_thermal_bomb_asks_which_floor_when_both_are_there():
    """§1.22 "Thermal Bomb holes": with no ``to_floor`` the app asks the table where the hole leads (one floor up
    or down, EN Thermal Bomb "either the floor above you or below you"); the answer is the floor below here."""
    asked = play(bombed(floors=3, on=2), event("thermal_bomb", floor=2, who="ana"))
    assert asked.question is not None and asked.question["kind"] == "hole"
    assert asked.question["options"] == ["3", "1"]
    assert "Thermal Bomb" in prompt(asked.question)
    out = play(bombed(floors=3, on=2), event("thermal_bomb", floor=2, who="ana"), answers=["1"])
    assert out.state.holes == ("1-B2",)
    assert "floor 1" in sentence(out.of_kind("card")[0])


def test_thermal_bomb_asks_nothing_with_one_floor_to_go_to():
    """§1.22 "Thermal Bomb holes": on the top floor of two the hole can only lead down: nobody is asked."""
    out = play(bombed(floors=2, on=2), event("thermal_bomb", floor=2, who="ana"))
    assert out.question is None and out.state.holes == ("1-B2",)


def test_thermal_bomb_refuses_a_floor_not_next_to_hers():
    """§1.22 "Thermal Bomb holes": the hole leads one floor up or down, no farther."""
    with pytest.raises(IllegalActionError, match="just above or below"):
        play(bombed(floors=3, on=1), event("thermal_bomb", who="ana", to_floor=3))


def test_a_hole_is_kept_with_the_heist_and_a_heist_saved_before_holes_still_opens():
    """§1.22 "Thermal Bomb holes": the app records the two rooms joined; the state round-trips through JSON, and a
    state written before the field existed (no ``holes``, ``lock_by``, ``gymnastics_by``) reads with none."""
    out = play(bombed(), event("thermal_bomb", who="ana", to_floor=2))
    assert GameState.from_json(out.state.to_json()).holes == ("1-B2",)
    old = out.state.to_json()
    for name in ("holes", "lock_by", "gymnastics_by"):
        del old[name]
    back = GameState.from_json(old)
    assert back.holes == () and back.lock_by is None and back.gymnastics_by is None


def test_a_hole_is_exported_with_the_position_and_read_back_from_a_case():
    """§1.22 "Thermal Bomb holes": an exported heist keeps its holes (docs/conformance.md ``holes``), so the imported
    position has the same Stairs; a hole needs a floor above it."""
    case = game_as_case(play(bombed(), event("thermal_bomb", who="ana", to_floor=2)).state, RULEBOOKS["bb1"], "holed")
    assert case["holes"] == {"1": ["B2"]}
    assert state_from_case(case).holes == ("1-B2",)
    with pytest.raises(BoardError, match="holes"):
        state_from_case({**case, "holes": {"2": ["B2"]}})


def test_the_guard_never_takes_a_hole():
    """§1.22 "Thermal Bomb holes": Stairs for the burglars; a guard keeps to his floor, so his walk is the same
    with or without a hole under his route."""
    s = position(floor_case("B1", "B4", 3, patrol=["A1"]), quiet(), crew={"cat": member("D1")})
    holed = s.copy()
    holed.holes = ("1-B2", "1-B3")
    assert play(holed, {"do": "guard_turn", "floor": 1}).entered() == play(s, {"do": "guard_turn",
                                                                                "floor": 1}).entered()


# -- §1.22 "Time Lock (new, turn 4)" and "Peeking is not moving (new, turn 4)" ------------------------------------

def locked() -> GameState:
    """Stairs in B2 of floor 1 and a Thermal Bomb hole in C3; ana (whose turn it is) draws Time Lock, then it is
    bob's turn: he stands on the Stairs, cat on the hole."""
    s = position(quiet({"B2": "stairs"}), quiet(),
                 crew={"ana": member("A1"), "bob": member("B2"), "cat": member("C3")})
    s.holes = ("1-C3",)
    return play(s, event("time_lock", who="ana"), end_turn()).state


def test_time_lock_refuses_the_stairs_and_the_holes_saying_so():
    """§1.22 "Time Lock": until the start of the drawer's next turn nobody goes up or down by the Stairs or a
    Thermal Bomb hole (BGA help Time look, line 266): the walk is refused with the reason, named way or not, and
    is not offered as a walk; the room above is still reached by a correction (Put here)."""
    s = locked()
    assert s.lock_by == "ana"
    for who, square in (("bob", "B2"), ("cat", "C3")):
        for via in ({}, {"via": "stairs"}):
            with pytest.raises(NoWayError, match="Time Lock"):
                play(s, climb(who, 2, square, **via))
        assert way(s, who, 2, square, tiles=True) is None
    assert not [a for a in offers_here(s, 2, "B2")  # the ways the table names (an ability ...) stay its word
                if a["do"] == "move" and a.get("who") == "bob" and a.get("via") in (None, "stairs")]
    put = play(s, {"do": "place", "who": "bob", "floor": 2, "to": "B2"})
    assert put.state.crew["bob"].floor == 2


def test_time_lock_closes_only_the_way_up_and_down():
    """§1.22 "Time Lock" and "Peeking is not moving": it closes the Stairs for moving and nothing else; a walk
    next door goes on. (The app does not follow peeks, so it has none to refuse.)"""
    assert play(locked(), climb("bob", 1, "B1")).state.crew["bob"].at == "B1"


def test_time_lock_ends_at_the_start_of_the_drawers_next_turn():
    """§1.22 "Time Lock": at the start of ana's next turn the Stairs are open again."""
    out = play(locked(), end_turn(), end_turn())
    assert out.state.current() == "ana" and out.state.lock_by is None
    assert [e.data["how"] for e in out.of_kind("time_lock")] == ["over"]
    assert play(out.state, climb("bob", 2)).state.crew["bob"].floor == 2


def test_time_lock_is_an_event_card_the_panel_offers():
    """§1.22 "Time Lock": the app knows the event; it is offered with the events a burglar may draw."""
    s = position(quiet(), crew={"ana": member("A1")})
    assert {"do": "event", "name": "time_lock", "floor": 1, "who": "ana"} in [
        o.action for o in rules_of(s).legal.player(s, "ana")]


# -- Gymnastics (EN line 592) ----------------------------------------------------------------------------------

def gym() -> GameState:
    """A revealed Walkway in B2 of floor 2; bob stands in B2 of floor 1, under it; ana's turn."""
    return position(quiet(), quiet({"B2": "walkway"}), crew={"ana": member("A1"), "bob": member("B2")})


def test_gymnastics_lets_anyone_move_into_a_walkway_from_the_room_below():
    """EN Gymnastics (line 592): until the start of the drawer's next turn all players can Move into a Walkway from
    the tile below it: bob, on the next turn, walks up into it; without the card there is no such way."""
    with pytest.raises(NoWayError):
        play(gym(), climb("bob", 2))
    out = play(gym(), event("gymnastics", who="ana"), end_turn())
    assert out.state.gymnastics_by == "ana"
    assert way(out.state, "bob", 2, "B2", tiles=True) == "walkway"
    up = play(out.state, climb("bob", 2))
    assert (up.state.crew["bob"].floor, up.state.crew["bob"].at) == (2, "B2")
    assert play(out.state, climb("bob", 2, via="walkway")).state.crew["bob"].floor == 2


def test_gymnastics_ends_at_the_start_of_the_drawers_next_turn():
    """EN Gymnastics: the effect ends at the start of the drawer's next turn (so she cannot use it herself)."""
    out = play(gym(), event("gymnastics", who="ana"), end_turn(), end_turn())
    assert out.state.gymnastics_by is None
    with pytest.raises(NoWayError):
        play(out.state, climb("bob", 2))


# -- §1.22 "Effects 'until your next turn' when that burglar has escaped (new, turn 4)" ---------------------------

# each effect lasting until its user's next turn: the action that starts it (bob uses or draws it) and its field
LASTING = {
    "emp": ({"do": "event", "name": "emp", "floor": 1, "who": "bob"}, "emp_by"),
    "video_loop": (event("video_loop", who="bob"), "loop_by"),
    "time_lock": (event("time_lock", who="bob"), "lock_by"),
    "gymnastics": (event("gymnastics", who="bob"), "gymnastics_by"),
}


def three() -> GameState:
    """ana, bob and cat in that seat order, far from the guard, during bob's turn."""
    return at_turn(position(quiet({"B2": "stairs"}),
                            crew={"ana": member("A1"), "bob": member("B2"), "cat": member("A3")}), "bob")


@pytest.mark.parametrize("name", sorted(LASTING))
def test_an_effect_of_an_escaped_burglar_ends_once_the_round_passes_her_seat(name: str):
    """§1.22 "Effects 'until your next turn' when that burglar has escaped": bob starts it and escapes (EN line 871:
    he takes no more turns); it lasts through cat's and ana's turns and ends at the start of cat's next one, the
    first turn after the round has passed bob's seat: never for the rest of the heist."""
    start, field_name = LASTING[name]
    out = play(three(), start)
    s = escaped(out.state, "bob")
    turns = []
    for _ in range(3):
        s = play(s, end_turn()).state
        turns.append((s.current(), getattr(s, field_name)))
    assert turns == [("cat", "bob"), ("ana", "bob"), ("cat", None)]


@pytest.mark.parametrize("name", sorted(LASTING))
def test_an_effect_ends_at_its_users_own_next_turn(name: str):
    """§1.22 "Effects 'until your next turn'": bob still inside, the effect ends as his next turn starts."""
    start, field_name = LASTING[name]
    s = play(three(), start).state
    seen = []
    for _ in range(3):
        s = play(s, end_turn()).state
        seen.append((s.current(), getattr(s, field_name)))
    assert seen == [("cat", "bob"), ("ana", "bob"), ("bob", None)]


def test_the_emp_of_a_burglar_who_escaped_silences_alarms_for_one_round_only():
    """§1.22 "Effects 'until your next turn' when that burglar has escaped" (EN E.M.P., line 473; BGA fix for the
    E.M.P. user who escapes): 3 burglars, bob uses the E.M.P. and escapes; alarms stay silent on cat's and ana's
    turns and sound again on cat's next turn."""
    s = escaped(play(three(), LASTING["emp"][0]).state, "bob")
    s = play(s, end_turn()).state
    assert play(s, {"do": "alarm", "floor": 1, "at": "C1"}).floor().alarms == ()
    s = play(s, end_turn()).state
    assert s.current() == "ana" and play(s, {"do": "alarm", "floor": 1, "at": "C1"}).floor().alarms == ()
    out = play(s, end_turn())
    assert out.state.current() == "cat"
    assert [e.data["how"] for e in out.of_kind("event")] == ["emp_over"]
    assert play(out.state, {"do": "alarm", "floor": 1, "at": "C1"}).floor().alarms == ("C1",)


def test_an_effect_ends_when_its_users_turn_is_skipped():
    """§1.22 "Effects 'until your next turn'": they end when her turn would have started; Jump the Gun skipping
    bob's turn passes his seat, so his Video Loop ends as ana's next turn (the one after his) starts."""
    s = play(three(), LASTING["video_loop"][0], end_turn(), end_turn()).state  # cat's turn, then ana's
    assert s.current() == "ana"
    out = play(s, event("jump_the_gun", who="ana"), end_turn())
    assert out.state.current() == "cat" and out.state.loop_by is None


# -- §1.22 "Escaped burglars are out of the building (new, turn 4)" -------------------------------------------------

def crew_of_three(**bob: Any) -> GameState:
    return at_turn(position(quiet(), crew={"ana": member("A1", character="rook"), "bob": member("B1", **bob),
                                           "cat": member("C1", loot=["tiara"])}), "cat")


def test_dead_drop_goes_to_the_next_burglar_on_the_right_still_inside():
    """§1.22 "Escaped burglars are out of the building" (BGA fix for Dead Drop): cat's right is bob, who has
    escaped, so her cards go on to ana."""
    out = play(escaped(crew_of_three(), "bob"), event("dead_drop", who="cat"))
    assert out.state.crew["ana"].loot == ("tiara",) and out.state.crew["bob"].loot == ()


def test_dead_drop_with_nobody_else_inside_leaves_her_cards_with_her():
    """§1.22 "Escaped burglars are out of the building": nobody else inside, nobody to hand them to."""
    out = play(escaped(crew_of_three(), "ana", "bob"), event("dead_drop", who="cat"))
    assert out.state.crew["cat"].loot == ("tiara",)
    assert "keeps" in sentence(out.of_kind("no_effect")[0])


def test_buddy_system_cannot_bring_an_escaped_burglar_nor_offers_her():
    """§1.22 "Escaped burglars are out of the building" (BGA fix for Buddy System): refused, and not offered."""
    s = escaped(crew_of_three(), "bob")
    with pytest.raises(IllegalActionError, match="escaped"):
        play(s, event("buddy_system", who="cat", buddy="bob"))
    buddies = [o.action.get("buddy") for o in rules_of(s).legal.player(s, "cat") if o.code == "buddy_system"]
    assert buddies == ["ana"]


def test_the_rooks_orders_cannot_move_an_escaped_burglar_nor_offer_her():
    """§1.22 "Escaped burglars are out of the building": the basic Rook's Orders pick only a burglar inside."""
    s = at_turn(escaped(crew_of_three(), "bob"), "ana")
    with pytest.raises(IllegalActionError, match="escaped"):
        play(s, move("bob", "B2") | {"by": "rook"})
    assert not [a for a in offers_here(s, 1, "B2") if a.get("by") == "rook" and a["who"] == "bob"]


def test_the_rooks_disguise_cannot_swap_with_an_escaped_burglar_nor_offer_her():
    """§1.22 "Escaped burglars are out of the building": the advanced Rook's Disguise neither."""
    s = escaped(position(quiet(), crew={"ana": member("A1", character="rook", side="advanced"),
                                        "bob": member("B1")}), "bob")
    with pytest.raises(IllegalActionError):
        play(s, event("rook_swap", who="ana", buddy="bob"))
    assert not [a for a in offers_here(s, 1, "B1") if a.get("name") == "rook_swap"]


def test_no_guard_or_event_costs_an_escaped_burglar_stealth():
    """§1.22 "Escaped burglars are out of the building": the guard walks through the room her piece was left in
    and she keeps her Stealth; Lost Grip cannot drop her (she is not in the building)."""
    s = escaped(position(floor_case("D1", "A1", 3, patrol=["D4"]), quiet(),
                         crew={"ana": member("B1", floor=1), "bob": member("A3", floor=2)}), "ana")
    out = play(s, {"do": "guard_turn", "floor": 1})
    assert "B1" in out.entered() and out.stealth("ana") == 3
    with pytest.raises(IllegalActionError, match="not in the building"):
        play(escaped(position(quiet(), quiet(), crew={"ana": member("B1", floor=2), "bob": member("A3")}), "ana"),
             event("lost_grip", floor=2, who="ana"))
