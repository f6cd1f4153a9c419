"""The why of a log line (assistant.why): the words, the rule, the ruling and its switch, the numbers
and what to draw, from the log entries the engine writes. Rule numbers are guard-rules.md's."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb1.setup import new_game
from assistant.engine.log import LogEntry
from assistant.engine.state import GameState
from assistant.engine.vocabulary import from_json
from assistant.why import Why, explain_entry
from assistant.engine.rulesets import RULEBOOKS
from tests.engine.helpers import BANK_F1, alarm, burglar, floor_case, move, position, turn

CARD_A1_WALLS = ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"]
CARD_C4_WALLS = ["A1-B1", "B1-B2", "D1-D2", "B2-C2", "C2-D2", "A3-B3", "D3-D4", "A4-B4"]
BGA_DIFFERS_WALLS = ["A1-B1", "B1-B2", "D1-D2", "B2-B3", "C2-C3", "A3-A4", "C3-D3", "B4-C4"]


def whys(state: GameState, action: dict[str, Any]) -> tuple[list[LogEntry], list[Why | None]]:
    """The log of one action and the why of each of its lines."""
    log = apply(state, action).log
    return log, [explain_entry(log, i, state, RULEBOOKS[state.rules], from_json(action)) for i in range(len(log))]


def first(state: GameState, action: dict[str, Any], kind: str, nth: int = 0) -> Why:
    log, out = whys(state, action)
    found = [w for e, w in zip(log, out, strict=False) if e.kind == kind]
    assert len(found) > nth, f"no {kind} line number {nth + 1} in {[e.kind for e in log]}"
    why = found[nth]
    assert why is not None
    return why


# -- the tie-break (§2): the rulebook's figures and the Bank Job ------------------------------------

TIES = [
    pytest.param(CARD_A1_WALLS, "D3", "A1", 5, ("D3", "C3", "B3", "A3", "A2", "A1"),
                 ("D3", "D2", "C2", "C1", "B1", "A1"), id="rulebook-p6-card-a1"),
    pytest.param(CARD_C4_WALLS, "B3", "C4", 2, ("B3", "C3", "C4"), ("B3", "B4", "C4"), id="rulebook-p6-card-c4"),
    pytest.param(BANK_F1, "C3", "C1", 4, ("C3", "C2", "B2", "B1", "C1"), ("C3", "D3", "D2", "D1", "C1"),
                 id="bank-floor-1-c3-to-c1"),
]


@pytest.mark.parametrize(("walls", "guard", "die_at", "die", "chosen", "rejected"), TIES)
def test_why_of_a_tied_step_names_the_clockwise_route_and_the_one_left(walls, guard, die_at, die, chosen, rejected):
    """§2: of two equally short routes he takes the one that runs their loop clockwise."""
    s = position(floor_case(guard, die_at, die, walls=walls, patrol=["A4"]))
    why = first(s, turn(), "enter")
    assert why.route is not None
    assert why.route.chosen == chosen
    assert why.route.rejected == (rejected,)
    assert (why.route.fork, why.route.rejoin, why.route.reading) == (guard, die_at, "rulebook")
    assert why.sentence == (f"Two routes of {die} steps: via {chosen[1]} and via {rejected[1]}. Drawn together they "
                            f"make a loop; going out through {chosen[1]} runs it clockwise, so he goes through "
                            f"{chosen[1]}.")
    assert why.rule.id == "§2" and "BB1 rulebook p.6" in why.rule.reference


@pytest.mark.parametrize(("walls", "guard", "die_at", "die", "chosen", "rejected"), TIES)
def test_why_of_a_tied_step_draws_both_routes_the_fork_and_the_rejoin(walls, guard, die_at, die, chosen, rejected):
    """§2: the picture holds the chosen route, the rejected one, the fork, the rejoin and the loop's way round."""
    s = position(floor_case(guard, die_at, die, walls=walls, patrol=["A4"]))
    (picture,) = first(s, turn(), "enter").pictures
    styles = {r.style: r.rooms for r in picture.routes}
    assert styles["chosen"] == chosen and styles["rejected"] == rejected
    assert {(m.kind, m.at) for m in picture.marks} >= {("fork", guard), ("rejoin", die_at)}
    assert any(m.kind == "clockwise" for m in picture.marks)
    assert (picture.guard, picture.destination) == (guard, die_at)


