"""The guard's turn where the table looks (issue 26 §1-2), at the three sizes the table uses: after End turn, an
event or a closed Why?, the move in one line and every line of "On the real board" are inside the screen with the
walk still on the board, in text that reads across the table; the lines tick off on this device; each device picks
its text size and a colour-blind safe palette; no room label is cut in English, Spanish or French."""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from assistant.engine.cases import state_from_case
from tests.browser.conftest import sized_context
from tests.browser.test_bb2 import answer_card, say_room, set_up_casino
from tests.browser.test_heist import animations_done, heist_in_play, room, version_is
from tests.browser.test_layout import LANDSCAPE, PHONE, VIEWPORTS

# guard-rules §2.1 (rulebook p.6, card A1) with Ann and Bob on his way: he takes Ann's last Stealth token and one of
# Bob's, reaches A1 and draws C4, six lines to do on the real board and Ann's warning
WALK = {"floors": {"1": {"walls": ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"],
                         "guard": "D3", "destination": "A1", "die": 5, "patrol": ["C4"]}},
        "crew": {"Ann": {"floor": 1, "at": "C3", "stealth": 1}, "Bob": {"floor": 1, "at": "B3", "stealth": 2}}}

OUTSIDE = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  const box = el.getBoundingClientRect();
  return box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
}).map((el) => el.textContent.trim().slice(0, 50))"""
SMALLEST_TEXT = """(selector) => Math.min(...[...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length).map((el) => parseFloat(getComputedStyle(el).fontSize)))"""
SMALLEST_BOX = """(selector) => Math.min(...[...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length).map((el) => Math.min(el.offsetWidth, el.offsetHeight)))"""
CUT = """(selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length
  && el.scrollWidth > el.clientWidth).map((el) => el.textContent.trim())"""


@pytest.fixture
def device(browser: Browser, live_server, request) -> Iterator[Page]:
    """A page at the size the test is parametrized with (indirect)."""
    context = sized_context(browser, live_server, request.param)
    yield context.new_page()
    context.close()


def is_phone(page: Page) -> bool:
    return page.viewport_size["width"] < 600  # type: ignore[index]


def outside(page: Page, selector: str) -> list[str]:
    """What of ``selector`` is not wholly inside the screen as it is now."""
    return page.evaluate(OUTSIDE, selector)


def the_turn_is_on_screen(page: Page) -> None:
    """The move in one line and every checklist line in the screen, in text that reads across the table."""
    lines = page.locator(".real-board li")
    expect(lines.first).to_be_visible()
    assert outside(page, ".real-board .summary, .real-board h2, .real-board li, .last-warning") == []
    assert page.evaluate(SMALLEST_TEXT, ".real-board li") >= (16 if is_phone(page) else 20)
    assert page.evaluate(SMALLEST_TEXT, ".real-board .summary, .last-warning") >= 16


def tap_and_wait(page: Page, button: Locator) -> None:
    version = int(page.locator("#game").get_attribute("data-version") or 0)
    button.click()
    version_is(page, version + 1)
    animations_done(page)


def end_turn(page: Page) -> None:
    tap_and_wait(page, page.locator(".turnbar .button.primary"))


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
def test_after_end_turn_the_move_its_checklist_and_the_walk_are_on_screen(device: Page, live_server):
    page = device
    page.goto(f"/games/{live_server.store().create('Card A1', state_from_case(WALK))}")
    end_turn(page)
    expect(page.locator(".real-board li")).to_have_count(6)
    expect(page.locator(".last-warning")).to_have_text(
        re.compile("Ann has 0 Stealth: next time a guard finds Ann, the heist is lost."))
    the_turn_is_on_screen(page)
    # the board keeps showing the walk: every room he stepped in, and where he stands
    assert page.locator("#floor-1 .room:has(.step)").count() == 5
    assert outside(page, "#floor-1 .room:has(.step), #floor-1 .room:has(.guard)") == []
    # everything read during play at least 16 px; the guard, the burglars and the die at least 40 px
    assert page.evaluate(SMALLEST_TEXT, ".coord, .burglar small, .die, .step, .floor-head .stat") >= 16
    assert page.evaluate(SMALLEST_BOX, ".guard, .burglar .initials, .die") >= 40
    # Ann's token says it too, beside her
    expect(room(page, 1, "C3").locator(".burglar.last small")).to_have_text("♥0!")


@pytest.mark.parametrize("device", [VIEWPORTS[1], VIEWPORTS[2]], indirect=True)
def test_a_bouncer_move_that_asked_for_a_card_is_on_screen_once_answered(device: Page, live_server):
    """Burgle Bros 2: End turn stops for the table's patrol card; the answer finishes his move, summed up whole."""
    page = device
    set_up_casino(page)
    page.get_by_role("button", name="Place the bouncers — draw their patrol cards").click()
    version_is(page, 1)
    for version, square in enumerate(("C1", "D4", "C3", "C2"), start=2):
        answer_card(page, square, version)
    page.get_by_role("button", name="Ann enters through A1").click()
    version_is(page, 6)
    say_room(page, "pool", 1, 7)  # End turn waits until the entrance is said (issue 35 §2)
    room(page, 1, "A1").click()  # a commotion in Ann's room brings his marker there
    tap_and_wait(page, page.get_by_role("button", name="Commotion here"))
    end_turn(page)  # he walks into Ann's room and reaches his marker: which card does the table draw?
    expect(page.get_by_role("alert")).to_contain_text("Draw the top card of the floor-1 patrol deck")
    answer_card(page, "D4", 10)
    animations_done(page)
    expect(page.locator(".real-board .summary")).to_contain_text("Floor 1 bouncer")
    expect(page.locator(".real-board li").first).to_contain_text("Move the floor-1 bouncer")
    the_turn_is_on_screen(page)


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
def test_after_an_event_the_answer_is_on_screen_not_the_qr_panel(device: Page, live_server):
    page = device
    page.goto(f"/games/{heist_in_play(live_server)}")
    end_turn(page)
    page.locator("summary", has_text="Event card drawn").click()
    squeak = page.get_by_role("button", name=re.compile("^Squeak!")).first
    expect(squeak).to_be_visible()
    tap_and_wait(page, squeak)  # the tap scrolls down to the menu; the answer closes it and the page is shorter
    expect(page.locator(".real-board .summary")).to_contain_text("Floor 1 guard")
    the_turn_is_on_screen(page)
    assert outside(page, "#floor-1 .room:has(.guard)") == []


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
def test_after_closing_why_the_checklist_is_back_on_screen(device: Page, live_server):
    page = device
    page.goto(f"/games/{heist_in_play(live_server)}")
    end_turn(page)
    page.get_by_role("link", name=re.compile("^Why\\? The floor-1 guard enters")).first.click()
    why = page.locator("#why-panel .why")
    expect(why).to_be_visible()
    why.get_by_role("button", name="Close").click()
    expect(why).to_have_count(0)
    the_turn_is_on_screen(page)


