"""A typical turn (two moves, one of them into a face-down room, and End turn) takes at most 5 taps, on
a landscape tablet and on a phone: scripted turns played in Chromium, every tap counted, no scrolling
asked of the player (a tap on something out of view counts as a failure, not as a free scroll)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from assistant.engine.bb2.setup import new_bb2_game
from tests.browser.test_heist import heist_in_play, room, state_of, version_is

TYPICAL = [("laboratory", 3), ("secret-door", 1), ("service-duct", 5)]  # rooms that ask the table nothing
LABEL = {"laboratory": "Laboratory", "secret-door": "Secret door", "service-duct": "Service duct"}


class Taps:
    """Taps on a page, counted; each must land on something already in view."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def tap(self, target: Locator) -> None:
        box = target.bounding_box()
        size = self.page.viewport_size
        assert box and size and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], \
            f"{target} is out of view: the player would have to scroll"
        self.count += 1
        target.click()

    def acting(self, target: Locator) -> None:
        """A tap that changes the heist: wait for the board of the next version."""
        version = int(self.page.locator("#game").get_attribute("data-version") or 0)
        self.tap(target)
        version_is(self.page, version + 1)


@contextmanager
def screen(browser: Browser, live_server, viewport: dict[str, int]) -> Iterator[Page]:
    """A page on a device of this size: a phone (touch) below 600 px wide, else a tablet."""
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, base_url=live_server.url, has_touch=phone, is_mobile=phone)
    try:
        yield context.new_page()
    finally:
        context.close()


def play_typical_turn(taps: Taps, live_server, game_id: str, tile: tuple[str, int]) -> None:
    s = state_of(live_server, game_id)
    who = s.current()
    assert who
    b = s.crew[who]
    fl = s.floors[b.floor]
    here = b.at
    assert here
    face_down = [r for r in s.plan(b.floor).adjacent(here) if r not in fl.tiles and r != fl.guard]
    assert face_down, f"{who} has no face-down room next to {here}"
    into = face_down[0]
    page = taps.page
    # 1-2: the face-down room, then what it is (who moves in is already the one whose turn it is)
    taps.tap(room(page, b.floor, into))
    kind, number = tile
    taps.acting(page.locator("#room-menu form.move-reveal").get_by_role("button", name=f"{LABEL[kind]} {number}",
                                                                        exact=True))
    # 3-4: back to the room he came from, the first button of its menu
    taps.tap(room(page, b.floor, here))
    taps.acting(page.locator("#room-menu").get_by_role("button", name=f"Move {who} here"))
    # 5: the guard moves
    taps.acting(page.get_by_role("button", name=re.compile("^End turn")))
    after = state_of(live_server, game_id)
    assert after.crew[who].at == here and after.floors[b.floor].tiles[into] == kind


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["tablet-landscape", "phone"])
def test_a_typical_turn_takes_at_most_five_taps(browser: Browser, live_server, viewport: dict[str, int]):
    with screen(browser, live_server, viewport) as page:
        game_id = heist_in_play(live_server)
        live_server.store().act(game_id, {"do": "move", "who": "Bob", "floor": 1, "to": "B2"})  # Bob is in too
        page.goto(f"/games/{game_id}")
        expect(page.get_by_role("button", name=re.compile("^End turn"))).to_be_visible()
        taps = Taps(page)
        for turn, tile in enumerate(TYPICAL):
            before = taps.count
            play_typical_turn(taps, live_server, game_id, tile)
            assert taps.count - before <= 5, f"turn {turn + 1} took {taps.count - before} taps"
        assert taps.count == 5 * len(TYPICAL)


