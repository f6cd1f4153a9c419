"""Why? in a real browser: the rulebook's p.6 position (card A1), the guard moved, and the Why? of his
step at the fork opened in the log panel; then the same link with JavaScript off, as a page.

The position is made in the live server's store from the conformance case's facts (guard-rules §2.1)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from assistant.engine.cases import state_from_case

CARD_A1 = {"floors": {"1": {"walls": ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"],
                            "guard": "D3", "destination": "A1", "die": 5, "patrol": ["C4"]}}}
FIRST_STEP = "Why? The floor-1 guard enters C3."


def card_a1_moved(live_server, page: Page) -> str:
    """The p.6 figure on the board, and the guard moved once with the big button: returns the game id."""
    game_id = live_server.store().create("Rulebook p.6, card A1", state_from_case(CARD_A1))
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name="Move the floor-1 guard").click()
    expect(page.get_by_role("link", name=FIRST_STEP)).to_be_visible()
    return game_id


def test_why_on_the_step_at_the_fork_draws_both_routes_the_fork_and_the_rejoin(page: Page, live_server):
    """§2, rulebook p.6: both tied routes drawn, the clockwise one chosen; the rule and its page reference."""
    game_id = card_a1_moved(live_server, page)
    page.get_by_role("link", name=FIRST_STEP).click()
    why = page.locator("#why-panel .why")
    expect(why).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))  # swapped into the panel, no page change
    expect(why.locator(".why-sentence")).to_have_text(
        "Two routes of 5 steps: via C3 and via D2. Drawn together they make a loop; going out through C3 runs it "
        "clockwise, so he goes through C3.")
    expect(why.locator("polyline.bb-route-chosen")).to_be_visible()
    expect(why.locator("polyline.bb-route-rejected")).to_be_visible()
    expect(why.locator("polygon.bb-mark-fork")).to_be_visible()
    expect(why.locator("circle.bb-mark-rejoin")).to_be_visible()
    expect(why.get_by_text("he goes through C3")).to_be_visible()
    expect(why.locator(".why-ref")).to_contain_text("BB1 rulebook p.6")
    expect(why.get_by_text("Ruling", exact=True)).to_be_visible()
    why.get_by_role("button", name="Close").click()
    expect(page.locator("#why-panel .why")).to_have_count(0)


def test_why_without_javascript_opens_as_a_page(browser: Browser, live_server, base_url: str):
    """A plain link: with scripts off the Why? opens the same explanation on a page of its own."""
    maker = browser.new_page(base_url=base_url)
    game_id = card_a1_moved(live_server, maker)
    maker.close()
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    page.get_by_role("link", name=FIRST_STEP).click()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}/why/1/1$"))
    expect(page.get_by_role("heading", name="Why?")).to_be_visible()
    expect(page.locator(".why polyline.bb-route-chosen")).to_be_visible()
    expect(page.locator(".why polyline.bb-route-rejected")).to_be_visible()
    page.get_by_role("link", name="Back to the board").click()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))
    context.close()
