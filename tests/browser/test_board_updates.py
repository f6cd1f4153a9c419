"""Only what changed reaches the screen (issue 23 §1): after an end turn the floors the guard did not walk on
are the very elements the page showed before (htmx kept them, hx-preserve), the one he walked on is new, and a
second device following live gets the same."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.browser.test_heist import engine, expect_guard, heist_in_play, open_board, version_is

MARK = "() => document.querySelectorAll('#game .floors > .floor').forEach((f) => { f.dataset.seen = 'before'; })"
SEEN = "() => Object.fromEntries([...document.querySelectorAll('#game .floors > .floor')]" \
       ".map((f) => [f.id, f.dataset.seen || 'new']))"


def test_an_end_turn_keeps_the_floors_that_did_not_change(page: Page, live_server, browser: Browser):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    watcher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.goto(f"{live_server.url}/games/{live_server.store().load(game_id).watch_token}")
    for screen in (page, watcher):
        version_is(screen, 2)
        screen.evaluate(MARK)
    reference = engine(live_server, game_id, do="end_turn")
    page.get_by_role("button", name="End turn — the floor-1 guard moves").click()
    for screen in (page, watcher):
        version_is(screen, 3)
        expect_guard(screen, 1, reference.state.floors[1].guard)
        assert screen.evaluate(SEEN) == {"floor-1": "new", "floor-2": "before", "floor-3": "before"}
        assert screen.locator("#game .floor[hx-preserve]").count() == 0  # every placeholder filled
    watcher.context.close()
