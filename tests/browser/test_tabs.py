"""Many boards in one browser (issue 35 §1): a browser keeps six connections to one address, so a stream a tab
would leave the seventh board without a page. The tabs share one stream: the tab holding the Web Lock follows
every heist they show and relays each change over a BroadcastChannel (static/app.js); when it closes, another
takes over. The live server has 8 threads: eight streams would take them all."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_heist import heist_in_play, version_is

BOARDS = 8


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def one_browser(browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    """The club's laptop, the host, with every table's board in a tab of one browser."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
    yield context
    context.close()


def end_turn_everywhere(live_server: LiveServer, heists: list[str], pages: list[Page]) -> None:
    """An End turn on each heist from elsewhere (the store, as another device's tap ends in): each tab shows it."""
    store = live_server.store()
    for game_id in heists:
        store.act(game_id, {"do": "end_turn"}, store.version(game_id))
    for game_id, page in zip(heists, pages, strict=True):
        version_is(page, store.version(game_id))


def boards_in_tabs(context: BrowserContext, live_server: LiveServer, count: int) -> tuple[list[str], list[Page]]:
    """``count`` heists in play, each open in its own tab of one browser."""
    heists = [heist_in_play(live_server, seed=seed) for seed in range(count)]
    pages = []
    for game_id in heists:
        page = context.new_page()
        page.goto(f"/games/{game_id}")
        version_is(page, 2)
        pages.append(page)
    return heists, pages


def leaders(pages: list[Page]) -> list[Page]:
    return [p for p in pages if p.locator("#live[data-leads]").count()]


def test_eight_boards_in_one_browser_each_load_and_follow_live_on_one_stream(one_browser: BrowserContext,
                                                                             live_server: LiveServer) -> None:
    heists, pages = boards_in_tabs(one_browser, live_server, BOARDS)
    broker = live_server.store().broker
    assert wait_until(lambda: broker.count() == 1 and all(broker.count(g) == 1 for g in heists)), \
        f"{broker.count()} streams for one browser, following {sum(broker.count(g) for g in heists)} of its heists"
    assert len(leaders(pages)) == 1
    end_turn_everywhere(live_server, heists, pages)
    for page in pages:
        expect(page.locator("#live-wait")).to_be_hidden()


def test_when_the_leading_tab_closes_another_takes_over_and_nothing_is_missed(one_browser: BrowserContext,
                                                                              live_server: LiveServer) -> None:
    heists, pages = boards_in_tabs(one_browser, live_server, 3)
    broker = live_server.store().broker
    assert wait_until(lambda: broker.count() == 1 and all(broker.count(g) for g in heists))
    (leader,) = leaders(pages)
    index = pages.index(leader)
    leader.close()
    heists.pop(index)
    pages.pop(index)
    # a change while nobody leads: the next leader's stream starts with every heist's version
    store = live_server.store()
    store.act(heists[0], {"do": "end_turn"}, store.version(heists[0]))
    version_is(pages[0], 3)
    assert len(leaders(pages)) == 1
    end_turn_everywhere(live_server, heists, pages)
    assert wait_until(lambda: broker.count() == 1 and all(broker.count(g) == 1 for g in heists))


WAITS = {"en": "This board waits for a connection: this browser has too many boards open at once",
         "es": "Este tablero espera una conexión: este navegador tiene demasiados tableros abiertos a la vez",
         "fr": "Ce plateau attend une connexion\u202f: ce navigateur a trop de plateaux ouverts à la fois"}
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


@pytest.mark.parametrize("lang", list(WAITS))
def test_without_web_locks_a_board_keeps_its_own_stream_and_says_why_it_waits_for_one(
        browser: Browser, live_server: LiveServer, lang: str) -> None:
    """Plain http on a LAN address has no Web Locks (no secure context): each tab follows on its own stream, as
    before; one the browser holds back (here: a stream that never answers) says why, in the device's language."""
    context = browser.new_context(base_url=live_server.url, locale=lang, extra_http_headers={"Accept-Language": lang})
    context.add_init_script(NO_LOCKS)
    try:
        game_id = heist_in_play(live_server)
        following = context.new_page()
        following.goto(f"/games/{game_id}")
        broker = live_server.store().broker
        assert wait_until(lambda: broker.count(game_id) == 1)
        expect(following.locator("#live[data-leads]")).to_have_count(0)
        end_turn_everywhere(live_server, [game_id], [following])

        waiting = context.new_page()
        waiting.route(f"**/games/{game_id}/events", lambda route: None)  # held back: never answered
        waiting.goto(f"/games/{game_id}")
        expect(waiting.locator("#live-wait")).to_be_visible(timeout=10_000)
        expect(waiting.locator("#live-wait")).to_contain_text(WAITS[lang])
        expect(following.locator("#live-wait")).to_be_hidden()
    finally:
        context.close()
