"""Small things read at arm's length (issue 35 §4): the header says "Burgle Bros · guard assistant" with a space on
each side of its dot (not "Bros·"), and a log line's rule tag ("1.3") is at least 14 px, on a tablet and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import sized_context
from tests.browser.test_heist import heist_in_play, version_is

# the gap between the "s" of "Bros" and the dot, as drawn: a space is a few pixels wide, none is 0
GAP = """(brand) => {
  const walk = document.createTreeWalker(brand, NodeFilter.SHOW_TEXT), texts = [];
  while (walk.nextNode()) texts.push(walk.currentNode);
  const name = texts.find((t) => t.textContent.includes("Bros")), rest = texts.find((t) => t.textContent.includes("·"));
  const at = (node, i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                           return r.getBoundingClientRect(); };
  const s = name.textContent.indexOf("Bros") + 3;
  return at(rest, rest.textContent.indexOf("·")).left - at(name, s).right;
}"""


def test_the_header_has_a_space_before_its_middle_dot(browser: Browser, live_server):
    context = sized_context(browser, live_server, {"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto("/")
        brand = page.locator(".brand")
        expect(brand).to_have_text("Burgle Bros · guard assistant")
        assert brand.evaluate(GAP) >= 2
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_log_lines_rule_tag_is_at_least_14_px(browser: Browser, live_server, viewport):
    game_id = heist_in_play(live_server)
    context = sized_context(browser, live_server, viewport)
    try:
        page = context.new_page()
        page.goto(f"/games/{game_id}")
        version_is(page, 2)
        tags = page.locator(".rule")
        expect(tags.first).to_be_attached()
        sizes = tags.evaluate_all("(tags) => tags.map((t) => parseFloat(getComputedStyle(t).fontSize))")
        assert sizes and min(sizes) >= 14, sizes
    finally:
        context.close()
