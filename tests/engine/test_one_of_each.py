"""Issue 38 §4, input no box could produce: guard-rules.md §1.22 "One of each card (new, turn 4)" (a tool, loot card or
character exists once; a hack token needs a computer somebody turned up; bb2 chips the box has too few of) and "The
table's patrol deck (new, turn 4)" (a card face up in the discard pile is not drawn again before the reshuffle).
Each is refused saying why, with nothing changed, and the same action marked ``correction`` is the table's last word,
marked in the log."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.cases import run_case, state_from_case
from assistant.engine.errors import BoardError, NotInTheBoxError
from tests.engine.helpers import ruleset_for
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import GameState
from tests.engine.test_bb2_table_rulings import bodyguard
from tests.engine.test_offers_bb1 import heist


def refused(state: GameState, action: dict[str, Any], why: str) -> None:
    """Refused saying ``why``, and the state it was applied to is untouched."""
    before = state.to_json()
    with pytest.raises(NotInTheBoxError, match=why):
        apply(state, action)
    assert state.to_json() == before


# -- a tool, a loot card, a character ---------------------------------------------------------------------

def test_a_tool_someone_holds_is_refused_to_a_second_burglar_and_taken_as_a_correction():
    """§1.22 "One of each card (new, turn 4)": the box has one of each tool."""
    state = heist(("Ann", "", "basic"), ("Bob", "", "basic"))
    state = apply(state, {"do": "tool", "who": "Ann", "kind": "crowbar"}).state
    refused(state, {"do": "tool", "who": "Bob", "kind": "crowbar"},
            r"Ann already holds this tool \(crowbar\): the box has only one of each")
    out = apply(state, {"do": "tool", "who": "Bob", "kind": "crowbar", "correction": True})
    assert out.state.crew["Bob"].tools == ("crowbar",) and out.state.crew["Ann"].tools == ("crowbar",)
    assert [(e.kind, e.data.get("correction")) for e in out.log] == [("tool", True)]
    dropped = apply(out.state, {"do": "tool", "who": "Ann", "kind": "crowbar", "on": False}).state
    refused(dropped, {"do": "tool", "who": "Ann", "kind": "crowbar"}, "Bob already holds this tool")  # Bob's now


def test_a_loot_card_someone_holds_is_refused_to_a_second_burglar():
    """§1.22 "One of each card (new, turn 4)": one of each loot card; the unmarked take is logged as before."""
    state = heist(("Ann", "", "basic"), ("Bob", "", "basic"))
    taken = apply(state, {"do": "loot", "who": "Ann", "kind": "tiara"})
    assert [(e.kind, e.data.get("correction")) for e in taken.log] == [("loot", None)]
    refused(taken.state, {"do": "loot", "who": "Bob", "kind": "tiara"},
            r"Ann already holds this loot card \(tiara\): the box has only one of each")
    out = apply(taken.state, {"do": "loot", "who": "Bob", "kind": "tiara", "correction": True})
    assert out.state.crew["Bob"].loot == ("tiara",) and out.log[0].data["correction"] is True


def test_the_gold_bar_has_a_twin_one_for_each_player():
    """bb1 Gold Bar: the other Gold Bar comes with it, and each player holds one at most: a third is refused."""
    state = heist(("Ann", "", "basic"), ("Bob", "", "basic"), ("Cy", "", "basic"))
    for who in ("Ann", "Bob"):
        state = apply(state, {"do": "loot", "who": who, "kind": "gold-bar"}).state
    refused(state, {"do": "loot", "who": "Cy", "kind": "gold-bar"}, "both Gold Bars are held already")


def test_two_burglars_with_the_same_character_are_refused_at_setup():
    """§1.22 "One of each card (new, turn 4)": one card of each character, in every game's box."""
    two_ravens = [{"name": "Ann", "character": "raven"}, {"name": "Bob", "character": "Raven "}]
    for make in (lambda: new_game("bank", two_ravens), lambda: new_bb2_game(two_ravens, entrances=["A1", "D4"]),
                 lambda: new_bb3_game(two_ravens)):
        with pytest.raises(BoardError, match="Ann and Bob both play raven: the box has one card of each character"):
            make()
    assert new_game("bank", [{"name": "Ann", "character": "raven"}, {"name": "Bob"}, {"name": "Cy"}]).crew


