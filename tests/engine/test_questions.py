"""Questions to the table, the physical deck, pausing and resuming a move, and undo by replay."""

import pytest

from assistant.engine.actions import apply
from assistant.engine.errors import IllegalActionError, MalformedActionError, RulesError
from assistant.engine.bb1.setup import new_game
from assistant.engine.state import HIDDEN, GameState
from assistant.words import prompt
from tests.engine.helpers import floor_case, play, position, turn

ALL_16 = [f"{c}{r}" for r in "1234" for c in "ABCD"]
CREW = [{"name": "ana"}, {"name": "bo"}]

GAME_ACTIONS = [
    {"do": "start"},
    {"do": "entrance", "at": "B4"},
    {"do": "alarm", "floor": 1, "at": "C2"},
    {"do": "end_turn"},
    {"do": "move", "who": "bo", "floor": 1, "to": "B3"},
    {"do": "end_turn"},
    {"do": "event", "floor": 1, "name": "espresso"},
    {"do": "end_turn"},
    {"do": "move", "who": "bo", "floor": 2, "to": "B3", "via": "stairs"},
    {"do": "end_turn"},
]


def answer(state, choice):
    return apply(state, {"do": "answer", "choice": choice})


# -- the table's own deck ---------------------------------------------------------------------------------

def test_table_deck_game_holds_hidden_cards_with_unseen_ones_set_aside():
    """guard-rules 1.11: 2 players -> 6 of the 16 cards set aside unseen on every floor."""
    s = new_game("bank", CREW, deck_mode="table")
    for n in (1, 2, 3):
        assert s.floors[n].deck == [HIDDEN] * 10
        assert s.floors[n].unseen == (HIDDEN,) * 6


def test_table_deck_asks_for_the_card_placing_the_guard():
    """guard-rules 1.13 with a physical deck: the app asks which square the first card shows."""
    s = new_game("bank", CREW, deck_mode="table")
    r = apply(s, {"do": "start"})
    q = r.question
    assert q["kind"] == "card"
    assert q["floor"] == 1
    assert q["options"] == ALL_16
    assert r.state.floors[1].guard is None


def test_table_deck_asks_again_for_the_destination_card():
    """guard-rules 1.13, §1.22 Break-in: the entrance comes first, then the second card is the destination;
    both cards read from the table."""
    s = new_game("bank", CREW, deck_mode="table")
    placed = answer(apply(s, {"do": "start"}).state, "B2")
    assert placed.question is None and placed.state.floors[1].destination is None
    r = apply(placed.state, {"do": "entrance", "at": "A1"})
    assert r.question["kind"] == "card"
    done = answer(r.state, "C3")
    assert done.question is None
    fl = done.state.floors[1]
    assert (fl.guard, fl.destination) == ("B2", "C3")
    assert fl.discard == ("B2", "C3")
    assert len(fl.deck) == 8
    assert done.state.pending is None


def test_table_deck_with_lost_visual_offers_that_card_too():
    """guard-rules 1.20: with the mini expansion, one more card can come up."""
    s = new_game("bank", CREW, deck_mode="table", lost_visual=True)
    assert len(s.floors[1].deck) + len(s.floors[1].unseen) == 17
    q = apply(s, {"do": "start"}).question
    assert q["options"] == [*ALL_16, "lost-visual"]


def test_app_deck_game_needs_no_answer_to_start():
    """design: the app's own deck draws by itself."""
    r = apply(apply(new_game("bank", CREW, seed=3), {"do": "start"}).state, {"do": "entrance", "at": "A1"})
    assert r.question is None
    fl = r.state.floors[1]
    assert fl.guard in ALL_16 and fl.destination in ALL_16 and fl.guard != fl.destination


# -- a move paused half-way ---------------------------------------------------------------------------------

def hidden_deck_position():
    s = position(floor_case("A1", "B1", 2))
    s.floors[1].deck = [HIDDEN]
    return s


def test_move_pauses_at_the_arrival_that_needs_a_card():
    """guard-rules 1.5 with a physical deck: he reached B1 and waits for the next card."""
    r = apply(hidden_deck_position(), turn())
    assert r.question["kind"] == "card"
    assert [e.square for e in r.log if e.kind == "enter"] == ["B1"]
    assert r.state.floors[1].guard == "B1"


def test_move_resumes_exactly_where_it_stopped():
    """guard-rules 1.5: after the answer D1 he takes his last step, C1, and nothing is repeated."""
    r = apply(hidden_deck_position(), turn())
    resumed = answer(r.state, "D1")
    assert resumed.question is None
    assert [e.square for e in resumed.log if e.kind == "enter"] == ["C1"]
    assert [e.kind for e in resumed.log].count("speed") == 0
    fl = resumed.state.floors[1]
    assert (fl.guard, fl.destination) == ("C1", "D1")


def test_resumed_move_ends_in_the_same_state_as_with_a_known_deck():
    """design: a table-deck move answered D1 equals the app move with D1 on top."""
    r = apply(hidden_deck_position(), turn())
    table = answer(r.state, "D1").state
    known = apply(position(floor_case("A1", "B1", 2, patrol=["D1"])), turn()).state
    assert table.floors[1] == known.floors[1]
    assert table.pending is None


