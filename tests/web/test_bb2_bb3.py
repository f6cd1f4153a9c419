"""Burgle Bros 2 and 3 in the app: the new-heist form asks for the game first and then shows only that
game's fields; the board offers each game's pieces (bb2: entrances, commotions, chips, counting cubes,
heat; bb3: alarm cubes, suspicion, dice, workers, disguises) and its words (a bouncer in bb2).

What must happen is taken from the engine on the stored position (``expect``), never guessed. Sources:
bb2 rulebook "Heist Setup", "Entering the Casino", "Bouncer's Turn", "Hunting", "Commotions", "Chips
Glossary", "Tile Clarifications"; bb3 rulebook "Standard Setup", "Player Setup", "Alarms and
Suspicion", "Workers", "Disguises"; guard-rules.md §6-7."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.scenarios import random_walls
from assistant.engine.state import DISTRACTED, HIDDEN
from assistant.words import sentence
from tests.web.helpers import (
    HTMX,
    SEED,
    act,
    act_ok,
    errors,
    expect,
    game,
    guard_square,
    log_lines,
    opened,
    room_button,
    room_token,
    state,
)
from tests.web.taps import posts
from tests.web.test_access import PHONE

CARD_WHY = {"bb2": "at setup they show where the eight chips go",
            "bb3": "at setup they show where the ICE and Mod tokens go"}


def form(game_key: str, **fields: Any) -> dict[str, Any]:
    """The new-heist form as a person fills it for Burgle Bros 2 or 3."""
    data: dict[str, Any] = {"game": game_key, "name1": "Ann", "colour1": "#e4572e", "name2": "Bob",
                            "colour2": "#29a3e6", "walls": "random", "tiebreak": "rulebook", "seed": SEED}
    if game_key == "bb2":
        data.update(entrance=["A1", "D4"], cards1="16", cards2="16")
    data.update(fields)
    return data


def create(client: FlaskClient, game_key: str, **fields: Any) -> str:
    response = client.post("/new", data=form(game_key, **fields))
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    return response.headers["Location"].rsplit("/", 1)[1]


def refused(client: FlaskClient, game_key: str, **fields: Any) -> str:
    response = client.post("/new", data=form(game_key, **fields))
    assert response.status_code == 422, f"{fields} was accepted"
    page = response.get_data(as_text=True)
    assert len(errors(page)) == 1
    return page


def inputs(page: str, name: str) -> list[str]:
    return [tag for tag in re.findall(r"<input[^>]*>", page) if f'name="{name}"' in tag]


def checked(page: str, name: str) -> list[str]:
    """The values of the checked inputs called ``name`` ("on" for a checkbox without a value)."""
    found = []
    for tag in inputs(page, name):
        if re.search(r"\schecked", tag):
            match = re.search(r'value="([^"]*)"', tag)
            found.append(match.group(1) if match else "on")
    return found


def value(page: str, name: str) -> str | None:
    tags = inputs(page, name)
    match = re.search(r'value="([^"]*)"', tags[0]) if tags else None
    return match.group(1) if match else None


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def panel(client: FlaskClient, game_id: str, room: str | None = None) -> str:
    path = f"/games/{game_id}/panel" + (f"?room={room}" if room else "")
    response = client.get(path, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def placed(client: FlaskClient, game_key: str, cards: tuple[str, ...] = ("B1", "D1", "C3", "C2"),
           **fields: Any) -> str:
    """A heist on open floors whose guards the table placed with these cards (floor 1 guard,
    destination, floor 2 guard, destination)."""
    game_id = create(client, game_key, walls="draw", **fields)
    act_ok(client, game_id, do="start")
    for card in cards:
        act_ok(client, game_id, do="answer", choice=card)
    return game_id


def answer_cards(client: FlaskClient, app: Flask, game_id: str, *cards: str) -> str:
    """Answer "which square does the card show?" questions in order; the page after the last."""
    page = ""
    for card in cards:
        assert state(app, game_id).pending["question"]["kind"] == "card"
        page = act_ok(client, game_id, do="answer", choice=card)
    return page


# -- the new-heist form: the game first ---------------------------------------------------------------

def test_the_form_offers_the_three_games_first_with_burgle_bros_1_chosen(client):
    page = client.get("/new").get_data(as_text=True)
    picks = re.findall(r'<button class="button game-pick[^"]*" name="game" value="(bb\d)" aria-pressed="(\w+)"', page)
    assert picks == [("bb1", "true"), ("bb2", "false"), ("bb3", "false")]
    assert page.index('name="game" value="bb1"') < page.index('name="scenario"')
    assert checked(page, "scenario") == ["bank"] and inputs(page, "entrance") == []
    assert value(page, "game") == "bb1"


def test_choosing_burgle_bros_2_shows_only_its_fields(client):
    """bb2 Heist Setup and Entering the Casino: two floors, two corner entrances, the table's decks."""
    page = client.get("/new?game=bb2").get_data(as_text=True)
    assert value(page, "game") == "bb2"
    assert [re.search(r'value="(\w\d)"', t).group(1) for t in inputs(page, "entrance")] == ["A1", "D1", "A4", "D4"]
    assert checked(page, "entrance") == [] and checked(page, "walls") == ["random"]
    assert [value(page, "cards1"), value(page, "cards2")] == ["16", "16"]
    for bb1_only in ("scenario", "void", "difficulty", "deck", "lost_visual"):
        assert inputs(page, bb1_only) == [], bb1_only
    assert CARD_WHY["bb2"] in text(page)
    assert [value(page, f"name{i}") for i in (1, 2)] == ["", ""] and checked(page, "tiebreak") == ["rulebook"]


