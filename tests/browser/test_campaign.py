"""Issue 36 §1 in the browser, at tablet size: a Burgle Bros 2 campaign started from the heists page, its first heist
set up from the Suspicion Meter's prompt and written in the Heist Log as lost, and the next heist set up from the
campaign page, filled in as the first was (bb2 rulebook "Before Your Heist (Campaign Mode)", "Heist Setup" 5 and 12,
"After Your Heist (Campaign Mode)"). Nothing scrolls sideways, every button and field label is big enough to tap,
axe finds nothing serious."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import sized_context
from tests.browser.test_accessibility import serious

TABLET = {"width": 1280, "height": 800}
# an input inside a label is tapped through its label (tests/browser/test_layout.py): the buttons and labels count
SMALL_BUTTONS = """() => [...document.querySelectorAll('main .button, main button, main label.choice')]
  .filter((el) => el.getClientRects().length)
  .map((el) => [el.textContent.trim() || el.name, el.getBoundingClientRect()])
  .filter(([, box]) => box.height < 44).map(([name, box]) => `${name} ${Math.round(box.height)}px`)"""


@pytest.fixture
def tablet(browser: Browser, live_server) -> Iterator[Page]:
    context = sized_context(browser, live_server, TABLET)
    yield context.new_page()
    context.close()


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    assert serious(page) == []


def deck_sizes(page: Page) -> list[str]:
    return [page.locator(f"#floor-{n} .floor-head").inner_text() for n in (1, 2)]


def test_a_campaign_is_started_its_result_written_and_its_next_heist_set_up_at_tablet_size(tablet: Page, live_server):
    page = tablet
    page.goto("/")
    page.get_by_role("link", name="Start a Burgle Bros 2 campaign").click()
    expect(page.locator("#campaign-heist")).to_contain_text("Heist 1 of the campaign, at 6 Suspicion.")
    expect(page.locator("#campaign-heist")).to_contain_text("Take finale card 1 out of the finales envelope")
    fits(page)
    page.get_by_label("Name of the campaign (optional)").fill("Vegas spring")
    page.get_by_label("Name of burglar 1").fill("Ann")
    page.get_by_label("Name of burglar 2").fill("Bob")
    page.get_by_label("A1").check()
    page.get_by_label("D4").check()
    page.get_by_role("spinbutton", name="Floor 1: Distracted cards added").fill("2")
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    first = page.url.rsplit("/", 1)[1]
    heads = deck_sizes(page)
    assert "deck 18" in heads[0] and "deck 16" in heads[1], heads

    # the campaign page, from the heists page: the heist being played; the table writes it as lost
    page.goto("/")
    page.get_by_role("link", name=re.compile("^Vegas spring")).click()
    expect(page.locator("#next")).to_be_visible()
    expect(page.get_by_text("Heist 1 (finale card 1) is being played.")).to_be_visible()
    fits(page)
    assert page.evaluate(SMALL_BUTTONS) == []
    page.get_by_label("Alternate gear card taken from the rewards envelope (its name, optional)").fill("Crybaby")
    page.get_by_role("button", name="We lost: −1 Suspicion").click()
    expect(page.locator("#suspicion-now")).to_contain_text("Suspicion: 5")
    row = page.locator("#heist-log #heist-1")
    for cell in ("Finale 1", "Ann, Bob", "floor 1: 18, floor 2: 16", "lost", "an alternate gear card (Crybaby)"):
        expect(row).to_contain_text(cell)
    expect(row).not_to_contain_text("loot sticker")
    expect(row.get_by_role("link", name="Heist report")).to_have_attribute("href", f"/games/{first}/report")
    expect(page.get_by_role("button", name="Write its result again")).to_be_visible()
    fits(page)
    assert page.evaluate(SMALL_BUTTONS) == []

    # the next heist: finale 2 at 5 Suspicion, the crew and entrances as the first was set up; this sheet takes two
    # patrol cards out of floor 2 at 5
    page.get_by_role("link", name="Set up heist 2").click()
    expect(page.locator("#campaign-heist")).to_contain_text("Heist 2 of the campaign, at 5 Suspicion.")
    expect(page.get_by_label("Name of burglar 1")).to_have_value("Ann")
    expect(page.get_by_label("D4")).to_be_checked()
    fits(page)
    assert page.evaluate(SMALL_BUTTONS) == []
    page.get_by_role("spinbutton", name="Floor 2: patrol cards removed").fill("2")
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    heads = deck_sizes(page)
    assert "deck 16" in heads[0] and "deck 14" in heads[1], heads
    campaign = live_server.store().campaign_of(page.url.rsplit("/", 1)[1])
    log = live_server.store().campaign(campaign).log
    assert [(h.finale, h.suspicion, h.won) for h in log.heists] == [(1, 6, False), (2, 5, None)]
