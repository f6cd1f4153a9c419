"""A Burgle Bros 2 heist in a real browser, the way the table plays it: the game chosen first on the
new-heist form, both bouncers placed from the table's own patrol cards, a burglar walking in through an
entrance, a commotion, the big End turn button, and the bouncer and the heat on the board.

Where the bouncer must go and who gains heat is computed with the engine from the stored position
(bb2 rulebook "Heist Setup", "Entering the Casino", "Bouncer's Turn", "Commotions")."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from assistant.engine.actions import apply
from tests.browser.test_heist import engine, expect_log, game_id_of, log_texts, room, state_of, tap_room, version_is


def expect_bouncer(page: Page, floor: int, square: str) -> None:
    expect(room(page, floor, square)).to_have_accessible_name(re.compile(r", bouncer(,|$)"))
    expect(room(page, floor, square).get_by_title("bouncer", exact=True)).to_have_text("B")
    expect(page.locator(f"#floor-{floor} .room:has(.guard)")).to_have_count(1)


def answer_card(page: Page, square: str, version: int) -> None:
    """Tap the square the table's patrol card shows, in the card picker above the board."""
    page.locator(".card-picker").get_by_role("button", name=square, exact=True).click()
    version_is(page, version)


def set_up_casino(page: Page) -> str:
    """The new-heist form: Burgle Bros 2 first, then two burglars, the A1 and D4 entrances, open floors."""
    page.goto("/")
    page.get_by_role("link", name="Start a new heist").click()
    page.get_by_role("button", name=re.compile(r"^Burgle Bros 2")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Burgle Bros 2"))).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("radio", name=re.compile("The Bank Job"))).to_have_count(0)
    expect(page.get_by_text("at setup they show where the eight chips go", exact=False)).to_be_visible()
    page.get_by_role("textbox", name="Name of burglar 1").fill("Ann")
    page.get_by_role("textbox", name="Name of burglar 2").fill("Bob")
    page.get_by_role("checkbox", name=re.compile("^A1")).check()
    page.get_by_role("checkbox", name=re.compile("^D4")).check()
    page.get_by_role("radio", name=re.compile("We place them")).check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    return game_id_of(page)


def place_the_bouncers(page: Page) -> None:
    """bb2 Heist Setup 6-8 with the cards C1, D4 (floor 1) and C3, C2 (floor 2)."""
    page.get_by_role("button", name="Place the bouncers — draw their patrol cards").click()
    version_is(page, 1)
    for version, square in enumerate(("C1", "D4", "C3", "C2"), start=2):
        answer_card(page, square, version)


def say_room(page: Page, kind: str, number: int, version: int) -> None:
    """The turn bar's question after a walk into a face-down room: its type, then its number."""
    asked = page.locator("section.say-room")
    asked.get_by_role("group", name="Room type").locator(f'input[value="{kind}"]').check()
    asked.get_by_role("button", name=f"Number {number}", exact=True).click()
    version_is(page, version)


def test_moving_onto_a_face_down_slots_then_saying_it_moves_the_bouncer_as_saying_it_first(page: Page, live_server):
    """Issue 21 §2: Move here onto a face-down room, then say what it is, gives the bouncer move that saying it
    first and then moving gives (bb2 Entering the Casino: reveal the tile, "If it says WHEN YOU ENTER, do what
    it says"; Slots: "When you enter this tile, you make a commotion here"). The entrances are marked on the
    board, and the entrance she walks in by is asked for too."""
    game_id = set_up_casino(page)
    for square in ("A1", "D4"):
        expect(room(page, 1, square)).to_have_accessible_name(re.compile(", entrance(,|$)"))
    place_the_bouncers(page)
    page.get_by_role("button", name="Ann enters through A1").click()
    version_is(page, 6)
    expect(page.locator("section.say-room")).to_contain_text("Ann walked into A1 face down: what room is it?")
    say_room(page, "pool", 1, 7)
    expect(page.locator("section.say-room")).to_have_count(0)

    # the reference: the same Slots said first, then Ann's move, on the stored position
    said_first = engine(live_server, game_id, do="reveal", floor=1, at="B1", type="slots", number=4)
    said_first = apply(said_first.state, {"do": "move", "who": "Ann", "floor": 1, "to": "B1"})
    expected = said_first.state.floors[1]
    assert expected.destination == "B1" and expected.guard != "C1"  # the Slots' commotion pulled him a step

    tap_room(page, 1, "B1")
    page.get_by_role("button", name="Move Ann here").click()
    version_is(page, 8)
    expect_bouncer(page, 1, "C1")  # face down: nothing has happened yet
    expect(page.locator("section.say-room")).to_contain_text("Ann walked into B1 face down: what room is it?")
    say_room(page, "slots", 4, 9)
    expect_bouncer(page, 1, expected.guard)
    expect(room(page, 1, "B1")).to_have_accessible_name(re.compile(", destination"))
    fl = state_of(live_server, game_id).floors[1]
    assert (fl.guard, fl.destination) == (expected.guard, expected.destination)
    expect(page.locator(".log")).to_contain_text("Ann plays the Slots in B1: a commotion there.")


def test_a_bb2_heist_commotion_end_turn_bouncer_and_heat(page: Page, live_server):
    game_id = set_up_casino(page)
    s = state_of(live_server, game_id)
    assert (s.rules, s.entrances, [len(f.deck) for f in s.floors.values()]) == ("bb2", ("A1", "D4"), [16, 16])

    # bb2 Heist Setup 6-8: the table draws each floor's cards; the app asks which square each shows
    page.get_by_role("button", name="Place the bouncers — draw their patrol cards").click()
    version_is(page, 1)
    expect(page.get_by_role("alert")).to_contain_text("Setup, floor 1, first card: draw the top card of its patrol")
    expect(page.get_by_role("button", name=re.compile("^Distracted"))).to_have_count(0)
    answer_card(page, "C1", 2)
    expect(page.get_by_role("alert")).to_contain_text("Setup, floor 1, second card: draw the next card")
    for version, square in enumerate(("D4", "C3", "C2"), start=3):
        answer_card(page, square, version)
    expect_bouncer(page, 1, "C1")
    expect_bouncer(page, 2, "C3")
    expect(room(page, 1, "D4").get_by_title("destination marker")).to_have_text("◎")

    # bb2 Entering the Casino: Ann's first move is into an entrance
    page.get_by_role("button", name="Ann enters through A1").click()
    version_is(page, 6)
    expect(page.get_by_role("button", name="End turn — the floor-1 bouncer moves")).to_be_disabled()
    say_room(page, "pool", 1, 7)  # the entrance is said first: End turn waits for it (issue 35 §2)

    # a commotion in Ann's room: the marker comes there and the bouncer steps one toward it at once
    reference = engine(live_server, game_id, do="commotion", floor=1, at="A1")
    tap_room(page, 1, "A1")
    page.get_by_role("button", name="Commotion here").click()
    version_is(page, 8)
    expect_log(page, log_texts(reference))
    expect_bouncer(page, 1, reference.state.floors[1].guard)
    expect(room(page, 1, "A1")).to_have_accessible_name(re.compile(", destination"))

    # End turn: he walks into Ann's room (2 heat), reaches the marker and needs the next card
    asked = engine(live_server, game_id, do="end_turn")
    assert asked.question and asked.question["kind"] == "card"
    page.get_by_role("button", name="End turn — the floor-1 bouncer moves").click()
    version_is(page, 9)
    expect(page.get_by_role("alert")).to_contain_text("Draw the top card of the floor-1 patrol deck")
    expect(page.locator(".log")).to_contain_text("Ann gains 2 heat (the bouncer is in A1): 2 of 6.")
    done = apply(asked.state, {"do": "answer", "choice": "D4"})
    answer_card(page, "D4", 10)
    fl = done.state.floors[1]
    expect_bouncer(page, 1, fl.guard)
    expect(room(page, 1, "D4")).to_have_accessible_name(re.compile(", destination"))
    heat = done.state.crew["Ann"].heat
    assert heat == 2 and state_of(live_server, game_id).crew["Ann"].heat == 2
    expect(room(page, 1, "A1").get_by_title("Ann: 2 heat")).to_have_text("An♨2")
    expect(page.get_by_text("Ann: 2 of 6 heat")).to_be_visible()
    # and Bob's turn starts at the casino's door
    expect(page.get_by_role("button", name="Bob enters through D4")).to_be_visible()
