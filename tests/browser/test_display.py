"""The display link (issue 26 §4): a second screen in the middle of the table opens the tablet's display link and
follows the heist live from a browser context of its own: the board big, the last guard move and its checklist,
nothing to tap, exactly what a watch link may see; a half turn for the far side; full screen."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.engine.bb1.setup import new_game
from tests.browser.conftest import LiveServer
from tests.browser.test_accessibility import serious
from tests.browser.test_heist import CREW, engine, expect_guard, heist_in_play, version_is
from tests.browser.test_layout import fort_knox_in_play
from tests.browser.test_live import show_link, tablet  # noqa: F401 (the tablet fixture, shared)

TV = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture
def screen(browser: Browser) -> Iterator[Page]:
    """The table's second screen: a browser of its own, reaching the app by its LAN name (not the host)."""
    context = browser.new_context(**TV)  # type: ignore[arg-type]
    yield context.new_page()
    context.close()


def display_address(tablet: Page) -> str:  # noqa: F811
    show_link(tablet, "display")
    return tablet.locator("#share .address").inner_text()


def floors_html(page: Page) -> list[str]:
    """The floors as drawn, without their digests (a digest follows the link's key)."""
    drawn = page.locator("#game .floors > .floor").evaluate_all("(fs) => fs.map((f) => f.outerHTML)")
    return [re.sub(r' data-hash="[0-9a-f]+"', "", html) for html in drawn]


