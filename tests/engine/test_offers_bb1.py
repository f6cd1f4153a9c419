"""Burgle Bros 1's legal actions (engine/bb1/offers.py): every offer is an action ``apply`` accepts, the crew's
characters decide which abilities appear, and what the rules refuse is never offered."""

from __future__ import annotations

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb1.offers import corrections, player_offers, room_offers, table_offers, take_offers, tools
from assistant.engine.errors import RulesError
from assistant.engine.offers import Offer
from assistant.engine.bb1.setup import new_game
from assistant.engine.state import GameState


def heist(*crew: tuple[str, str, str], at: str = "B2") -> GameState:
    """A Bank Job broken in at ``at`` (the first burglar inside), crew given as (name, character, side)."""
    state = new_game("bank", [{"name": n, "character": c, "side": s} for n, c, s in crew], seed=7)
    state = apply(state, {"do": "start"}).state
    return apply(state, {"do": "entrance", "at": at}).state


def accepted(state: GameState, offer: Offer) -> bool:
    action = dict(offer.action)
    if offer.needs == "tile":
        action.update(type="deadbolt", number=1)
    try:
        apply(state, action)
    except RulesError:
        return False
    return True


def codes(offers: list[Offer]) -> set[str]:
    return {o.code for o in offers}


def test_every_room_offer_on_every_room_is_an_action_the_engine_accepts():
    state = heist(("Ann", "raven", "basic"), ("Bob", "juicer", "basic"))
    state.crew["Ann"].tools = ("dynamite", "crowbar")
    for square in state.plan(1).names:
        for offer in room_offers(state, 1, square):
            assert accepted(state, offer), (square, offer)


def test_every_player_offer_and_correction_is_an_action_the_engine_accepts():
    state = heist(("Ann", "spotter", "basic"), ("Bob", "rigger", "advanced"))
    state.crew["Ann"].tools = ("thermal-bomb", "smoke-bomb", "makeup-kit", "virus", "emp", "donuts", "stethoscope")
    state.crew["Ann"].loot = ("tiara",)
    for offer in [*player_offers(state, "Ann"), *corrections(state), *take_offers(state, "Bob")]:
        assert accepted(state, offer), offer


def test_the_basic_ravens_crow_reaches_exactly_the_rooms_the_engine_allows():
    state = heist(("Ann", "raven", "basic"))
    offered = {sq for sq in state.plan(1).names if "crow" in codes(room_offers(state, 1, sq))}
    allowed = {sq for sq in state.plan(1).names if accepted(state, Offer("crow", {"do": "crow", "who": "Ann",
                                                                                  "at": sq}))}
    assert offered == allowed and "B2" in offered and len(offered) < 16


def test_the_advanced_raven_is_offered_only_her_own_room():
    state = heist(("Ann", "raven", "advanced"))
    offered = [sq for sq in state.plan(1).names if codes(room_offers(state, 1, sq)) & {"crow", "crow_own"}]
    assert offered == ["B2"]


def test_only_the_characters_in_the_crew_on_their_side_are_offered():
    state = heist(("Ann", "juicer", "basic"), ("Bob", "spotter", "basic"))
    mine = codes(player_offers(state, "Ann"))
    assert "juicer_alarm" in mine and "spotter_look" not in mine and "juicer_drop" not in mine
    assert player_offers(state, "Bob") == []  # not his turn


def test_the_spotter_looks_once_per_turn():
    state = heist(("Ann", "spotter", "basic"))
    look = next(o for o in player_offers(state, "Ann") if o.code == "spotter_look")
    state = apply(state, look.action).state
    assert "spotter_look" not in codes(player_offers(state, "Ann"))


def test_a_face_down_room_is_entered_with_its_type_and_a_face_up_one_without():
    state = heist(("Ann", "", "basic"))
    move = next(o for o in room_offers(state, 1, "C2") if o.code == "move_reveal")
    assert move.needs == "tile"
    state = apply(state, {**move.action, "type": "laser", "number": 2}).state
    assert state.floors[1].tiles["C2"] == "laser" or state.pending
    assert all(o.needs == "" for o in room_offers(state, 1, "C2") if o.code == "move")


