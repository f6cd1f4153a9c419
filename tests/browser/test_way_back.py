"""No dead ends (issue 26 §6): the rules reference and the sandbox, opened from a heist's board, lead back to it;
opened on their own, they offer no link to a heist."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_heist import heist_in_play, version_is


def test_the_sandbox_and_the_rules_lead_back_to_the_heist_they_came_from(page: Page, live_server):
    page.goto("/rules")
    expect(page.get_by_role("link", name="Back to the heist")).to_be_hidden()  # no heist seen in this tab yet

    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    version_is(page, 2)
    page.locator("#floor-1").get_by_role("link", name="What if…?").click()
    expect(page).to_have_url(re.compile(r"/sandbox"))
    page.get_by_role("link", name="Back to the heist").click()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))
    version_is(page, 2)

    page.get_by_role("link", name="Rules", exact=True).click()
    expect(page).to_have_url(re.compile(r"/rules"))
    page.get_by_role("link", name=re.compile("Shift Change")).first.click()  # one page deeper
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Shift Change"))
    page.get_by_role("link", name="Back to the heist").click()
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))


def test_the_rules_opened_in_a_new_tab_lead_back_to_the_heist(page: Page, live_server):
    """Issue 35 §4: a phone with the board in one tab and the rules in another; a new tab has no sessionStorage."""
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    version_is(page, 2)
    rules = page.context.new_page()
    rules.goto("/rules")
    rules.get_by_role("link", name="Back to the heist").click()
    expect(rules).to_have_url(re.compile(rf"/games/{game_id}$"))
    rules.close()
