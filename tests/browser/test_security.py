"""Issue 12, hardening, in a real browser: the Content-Security-Policy (no inline script, no eval) breaks
nothing. Every kind of page is opened and used (htmx swaps, the live stream, Why? opened and closed,
the sandbox, the rules search) while the browser reports any violation of the policy."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_why import FIRST_STEP, card_a1_moved

# the browser fires securitypolicyviolation for every blocked script, style, frame or connection
RECORD = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def watch(page: Page) -> list[str]:
    """Violations reported on ``page``: the console's and the DOM events' (both, as they differ by kind)."""
    seen: list[str] = []
    page.add_init_script(RECORD)
    page.on("console", lambda msg: seen.append(msg.text) if "Content Security Policy" in msg.text else None)
    return seen


def violations(page: Page, console: list[str]) -> list[str]:
    return console + page.evaluate("window.__violations || []")


def test_the_pages_people_use_break_no_rule_of_the_content_security_policy(page: Page, live_server) -> None:
    console = watch(page)
    for path in ("/", "/new", "/settings", "/rules", "/sandbox?guard=D3&target=A1&die=5"):
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        assert violations(page, console) == [], path
    page.goto("/rules")
    page.get_by_role("searchbox").fill("shift change")  # htmx search: a swap under the policy
    expect(page.locator("main")).to_contain_text("Shift Change")
    game_id = card_a1_moved(live_server, page)  # the board, the big button, the guard's walk, the log
    page.get_by_role("link", name=FIRST_STEP).click()
    expect(page.locator("#why-panel .why")).to_be_visible()
    page.locator("#why-panel .why").get_by_role("button", name="Close").click()  # static/page.js
    expect(page.locator("#why-panel .why")).to_have_count(0)
    page.goto(f"/games/{game_id}/why/1/1")
    expect(page.get_by_role("heading", name="Why?")).to_be_visible()
    assert violations(page, console) == []


def test_the_setup_guide_breaks_no_rule_of_the_content_security_policy(page: Page) -> None:
    console = watch(page)
    page.goto("/new")
    page.locator('input[name="name1"]').fill("Ann")
    page.get_by_role("button", name="Set up the board").click()
    expect(page.locator("#game")).to_be_visible()
    version = page.locator("#game").get_attribute("data-version")
    page.get_by_role("button", name="Re-roll random walls").click()  # an htmx post with hx-vals
    expect(page.locator("#game")).not_to_have_attribute("data-version", version or "")
    assert violations(page, console) == []