def test_why_of_a_step_with_no_choice_says_it_is_the_only_nearer_room():
    """1.3: with one room a step nearer there is nothing to break."""
    s = position(floor_case("D3", "A1", 5, walls=CARD_A1_WALLS, patrol=["A4"]))
    why = first(s, turn(), "enter", nth=1)
    assert why.route is None and why.rule.id == "1.3" and not why.ruling
    assert why.sentence.startswith("From C3 the shortest way to A1 is 4 steps, and B3 is the only room")
    assert why.pictures[0].routes[0].rooms == ("C3", "B3", "A3", "A2", "A1")


def test_why_of_a_later_fork_on_an_open_floor_counts_every_tied_route():
    """§2: on an open floor the routes split room by room; each split is its own loop."""
    s = position(floor_case("D4", "A1", 6, patrol=["A4"]))
    why = first(s, turn(), "enter")
    assert why.sentence.startswith("20 routes of 6 steps lead from D4 to A1; here they split via C4 and via D3.")
    assert "they meet again in A3" in why.sentence
    assert why.route is not None and why.route.rejoin == "A3"


def test_why_under_the_bga_reading_explains_its_table_and_names_the_rulebook_answer():
    """§2.2: the BGA-compatible reading reads the branch directions and the bearing to the rejoin."""
    s = position(floor_case("C4", "B2", 5, walls=BGA_DIFFERS_WALLS, patrol=["A4"]), tiebreak="bga")
    why = first(s, turn(), "enter")
    assert why.route is not None
    assert why.route.chosen == ("C4", "D4", "D3", "D2", "C2", "B2")
    assert why.route.rejected == (("C4", "C3", "B3", "A3", "A2", "B2"),)
    assert why.rule.id == "§2.2"
    assert "branches leave right (D4) and up (C3)" in why.sentence
    assert "lies up and to the left" in why.sentence and "The table's answer for that is right" in why.sentence
    assert "The rulebook's clockwise rule would go through C3 instead." in why.sentence


@pytest.mark.parametrize("reading", ["rulebook", "bga"])
def test_a_tie_break_is_a_ruling_that_names_its_switch_and_this_heists_setting(reading):
    """rulings.md: the tie-break reading is the one ruling the table switches, when the heist is set up."""
    s = position(floor_case("D3", "A1", 5, walls=CARD_A1_WALLS, patrol=["A4"]), tiebreak=reading)
    why = first(s, turn(), "enter")
    assert why.ruling
    assert why.switch.startswith("Tie-break reading, chosen when the heist is set up")
    name = "the rulebook's clockwise rule." if reading == "rulebook" else "the BGA-compatible reading."
    assert why.switch.endswith("This heist uses " + name)


# -- the other automatic decisions --------------------------------------------------------------------

def test_why_of_the_speed_shows_the_die_plus_the_alarms():
    """1.2: die plus one per alarm token on the floor, counted as he sets off."""
    s = position(floor_case("A1", "A3", 2, alarms=["A3", "D4"], patrol=["B1"]))
    why = first(s, turn(), "speed")
    assert why.facts == (("Die", "2"), ("Alarms on the floor", "2"), ("Moves", "4"))
    assert why.sentence.startswith("He moves 4: the die shows 2, plus 2 for the alarms on his floor (in A3 and D4).")
    assert why.rule.id == "1.2"
    assert {m.text for m in why.pictures[0].marks} == {"+1"} and why.pictures[0].alarms == ("A3", "D4")


def test_why_of_the_speed_shows_espresso():
    """1.2 and 1.21: Espresso adds a move for this turn only."""
    s = position(floor_case("A1", "D4", 2, patrol=["B1"]))
    why = first(s, turn(bonus=1), "speed")
    assert ("This turn", "+1") in why.facts and "plus 1 for Espresso" in why.sentence


