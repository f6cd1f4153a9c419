"""The "What would the guard do?" sandbox in a real browser: a floor built by tapping, the guard's path
drawn with numbered steps, the reading switched where the two readings disagree, the address bar as
the share link, and the same taps without JavaScript."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

# rulebook p.6, card A1: guard-rules §2.1 example 1
CARD_A1_WALLS = [("B1", "B2"), ("D1", "D2"), ("A2", "B2"), ("B2", "B3"), ("C2", "C3"), ("C3", "C4"), ("A4", "B4"),
                 ("C4", "D4")]
# the loop rule and the BGA table disagree here (shared conformance case 12)
DIFFER = "/sandbox?walls=A1-B1,B1-B2,D1-D2,B2-B3,C2-C3,A3-A4,C3-D3,B4-C4&guard=C4&target=B2&die=5"


def settled(page: Page) -> None:
    """Wait until htmx has swapped the sandbox in and finished settling it."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")).to_have_count(0)


def centre(element: Locator) -> tuple[float, float]:
    box = element.bounding_box()
    assert box is not None, "not drawn"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page: Page, name: str | re.Pattern[str]) -> None:
    page.get_by_role("link", name=name, exact=isinstance(name, str)).click()
    settled(page)


def pick(page: Page, name: str, group: str) -> None:
    """Choose one button of a picker and wait until the page marks it as the current one."""
    choice = page.get_by_role("group", name=group).get_by_role("link", name=name, exact=True)
    choice.click()
    expect(page.get_by_role("group", name=group).get_by_role("link", name=name, exact=True)).to_have_attribute(
        "aria-current", "true")
    settled(page)


def test_building_the_card_a1_floor_by_tapping_shows_the_clockwise_path_with_numbered_steps(page: Page):
    page.goto("/sandbox")
    expect(page.get_by_role("heading", name="What would the guard do?")).to_be_visible()
    for a, b in CARD_A1_WALLS:
        tap(page, f"Add a wall between {a} and {b}")
        expect(page.get_by_role("link", name=f"Remove the wall between {a} and {b}", exact=True)).to_be_attached()
    pick(page, "Guard", "What a tap sets")
    tap(page, re.compile(r"^Put the guard in D3\b"))
    pick(page, "Destination", "What a tap sets")
    tap(page, re.compile(r"^Put the die \(his destination\) in A1\b"))
    pick(page, "5", "Guard die")

    expect(page.locator(".sb-path")).to_have_text("Path: D3-C3-B3-A3-A2-A1")
    expect(page.locator(".sb-board .bb-step-text.bb-step-chosen")).to_have_text(["1", "2", "3", "4", "5"])
    expect(page.locator(".sb-steps > li")).to_have_text(["C3", "B3", "A3", "A2", "A1"])
    expect(page.get_by_role("heading", name="Every tied route (2)")).to_be_visible()
    expect(page.locator(".sb-tied li.his")).to_contain_text("D3-C3-B3-A3-A2-A1")
    # the guard's own room is 0 steps away, the destination 5
    expect(page.locator('.sb-overlay [data-name="D3"] .sb-dist')).to_have_text("0")
    expect(page.locator('.sb-overlay [data-name="A1"] .sb-dist')).to_have_text("5")

    # the tap targets sit on the picture: a room's over its room, a gap's centre on its wall
    assert centre(page.locator('.sb-overlay [data-name="D3"]')) == pytest.approx(
        centre(page.locator(".sb-board svg rect.bb-room").nth(11)), abs=2)
    pick(page, "Walls", "What a tap sets")
    assert centre(page.locator('.sb-overlay [data-name="B1-B2"]')) == pytest.approx(
        centre(page.locator('.sb-board svg line[data-wall="B1-B2"]')), abs=2)
    assert centre(page.locator('.sb-overlay [data-name="A2-B2"]')) == pytest.approx(
        centre(page.locator('.sb-board svg line[data-wall="A2-B2"]')), abs=2)
    pick(page, "Destination", "What a tap sets")

    # the address bar is the share link, and the page it names is the same position
    walls = ",".join(f"{a}-{b}" for a, b in CARD_A1_WALLS)
    expect(page).to_have_url(re.compile(re.escape(f"/sandbox?walls={walls}&guard=D3&target=A1&die=5&tool=target")))
    # the share link is the same position at the address phones use (the LAN one, not the tablet's own)
    share = page.get_by_role("textbox", name="Link to this position").input_value()
    assert urlsplit(share)[2:] == urlsplit(page.url)[2:]
    assert urlsplit(share).port == urlsplit(page.url).port
    page.reload()
    expect(page.locator(".sb-path")).to_have_text("Path: D3-C3-B3-A3-A2-A1")


def test_a_wall_that_would_cut_the_floor_in_two_is_refused_in_the_page(page: Page):
    page.goto("/sandbox?walls=A1-B1")
    tap(page, "Add a wall between A1 and A2")
    expect(page.get_by_role("alert")).to_contain_text("A wall A1-A2 would shut A1 off from the rest of the floor")
    expect(page.get_by_role("link", name="Add a wall between A1 and A2", exact=True)).to_be_attached()
    expect(page).to_have_url(re.compile(r"/sandbox\?walls=A1-B1$"))


def test_switching_the_reading_where_the_readings_differ_shows_both_routes(page: Page):
    page.goto(DIFFER)
    expect(page.locator(".sb-path")).to_have_text("Path: C4-C3-B3-A3-A2-B2")
    pick(page, "BGA-compatible", "Tie-break reading")

    expect(page.locator(".sb-path")).to_have_text("Path: C4-D4-D3-D2-C2-B2")
    expect(page).to_have_url(re.compile(r"reading=bga"))
    figures = page.locator(".sb-side-by-side figure")
    expect(figures).to_have_count(2)
    expect(figures.nth(0)).to_contain_text("Rulebook (loop rule): C4-C3-B3-A3-A2-B2")
    expect(figures.nth(1)).to_contain_text("BGA-compatible: C4-D4-D3-D2-C2-B2")
    for figure, style in ((figures.nth(0), "chosen"), (figures.nth(1), "alternative")):
        expect(figure.locator(f"svg polyline.bb-route-{style}")).to_be_visible()
        expect(figure.locator(f".bb-step-text.bb-step-{style}")).to_have_text(["1", "2", "3", "4", "5"])
    expect(page.locator(".sb-difference")).to_contain_text("The readings part in C4")


def test_without_javascript_every_tap_is_a_link_to_the_next_position(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    try:
        page = context.new_page()
        page.goto("/sandbox?guard=D3&target=A1&die=5")
        expect(page.get_by_role("button", name="Copy link")).to_be_hidden()
        page.get_by_role("link", name="Add a wall between B1 and B2", exact=True).click()
        expect(page).to_have_url(re.compile(r"/sandbox\?walls=B1-B2&guard=D3&target=A1&die=5$"))
        expect(page.get_by_role("link", name="Remove the wall between B1 and B2", exact=True)).to_be_attached()
        expect(page.locator(".sb-path")).to_have_text(re.compile(r"^Path: D3-"))
    finally:
        context.close()