def test_the_display_follows_the_tablet_live_and_has_nothing_to_tap(tablet: Page, screen: Page,  # noqa: F811
                                                                     live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    links = live_server.store().load(game_id)
    tablet.goto(f"/games/{game_id}")
    address = display_address(tablet)
    assert address == f"{live_server.phone_url}/games/{links.watch_token}/display"
    expect(tablet.get_by_role("img", name="QR code of the display link")).to_be_attached()

    screen.goto(address)
    version_is(screen, 2)
    expect(screen.get_by_text("Nothing yet.")).to_be_visible()
    expect(screen.locator("[hx-post]")).to_have_count(0)
    expect(screen.locator("#game .room:not([disabled])")).to_have_count(0)
    expect(screen.get_by_role("button", name=re.compile("^(End turn|Undo|Redo)"))).to_have_count(0)

    # the tablet ends a turn: the display shows the guard where the engine puts him, the move and its checklist
    reference = engine(live_server, game_id, do="end_turn")
    tablet.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(tablet, 3)
    version_is(screen, 3)
    guard = reference.state.floors[1].guard
    assert guard is not None
    expect_guard(screen, 1, guard)
    expect(screen.locator("#game")).to_have_class(re.compile(r"\banimate\b"))
    summary = tablet.locator(".real-board .summary").all_inner_texts()
    expect(screen.locator(".display-move .summary")).to_have_text(summary)
    checklist = tablet.locator(".real-board li").all_inner_texts()
    assert checklist
    expect(screen.locator(".real-board li")).to_have_text(checklist)
    expect(screen.locator(".display-move .real-board")).to_be_in_viewport(ratio=1)
    expect(screen.locator(".tick")).to_have_count(0)  # the tablet's lines are ticked there, not on the display
    expect(tablet.locator(".real-board .tick").first).to_be_visible()

    # a burglar acts next: the guard's last move stays on the display, the checklist is the new action's
    ann = reference.state.crew["Ann"]
    live_server.store().act(game_id, {"do": "alarm", "floor": ann.floor, "at": ann.at})
    version_is(screen, 4)
    expect(screen.locator(".display-move .earlier")).to_have_text(summary)
    expect(screen.locator(".real-board")).not_to_contain_text(checklist[0])


def test_the_display_shows_exactly_what_a_watch_link_shows(tablet: Page, screen: Page,  # noqa: F811
                                                           live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    live_server.store().act(game_id, {"do": "end_turn"})
    links = live_server.store().load(game_id)
    screen.goto(f"{live_server.phone_url}/games/{links.watch_token}/display")
    version_is(screen, 3)
    watcher = screen.context.new_page()
    watcher.set_viewport_size(TV["viewport"])
    watcher.goto(f"{live_server.phone_url}/games/{links.watch_token}")
    version_is(watcher, 3)
    assert floors_html(screen) == floors_html(watcher)
    # the tablet's own display (the host's id, on the machine that runs the app) is a watcher's too
    tablet.goto(f"/games/{game_id}/display")
    version_is(tablet, 3)
    assert floors_html(tablet) == [html.replace(links.watch_token, game_id) for html in floors_html(watcher)]


def test_a_half_turn_for_the_far_side_and_full_screen(tablet: Page, screen: Page,  # noqa: F811
                                                      live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    tablet.goto(f"/games/{game_id}")
    screen.goto(display_address(tablet))
    turn = screen.get_by_role("button", name="Turn 180°")
    turn.click()
    expect(turn).to_have_attribute("aria-pressed", "true")
    assert screen.locator("main").evaluate("(m) => getComputedStyle(m).rotate") == "180deg"
    screen.reload()  # this screen remembers it
    expect(screen.get_by_role("button", name="Turn 180°")).to_have_attribute("aria-pressed", "true")
    full = screen.get_by_role("button", name="Full screen")
    full.click()
    expect(full).to_have_attribute("aria-pressed", "true")
    assert screen.evaluate("() => document.fullscreenElement === document.documentElement")


def test_a_revoked_display_is_told_to_scan_the_new_code(tablet: Page, screen: Page,  # noqa: F811
                                                        live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    tablet.goto(f"/games/{game_id}")
    old = display_address(tablet)
    screen.goto(old)
    version_is(screen, 2)
    tablet.once("dialog", lambda dialog: dialog.accept())
    tablet.get_by_role("button", name="Revoke this link").click()
    expect(tablet.get_by_role("status")).to_contain_text("The old display and watch links no longer work")
    expect(screen.get_by_role("heading", name="This link was revoked")).to_be_visible()
    expect(screen.get_by_role("alert")).to_contain_text("Scan the new QR code on the tablet's board.")
    new = tablet.locator("#share .address").inner_text()
    assert new != old and new.endswith("/display")
    screen.goto(new)
    version_is(screen, 2)


# -- the display fills the screen (issue 35 §3) -------------------------------------------------------------

SCREENS = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1280, "height": 800},
           "portrait": {"width": 800, "height": 1280}}
# what the display lays out: each floor's box and the move's, and the sizes a person reads from across the table
LAYOUT = """() => {
  const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const room = document.querySelector('#game .room[data-square]').getBoundingClientRect();
  const size = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
  return {floors: [...document.querySelectorAll('#game .floors > .floor')].map(box),
          move: box(document.querySelector('.display-move')), room: [room.width, room.height],
          summary: size('.display-move .summary'), checklist: size('.display-move .real-board li'),
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""
# every control a person could reach on the display: a link, an enabled button or field, or anything focusable
CONTROLS = """() => [...document.querySelectorAll(
  'a[href], button:not([disabled]), input, select, textarea, [tabindex]')]
  .filter((el) => el.checkVisibility()).map((el) => el.textContent.trim())"""


def union_area(boxes: list[list[float]]) -> float:
    """The area the boxes (left, top, right, bottom) cover together, counted once where they overlap."""
    xs = sorted({x for b in boxes for x in (b[0], b[2])})
    area = 0.0
    for left, right in itertools.pairwise(xs):
        spans = sorted((b[1], b[3]) for b in boxes if b[0] <= left and b[2] >= right)
        covered, reach = 0.0, float("-inf")
        for top, bottom in spans:
            covered += max(0.0, bottom - max(top, reach))
            reach = max(reach, bottom)
        area += covered * (right - left)
    return area


def test_union_area_counts_an_overlap_once() -> None:
    assert union_area([[0, 0, 2, 2], [1, 1, 3, 3]]) == 7
    assert union_area([[0, 0, 1, 1], [2, 0, 3, 1]]) == 2


def game_with_floors(live_server: LiveServer, scenario: str) -> str:
    """A heist of ``scenario`` broken into and one guard move played, so the move and its checklist are shown."""
    store = live_server.store()
    if scenario == "fort_knox":
        game_id = fort_knox_in_play(live_server)
    else:
        game_id = store.create(f"{scenario} on the display", new_game(scenario, CREW, seed=7))
        store.act(game_id, {"do": "start"})
        store.act(game_id, {"do": "entrance", "at": "B2"})
    store.act(game_id, {"do": "end_turn"})
    return game_id


@pytest.mark.parametrize("screen_size", list(SCREENS))
@pytest.mark.parametrize("scenario", ["bank", "office", "fort_knox"])
def test_the_board_and_the_move_fill_the_screen_in_either_orientation(browser: Browser, live_server: LiveServer,
                                                                       screen_size: str, scenario: str) -> None:
    size = SCREENS[screen_size]
    context = browser.new_context(viewport=size, base_url=live_server.url, reduced_motion="reduce")  # type: ignore[arg-type]
    page = context.new_page()
    game_id = game_with_floors(live_server, scenario)
    page.goto(f"/games/{live_server.store().load(game_id).watch_token}/display")
    expect(page.locator(".display-move .summary")).to_be_visible()
    drawn = page.evaluate(LAYOUT)
    screen_area = size["width"] * size["height"]
    covered = union_area([*drawn["floors"], drawn["move"]]) / screen_area
    assert covered >= 0.85, f"the board and the move cover {covered:.0%} of {size}"
    assert drawn["scroll"] == [size["width"], size["height"]]  # nothing beyond the screen
    every = [*drawn["floors"], drawn["move"]]
    assert all(b[0] >= 0 and b[1] >= 0 and b[2] <= size["width"] and b[3] <= size["height"] for b in every)
    # the sizes stated in docs/architecture.md: rooms of 90 px at least (Fort Knox's 5x5 floors: 70), never more
    # than 5:4 out of square, and the move's text 28 px at least
    width, height = drawn["room"]
    assert min(width, height) >= (70 if scenario == "fort_knox" else 90), drawn["room"]
    assert 0.79 <= height / width <= 1.26, drawn["room"]
    assert drawn["summary"] >= 28 and drawn["checklist"] >= 28
    if size["width"] >= 1280:  # landscape: the floors in a row, the move under them or beside them
        tops = {round(b[1]) for b in drawn["floors"]}
        assert len(tops) == 1
    context.close()


def test_the_display_has_nothing_to_tap_but_its_own_settings(screen: Page, live_server: LiveServer) -> None:
    game_id = game_with_floors(live_server, "bank")
    screen.goto(f"{live_server.url}/games/{live_server.store().load(game_id).watch_token}/display")
    expect(screen.locator(".display-move .summary")).to_be_visible()
    # this screen's half turn, full screen and language; no What if…?, no Read aloud, no link away
    assert screen.evaluate(CONTROLS) == ["Turn 180°", "Full screen", "ES", "FR"]
    expect(screen.get_by_role("link", name="What if…?")).to_have_count(0)
    assert serious(screen) == []


def test_a_checklist_too_long_for_its_place_steps_the_text_down_until_it_fits(browser: Browser,
                                                                              live_server: LiveServer) -> None:
    context = browser.new_context(viewport=SCREENS["tablet"], base_url=live_server.url)  # type: ignore[arg-type]
    page = context.new_page()
    game_id = game_with_floors(live_server, "bank")
    page.goto(f"/games/{live_server.store().load(game_id).watch_token}/display")
    move = page.locator(".display-move")
    expect(move.locator(".summary")).to_be_visible()
    fits = "(m) => m.scrollHeight <= m.clientHeight + 1"
    assert move.evaluate(fits) and move.evaluate("(m) => getComputedStyle(m).fontSize") == "28.665px"
    # eight more lines than a guard move has, as a move that found the whole crew and set off alarms would
    more = "(ol) => { for (let i = 0; i < 8; i++) ol.append(ol.firstElementChild.cloneNode(true)); }"
    move.locator("ol").evaluate(more)
    page.evaluate("() => dispatchEvent(new Event('resize'))")
    assert move.evaluate(fits)
    size = float(move.evaluate("(m) => getComputedStyle(m).fontSize").removesuffix("px"))
    assert 18 <= size < 28
    context.close()