def test_choosing_burgle_bros_3_shows_only_its_fields(client):
    """bb3 Standard Setup: two floors, 21 cards a floor, the players' own walls."""
    page = client.get("/new?game=bb3").get_data(as_text=True)
    assert value(page, "game") == "bb3" and checked(page, "walls") == ["random"]
    for other in ("scenario", "difficulty", "deck", "entrance", "cards1"):
        assert inputs(page, other) == [], other
    assert CARD_WHY["bb3"] in text(page) and "21 cards a floor" in text(page)


def test_an_unknown_game_in_the_address_opens_burgle_bros_1(client):
    page = client.get("/new?game=bb9").get_data(as_text=True)
    assert value(page, "game") == "bb1" and checked(page, "scenario") == ["bank"]


def test_a_bb2_heist_is_set_up_as_its_rulebook_says(app, client):
    game_id = create(client, "bb2", entrance=["D4", "A1"], cards1="18", cards2="14")
    s = state(app, game_id)
    assert (s.rules, s.scenario, s.size, sorted(s.floors), s.deck_mode) == ("bb2", "casino", 4, [1, 2], "table")
    assert [list(s.floors[n].walls) for n in (1, 2)] == [random_walls(4, 8, seed=int(SEED) * 10 + n) for n in (0, 1)]
    assert s.entrances == ("A1", "D4")
    assert [s.floors[n].deck for n in (1, 2)] == [[HIDDEN] * 18, [HIDDEN] * 14]
    assert [(b.heat, b.at) for b in s.crew.values()] == [(0, None), (0, None)]
    assert game(app, game_id).title == "The Casino Capers — Ann & Bob"
    assert s.to_json() == new_bb2_game(
        [{"name": "Ann", "colour": "#e4572e", "character": ""}, {"name": "Bob", "colour": "#29a3e6", "character": ""}],
        entrances=["A1", "D4"], walls=[s.floors[1].walls, s.floors[2].walls], cards=(18, 14), seed=int(SEED)).to_json()


def test_a_bb3_heist_is_set_up_as_its_rulebook_says(app, client):
    game_id = create(client, "bb3", walls="draw", tiebreak="bga")
    s = state(app, game_id)
    assert (s.rules, s.scenario, s.tiebreak, s.deck_mode) == ("bb3", "future", "bga", "table")
    assert [(fl.walls, fl.die, len(fl.deck)) for fl in s.floors.values()] == [((), 3, 21), ((), 3, 21)]
    assert [(b.stealth, b.geared) for b in s.crew.values()] == [(3, False), (3, False)]
    assert game(app, game_id).title == "Future Flip — Ann & Bob"
    assert s.floors == new_bb3_game([{"name": "Ann"}, {"name": "Bob"}], walls=[[], []]).floors


# -- rejected input keeps what was typed -----------------------------------------------------------------

