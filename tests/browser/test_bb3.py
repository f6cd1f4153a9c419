"""A Burgle Bros 3 heist in a real browser: the game chosen first on the new-heist form, both guards
placed from the table's own patrol cards, the crew's entrance, two alarms, the big End turn button,
and the suspicion and the destination die changing on the board.

What must happen is computed with the engine from the stored position (bb3 rulebook "Standard Setup",
"Turn Order and Guard Turns", "Alarms and Suspicion")."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from assistant.engine.actions import apply
from tests.browser.test_bb2 import answer_card
from tests.browser.test_heist import (
    engine,
    expect_guard,
    expect_log,
    game_id_of,
    log_texts,
    room,
    state_of,
    tap_room,
    version_is,
)


def set_up_future_flip(page: Page) -> str:
    """The new-heist form: Burgle Bros 3 first, then two burglars and open floors."""
    page.goto("/new")
    page.get_by_role("button", name=re.compile(r"^Burgle Bros 3")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Burgle Bros 3"))).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("at setup they show where the ICE and Mod tokens go", exact=False)).to_be_visible()
    expect(page.get_by_role("checkbox", name=re.compile("^A1"))).to_have_count(0)
    page.get_by_role("textbox", name="Name of burglar 1").fill("Ann")
    page.get_by_role("textbox", name="Name of burglar 2").fill("Bob")
    page.get_by_role("radio", name=re.compile("We place them")).check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    return game_id_of(page)


def stat(page: Page, floor: int, label: str):
    return page.locator(f"#floor-{floor} .floor-head .stat", has_text=re.compile(rf"^{label}\b"))


def test_a_bb3_heist_two_alarms_end_turn_suspicion_and_die(page: Page, live_server):
    game_id = set_up_future_flip(page)
    s = state_of(live_server, game_id)
    assert (s.rules, [(f.die, len(f.deck)) for f in s.floors.values()]) == ("bb3", [(3, 21), (3, 21)])

    # bb3 Standard Setup 8-13: the table draws each floor's cards; a worker card is offered too
    page.get_by_role("button", name="Place the guards — draw their patrol cards").click()
    version_is(page, 1)
    expect(page.get_by_role("button", name=re.compile("^Worker card: a worker joins the guard"))).to_be_visible()
    for version, square in enumerate(("B1", "D1", "C3", "C2"), start=2):
        answer_card(page, square, version)
    expect_guard(page, 1, "B1")
    expect(room(page, 1, "D1").get_by_title("guard die: destination")).to_have_text("3")
    expect(stat(page, 1, "suspicion")).to_contain_text("0/3")

    tap_room(page, 1, "A4")
    page.get_by_role("button", name="The crew breaks in here").click()
    version_is(page, 6)

    # a Scan card drawn while charming: one suspicion cube (the actions menu's + for floor 1)
    page.get_by_role("button", name="Floor 1: one suspicion cube more").click()
    version_is(page, 7)
    expect(stat(page, 1, "suspicion")).to_contain_text("1/3")

    # two alarms: one under the guard becomes suspicion, one in C1 takes the die there
    for square, version in (("B1", 8), ("C1", 9)):
        reference = engine(live_server, game_id, do="alarm", floor=1, at=square)
        tap_room(page, 1, square)
        page.get_by_role("button", name=re.compile("^Alarm here")).click()
        version_is(page, version)
        expect_log(page, log_texts(reference))
    expect(stat(page, 1, "suspicion")).to_contain_text("2/3")
    expect(room(page, 1, "C1").get_by_title("alarm")).to_have_text("!")
    expect(room(page, 1, "C1").get_by_title("guard die: destination")).to_have_text("3")

    # End turn: 3 + 1 cube = 4 moves; the cube in C1 is the third suspicion cube, the die goes to 4;
    # he reaches C1 and the table draws his next card
    asked = engine(live_server, game_id, do="end_turn")
    assert asked.question and asked.question["kind"] == "card"
    page.get_by_role("button", name="End turn — the floor-1 guard moves").click()
    version_is(page, 10)
    expect(page.locator(".log")).to_contain_text("Three suspicion cubes on floor 1: the die goes from 3 to 4.")
    done = apply(asked.state, {"do": "answer", "choice": "D4"})
    answer_card(page, "D4", 11)
    fl = done.state.floors[1]
    assert (fl.suspicion, fl.die, fl.destination) == (0, 4, "D4")
    expect_guard(page, 1, fl.guard)
    expect(stat(page, 1, "suspicion")).to_contain_text("0/3")
    expect(stat(page, 1, "die")).to_contain_text("4")
    expect(room(page, 1, "D4").get_by_title("guard die: destination")).to_have_text("4")
    expect(room(page, 1, "C1").get_by_title("alarm")).to_have_count(0)
    assert state_of(live_server, game_id).floors[1].die == 4