def ticked(page: Page) -> list[str]:
    return page.locator(".real-board .tick[aria-checked=true]").all_inner_texts()


def test_checklist_lines_tick_off_on_this_device_until_the_next_action(browser: Browser, live_server):
    game_id = live_server.store().create("Card A1", state_from_case(WALK))
    tablet = browser.new_context(viewport=LANDSCAPE, base_url=live_server.url)
    phone = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True, is_mobile=True)
    try:
        page = tablet.new_page()
        page.goto(f"/games/{game_id}")
        end_turn(page)
        boxes = page.locator(".real-board .tick")
        expect(boxes.first).to_have_attribute("role", "checkbox")
        assert page.evaluate(SMALLEST_BOX, ".real-board .tick") >= 44  # a target like every other
        boxes.nth(0).click()
        boxes.nth(1).focus()
        page.keyboard.press("Space")
        assert ticked(page) == ["Move the floor-1 guard to C3.", "Ann discards 1 Stealth token (0 left)."]
        boxes.nth(0).click()  # and back
        assert ticked(page) == ["Ann discards 1 Stealth token (0 left)."]
        # the same turn drawn again (a room's menu, a reload): still ticked; another device has its own
        room(page, 1, "B2").click()
        expect(page.locator("#room-menu")).to_be_visible()
        # the script ticks the lines of a board once it has settled
        checked = page.locator(".real-board .tick[aria-checked=true]")
        expect(checked).to_have_text(["Ann discards 1 Stealth token (0 left)."])
        page.reload()
        expect(page.locator(".real-board .tick").first).to_be_visible()
        assert ticked(page) == ["Ann discards 1 Stealth token (0 left)."]
        other = phone.new_page()
        other.goto(f"/games/{game_id}")
        expect(other.locator(".real-board .tick").first).to_be_visible()
        assert ticked(other) == []
        # another action, even one with the same lines (undone and done again), starts with nothing ticked
        tap_and_wait(page, page.get_by_role("button", name="Undo"))
        tap_and_wait(page, page.get_by_role("button", name="Redo"))
        expect(page.locator(".real-board .tick")).to_have_count(6)
        assert ticked(page) == []
    finally:
        tablet.close()
        phone.close()


def root_font(page: Page) -> float:
    return page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")


