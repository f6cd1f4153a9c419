"""The heist report in a real browser (issue 25 §3), on a phone's width: the chart drawn on the server fits the
screen, a row per guard move, the moments in words; then Play again opens the new heist form with the same crew, and a
heist set up from it comes back with every setting it took."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from assistant.engine.cases import state_from_case

CASE = {"floors": {"1": {"walls": ["A1-B1", "B2-B3", "C3-D3", "C1-C2", "A3-A4", "D1-D2", "B4-C4", "C2-C3"],
                         "guard": "B2", "destination": "C1", "die": 3,
                         "patrol": ["A1", "D4", "C3", "B4", "A2", "D2", "B1", "C4", "A3", "D1"]}},
        "crew": {"ana": {"floor": 1, "at": "C2", "stealth": 3, "colour": "#e4572e"},
                 "bo": {"floor": 1, "at": "A4", "stealth": 3, "colour": "#29a3e6"}}}


def test_the_report_fits_a_phone_and_play_again_keeps_the_crew(page: Page, live_server) -> None:
    store = live_server.store()
    game_id = store.create("The Bank Job — ana & bo", state_from_case(CASE))
    for _ in range(6):
        store.act(game_id, {"do": "end_turn"})
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/games/{game_id}")
    page.get_by_role("link", name="Heist report").first.click()
    expect(page.get_by_role("heading", name="Heist report")).to_be_visible()
    chart = page.locator("svg.story-chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    expect(page.locator(".story-table tbody tr")).to_have_count(6)
    expect(page.get_by_text("6 guard moves.")).to_be_visible()

    page.get_by_role("link", name="Play again with this crew").click()
    expect(page.get_by_role("heading", name="Play again with this crew")).to_be_visible()
    # a position built from a case keeps no form: what it shows comes back
    expect(page.locator("#again-note")).to_contain_text("saved before the app kept its settings")
    expect(page.get_by_label("Name of burglar 1")).to_have_value("ana")
    expect(page.get_by_label("Name of burglar 2")).to_have_value("bo")
    expect(page.get_by_label("Colour of burglar 2")).to_have_value("#29a3e6")

    # the table changes its mind, sets the board up, and plays again: everything it chose comes back
    page.get_by_role("radio", name=re.compile("^Fort Knox")).check()
    page.locator(".void-cell", has_text="C3").click()
    page.get_by_label("Character of burglar 1").select_option("raven")
    page.get_by_label("Side of burglar 1's character card").select_option("advanced")
    page.get_by_label("Name of burglar 3").fill("cy")
    page.get_by_label("Hard: 1 Stealth").check()
    page.get_by_label("Random with choke points and dead ends").check()
    page.get_by_label("We draw the real cards and tell the app").check()
    page.get_by_label("Lost Visual mini expansion").check()
    page.get_by_label("As on Board Game Arena").check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    page.goto(page.url + "/again")
    expect(page.locator("#again-note")).to_contain_text("Filled in as the last heist was set up")
    expect(page.get_by_role("radio", name=re.compile("^Fort Knox"))).to_be_checked()
    expect(page.locator(".void-cell input[value=C3]")).to_be_checked()
    expect(page.get_by_text("empty square is picked")).to_be_visible()
    expect(page.get_by_label("Character of burglar 1")).to_have_value("raven")
    expect(page.get_by_label("Side of burglar 1's character card")).to_have_value("advanced")
    expect(page.get_by_label("Name of burglar 3")).to_have_value("cy")
    for label in ("Hard: 1 Stealth", "Random with choke points and dead ends", "A random legal layout",
                  "We draw the real cards and tell the app", "Lost Visual mini expansion", "As on Board Game Arena"):
        expect(page.get_by_label(label)).to_be_checked()
    expect(page.get_by_text("walls are not copied")).to_be_visible()