def test_one_entrance_is_refused_keeping_the_game_and_everything_typed(client):
    page = refused(client, "bb2", entrance=["D1"], cards1="19", walls="draw", hard="on", name3="Cy",
                   tiebreak="bga")
    assert "two of floor 1's corner rooms" in errors(page)[0]
    assert value(page, "game") == "bb2" and checked(page, "entrance") == ["D1"]
    assert [value(page, "cards1"), value(page, "cards2")] == ["19", "16"]
    assert checked(page, "walls") == ["draw"] and checked(page, "hard") == ["on"]
    assert [value(page, f"name{i}") for i in (1, 2, 3)] == ["Ann", "Bob", "Cy"]
    assert checked(page, "tiebreak") == ["bga"] and inputs(page, "scenario") == []


@pytest.mark.parametrize("cards, words", [("lots", "how many cards"), ("40", "2 to 22 cards"), ("1", "2 to 22")])
def test_a_deck_size_out_of_the_box_is_refused(client, cards, words):
    page = refused(client, "bb2", cards2=cards)
    assert words in errors(page)[0]
    assert value(page, "cards2") == cards


def test_a_bb3_crew_without_names_is_refused_on_the_bb3_form(client):
    page = refused(client, "bb3", name1="", name2="", walls="draw")
    assert errors(page) == ["give at least one burglar a name"]
    assert value(page, "game") == "bb3" and checked(page, "walls") == ["draw"]


def test_a_hand_edited_game_is_refused_with_a_message(client):
    page = refused(client, "bb7")
    assert errors(page) == ["choose Burgle Bros 1, 2 or 3"]
    assert value(page, "name1") == "Ann"


# -- Burgle Bros 2 on the board ------------------------------------------------------------------------

def test_bb2_setup_places_both_bouncers_from_the_tables_cards(app, client):
    """bb2 Heist Setup 6-8: the first card of each deck places the bouncer and its chips, the next his marker;
    each card has its own prompt (issue 21 §2), and a Distracted card, which names no square, is not offered."""
    game_id = create(client, "bb2", walls="draw")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Place the bouncers — draw their patrol cards" in page
    assert "Break in" not in text(page)
    asked = act_ok(client, game_id, do="start")
    assert "Setup, floor 1, first card: draw the top card of its patrol deck. The bouncer stands on" in text(asked)
    assert '"choice": "distracted"' not in asked and '"choice": "empty"' not in asked
    assert CARD_WHY["bb2"] in text(asked)
    asked = act_ok(client, game_id, do="answer", choice="B1")
    assert "Setup, floor 1, second card: draw the next card of its patrol deck. The destination marker" in text(asked)
    before = state(app, game_id).to_json()
    refused = act(client, game_id, do="answer", choice=DISTRACTED).get_data(as_text=True)
    assert "not one of the choices" in " ".join(errors(refused)) and state(app, game_id).to_json() == before
    page = answer_cards(client, app, game_id, "D1", "C3", "C2")
    assert (guard_square(page, 1), guard_square(page, 2)) == ("B1", "C3")
    assert '<span class="guard" title="bouncer" style="--n: 0">' in room_button(page, 1, "B1")
    assert '<span class="sr-only">B</span>' in room_button(page, 1, "B1")
    assert '<span class="die" title="destination marker">◎</span>' in room_button(page, 1, "D1")
    assert ", bouncer" in room_button(page, 2, "C3") and ", destination" in room_button(page, 2, "C2")
    head = re.search(r'<header class="floor-head">.*?</header>', page, re.DOTALL).group(0)
    assert "moves <b>3</b>" in head and "die <b>" not in head and "deck <b>14</b>" in head


def test_each_burglar_first_walks_in_through_an_entrance(app, client):
    """bb2 Entering the Casino: at the start of their first turn each player moves into an entrance."""
    game_id = placed(client, "bb2")
    page = panel(client, game_id)
    assert "Ann's turn: first into the casino" in text(page)
    assert re.findall(r">Ann enters through (\w\d)</button>", page) == ["A1", "D4"]
    assert "End turn" not in page
    assert "comes in through an entrance: A1 or D4" in text(panel(client, game_id, "1-B2"))
    assert ">Ann enters here</button>" in panel(client, game_id, "1-D4")
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="D4")
    assert "End turn — the floor-1 bouncer moves" in page
    act_ok(client, game_id, do="end_turn")
    act_ok(client, game_id, do="answer", choice="A4")  # the bouncer reached D1 and needs a new card
    page = panel(client, game_id)
    assert re.findall(r">Bob enters through (\w\d)</button>", page) == ["A1", "D4"]