def test_why_of_the_nearest_alarm_shows_each_alarms_walking_distance():
    """1.9: the die goes to the alarm nearest the guard by walking distance (C1 is round three walls)."""
    s = position(floor_case("A2", "D4", 2, walls=["A1-B1", "A2-B2", "A3-B3"], alarms=["A3"], patrol=["B1"]))
    why = first(s, alarm("C1"), "destination")
    assert why.facts == (("A3", "1 step"), ("C1", "7 steps"))
    assert "from A2" in why.sentence and "A3 is 1 step away; C1 is 7 steps away." in why.sentence
    (picture,) = why.pictures
    assert picture.guard == "A2" and picture.alarms == ("A3", "C1")
    assert {m.text for m in picture.marks} == {"1 step", "7 steps"}


def test_why_of_a_tie_between_alarms_says_the_table_chose():
    """1.9: a new alarm exactly as near as the one he is heading for is the players' choice."""
    s = position(floor_case("B2", "A2", 2, alarms=["A2"], patrol=["B1"]))
    pending = apply(s, alarm("C2"))
    assert pending.question is not None and pending.question["kind"] == "alarm"
    answered = {"do": "answer", "choice": "C2"}
    log = apply(pending.state, answered).log
    index = next(i for i, e in enumerate(log) if e.kind == "destination")
    why = explain_entry(log, index, pending.state, RULEBOOKS[pending.state.rules], from_json(answered))
    assert why is not None
    assert why.facts == (("A2", "1 step"), ("C2", "1 step"))
    assert why.sentence.endswith("A2 and C2 are equally near, so the table chose C2.")


def test_why_of_a_reshuffle_counts_the_cards_and_the_die_going_up():
    """1.11: an empty deck is reshuffled, cards set aside for the player count, the die up by one."""
    s = position(floor_case("A1", "A2", 3, discard=[r for r in position(floor_case()).plan(1).rooms]),
                 crew={"ana": burglar("D4"), "bo": burglar("D4")}, players=2)
    why = first(s, turn(), "reshuffle")
    assert ("Set aside unseen", "6") in why.facts and ("Die", "3 → 4") in why.facts
    assert "with 2 burglars, 6 are set aside unseen again, leaving 10" in why.sentence
    assert "his die goes from 3 to 4" in why.sentence


def test_why_of_a_redrawn_card_names_the_card_and_is_a_fixed_ruling():
    """1.6 (our ruling): a card showing his own room is put aside and the next one drawn."""
    s = position(floor_case("A1", "B1", 3, patrol=["B1", "C1", "C3"]))
    why = first(s, turn(), "redraw")
    assert why.sentence.startswith("The card shows B1, the room he is standing in.")
    assert why.ruling and why.switch == ""


def test_why_of_lost_stealth_names_who_and_the_room_the_guard_entered():
    """1.7: everyone in a room he enters loses a Stealth token."""
    s = position(floor_case("D3", "A1", 5, walls=CARD_A1_WALLS, patrol=["A4"]), crew={"red": burglar("B3")})
    why = first(s, turn(), "stealth")
    assert why.sentence.startswith("The guard walked into B3, where red is.")
    assert why.sentence.endswith("red has 2 left.")
    assert why.facts == (("Who", "red"), ("Why", "the guard entered B3"))
    assert why.pictures[0].guard == "B3"


def test_why_of_lost_stealth_in_a_foyer_names_where_the_guard_looks_in_from():
    """1.15: a guard next door with no wall between sees into the Foyer."""
    s = position(floor_case("A1", "C1", 2, tiles={"B2": "foyer"}, patrol=["D4"]), crew={"ana": burglar("B2")})
    why = first(s, turn(), "stealth")
    assert why.sentence.startswith("ana is in the Foyer in B2 and the guard is in B1, right next to it")
    assert why.rule.id == "1.15"


def test_why_of_being_caught_says_there_was_no_stealth_left():
    """1.8: no Stealth left when one must be lost: the crew loses."""
    s = position(floor_case("A1", "D1", 3, patrol=["D4"]), crew={"ana": burglar("B1", stealth=0)})
    why = first(s, turn(), "caught")
    assert "ana had to give up a Stealth token (the guard entered B1) but had none left" in why.sentence


def test_why_of_a_camera_sighting_names_both_cameras_and_draws_both_floors():
    """1.14: a guard on a camera sees a burglar on another camera, any floor; an alarm goes off there."""
    s = position(floor_case("A1", "D1", 2, tiles={"B1": "camera"}, patrol=["D4"]),
                 floor_case("D4", "A1", 2, tiles={"C3": "camera"}, patrol=["B1"]), crew={"ana": burglar("C3", 2)})
    why = first(s, turn(), "camera")
    assert why.sentence.startswith("The floor-1 guard is on the camera in B1, and ana stands on the camera in C3 "
                                   "(floor 2).")
    assert [p.floor for p in why.pictures] == [1, 2] and why.pictures[0].guard == "B1"


