"""Burgle Bros 3's legal actions (engine/bb3/offers.py, ``Bb3.legal``): every offer is an action ``apply``
accepts, and where the rules stop a count (suspicion, the die, Stealth) the engine offers no step past it.
Rulebook: ../shared/seeds/bb3-future-flip-en.txt; guard-rules.md §7."""

from __future__ import annotations

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb3.rules import Bb3
from assistant.engine.cases import state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import GameState
from tests.engine.helpers import accepted, every_offer, rules_of


def in_play() -> GameState:
    """Ann geared on workers next to alarm cubes, Bob disguised on floor 2."""
    return state_from_case({"rules": "bb3", "floors": {
        "1": {"guard": "D4", "destination": "D1", "die": 3, "alarms": ["B3", "B3"], "workers": {"B2": 2},
              "patrol": ["A2"]},
        "2": {"guard": "A1", "destination": "A4", "die": 6, "suspicion": 1, "patrol": ["C3"]}},
        "crew": {"Ann": {"floor": 1, "at": "B2", "stealth": 3, "geared": True},
                 "Bob": {"floor": 2, "at": "C3", "stealth": 0, "geared": False}}})


def broken_in() -> GameState:
    state = new_bb3_game([{"name": "Ann"}, {"name": "Bob"}])
    state = apply(state, {"do": "start"}).state
    for card in ("B2", "D4", "A3", "C1"):  # the table's cards: each guard's room, then his destination
        state = apply(state, {"do": "answer", "choice": card}).state
    assert not state.pending
    return state


def test_the_registry_names_the_query():
    assert Bb3.legal is rules_of(in_play()).legal


@pytest.mark.parametrize("make", [in_play, broken_in])
def test_every_offer_in_every_room_and_panel_is_an_action_the_engine_accepts(make):
    state = make()
    offers = every_offer(state)
    assert offers
    assert [o for o in offers if not accepted(state, o)] == []


def test_the_crew_breaks_in_on_a_floor_1_room_once_the_guards_are_placed():
    """bb3 Starting the Game: after the guards are set up (Standard Setup 8-13) the crew enters on floor 1."""
    state = new_bb3_game([{"name": "Ann"}])
    legal = rules_of(state).legal
    assert [o.code for o in legal.player(state, "Ann")] == ["start"]
    state = broken_in()
    assert [o.action for o in legal.room(state, 1, "B2")] == [{"do": "entrance", "at": "B2"}]
    assert legal.room(state, 2, "B2") == []


def test_alarm_cubes_pile_up_and_come_off_one_at_a_time():
    """bb3 Alarms and Suspicion: a room holds several alarm cubes; an effect takes one back."""
    state = in_play()
    legal = rules_of(state).legal
    here = {o.code: o.params for o in legal.room(state, 1, "B3") if o.code.startswith("alarm")}
    assert here == {"alarm": {"at": "B3", "cubes": 2}, "alarm_cube_off": {"at": "B3", "cubes": 2}}
    assert [o.code for o in legal.room(state, 1, "C3") if o.code.startswith("alarm")] == ["alarm"]


def test_suspicion_goes_down_only_from_a_cube_and_the_die_stays_between_1_and_6():
    """bb3 Suspicion: cubes beside the deck, the third turns the die up; the die shows 1 to 6."""
    state = in_play()
    codes = {(o.code, o.params["floor"]) for o in rules_of(state).legal.corrections(state) if "floor" in o.params}
    assert ("suspicion_less", 1) not in codes and ("suspicion_less", 2) in codes
    assert ("die_more", 2) not in codes and ("die_less", 2) in codes and ("die_more", 1) in codes
    with pytest.raises(RulesError):
        apply(state, {"do": "set", "field": "die", "floor": 2, "value": 7})


def test_stealth_and_disguise_are_offered_for_every_burglar():
    """bb3 Disguises: geared or disguised, changed by effects; Stealth 0 to 6 by hand."""
    state = in_play()
    offers = rules_of(state).legal.corrections(state)
    disguises = {o.params["who"]: (o.code, o.action["value"]) for o in offers if o.code.startswith("disguise")}
    assert disguises == {"Ann": ("disguise_on", 0), "Bob": ("disguise_off", 1)}
    assert {o.code for o in offers if o.params.get("who") == "Bob" and o.code.startswith("stealth")} == {"stealth_more"}


def test_the_workers_here_are_counted_and_flee_or_are_lured():
    """bb3 Workers: a geared burglar moving onto workers makes them flee next door; a worker can be lured."""
    state = in_play()
    codes = {o.code for o in rules_of(state).legal.room(state, 1, "B2")}
    assert {"workers_less", "workers_more", "flee", "flee_scan", "workers_move"} <= codes
    assert "charm_scan" not in codes  # Ann is geared: charming is for the disguised


def test_after_the_heist_only_corrections_are_offered():
    """The engine refuses all but corrections once the heist is over (actions.BOARD_ONLY): no suspicion."""
    state = in_play()
    state.outcome = "escaped"
    offers = every_offer(state)
    assert offers and {o.action["do"] for o in offers} == {"set"}
    assert [o for o in offers if not accepted(state, o)] == []


def test_burgle_bros_2s_actions_are_refused_by_name():
    state = in_play()
    with pytest.raises(RulesError, match="commotions exist only in Burgle Bros 2"):
        apply(state, {"do": "commotion", "floor": 1, "at": "B3"})
    with pytest.raises(RulesError, match="counting cubes on rooms exist only in Burgle Bros 2"):
        apply(state, {"do": "set", "field": "cubes", "floor": 1, "at": "B3", "value": 1})