def test_a_commotion_on_any_room_pulls_the_bouncer_one_step(app, client):
    """bb2 Commotions: the marker goes there and the bouncer steps 1 toward it at once."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    menu = panel(client, game_id, "1-A3")
    assert ">Commotion here</button>" in menu
    reference = expect(app, game_id, do="commotion", floor=1, at="A3")
    page = act_ok(client, game_id, do="commotion", floor=1, at="A3")
    assert [e.square for e in reference.log if e.kind == "enter"] == [reference.state.floors[1].guard]
    assert guard_square(page, 1) == reference.state.floors[1].guard
    assert ", destination" in room_button(page, 1, "A3")
    assert log_lines(page) == [sentence(e) for e in reference.log]


@pytest.mark.parametrize("game_key", ["bb2", "bb3"])
def test_a_room_offers_to_move_each_burglar_not_already_in_it(app, client, game_key):
    """The room menu's moves are the engine's offers (engine/offers.py moves) for Burgle Bros 2 and 3 too."""
    game_id = placed(client, game_key)
    s = state(app, game_id)
    ann, other = s.order[0], s.order[1]
    act_ok(client, game_id, do="move", who=ann, floor=1, to="A1")
    here = text(panel(client, game_id, "1-A1"))
    assert f"Move {other} here" in here and f"Move {ann} here" not in here
    assert f"Move {ann} here" in text(panel(client, game_id, "1-A2"))


def test_end_turn_moves_the_bouncer_and_the_heat_shows_on_the_burglar(app, client):
    """bb2 Bouncer's Turn: he moves 3; each player in a room he enters gains 2 heat."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    reference = expect(app, game_id, do="end_turn")
    page = act_ok(client, game_id, do="end_turn")
    assert log_lines(page) == [sentence(e) for e in reference.log]
    assert state(app, game_id).crew["Ann"].heat == reference.state.crew["Ann"].heat
    assert re.search(r'<p class="summary">Floor 1 bouncer, 3 moves: ', page)  # bb2 calls him a bouncer


def test_heat_can_be_adjusted_and_six_loses_the_heist(app, client):
    """bb2 How to Play: you lose if any player reaches 6 heat."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    page = panel(client, game_id)
    assert "Ann: 0 of 6 heat" in text(page)
    assert posts(page, "Ann: one heat more") == {"do": "set", "field": "heat", "who": "Ann", "value": "1"}
    assert posts(page, "Ann: one heat less") is None
    page = act_ok(client, game_id, do="set", field="heat", who="Ann", value="5")
    assert 'title="Ann: 5 heat"><span class="initials">An</span><small>♨5</small>' in room_button(page, 1, "A1")
    page = act_ok(client, game_id, do="set", field="heat", who="Ann", value="6")
    assert "Caught! The team loses this heist." in page


def test_chips_act_on_the_bouncer_and_show_on_the_board(app, client):
    """bb2 Chips Glossary: Undercover makes the bouncer jump there; a Crowd chip spares the players."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    menu = panel(client, game_id, "1-C1")
    assert ">Undercover chip: the bouncer jumps here</button>" in menu and ">Crowd chip here</button>" in menu
    page = act_ok(client, game_id, do="crowd", floor=1, at="C1", on="1")
    assert room_token("crowd", "Crowd chip", "⁂") in room_button(page, 1, "C1")
    assert re.search(r'<button class="button on" aria-pressed="true"[^>]*>Crowd chip here', panel(client, game_id,
                                                                                                  "1-C1"))
    page = act_ok(client, game_id, do="undercover", floor=1, at="C1")
    assert guard_square(page, 1) == "C1"
    assert "Undercover chip: the bouncer jumps here" not in panel(client, game_id, "1-C1")