@pytest.mark.parametrize(("crew", "why"), [
    ({"ana": {"at": "A1", "character": "hawk"}, "bob": {"at": "B1", "character": "hawk"}}, "both play hawk"),
    ({"ana": {"at": "A1", "tools": ["emp"]}, "bob": {"at": "B1", "tools": ["emp"]}}, "emp is held by more burglars"),
    ({"ana": {"at": "A1", "loot": ["tiara", "tiara"]}}, "tiara is held by more burglars"),
])
def test_a_case_whose_crew_no_box_could_deal_is_an_error(crew, why):
    """§1.22 "One of each card (new, turn 4)": a case's crew is checked as a setup is."""
    result = run_case({"id": "x", "floors": {"1": {"guard": "D4", "destination": "D1"}}, "crew": crew})
    assert why in result["error"]


# -- hack tokens --------------------------------------------------------------------------------------------

def test_a_hack_token_for_a_computer_nobody_turned_up_is_refused():
    """§1.22 "One of each card (new, turn 4)"; bb1 Hack action: a token goes on a Computer tile."""
    state = heist(("Ann", "", "basic"))
    refused(state, {"do": "hack", "kind": "laser"}, "no laser computer is face up on any floor")
    refused(state, {"do": "hack", "kind": "laser", "count": 2}, "no laser computer is face up")
    out = apply(state, {"do": "hack", "kind": "laser", "correction": True})
    assert out.state.hack == {"laser": 1} and out.log[0].data["correction"] is True
    again = apply(out.state, {"do": "hack", "kind": "laser"})  # the table has said it is there
    assert again.state.hack == {"laser": 2} and "correction" not in again.log[0].data


def test_a_hack_token_goes_on_a_computer_face_up_on_any_floor_and_tokens_may_always_go():
    state = heist(("Ann", "", "basic"))
    state = apply(state, {"do": "reveal", "floor": 3, "at": "C2", "type": "computer-motion", "number": 6}).state
    assert apply(state, {"do": "hack", "kind": "motion"}).state.hack == {"motion": 1}
    state.hack = {"fingerprint": 3}  # put there as the table said: taking tokens away is never refused
    assert apply(state, {"do": "hack", "kind": "fingerprint", "count": 1}).state.hack["fingerprint"] == 1


def test_the_hackers_own_token_needs_the_advanced_hacker_in_the_crew():
    """§1.22 "One of each card (new, turn 4)"; bb1 Hacker (advanced): the token on her own card."""
    refused(heist(("Ann", "hacker", "basic")), {"do": "hack", "kind": "hacker"},
            "nobody in the crew plays the advanced Hacker")
    assert apply(heist(("Ann", "hacker", "advanced")), {"do": "hack", "kind": "hacker"}).state.hack == {"hacker": 1}


def test_a_cases_hack_token_without_a_computer_is_the_tables_word():
    """docs/conformance.md: a case says what happened at a table, so its hack token for a computer it never turned up
    runs as before, marked as a correction; its top-level ``hack`` says the computer is there."""
    base = {"id": "x", "floors": {"1": {"guard": "D4", "destination": "D1"}}, "crew": {"ana": {"at": "A1"}}}
    assert run_case({**base, "actions": [{"do": "hack", "kind": "motion"}]})["hack"] == {"motion": 1}
    state = state_from_case({**base, "hack": {"laser": 0}})
    assert apply(state, {"do": "hack", "kind": "laser"}).state.hack == {"laser": 1}


# -- Burgle Bros 2 chips ------------------------------------------------------------------------------------

def test_a_third_prima_donna_is_refused_across_the_crew():
    """§1.22 "One of each card (new, turn 4)"; bb2 Bodyguard Heist One: two Prima Donna chips in all."""
    state = state_from_case({"rules": "bb2", "floors": {"1": {"guard": "C2", "destination": "D1", "patrol": ["A4"]}},
                             "crew": {"ana": {"floor": 1, "at": "A1", "prima_donnas": 1},
                                      "bob": {"floor": 1, "at": "B4", "prima_donnas": 1}}})
    refused(state, {"do": "prima_donna", "who": "ana", "count": 2},
            "other character cards carry 1 of the box's 2 Prima Donna chips: ana can carry 1 at most")
    out = apply(state, {"do": "prima_donna", "who": "ana", "count": 2, "correction": True})
    assert out.state.crew["ana"].prima_donnas == 2 and out.log[0].data["correction"] is True
    assert apply(state, {"do": "prima_donna", "who": "ana", "count": 0}).state.crew["ana"].prima_donnas == 0


