"""A tap before htmx has taken over the page is not lost (issue 25's last note: on a fresh-clone CI run "Place the
bouncers", tapped as the page's address changed, posted nothing). Here htmx never loads at all: every tap of a
turn is a plain form post that the server answers with the board (web/table/tap_fields.py), on a tablet and on a
phone. The board is checked after each tap against the engine run on the stored position."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import sized_context
from tests.browser.test_bb2 import expect_bouncer, place_the_bouncers, set_up_casino
from tests.browser.test_heist import (
    engine,
    expect_guard,
    free_rooms,
    room,
    set_up_bank_job,
    state_of,
    tap_room,
    version_is,
)
from tests.browser.test_layout import LANDSCAPE, PHONE

HTMX = re.compile(r"/static/vendor/htmx")  # htmx and its live-update extension


@pytest.fixture(params=[pytest.param(LANDSCAPE, id="tablet"), pytest.param(PHONE, id="phone")])
def plain(browser: Browser, live_server, request) -> Iterator[Page]:
    """A page at a tablet's or a phone's size on which htmx never loads."""
    context = sized_context(browser, live_server, request.param)
    page = context.new_page()
    page.route(HTMX, lambda route: route.abort())
    yield page
    context.close()


def no_htmx(page: Page) -> None:
    assert page.evaluate("typeof window.htmx") == "undefined"


def test_a_bb1_turn_is_played_with_plain_form_posts(plain: Page, live_server):
    page = plain
    game_id = set_up_bank_job(page)
    no_htmx(page)

    page.get_by_role("button", name="Break in — place the floor-1 guard").click()
    version_is(page, 1)
    guard = state_of(live_server, game_id).floors[1].guard
    assert guard is not None
    expect_guard(page, 1, guard)
    expect(page.get_by_text("Tap the room where the crew breaks in on floor 1.")).to_be_visible()

    # a room opens its menu as a link would: the board page with the room chosen
    entrance = next(r for r in ("B2", "C3", "B3", "C2") if r != guard)
    tap_room(page, 1, entrance)
    expect(page).to_have_url(re.compile(rf"/games/{game_id}\?room=1-{entrance}$"))
    page.get_by_role("button", name="The crew breaks in here").click()
    version_is(page, 2)
    expect(page).to_have_url(re.compile(rf"/games/{game_id}$"))  # the 303 back to the board
    expect(room(page, 1, entrance).get_by_title("Ann: 3 Stealth")).to_be_visible()

    # a move through the room menu, into a face-down room: who, then what it is
    s = state_of(live_server, game_id)
    target = next(r for r in free_rooms(s) if r in s.plan(1).adjacent(entrance))
    # legal; a Laboratory, since a face-down Deadbolt would keep her out (§1.22 "Deadbolt moved into face down")
    engine(live_server, game_id, do="move", who="Ann", floor=1, to=target, type="laboratory", number=3)
    tap_room(page, 1, target)
    page.locator("form.move-reveal").get_by_role("button", name="Laboratory 3", exact=True).click()
    version_is(page, 3)
    expect(room(page, 1, target).get_by_title("Ann: 3 Stealth")).to_be_visible()
    expect(room(page, 1, entrance).get_by_title("Ann: 3 Stealth")).to_have_count(0)
    expect(room(page, 1, target)).to_have_accessible_name(re.compile(r", Laboratory(,|$)"))

    # End turn: the guard walks as the engine says
    walked = engine(live_server, game_id, do="end_turn").state.floors[1].guard
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 4)
    assert walked is not None
    expect_guard(page, 1, walked)
    assert state_of(live_server, game_id).floors[1].guard == walked

    # Undo takes the guard's move back, and says so
    page.get_by_role("button", name="Undo", exact=True).click()
    version_is(page, 5)
    expect_guard(page, 1, guard)
    expect(page.locator(".notice")).to_contain_text("Undone:")
    assert live_server.store().load(game_id).head == 3
    no_htmx(page)


def test_a_bb2_heist_starts_with_plain_form_posts(plain: Page, live_server):
    """bb2 Heist Setup 6-8, the tap the CI run lost: Place the bouncers, then each card the table draws."""
    page = plain
    game_id = set_up_casino(page)
    no_htmx(page)
    place_the_bouncers(page)
    expect_bouncer(page, 1, "C1")
    if page.locator("#tab-2").is_visible():  # a phone shows one floor at a time (static/floors.js)
        page.locator("#tab-2").click()
    expect_bouncer(page, 2, "C3")
    s = state_of(live_server, game_id)
    assert (s.floors[1].guard, s.floors[1].destination, s.floors[2].guard) == ("C1", "D4", "C3")
    page.get_by_role("button", name="Ann enters through A1").click()
    version_is(page, 6)
    expect(page.get_by_role("button", name="End turn — the floor-1 bouncer moves")).to_be_visible()


def test_a_refused_tap_says_why_above_the_board_without_htmx(plain: Page, live_server):
    """A refusal comes back as the board with the message where the person tapped, nothing applied. Before the
    break-in the floors are wall editors: the Bank Job's floor 1 has a wall east of A1 (A1-B1), and one south of
    it too would shut A1 off."""
    page = plain
    game_id = set_up_bank_job(page)
    walls = state_of(live_server, game_id).floors[1].walls
    assert "A1-B1" in walls and "A1-A2" not in walls
    page.get_by_role("button", name="Floor 1: Wall between A1 and A2: none").click()
    expect(page.locator(".game > .refusal").get_by_role("alert")).to_contain_text("A1")
    expect(page.locator(".game > .refusal")).to_contain_text("Nothing was applied")
    version_is(page, 0)
    assert state_of(live_server, game_id).floors[1].walls == walls
