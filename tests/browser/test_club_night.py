"""Club night at a real laptop (issue 35 §4): twenty heists in compact rows on one 1920x1080 screen, each one's last
change written in the device's language and time zone, and the page following every heist as it is started,
played on another device and deleted, with no reload."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_heist import heist_in_play, version_is


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own: the page lists every heist, and the session's server holds the other tests' heists."""
    server = LiveServer(Path(tmp_path_factory.mktemp("club")) / "heists.sqlite3")
    server.start()
    yield server
    server.stop()


def keep_only(server: LiveServer, count: int) -> list[str]:
    """``count`` heists in play, and no other."""
    store = server.store()
    for row in store.games():
        store.delete(row["id"])
    return [heist_in_play(server, seed=seed) for seed in range(count)]


def test_twenty_heists_fit_one_laptop_screen_with_no_scrolling(browser: Browser, club):
    games = keep_only(club, 20)
    context = browser.new_context(base_url=club.url, viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto("/club")
        expect(page.locator("li.table")).to_have_count(20)
        for game_id in (games[0], games[-1]):
            expect(page.locator(f"#heist-{game_id}")).to_be_in_viewport()
        height, bottom = page.evaluate("() => [document.documentElement.scrollHeight, "
                                       "document.querySelector('.club').getBoundingClientRect().bottom]")
        assert height <= 1080 and bottom <= 1080, f"the club page is {height} px high, its list ends at {bottom}"
        # a row is one line: its title, where it stands, its codes, Resume and Delete side by side
        row = page.locator(f"#heist-{games[0]}").bounding_box()
        assert row is not None and row["height"] <= 56
        page.locator(f"#heist-{games[0]}").get_by_text("QR codes").click()
        expect(page.locator(f"#heist-{games[0]}").get_by_role("img", name="QR code of the play link")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "zone", "written"), [
    ("fr-FR", "Europe/Paris", r"14 juil\. 2026.*20:05"),  # UTC+2 in July, a 24-hour clock
    ("en-US", "America/New_York", r"Jul 14, 2026.*2:05\sPM"),  # UTC-4
])
def test_each_heists_last_change_is_written_in_the_devices_language_and_time_zone(browser: Browser, club, locale,
                                                                                 zone, written):
    (game_id,) = keep_only(club, 1)
    with club.store().db() as db:
        db.execute("UPDATE games SET updated = '2026-07-14T18:05:00+00:00' WHERE id = ?", (game_id,))
    context = browser.new_context(base_url=club.url, locale=locale, timezone_id=zone)
    try:
        page = context.new_page()
        page.goto("/club")
        when = page.locator(f"#heist-{game_id} time")
        expect(when).to_have_attribute("datetime", "2026-07-14T18:05:00+00:00")
        expect(when).to_have_text(re.compile(written))
    finally:
        context.close()


def test_the_club_page_follows_heists_started_played_and_deleted_elsewhere_without_a_reload(browser: Browser, club):
    (played,) = keep_only(club, 1)
    store = club.store()
    context = browser.new_context(base_url=club.url, viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto("/club")
        row = page.locator(f"#heist-{played}")
        expect(row).to_contain_text(f"{store.load(played).state.current()}'s turn")
        expect(row).to_contain_text("2 actions")
        row.get_by_text("QR codes").click()  # a table scanning its code: it stays open as the list is drawn again
        page.evaluate("() => { window.__same_page = true; }")

        board = context.new_page()  # the table's tablet, in another tab
        board.goto(f"/games/{played}")
        board.get_by_role("button", name=re.compile("^End turn")).click()
        version_is(board, 3)
        expect(row).to_contain_text("3 actions")
        expect(row).to_contain_text(f"{store.load(played).state.current()}'s turn")
        expect(row.get_by_role("img", name="QR code of the play link")).to_be_visible()

        started = heist_in_play(club, seed=99)  # another table sets up its heist
        expect(page.locator(f"#heist-{started}")).to_be_visible()
        store.delete(played)
        expect(page.locator(f"#heist-{played}")).to_have_count(0)
        assert page.evaluate("() => window.__same_page") is True  # never reloaded
    finally:
        context.close()


def test_qr_codes_opened_while_the_list_is_on_its_way_stay_open(browser: Browser, club):
    """A table opens its QR codes just as another table's change redraws the list: they stay open (the open ones are
    read as the new list goes in; read as it was asked for, this one closed under the player's finger)."""
    (played,) = keep_only(club, 1)
    store = club.store()
    context = browser.new_context(base_url=club.url, viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        held: list[Route] = []
        page.route("**/club/tables*", lambda route: held.append(route))  # the new list waits here
        page.goto("/club")
        page.wait_for_function("() => !!document.getElementById('club-tables')")
        page.wait_for_timeout(300)  # the club stream connected
        store.act(played, {"do": "end_turn"})  # another table's End turn: the page asks for the list again
        for _ in range(50):
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the change did not redraw the list"
        page.locator(f"#heist-{played}").get_by_text("QR codes").click()  # opened meanwhile
        held[0].continue_()
        expect(page.locator(f"#heist-{played}")).to_contain_text("3 actions")
        expect(page.locator(f"#codes-{played}")).to_have_attribute("open", "")
    finally:
        context.close()