def test_a_room_is_turned_up_with_its_type_and_number_and_counts_its_cubes(app, client):
    """bb2 Surveillance: a counting cube per bouncer entry; a player there may clear them. Tiles show a
    number in their bottom-left corner (what a Distracted card looks for)."""
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    menu = panel(client, game_id, "1-C1")
    assert ('<input type="radio" name="type" value="surveillance" required> <span aria-hidden="true">◉</span> '
            'Surveillance</label>') in menu  # a chip, as the walk-in's (issue 35 §2)
    assert re.search(r'<button class="button small" name="number" value="6" aria-label="Number 6">', menu)
    page = act_ok(client, game_id, do="reveal", floor=1, at="C1", type="surveillance", number="2")
    assert "Floor 1 C1, Surveillance" in room_button(page, 1, "C1")
    assert state(app, game_id).floors[1].numbers == {"C1": 2}
    assert "Counting cubes <b>0</b> of 4" in panel(client, game_id, "1-C1")
    page = act_ok(client, game_id, do="set", field="cubes", floor=1, at="C1", value="3")
    assert room_token("cubes", "3 counting cubes", "▣", 3) in room_button(page, 1, "C1")
    assert "Surveillance C1 <b>3/4</b>" in page
    menu = panel(client, game_id, "1-C1")  # a fourth cube would heat the floor: the table cannot just add it
    assert posts(menu, "One counting cube more") is None and "Clear them (1 action)" in menu
    assert posts(menu, "One counting cube fewer") == {"do": "set", "field": "cubes", "floor": "1", "at": "C1",
                                                      "value": "2"}


def test_the_buffet_counts_burglars_walking_in_and_its_third_makes_a_commotion(app, client):
    """bb2 Buffet: at 3 counting cubes, a commotion there pulls the bouncer 3 spaces."""
    game_id = placed(client, "bb2", cards=("D4", "D3", "C3", "C2"))
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="reveal", floor=1, at="B1", type="buffet", number="5")
    act_ok(client, game_id, do="set", field="cubes", floor=1, at="B1", value="2")
    reference = expect(app, game_id, do="move", who="Ann", floor=1, to="B1")
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="B1")
    assert log_lines(page) == [sentence(e) for e in reference.log]
    assert len([e for e in reference.log if e.kind == "enter"]) == 3
    assert guard_square(page, 1) == reference.state.floors[1].guard and state(app, game_id).floors[1].cubes == {}


def test_a_distracted_card_lights_up_the_rooms_with_an_even_number(app, client):
    """bb2 Distracted: the players choose a tile on that floor with an even number."""
    game_id = placed(client, "bb2", cards=("A1", "B1", "C3", "C2"))
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="D4")
    act_ok(client, game_id, do="reveal", floor=1, at="C4", type="slots", number="4")
    act_ok(client, game_id, do="reveal", floor=1, at="A3", type="pool", number="3")
    act_ok(client, game_id, do="reveal", floor=1, at="B4", type="buffet", number="2")
    act_ok(client, game_id, do="end_turn")
    page = act_ok(client, game_id, do="answer", choice=DISTRACTED)
    assert "Distracted! Choose a room with an even number" in page
    assert "option" in re.match(r'<button class="([^"]*)"', room_button(page, 1, "C4")).group(1)
    assert "option" not in re.match(r'<button class="([^"]*)"', room_button(page, 1, "A3")).group(1)
    page = act_ok(client, game_id, do="answer", choice="C4")
    assert ", destination" in room_button(page, 1, "C4")


def test_a_distracted_card_with_one_even_room_needs_no_answer(app, client):
    """§1.22 bb2 Distracted with one even room: no question, the bouncer goes there."""
    game_id = placed(client, "bb2", cards=("A1", "B1", "C3", "C2"))
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="D4")
    act_ok(client, game_id, do="reveal", floor=1, at="C4", type="slots", number="4")
    act_ok(client, game_id, do="end_turn")
    page = act_ok(client, game_id, do="answer", choice=DISTRACTED)
    assert "Distracted! Choose" not in page
    assert state(app, game_id).floors[1].destination == "C4"