def colours(page: Page) -> dict[str, str]:
    return page.evaluate("""() => ({
      guard: getComputedStyle(document.querySelector('.guard')).backgroundColor,
      alarm: getComputedStyle(document.querySelector('.alarm')).backgroundColor,
      die: getComputedStyle(document.querySelector('.die')).backgroundColor,
      shade: getComputedStyle(document.documentElement).getPropertyValue('--shade').trim(),
    })""")


def hue(colour: str) -> tuple[float, float]:
    """Hue in degrees and saturation of an rgb(...) or #rrggbb colour."""
    if colour.startswith("#"):
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    else:
        r, g, b = (int(v) for v in re.findall(r"\d+", colour)[:3])
    h, _, s = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    return h * 360, s


def red_or_green(colour: str) -> bool:
    h, s = hue(colour)
    return s > 0.25 and (h < 25 or h > 335 or 75 < h < 160)


YELLOW = "rgb(240, 228, 66)"  # Okabe-Ito's yellow: an alarm in the colour-blind safe palette


def test_text_size_and_palette_are_this_devices_own(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    live_server.store().act(game_id, {"do": "alarm", "floor": 1, "at": "D4"})
    tablet = browser.new_context(viewport=LANDSCAPE, base_url=live_server.url)
    other = browser.new_context(viewport=LANDSCAPE, base_url=live_server.url)
    try:
        page = tablet.new_page()
        page.goto(f"/games/{game_id}")
        assert root_font(page) == 17
        standard = colours(page)
        assert red_or_green(standard["alarm"])  # the default palette: a red alarm
        settings = page.locator(".view-settings")
        settings.locator("summary").click()
        for name, scale in (("Large", 1.15), ("Largest", 1.3), ("Normal", 1)):
            settings.get_by_role("button", name=name, exact=True).click()
            expect(settings.get_by_role("button", name=name, exact=True)).to_have_attribute("aria-pressed", "true")
            assert root_font(page) == pytest.approx(17 * scale, abs=0.01)
            assert page.evaluate(SMALLEST_TEXT, ".coord, .burglar small, .die") >= 16 * scale - 0.01
        settings.get_by_role("button", name="Largest", exact=True).click()
        settings.get_by_role("button", name="Colour-blind safe, high contrast").click()
        alarm = page.locator(".alarm").first
        expect(alarm).to_have_css("background-color", YELLOW)  # its sheet is fetched the first time it is used
        safe = colours(page)
        # guard, alarm, die and danger shading told apart, none of them by red against green
        assert len(set(safe.values())) == 4
        assert not any(red_or_green(c) for c in safe.values()), safe
        page.reload()
        expect(alarm).to_have_css("background-color", YELLOW)
        assert root_font(page) == pytest.approx(17 * 1.3, abs=0.01)
        assert colours(page) == safe
        expect(page.locator("html")).to_have_attribute("data-palette", "safe")
        second = other.new_page()
        second.goto(f"/games/{game_id}")
        assert root_font(second) == 17 and colours(second) == standard
    finally:
        tablet.close()
        other.close()


@pytest.mark.parametrize("device", [VIEWPORTS[0], VIEWPORTS[2]], indirect=True)
def test_the_die_never_covers_a_danger_percentage(device: Page, live_server):
    page = device
    page.goto(f"/games/{live_server.store().create('Card A1', state_from_case(WALK))}")  # he ends on his die's A1
    tap_and_wait(page, page.get_by_role("button", name="Off: show the odds"))
    both = page.locator(".room:has(.die):has(.danger-pct)")
    assert both.count() >= 1
    for i in range(both.count()):
        die, pct = (both.nth(i).locator(s).bounding_box() for s in (".die", ".danger-pct"))
        assert die and pct
        apart = (pct["x"] + pct["width"] <= die["x"] or die["x"] + die["width"] <= pct["x"]
                 or pct["y"] + pct["height"] <= die["y"] or die["y"] + die["height"] <= pct["y"])
        assert apart, (die, pct)
    assert page.evaluate(SMALLEST_TEXT, ".danger-pct") >= 16


@pytest.mark.parametrize("device", [VIEWPORTS[0], VIEWPORTS[2]], indirect=True)
@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_no_room_label_is_cut_in_any_language(device: Page, live_server, language: str):
    page = device
    game_id = heist_in_play(live_server)
    page.goto(f"/language/{language}?next=/games/{game_id}")
    page.locator("#room-1-C2").click()  # face down beside Ann: every room type, by name, to pick
    expect(page.locator("#room-menu .tile-picker").first).to_be_visible()
    assert page.locator("#room-menu .tile-name").count() >= 20
    assert page.evaluate(CUT, "#room-menu .tile-name, .floor-head .stat, .turnbar .button") == []