def test_alarm_tie_on_arrival_pauses_the_move_and_the_answer_steers_the_rest():
    """guard-rules 1.6/1.9: arrival at B1 with D1 and B3 both 2 steps away -> players choose."""
    s = position(floor_case("A1", "B1", 1, alarms=["B1", "D1", "B3"], patrol=["A4"]))
    asked = play(s, turn())
    assert asked.question["options"] == ["B3", "D1"]
    assert asked.entered() == ["B1"]
    via_d1 = play(s, turn(), answers=["D1"])
    assert via_d1.entered() == ["B1", "C1", "D1", "D2"]
    assert via_d1.floor().destination == "B3"
    via_b3 = play(s, turn(), answers=["B3"])
    assert via_b3.entered() == ["B1", "B2", "B3", "B2"]
    assert via_b3.floor().destination == "D1"


# -- refusing bad answers -------------------------------------------------------------------------------------

def test_answer_that_is_not_an_option_is_refused():
    """engine contract: only the offered options are accepted."""
    pending = apply(hidden_deck_position(), turn()).state
    with pytest.raises(IllegalActionError, match="not one of the choices"):
        answer(pending, "Z9")


def test_refused_answer_leaves_the_question_open():
    """engine contract: after a bad answer the same question can still be answered."""
    pending = apply(hidden_deck_position(), turn()).state
    with pytest.raises(RulesError):
        answer(pending, "E4")
    assert answer(pending, "D1").state.floors[1].destination == "D1"


def test_answer_without_a_choice_is_refused():
    """engine contract: an answer names one option."""
    pending = apply(hidden_deck_position(), turn()).state
    with pytest.raises(MalformedActionError, match="needs 'choice'"):
        apply(pending, {"do": "answer"})


def test_answer_with_no_question_pending_is_refused():
    """engine contract: nothing to answer."""
    with pytest.raises(IllegalActionError, match="no question"):
        answer(position(floor_case("A1", "B1", 2)), "B1")


def test_other_actions_wait_until_the_question_is_answered():
    """engine contract: the table must answer first."""
    pending = apply(hidden_deck_position(), turn()).state
    with pytest.raises(IllegalActionError, match="question to answer first"):
        apply(pending, {"do": "alarm", "floor": 1, "at": "C3"})


def test_unknown_action_is_refused():
    """engine contract: actions are a closed list."""
    with pytest.raises(MalformedActionError, match="unknown action 'teleport'"):
        apply(position(floor_case("A1", "B1", 2)), {"do": "teleport"})


# -- purity, replay and undo ------------------------------------------------------------------------------------

def test_apply_never_changes_the_state_it_is_given():
    """engine contract: apply works on a copy."""
    s = position(floor_case("A1", "B1", 3, patrol=["D4", "C2"]))
    before = s.to_json()
    apply(s, turn())
    assert s.to_json() == before


def test_state_round_trips_through_json():
    """engine contract: a saved game loads back identical."""
    s = play(new_game("bank", CREW, seed=7), *GAME_ACTIONS).state
    assert GameState.from_json(s.to_json()).to_json() == s.to_json()


def test_undo_is_replaying_every_action_but_the_last():
    """engine contract: replaying the first k actions gives exactly the state after k actions."""
    start = new_game("bank", CREW, seed=7)
    states = [start]
    for action in GAME_ACTIONS:
        states.append(apply(states[-1], action).state)
    for k in range(len(GAME_ACTIONS)):
        replayed = start
        for action in GAME_ACTIONS[:k]:
            replayed = apply(replayed, action).state
        assert replayed.to_json() == states[k].to_json()


def test_undo_of_an_answer_gives_back_the_open_question():
    """engine contract: undoing the last answer returns to the question, same state."""
    s = new_game("bank", CREW, deck_mode="table")
    actions = [{"do": "start"}, {"do": "answer", "choice": "B2"}, {"do": "entrance", "at": "A1"},
               {"do": "answer", "choice": "C3"}]
    states = [s]
    for action in actions:
        states.append(apply(states[-1], action).state)
    replayed = s
    for action in actions[:-1]:
        replayed = apply(replayed, action).state
    assert replayed.to_json() == states[3].to_json()
    assert replayed.pending["question"]["kind"] == "card"


def test_fort_knox_table_deck_offers_every_square_including_the_empty_one():
    """guard-rules §3 ruling: the players tap what the card shows; the empty square is then redrawn."""
    from assistant.engine.scenarios import random_walls
    walls = [random_walls(5, void=["C3"], seed=1), random_walls(5, void=["C3"], seed=2)]
    s = new_game("fort_knox", CREW, void=["C3"], walls=walls, deck_mode="table")
    placed = apply(answer(apply(s, {"do": "start"}).state, "A1").state, {"do": "entrance", "at": "B1"})
    assert len(placed.question["options"]) == 25
    again = answer(placed.state, "C3")
    assert again.question is not None and again.question["kind"] == "card"
    done = answer(again.state, "E5")
    assert (done.state.floors[1].guard, done.state.floors[1].destination) == ("A1", "E5")


def test_a_blank_cell_of_the_bga_table_asks_the_table_and_names_the_clockwise_choice():
    """guard-rules §2.2 (the '–' cells) and our ruling in docs/rulings.md: branches opposite each
    other with the rejoin straight ahead have no BGA answer, so the table decides; the question
    says where the loop rule would send him."""
    s = position(floor_case("B2", "D2", walls=["B1-B2", "C1-C2", "C2-D2", "C3-D3"], patrol=["A1"]),
                 tiebreak="bga")
    q = apply(s, turn()).question
    assert q["kind"] == "tie"
    assert q["params"]["at"] == "B2" and q["params"]["reading"] == "bga" and q["params"]["clockwise"] == "A2"
    assert prompt(q).startswith("At B2 the BGA table has no answer")
    assert "clockwise rule would go via A2" in prompt(q)
    assert q["options"] == ["A2", "C2", "B3"]
    assert apply(s, turn()).state.floors[1].guard == "B2"  # nothing moved before the answer