def test_a_bouncer_whose_deck_ran_out_is_shown_hunting(app, client):
    """bb2 Hunting: an empty deck when he needs a destination; the marker leaves the board."""
    game_id = placed(client, "bb2", cards2="2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="place", who="Ann", floor=2, to="C2")
    act_ok(client, game_id, do="end_turn")
    page = panel(client, game_id)
    head = re.search(r'id="floor-2".*?</header>', page, re.DOTALL).group(0)
    assert 'class="stat hunting"' in head


def test_burgle_bros_1_alarms_and_events_are_not_offered_in_bb2(app, client):
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    menu = panel(client, game_id, "1-B3")
    assert "Alarm here" not in menu and "Throw Voice" not in menu and "Camera" not in menu
    actions = panel(client, game_id)
    assert "Shift Change" not in actions and "Donuts" not in actions
    assert "make a commotion" in actions and "Ann exits" in actions


# -- Burgle Bros 3 on the board ------------------------------------------------------------------------

def bb3_in_play(client: FlaskClient, cards: tuple[str, ...] = ("B1", "D1", "C3", "C2")) -> str:
    game_id = placed(client, "bb3", cards=cards)
    act_ok(client, game_id, do="entrance", at="A4")
    return game_id


def test_bb3_setup_places_both_guards_and_asks_which_worker_card(app, client):
    """bb3 Standard Setup 8-13 and Workers: worker cards add a worker or move workers, then another card."""
    game_id = create(client, "bb3", walls="draw")
    assert "Place the guards — draw their patrol cards" in client.get(f"/games/{game_id}").get_data(as_text=True)
    asked = act_ok(client, game_id, do="start")
    assert "<b>Worker card: a worker joins the guard</b>" in asked and "<b>Worker card: workers move</b>" in asked
    assert CARD_WHY["bb3"] in text(asked)
    page = answer_cards(client, app, game_id, "B1", "worker", "D1", "C3", "workers-move", "C2")
    assert '<span class="die" title="guard die: destination">3</span>' in room_button(page, 1, "D1")
    assert room_token("workers", "1 worker", "♟", 1) in room_button(page, 1, "B1")
    assert "suspicion <b>0/3</b>" in page
    page = panel(client, game_id)
    assert "Tap the room where the crew breaks in on floor 1." in page


def test_bb3_alarm_cubes_stack_on_a_room_and_can_be_taken_away(app, client):
    """bb3 Alarms: a square can hold several cubes, each adds a move."""
    game_id = bb3_in_play(client)
    act_ok(client, game_id, do="alarm", floor=1, at="C1")
    assert ">Alarm here: one more cube</button>" in panel(client, game_id, "1-C1")
    page = act_ok(client, game_id, do="alarm", floor=1, at="C1")
    room = room_button(page, 1, "C1")
    assert '<span class="sr-only">!!</span>' in room and '<b class="alarms-here" aria-hidden="true">×2</b>' in room
    assert "alarms <b>2</b>" in page
    assert "Take an alarm cube away (2 here)" in panel(client, game_id, "1-C1")
    page = act_ok(client, game_id, do="remove_alarm", floor=1, at="C1")
    assert '<span class="sr-only">!</span></span>' in room_button(page, 1, "C1")
    assert state(app, game_id).floors[1].destination == "C1"


def test_bb3_end_turn_shows_suspicion_and_the_die_change(app, client):
    """bb3 Alarms and Suspicion: cubes the guard walks onto go to suspicion; the third turns the die up."""
    game_id = bb3_in_play(client)
    act_ok(client, game_id, do="suspicion", floor=1, count="1")
    act_ok(client, game_id, do="alarm", floor=1, at="C1")
    act_ok(client, game_id, do="alarm", floor=1, at="C1")
    page = act_ok(client, game_id, do="end_turn")
    assert "End turn" not in page  # he reached the alarm with moves left: the table draws his next card
    page = act_ok(client, game_id, do="answer", choice="A2")
    s = state(app, game_id).floors[1]
    assert (s.suspicion, s.die, s.destination) == (0, 4, "A2")
    assert "suspicion <b>0/3</b>" in page and "die <b>4</b>" in page
    assert '<span class="die" title="guard die: destination">4</span>' in room_button(page, 1, "A2")


def test_bb3_suspicion_die_stealth_and_disguise_controls(app, client):
    """bb3 Suspicion (add or remove a cube), Disguises (flip to geared), a die corrected by hand."""
    game_id = bb3_in_play(client)
    page = panel(client, game_id)
    assert "Floor 1: suspicion 0 of 3" in text(page) and ">Ann disguised</button>" in page
    act_ok(client, game_id, do="suspicion", floor=2, count="1")
    assert state(app, game_id).floors[2].suspicion == 1
    act_ok(client, game_id, do="set", field="die", floor=2, value="5")
    page = act_ok(client, game_id, do="set", field="geared", who="Ann", value="1")
    assert 'title="Ann: 3 Stealth, geared"' in room_button(page, 1, "A4")
    page = act_ok(client, game_id, do="set", field="stealth", who="Bob", value="2")
    assert "Bob: 2 Stealth, disguised" in text(opened(client, game_id, "crew"))  # not in yet: his first turn is next
    assert (state(app, game_id).floors[2].die, state(app, game_id).crew["Ann"].geared) == (5, True)


def test_bb3_workers_are_added_and_taken_away_per_room(app, client):
    """bb3 Workers: tiles add 1-3 workers when revealed; Lure and Flee move them."""
    game_id = bb3_in_play(client)
    assert "Workers <b>0</b>" in panel(client, game_id, "2-B2")
    page = act_ok(client, game_id, do="set", field="workers", floor=2, at="B2", value="2")
    assert ", 2 workers" in room_button(page, 2, "B2")
    page = act_ok(client, game_id, do="set", field="workers", floor=2, at="B2", value="1")
    assert room_token("workers", "1 worker", "♟", 1) in room_button(page, 2, "B2")


def test_bb3_end_turn_words_are_the_guards(app, client):
    game_id = bb3_in_play(client)
    assert "End turn — the floor-1 guard moves" in panel(client, game_id)
    assert "Commotion here" not in panel(client, game_id, "1-B3")


# -- the same board for every game: undo, watchers, bad input ---------------------------------------------

def test_undo_takes_a_commotion_back(app, client):
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="commotion", floor=1, at="A3")
    page = client.post(f"/games/{game_id}/undo", headers=HTMX).get_data(as_text=True)
    assert guard_square(page, 1) == "B1" and ", destination" in room_button(page, 1, "D1")