def test_only_lines_that_name_a_rule_have_a_why():
    """A line with no rule behind it (a burglar moving, whose turn it is) has nothing to explain."""
    s = position(floor_case("A1", "D4", 2, patrol=["B1"]), crew={"ana": burglar("C3")})
    log, out = whys(s, {"do": "end_turn"})
    assert [e.kind for e, w in zip(log, out, strict=False) if w is None] == ["turn"]
    game = RULEBOOKS[s.rules]
    assert explain_entry(log, len(log), s, game) is None and explain_entry(log, -1, s, game) is None


def test_the_engine_logs_where_each_step_came_from_without_changing_the_walk():
    """The log carries what the why needs; the guard still walks the rulebook's p.6 route."""
    s = position(floor_case("D3", "A1", 5, walls=CARD_A1_WALLS, patrol=["A4"]))
    steps = [e for e in apply(s, turn()).log if e.kind == "enter"]
    assert [(e.data["came_from"], e.square) for e in steps] == [
        ("D3", "C3"), ("C3", "B3"), ("B3", "A3"), ("A3", "A2"), ("A2", "A1")]
    assert all(e.data["to_die"] for e in steps)


# -- a new floor's first destination (1.13): which reading of the setup, and which one it rules out --------

def test_why_of_a_new_floors_first_destination_says_he_walks_this_turn_not_a_turn_later():
    """1.13 (bb1 "Take Actions: Move", a floor with no guard yet: the setup's two cards): the second card is
    his destination, and he walks when a turn ends on his floor, the turn he appeared included; the Why?
    names the reading it rules out (a new guard resting a turn), and the engine does what it says."""
    s = position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["A1", "D4", "B2"]),
                 crew={"ana": burglar("C3")})
    climb = {**move("ana", "C3", floor=2), "via": "stairs"}
    why = first(s, climb, "draw", nth=1)
    assert why.sentence.startswith("He has just been placed: this card gives his first destination")
    assert "this one included" in why.sentence
    assert "Not applied: the reading in which a guard who has just appeared waits a turn" in why.sentence
    walked = apply(apply(s, climb).state, {"do": "end_turn"}).log
    assert [e.square for e in walked if e.kind == "enter" and e.floor == 2][:1] == ["B1"]


def test_why_of_a_first_destination_under_an_alarm_names_the_bga_order_and_the_reading_it_rules_out():
    """1.13 ruling (BGA's order): the destination card is drawn even with an alarm on the floor, then the
    alarm takes the die; the Why? rules out the alarm alone setting his first destination, and no longer
    says there is no alarm on the floor."""
    waiting = apply(position(floor_case("A1", "B1", 2), floor_case(None, None, 3, patrol=["A1", "D4"])),
                    {"do": "alarm", "floor": 2, "at": "B3"}).state
    arrive = {"do": "enter_floor", "floor": 2}
    card = first(waiting, arrive, "draw", nth=1)
    assert "drawn even though an alarm is on floor 2" in card.sentence
    assert "Not applied: the reading in which the alarm alone gives his first destination and no card is drawn" \
        in card.sentence
    die = first(waiting, arrive, "destination")
    assert die.sentence.startswith("He has just appeared, and the setup's second card, D4, is his first destination")
    assert "No alarm" not in die.sentence and die.ruling


def _back_from_lost_visual(*alarms: str) -> GameState:
    """The floor-1 guard off the board after drawing Lost Visual, with ``alarms`` gone off meanwhile; C3 puts him
    back and D1 is his destination card."""
    from assistant.engine.state import LOST_VISUAL
    s = apply(position(floor_case("A1", "B1", 2, patrol=[LOST_VISUAL, "C3", "D1", "A4"])), turn()).state
    for square in alarms:
        s = apply(s, alarm(square)).state
    return s