def test_tools_are_offered_to_the_player_who_holds_them_and_dropped_when_used():
    state = heist(("Ann", "", "basic"))
    assert "tool_smoke_bomb" not in codes(player_offers(state, "Ann"))
    state = apply(state, {"do": "tool", "who": "Ann", "kind": "smoke-bomb"}).state
    bomb = next(o for o in player_offers(state, "Ann") if o.code == "tool_smoke_bomb")
    state = apply(state, bomb.action).state
    assert state.floors[1].lavatory["B2"] == 3 and state.crew["Ann"].tools == ()
    assert [o.action["value"] for o in room_offers(state, 1, "B2") if o.code == "room_tokens"] == list(range(7))


def test_room_tokens_are_set_by_hand_as_a_correction():
    state = heist(("Ann", "", "basic"))
    result = apply(state, {"do": "set", "field": "room_tokens", "floor": 1, "at": "B2", "value": 2})
    assert result.state.floors[1].lavatory["B2"] == 2
    assert [(e.kind, e.data["how"]) for e in result.log] == [("set", "room_tokens")]
    with pytest.raises(RulesError):
        apply(state, {"do": "set", "field": "room_tokens", "floor": 1, "at": "B2", "value": 7})


def test_what_the_table_tells_the_app_off_the_board_is_offered_and_accepted():
    """bb1 "Cracking a Safe" (the safe's floor and those below speed up), §1.22 hack capacity (6 tokens), the
    escape by the roof, §1.17 the Tiara: each is an offer the engine accepts, and only while it can happen
    (§1.22 "One of each card (new, turn 4)": a computer face up to hack, the Tiara nobody else holds); an escape
    from floor 1 only as a correction (§1.22 "Escape and cracking a safe are checked")."""
    state = heist(("Ann", "raven", "basic"), ("Bob", "juicer", "basic"))
    offers = table_offers(state, "Ann")
    assert codes(offers) == {"crack_safe", "escape_correction", "tiara_take"}  # no computer turned up yet
    assert all(accepted(state, o) for o in offers)
    assert [o.action["who"] for o in offers if o.code == "tiara_take"] == ["Ann", "Bob"]
    assert not {"escape", "escape_correction"} & codes(table_offers(state, "Bob"))  # Bob has not walked in yet
    state.floors[1].tiles = {"C3": "computer-laser", "A4": "computer-motion"}
    state.hack["laser"] = 6
    assert {o.params["computer"] for o in table_offers(state, "Ann") if o.code == "hack"} == {"motion"}
    state.crew["Ann"].loot = ("tiara",)
    drop = [o for o in table_offers(state, "Ann") if o.code == "tiara_drop"]
    assert [o.action for o in drop] == [{"do": "loot", "who": "Ann", "kind": "tiara", "on": False}]
    assert [o.code for o in table_offers(state, "Bob") if o.code.startswith("tiara")] == ["tiara_drop"]  # Ann's
    assert apply(state, drop[0].action).state.crew["Ann"].loot == ()


def test_a_burglar_holding_the_bust_is_offered_no_tool_and_refused_one():
    """guard-rules §1.22 Bust (EN Bust text): while she holds the Bust she cannot use Tool cards; the app refuses,
    saying so, and applies nothing; she can still give a tool up."""
    state = heist(("Ann", "raven", "basic"), ("Bob", "juicer", "basic"))
    state.crew["Ann"].tools = ("emp", "donuts")
    state.crew["Ann"].loot = ("bust",)
    assert codes(tools(state, "Ann")) == {"tool_drop"}
    for action in ({"do": "event", "name": "emp", "floor": 1, "who": "Ann"}, {"do": "donuts", "floor": 1}):
        with pytest.raises(RulesError, match="Ann holds the Bust: no Tool card can be used while she has it"):
            apply(state, action)
    assert apply(state, {"do": "tool", "who": "Ann", "kind": "emp", "on": False}).state.crew["Ann"].tools == ("donuts",)
    state.crew["Ann"].loot = ()
    assert "tool_emp" in codes(tools(state, "Ann")) and accepted(state, Offer("tool_emp", {
        "do": "event", "name": "emp", "floor": 1, "who": "Ann"}))