def casino_in_play(live_server) -> str:
    """A Burgle Bros 2 heist with both bouncers placed from the table's cards and Ann in through A1, said to be
    the Pool (End turn waits until it is, issue 35 §2)."""
    store = live_server.store()
    game_id = store.create("Casino — Ann & Bob", new_bb2_game([{"name": "Ann"}, {"name": "Bob"}],
                                                              entrances=["A1", "D4"], seed=3))
    store.act(game_id, {"do": "start"})
    for square in ("C1", "D4", "C3", "C2"):  # the cards the table drew: bouncers and destination markers
        store.act(game_id, {"do": "answer", "choice": square})
    store.act(game_id, {"do": "move", "who": "Ann", "floor": 1, "to": "A1"})
    store.act(game_id, {"do": "reveal", "floor": 1, "at": "A1", "type": "pool", "number": 1})
    return game_id


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 800, "height": 1280},
                                      {"width": 390, "height": 844}], ids=["tablet-landscape", "tablet-portrait",
                                                                           "phone"])
def test_a_bb2_usual_turn_takes_at_most_four_taps(browser: Browser, live_server, viewport: dict[str, int]):
    """Issue 26 §6: walk into a face-down room, say what it is (its type, its number), end the turn."""
    with screen(browser, live_server, viewport) as page:
        game_id = casino_in_play(live_server)
        page.goto(f"/games/{game_id}")
        version_is(page, 7)
        taps = Taps(page)
        taps.tap(room(page, 1, "B1"))
        walk_in = page.locator("#room-menu form.move-say")
        taps.tap(walk_in.locator("label", has_text="Buffet"))
        expect(walk_in.get_by_role("radio", name="Buffet")).to_be_checked()
        taps.acting(walk_in.get_by_role("button", name="Walk in: number 3"))
        after = state_of(live_server, game_id)
        assert after.crew["Ann"].at == "B1" and after.floors[1].tiles["B1"] == "buffet"
        taps.acting(page.get_by_role("button", name=re.compile("^End turn")))
        assert taps.count <= 4
        assert state_of(live_server, game_id).current() == "Bob"


def all_in_view(page: Page, buttons: Locator) -> None:
    """Every card of the sheet is on the screen: whichever the table drew, no scroll comes first."""
    height = (page.viewport_size or {"height": 0})["height"]
    boxes = [b for b in buttons.evaluate_all("(bs) => bs.map((b) => b.getBoundingClientRect().toJSON())")]
    assert boxes and all(b["top"] >= 0 and b["bottom"] <= height for b in boxes), "a card is out of view"


def test_an_event_card_and_a_tool_taken_take_at_most_three_taps_each_with_no_scroll(browser: Browser, live_server):
    """Issue 26 §6, on a landscape tablet (1280x800): the turn bar opens each menu as a sheet with every card in
    view; the burglar whose turn it is already picks."""
    with screen(browser, live_server, {"width": 1280, "height": 800}) as page:
        game_id = heist_in_play(live_server)
        page.goto(f"/games/{game_id}")
        version_is(page, 2)
        taps = Taps(page)
        taps.tap(page.get_by_role("button", name="Event card drawn", exact=True))
        sheet = page.get_by_role("region", name="Event card drawn on floor 1")
        expect(sheet.get_by_role("button", name=re.compile("^Espresso"))).to_be_visible()
        all_in_view(page, sheet.get_by_role("button"))
        taps.acting(sheet.get_by_role("button", name=re.compile("^Espresso")))
        assert taps.count <= 3 and state_of(live_server, game_id).bonus == 1  # Espresso: one more move this turn
        expect(sheet).to_have_count(0)  # the board came back: the sheet is closed

        before = taps.count
        taps.tap(page.get_by_role("button", name="Take a card", exact=True))
        sheet = page.get_by_role("region", name="A burglar takes a tool or loot card")
        expect(sheet.get_by_role("button", name="Crowbar", exact=True)).to_be_visible()
        all_in_view(page, sheet.get_by_role("button"))
        taps.acting(sheet.get_by_role("button", name="Crowbar", exact=True))
        assert taps.count - before <= 3 and state_of(live_server, game_id).crew["Ann"].tools == ("crowbar",)