def test_why_of_the_destination_card_back_from_lost_visual_says_the_alarm_then_took_the_die():
    """§1.22 'Lost Visual with an alarm (new, turn 4)' (EN Lost Visual: one card places him, another gives his
    destination; 1.6): the card was drawn and then the alarm took the die. Neither the die line nor the card's says
    there is no alarm, nor speaks of a new floor's setup."""
    back = _back_from_lost_visual("D4")
    die = first(back, turn(), "destination")
    assert die.sentence.startswith("He is back from Lost Visual: this card, D1, was drawn for his destination")
    assert "then the nearest alarm on floor 1 took the die" in die.sentence and die.ruling
    card = first(back, turn(), "draw", nth=1)
    assert card.sentence.startswith("He is back from Lost Visual: one card put him on the board and this one is "
                                    "drawn for his destination")
    assert "the alarm then takes the die" in card.sentence
    for why in (die, card):
        assert "No alarm" not in why.sentence and "no alarm" not in why.sentence and "setup" not in why.sentence


def test_why_of_the_destination_card_after_a_placing_on_an_alarm_still_names_the_alarm_left():
    """§1.22 'Lost Visual with an alarm' and 1.9: he is put back on C3's alarm, which goes off the board; the card
    after it is still the return's destination card, with D4's alarm to take the die, not a card drawn for want of
    an alarm."""
    back = _back_from_lost_visual("D4", "C3")
    log, _ = whys(back, turn())
    assert [e.kind for e in log[1:5]] == ["draw", "appear", "alarm_off", "draw"]
    card = first(back, turn(), "draw", nth=1)
    assert card.sentence.startswith("He is back from Lost Visual") and "the alarm then takes the die" in card.sentence


def test_why_of_the_destination_card_back_from_lost_visual_naming_the_alarms_room_says_the_die_stays():
    """§1.22 'Lost Visual with an alarm': the card drawn names the room of the nearest alarm, so no other die line
    follows; the Why? still speaks of that alarm, never of a floor without one."""
    back = _back_from_lost_visual("D1")
    die = first(back, turn(), "destination")
    assert die.sentence.startswith("He is back from Lost Visual: this card, D1, was drawn for his destination")
    assert "names the room of the nearest alarm on floor 1, so the die stays there" in die.sentence
    assert "even though an alarm is on floor 1" in first(back, turn(), "draw", nth=1).sentence


def test_why_of_the_juicers_new_card_names_the_alarms_left():
    """§1.22 'Juicer pick-up' (EN Juicer, Reroute): the new card gives his destination with an alarm still on the
    floor, so neither the card's Why? nor the die's says no alarm is there."""
    from tests.engine.test_turn4_checks import juicer
    pick = {"do": "remove_alarm", "floor": 1, "at": "B2"}
    card, die = first(juicer(), pick, "draw"), first(juicer(), pick, "destination")
    assert card.sentence.startswith("An alarm was picked up, and the card says a new patrol card then gives")
    assert die.sentence.startswith("The Juicer picked up an alarm, and as her card says a new patrol card gives")
    assert "no alarm" not in card.sentence + die.sentence and "No alarm" not in card.sentence + die.sentence


def test_why_of_the_destination_card_back_from_lost_visual_with_no_alarm_says_he_walks_to_it():
    """1.20: with no alarm on his floor the second card is his destination and he walks toward it at once."""
    back = _back_from_lost_visual()
    card = first(back, turn(), "draw", nth=1)
    assert card.sentence.startswith("He is back from Lost Visual: one card put him on the board and this one gives "
                                    "his destination")
    assert "no alarm is on floor 1" in card.sentence
    assert first(back, turn(), "destination").sentence.startswith("No alarm is on floor 1")


def test_why_of_the_break_ins_first_destination_says_the_entrance_came_first():
    """§1.22 'Break-in' (bb1 "Break in" steps): the entrance is chosen, then the second card sets the first
    destination; the Why? rules out drawing both cards before the entrance."""
    started = apply(new_game("bank", [{"name": "ana", "character": "hawk"}], seed=3), {"do": "start"}).state
    why = first(started, {"do": "entrance", "at": "A1"}, "draw")
    assert why.sentence.startswith("The crew has chosen where to break in, so the setup's second card now gives "
                                   "the floor-1 guard his first destination")
    assert "Not applied: the reading in which both setup cards are drawn before the entrance is chosen" in why.sentence
