"""axe-core (axe-playwright-python, pinned in the test extras; its axe.min.js ships in the wheel, nothing
is fetched) on every kind of page the table uses: the board of each of the three games (with a room menu open
and after a guard move), the display, the new-heist form, Why?, the sandbox and the rules reference. Any serious
or critical violation fails, contrast included."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from assistant.engine.bb3.setup import new_bb3_game
from tests.browser.test_heist import heist_in_play, open_board, tap_room, version_is
from tests.browser.test_tap_count import casino_in_play

VIEWPORTS = {"tablet": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.fixture(params=list(VIEWPORTS))
def device(browser: Browser, live_server, request) -> Iterator[Page]:
    viewport = VIEWPORTS[request.param]
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, base_url=live_server.url, has_touch=phone, is_mobile=phone,
                                  reduced_motion="reduce")
    yield context.new_page()
    context.close()


def played_turn(page: Page, live_server) -> str:
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 3)
    return game_id


def test_the_board_has_no_serious_violations(device: Page, live_server):
    played_turn(device, live_server)
    assert serious(device) == []
    tap_room(device, 1, "C2")  # the room menu with its tile picker
    assert serious(device) == []


def future_flip_in_play(live_server) -> str:
    """A Burgle Bros 3 heist with both guards placed from the table's cards and the crew in through A4."""
    store = live_server.store()
    game_id = store.create("Future Flip — Ann & Bob", new_bb3_game([{"name": "Ann"}, {"name": "Bob"}], seed=3))
    store.act(game_id, {"do": "start"})
    for square in ("B1", "D1", "C3", "C2"):
        store.act(game_id, {"do": "answer", "choice": square})
    store.act(game_id, {"do": "entrance", "at": "A4"})
    return game_id


@pytest.mark.parametrize("heist", [casino_in_play, future_flip_in_play], ids=["bb2", "bb3"])
def test_the_bb2_and_bb3_boards_have_no_serious_violations(device: Page, live_server, heist):
    """Issue 26 §7: the other two games' boards, their room menus (a face-down Burgle Bros 2 room walks in and
    says what it is) and the board after the guard or bouncer moved."""
    game_id = heist(live_server)
    open_board(device, game_id)
    assert serious(device) == []
    tap_room(device, 1, "B2")
    assert serious(device) == []
    device.get_by_role("button", name=re.compile("^End turn")).click()
    expect(device.locator(".real-board .summary").first).to_be_visible()
    assert serious(device) == []


def test_the_display_and_the_keyboard_list_have_no_serious_violations(device: Page, live_server):
    game_id = played_turn(device, live_server)
    device.keyboard.press("?")
    expect(device.get_by_role("dialog", name="Keyboard shortcuts")).to_be_visible()
    assert serious(device) == []
    device.goto(f"/games/{game_id}/display")
    expect(device.locator(".display-move .summary")).to_be_visible()
    assert serious(device) == []


def test_why_has_no_serious_violations(device: Page, live_server):
    game_id = played_turn(device, live_server)
    device.goto(f"/games/{game_id}/why/3/1")
    expect(device.locator(".why")).to_be_visible()
    assert serious(device) == []


@pytest.mark.parametrize("path", ["/", "/new", "/sandbox", "/rules", "/rules/clockwise", "/rules/rulings",
                                  "/rules/acrobat", "/sandbox/card?walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,"
                                  "C4-D4&guard=D3&target=A1&die=5&alarms=B4"])
def test_the_other_pages_have_no_serious_violations(device: Page, live_server, path: str):
    answer: Any = device.goto(path)
    assert answer and answer.ok, path
    assert serious(device) == []


def test_the_ruling_badge_of_why_reads_against_its_background(device: Page, live_server):
    """It read dark on dark (the Burgle Bros 2 .badge style won over it); axe checks its contrast."""
    device.goto("/rules")
    device.evaluate("""() => { const p = document.createElement('p'); p.className = 'why-sentence';
        p.innerHTML = 'A step <span class="badge why-ruling">Ruling</span>';
        const why = document.createElement('div'); why.className = 'why'; why.append(p);
        document.querySelector('main').prepend(why); }""")
    assert serious(device) == []


def test_the_club_page_has_no_serious_violations(device: Page, live_server):
    heist_in_play(live_server)
    answer: Any = device.goto("/club")
    assert answer and answer.ok
    assert serious(device) == []
    device.locator("li.table details.codes summary").first.click()  # a table's QR codes, open
    expect(device.get_by_role("img", name="QR code of the play link").first).to_be_visible()
    assert serious(device) == []
