"""Issue 22 §4, the dispute card in a real browser: the sandbox's *Share this position* gives a link that a
second device (a phone at the table, a context of its own) opens on the same position, and the card prints."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

# rulebook p.6, card A1: two routes of five steps tie, the clockwise one goes by C3 (guard-rules §2.1)
CARD_A1 = "/sandbox?walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4&guard=D3&target=A1&die=5&alarms=B4"


def test_the_share_link_opens_the_same_position_on_a_second_device(page: Page, browser: Browser, live_server):
    page.goto(CARD_A1)
    path = page.locator(".sb-path").inner_text()
    page.get_by_role("link", name="Share this position").click()
    expect(page.get_by_role("heading", name="Dispute card")).to_be_visible()
    expect(page.get_by_role("img", name="QR code of this position in the sandbox").locator("svg")).to_be_visible()
    link = page.get_by_role("textbox", name="Link to this position").input_value()
    assert urlsplit(link).query == urlsplit(CARD_A1).query

    phone = browser.new_context(base_url=live_server.phone_url, viewport={"width": 390, "height": 844})
    try:
        other = phone.new_page()
        parts = urlsplit(link)
        other.goto(f"{parts.path}?{parts.query}")
        expect(other.locator(".sb-path")).to_have_text(path)
        expect(other.locator(".sb-tied li.his")).to_contain_text("D3-C3-B3-A3-A2-A1")
        shared = other.get_by_role("textbox", name="Link to this position").input_value()
        assert urlsplit(shared).query == urlsplit(link).query
    finally:
        phone.close()


def test_the_dispute_card_prints_the_floor_the_routes_and_the_rule(page: Page):
    page.goto(CARD_A1.replace("/sandbox?", "/sandbox/card?"))
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.locator(".dc-floor svg.bb-floor")).to_be_visible()
    expect(page.locator(".dc-share .qr > svg")).to_be_visible()
    expect(page.locator(".sb-tied li")).to_have_count(2)
    expect(page.locator(".dc-rule")).to_contain_text("going out through C3 runs it clockwise")
    # the floor is drawn in black on white for paper
    room = page.locator(".dc-floor svg .bb-room").first
    assert room.evaluate("e => getComputedStyle(e).fill") == "rgb(255, 255, 255)"
    assert page.pdf(format="A4")[:4] == b"%PDF"