def test_a_prima_donna_chip_is_refused_when_the_crew_carries_both():
    """§1.22 "One of each card (new, turn 4)": with the box's two on character cards none is left to peek at."""
    state = bodyguard({"at": "B2", "prima_donnas": 2})
    chip = {"do": "chip", "chip": "prima_donna", "who": "ana", "floor": 1, "to": "B3"}
    refused(state, chip, "the box's 2 Prima Donna chips are all on character cards")
    out = apply(state, {**chip, "correction": True})
    assert out.state.crew["ana"].at == "B3" and out.log[0].data["correction"] is True


def test_a_case_whose_crew_carries_more_prima_donnas_than_the_box_is_an_error():
    result = run_case({"id": "x", "rules": "bb2", "floors": {"1": {"guard": "C2", "destination": "D1"}},
                       "crew": {"ana": {"at": "A1", "prima_donnas": 2}, "bob": {"at": "B1", "prima_donnas": 1}}})
    assert "the crew holds more than the box's 2" in result["error"]


# -- the table's patrol deck --------------------------------------------------------------------------------

def table_deck() -> GameState:
    """A Bank Job with the table's own patrol decks, floor 1's guard placed by the card A1: it is face up."""
    state = new_game("bank", [{"name": "Ann"}], deck_mode="table", seed=3)
    asked = apply(state, {"do": "start"})
    assert asked.question and asked.question["kind"] == "card"
    placed = apply(asked.state, {"do": "answer", "choice": "A1"}).state
    assert placed.floors[1].discard == ("A1",)
    return apply(placed, {"do": "entrance", "at": "B2"}).state


def test_a_patrol_card_face_up_in_the_discard_pile_is_refused_and_the_board_says_otherwise():
    """§1.22 "The table's patrol deck (new, turn 4)"; 1.11: the players may look through the face-up discard pile,
    so a card there is not the one drawn before the deck is reshuffled."""
    state = table_deck()
    assert state.pending and state.pending["question"]["kind"] == "card"
    refused(state, {"do": "answer", "choice": "A1"},
            "the A1 patrol card is face up in the floor-1 discard pile: it cannot be drawn again before that deck "
            "is reshuffled")
    out = apply(state, {"do": "answer", "choice": "A1", "correction": True})
    answer = next(e for e in out.log if e.kind == "answer")
    assert answer.data == {"question": "card", "choice": "A1", "correction": True}
    assert out.state.floors[1].discard == ("A1", "A1")
    fine = apply(state, {"do": "answer", "choice": "D4"})
    assert "correction" not in next(e for e in fine.log if e.kind == "answer").data


def test_a_corrected_answer_stays_a_correction_while_the_action_waits_on_the_next_question():
    """The correction travels with the pending action: the next answer replays it as a correction again (without
    it the replay would refuse the first answer)."""
    state = table_deck()
    out = apply(state, {"do": "answer", "choice": "A1", "correction": True})  # his own room: drawn again (1.6)
    assert out.state.pending and out.state.pending["corrected"] == [0]
    done = apply(out.state, {"do": "answer", "choice": "D4"})
    assert done.state.pending is None and done.state.floors[1].destination == "D4"
    assert [e.data.get("correction") for e in done.log if e.kind == "answer"] == [None]  # A1 was shown already


def test_after_a_reshuffle_the_cards_can_be_drawn_again():
    """1.11: the discard pile goes back into the deck, so nothing is face up any more."""
    state = apply(table_deck(), {"do": "answer", "choice": "D4"}).state
    assert state.floors[1].discard == ("A1", "D4")
    with pytest.raises(NotInTheBoxError):
        ruleset_for(state.copy(), ["A1"]).draw_card(1)
    state.floors[1].deck = []  # the next card needs a reshuffle first
    rules = ruleset_for(state, ["A1"])
    assert rules.draw_card(1) == "A1" and state.floors[1].discard == ("A1",)