def test_a_watch_link_shows_bb2_pieces_without_any_control(app, client):
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    act_ok(client, game_id, do="crowd", floor=1, at="C1")
    watcher = app.test_client()
    watcher.environ_base.update(PHONE)
    page = watcher.get(f"/games/{game(app, game_id).watch_token}").get_data(as_text=True)
    assert "Crowd chip" in page and ">B</span>" in page
    assert "hx-post" not in page and "Commotion" not in page and "heat</summary>" not in page


@pytest.mark.parametrize("fields, words", [
    ({"do": "set", "field": "heat", "who": "Ann", "value": "9"}, "heat is a number from 0 to 6"),
    ({"do": "set", "field": "cubes", "floor": "1", "at": "Z9", "value": "1"}, "Z9"),
    ({"do": "suspicion", "floor": "1", "count": "1"}, "exist only in Burgle Bros 3"),
    ({"do": "commotion", "floor": "3", "at": "A1"}, "floor 3 does not exist"),
    ({"do": "set", "field": "workers", "floor": "1", "at": "B2", "value": "x"},
     "'value' must be a whole number, not 'x'"),
])
def test_bad_input_on_a_bb2_board_is_a_message_not_an_error_page(app, client, fields, words):
    game_id = placed(client, "bb2")
    response = act(client, game_id, **fields)
    assert response.status_code == 200
    assert words.lower() in errors(response.get_data(as_text=True))[0].lower()


@pytest.mark.parametrize("game_key", ["bb2", "bb3"])
def test_every_why_link_after_a_turn_opens(app, client, game_key):
    """The why-view works the same for all three games: each step of the walk can be asked about."""
    game_id = placed(client, game_key)
    if game_key == "bb2":
        act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    else:
        act_ok(client, game_id, do="entrance", at="A1")
        act_ok(client, game_id, do="alarm", floor=1, at="C1")
    page = act_ok(client, game_id, do="end_turn")
    links = re.findall(r'<a class="why-link" href="([^"]+)"', page)
    assert links, "no Why? link after the guard's turn"
    for link in links:
        response = client.get(link, headers=HTMX)
        assert response.status_code == 200, (link, response.get_data(as_text=True)[:500])
