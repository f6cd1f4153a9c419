"""Burgle Bros 2's legal actions (engine/bb2/offers.py, ``Bb2.legal``): every offer is an action ``apply``
accepts, and where the rules stop a counter (heat, the patrol deck, counting cubes) the engine offers no
step past it, so the table's menus need decide nothing. Rulebook: ../shared/seeds/bb2-casino-capers-en.md."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb2.limits import HEAT_LIMIT, MOST_DECK
from assistant.engine.bb2.rules import Bb2
from assistant.engine.cases import state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.state import GameState
from tests.engine.helpers import accepted, every_offer, rules_of

# "put" (a burglar put where the board shows her) is a correction every game offers (issue 21 §4)
BB1_CODES = {"crow", "crow_own", "throw_voice", "rook_orders", "rook_swap", "alarm_hacked", "pick_up_alarm",
             "room_tokens", "hack", "hack_count", "camera_off", "camera_on", "set_stealth", "set_die"}


def casino(floors: dict[str, dict[str, Any]], crew: dict[str, dict[str, Any]]) -> GameState:
    return state_from_case({"rules": "bb2", "floors": floors, "crew": crew})


def in_play() -> GameState:
    """Two floors with their bouncers; Ann on a Surveillance room next to a Buffet, Bob on floor 2."""
    return casino({"1": {"guard": "D4", "destination": "D1", "patrol": ["A2", "B3"],
                         "tiles": {"B2": "surveillance", "C2": "buffet", "A1": "cashier-cages"}, "cubes": {"B2": 2}},
                   "2": {"guard": "A1", "destination": "A4", "patrol": ["C3"]}},
                  {"Ann": {"floor": 1, "at": "B2", "heat": 1}, "Bob": {"floor": 2, "at": "C3", "heat": 0}})


def test_the_registry_names_the_query():
    assert Bb2.legal is rules_of(in_play()).legal


@pytest.mark.parametrize("make", [in_play, lambda: new_bb2_game([{"name": "Ann"}, {"name": "Bob"}],
                                                                entrances=["A1", "D4"])])
def test_every_offer_in_every_room_and_panel_is_an_action_the_engine_accepts(make):
    state = make()
    offers = every_offer(state)
    assert offers
    assert [o for o in offers if not accepted(state, o)] == []


def test_setting_up_offers_placing_the_bouncers_then_the_entrances_only():
    """bb2 Heist Setup 6-8, then Entering the Casino: "When each player starts their first turn, they must move
    into one of the 2 entrance tiles"."""
    state = new_bb2_game([{"name": "Ann"}, {"name": "Bob"}], entrances=["A1", "D4"])
    legal = rules_of(state).legal
    assert [o.code for o in legal.player(state, "Ann")] == ["start"]
    state = apply(state, {"do": "start"}).state
    for card in ("B1", "D1", "C3", "C2"):  # the table's cards: each bouncer's room, then his marker
        state = apply(state, {"do": "answer", "choice": card}).state
    assert not state.pending
    assert [o.action["to"] for o in legal.player(state, "Ann") if o.code == "enter"] == ["A1", "D4"]
    assert [o.code for o in legal.room(state, 1, "A1")] == ["enter"]
    assert legal.room(state, 1, "B2") == [] and legal.room(state, 2, "A1") == []
    assert legal.player(state, "Bob") == []  # not Bob's turn


def test_heat_steps_stop_at_zero_and_at_the_limit_that_loses_the_heist():
    """bb2 How to Play: "You lose if any player reaches 6 heat": a correction goes from 0 to 6, no further."""
    state = in_play()
    state.crew["Ann"].heat, state.crew["Bob"].heat = HEAT_LIMIT, 0
    steps = {(o.code, o.params["who"]) for o in rules_of(state).legal.corrections(state) if o.code.startswith("heat")}
    assert steps == {("heat_less", "Ann"), ("heat_more", "Bob")}
    with pytest.raises(RulesError):
        apply(state, {"do": "set", "field": "heat", "who": "Ann", "value": HEAT_LIMIT + 1})


