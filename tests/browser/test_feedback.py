"""No silent failure: every refused or failed tap says what happened where the person tapped, whether
anything was applied, and keeps the open room menu; a banner says when the server cannot be reached
and when it is back (static/feedback.js, templates/partials/_refusal.html)."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import Error, Page, Route, expect

from tests.browser.test_heist import heist_in_play, open_board, tap_room, version_is

ACT = re.compile(r"/games/[^/]+/act$")


def open_menu(page: Page, live_server, live: bool = True) -> str:
    game_id = heist_in_play(live_server)
    if not live:  # this device hears no live updates (its stream dropped): it acts on the board it shows
        page.route(re.compile(r"/events(\?|$)"), lambda route: route.abort())  # its own stream or its tabs'
    open_board(page, game_id)
    tap_room(page, 1, "D4")
    return game_id


def reveal_as_safe(page: Page) -> None:
    page.locator("#room-menu").get_by_role("button", name="Safe", exact=True).click()


@pytest.mark.parametrize(("status", "words"), [
    (400, "This page is out of date"),
    (403, "This device may not do that"),
    (409, "The board changed on another device"),
    (429, "Too many requests"),
    (500, "The app hit a bug"),
])
def test_a_refused_tap_says_why_in_the_open_menu_and_that_nothing_was_applied(page: Page, live_server, status: int,
                                                                               words: str):
    """A page without words of its own (a proxy's, say): what the status means."""
    game_id = open_menu(page, live_server)
    page.route(ACT, lambda route: route.fulfill(status=status, content_type="text/html", body="<h1>No</h1>"))
    reveal_as_safe(page)
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_contain_text(words)
    expect(menu.locator(".applied")).to_have_text("Nothing was applied: the board is as it was.")
    expect(menu).to_be_visible()  # the menu stays open, the picker in it too
    assert live_server.store().load(game_id).head == 2


def expired(route: Route) -> None:
    """The tap with a token no longer good, in its header and in its form's field (web/table/tap_fields.py)."""
    body = re.sub(r"csrf_token=[^&]*", "csrf_token=expired", route.request.post_data or "")
    route.continue_(headers={**route.request.headers, "x-csrftoken": "expired"}, post_data=body)


def test_the_servers_own_words_are_said_once_and_alone(page: Page, live_server):
    """The app's refusal, as its server sends it (an expired page: CSRF refuses the tap), is said once:
    not the status's words beside the server's, which say the same."""
    game_id = open_menu(page, live_server)
    page.route(ACT, expired)
    reveal_as_safe(page)
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_have_text("This page is out of date. Reload it and try again.")
    expect(page.get_by_role("alert").filter(has_text="out of date")).to_have_count(1)
    expect(menu.locator(".applied")).to_have_text("Nothing was applied: the board is as it was.")
    expect(menu).to_be_visible()  # the menu stays open, the picker in it too
    assert live_server.store().load(game_id).head == 2


def test_a_tap_the_rules_refuse_keeps_the_menu_open_with_the_reason(page: Page, live_server):
    game_id = open_menu(page, live_server, live=False)
    live_server.store().act(game_id, {"do": "alarm", "floor": 2, "at": "A1"})  # another device acted meanwhile
    reveal_as_safe(page)
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_contain_text("The board changed on another device")
    expect(menu.locator(".applied")).to_contain_text("Nothing was applied")
    version_is(page, 3)
    expect(page.get_by_role("heading", name=re.compile("Floor 1 · D4"))).to_be_visible()


def test_a_lost_connection_is_said_beside_the_tap_and_a_banner_says_when_the_server_is_back(page: Page, live_server):
    game_id = open_menu(page, live_server)

    def away(route: Route) -> None:
        route.abort("connectionrefused")

    page.route(re.compile(r"/games/"), away)
    reveal_as_safe(page)
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_contain_text("The server could not be reached")
    expect(menu.locator(".applied")).to_contain_text("Nothing was applied")
    banner = page.locator("#connection")
    expect(banner).to_contain_text("Cannot reach the server")
    page.unroute(re.compile(r"/games/"), away)
    expect(banner).to_contain_text("Connected again")
    expect(banner).to_be_hidden(timeout=8000)
    assert live_server.store().load(game_id).head == 2
    reveal_as_safe(page)  # and the same tap now works
    version_is(page, 3)


def test_a_tap_with_no_answer_says_beside_it_that_it_may_not_be_applied_and_a_late_answer_clears_it(
        page: Page, live_server):
    """Issue 24: the tap's request reaches nothing that answers (held here, unanswered): within a few seconds the
    open menu says so; when the answer comes after all, the board is drawn and the doubt goes."""
    game_id = open_menu(page, live_server)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # never answered until released below

    page.route(ACT, hold)
    reveal_as_safe(page)
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_have_text("No answer from the server yet.", timeout=6000)
    expect(menu.locator(".applied")).to_have_text("Not sure it was applied: check the log.")
    assert live_server.store().load(game_id).head == 2  # indeed: the tap never reached the server
    held[0].continue_()
    page.unroute(ACT, hold)
    version_is(page, 3)
    expect(page.locator(".tap-error")).to_have_count(0)


def test_a_live_stream_gone_quiet_shows_the_connection_lost(page: Page, live_server):
    """Issue 24: a Wi-Fi that goes quiet closes nothing, so no error ever comes: the missed heartbeats say it.
    Here the stream and the page's check on the server are held unanswered, as on such a network."""
    game_id = heist_in_play(live_server)
    held: list[Route] = []

    def quiet(route: Route) -> None:
        if route.request.method == "HEAD" or re.search(r"/events(\?|$)", route.request.url):  # its tabs' too
            held.append(route)  # never answered
        else:
            route.continue_()

    page.route(re.compile(r"/games/"), quiet)
    open_board(page, game_id)
    expect(page.locator("#connection")).to_contain_text("Cannot reach the server", timeout=15000)
    page.unroute(re.compile(r"/games/"), quiet)
    for route in held:
        with contextlib.suppress(Error):  # the page gave up on some of them already
            route.abort()