def test_the_deck_limit_comes_from_the_engine():
    """A patrol deck holds every card of the box at most (MOST_DECK): at that count no "one more" is offered,
    and the engine refuses one more."""
    state = in_play()
    state.floors[1].deck = ["A2"] * MOST_DECK
    decks = [(o.code, o.action["floor"], o.action["count"]) for o in rules_of(state).legal.corrections(state)
             if o.code.startswith("deck")]
    assert ("deck_more", 1, MOST_DECK + 1) not in decks and ("deck_less", 1, MOST_DECK - 1) in decks
    assert ("deck_more", 2, 2) in decks
    with pytest.raises(RulesError):
        apply(state, {"do": "deck", "floor": 1, "count": MOST_DECK + 1})


def test_counting_cubes_stop_one_short_of_what_sets_the_room_off():
    """bb2 Surveillance ("As soon as 4 cubes are placed on this tile ... Then remove the cubes") and Buffet ("When
    the Buffet has 3 counting cubes, remove them all"): by hand the table puts at most 3 and 2 there; Cashier
    Cages hold 5. Surveillance's cubes can be cleared for an action; a room counting nothing offers no cubes."""
    state = in_play()
    legal = rules_of(state).legal

    def cubes(square: str) -> dict[str, int]:
        return {o.code: o.action["value"] for o in legal.room(state, 1, square) if o.code.startswith("cubes")}

    assert cubes("B2") == {"cubes_less": 1, "cubes_more": 3, "cubes_clear": 0}
    state.floors[1].cubes = {"B2": 3, "C2": 2}
    assert cubes("B2") == {"cubes_less": 2, "cubes_clear": 0} and cubes("C2") == {"cubes_less": 1}
    assert cubes("A1") == {"cubes_more": 1} and cubes("C3") == {}


def test_the_room_offers_commotions_and_chips_but_no_undercover_where_he_stands():
    """bb2 Commotions and Chips Glossary: an Undercover chip makes him jump to a room he is not in."""
    state = in_play()
    legal = rules_of(state).legal
    codes = [o.code for o in legal.room(state, 1, "D4")]
    assert "commotion" in codes and "crowd_on" in codes and "undercover" not in codes and "bouncer_jump" not in codes
    assert "undercover" in [o.code for o in legal.room(state, 1, "C4")]
    state.floors[1].crowd = ["C4"]
    assert "crowd_off" in [o.code for o in legal.room(state, 1, "C4")]


def test_exit_and_skip_are_offered_on_the_current_players_turn_only():
    """bb2 Completing the Finale (the exit) and Gear (a card makes him skip his next move)."""
    state = in_play()
    legal = rules_of(state).legal
    assert [o.code for o in legal.player(state, "Ann")] == ["bouncer_skip", "bouncer_skip", "escape"]
    assert legal.player(state, "Bob") == []
    state.floors[1].skip = True
    assert [o.action.get("floor") for o in legal.player(state, "Ann") if o.code == "bouncer_skip"] == [2]


def test_nothing_is_offered_while_a_question_waits_and_after_the_heist_only_corrections():
    """The engine refuses every action but the answer while a question waits, and after the end all but the
    corrections (actions.BOARD_ONLY)."""
    state = in_play()
    state.pending = {"question": {"kind": "card", "options": ["A1"]}, "action": {"do": "end_turn"}, "answers": [],
                     "before": state.to_json(), "logged": 0}
    assert every_offer(state) == []
    state = in_play()
    state.outcome = "caught"
    offers = every_offer(state)
    assert offers and {o.action["do"] for o in offers} == {"set"}
    assert [o for o in offers if not accepted(state, o)] == []


def test_burgle_bros_1s_cards_and_pieces_are_never_offered_and_are_refused():
    """The registry: an action of another game is refused by name (bb1 Card Reference, bb3 Workers)."""
    state = in_play()
    assert not {o.code for o in every_offer(state)} & BB1_CODES
    with pytest.raises(RulesError, match=r"exist only in Burgle Bros$"):
        apply(state, {"do": "crow", "who": "Ann", "at": "B3"})
    with pytest.raises(RulesError, match="workers exist only in Burgle Bros 3"):
        apply(state, {"do": "lure", "who": "Ann", "from": "B3"})
    with pytest.raises(RulesError, match="disguises exist only in Burgle Bros 3"):
        apply(state, {"do": "set", "field": "geared", "who": "Ann", "value": 0})
