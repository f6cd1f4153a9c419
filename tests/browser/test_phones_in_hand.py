"""Phones in hand and a laptop host (issue 26 §5): a phone that follows a burglar vibrates when she is found,
where the browser can (navigator.vibrate is a stub here that records what it is asked), with a switch this
device remembers; the host's keyboard ends the turn, undoes, redoes and shows a floor, listed under "?"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_heist import heist_in_play, state_of, version_is
from tests.browser.test_live import PHONE

BUZZ = """() => {
  window.__buzz = [];
  navigator.vibrate = (pattern) => { window.__buzz.push(pattern); return true; };
}"""


def buzzing_phone(browser: Browser, live_server: Any) -> Page:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    context.add_init_script(f"({BUZZ})()")
    return context.new_page()


def buzzes(page: Page) -> list[Any]:
    return page.evaluate("() => window.__buzz")


def follow(phone: Page, who: str) -> None:
    """Pick on this phone the burglar whose floor it shows first: the one it follows."""
    picker = phone.get_by_role("combobox", name="Which burglar's floor this device shows first")
    picker.select_option(label=f"{who}'s floor")


def walk_into_the_guard(live_server: Any, game_id: str, who: str) -> None:
    """She is put next to the floor-1 guard (a correction), then walks into his room (bb1 rules, Guards: she loses a
    Stealth token): two actions."""
    s = state_of(live_server, game_id)
    guard = s.floors[1].guard
    beside = next(iter(s.plan(1).adjacent(guard)))
    live_server.store().act(game_id, {"do": "move", "how": "place", "who": who, "floor": 1, "to": beside})
    live_server.store().act(game_id, {"do": "move", "who": who, "floor": 1, "to": guard})


def test_a_phone_following_a_burglar_vibrates_when_she_is_found_and_not_for_another(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    live_server.store().act(game_id, {"do": "move", "who": "Bob", "floor": 1, "to": "B2"})
    phone = buzzing_phone(browser, live_server)
    phone.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).play_token}")
    version_is(phone, 3)
    switch = phone.get_by_role("checkbox", name="Vibrate when this burglar is found")
    expect(switch).to_be_hidden()  # following whose turn it is: nobody in particular
    follow(phone, "Ann")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()

    walk_into_the_guard(live_server, game_id, "Bob")  # someone else found: nothing
    version_is(phone, 5)
    assert buzzes(phone) == []
    walk_into_the_guard(live_server, game_id, "Ann")
    version_is(phone, 7)
    assert buzzes(phone) == [[300, 120, 300]]
    phone.reload()  # the board it opens on is not news
    version_is(phone, 7)
    assert buzzes(phone) == []

    switch.uncheck()  # this device turns it off, and remembers
    phone.reload()
    expect(phone.get_by_role("checkbox", name="Vibrate when this burglar is found")).not_to_be_checked()
    walk_into_the_guard(live_server, game_id, "Ann")
    version_is(phone, 9)
    assert buzzes(phone) == []
    phone.context.close()


def test_no_switch_where_the_browser_cannot_vibrate(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    context.add_init_script("delete Navigator.prototype.vibrate;")
    phone = context.new_page()
    phone.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).play_token}")
    version_is(phone, 2)
    follow(phone, "Ann")
    expect(phone.locator(".vibrate")).to_be_hidden()
    context.close()


def test_a_laptop_host_ends_turns_undoes_redoes_and_changes_floors_by_keyboard(page: Page, live_server):
    game_id = heist_in_play(live_server)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/games/{game_id}")
    version_is(page, 2)
    page.keyboard.press("e")
    version_is(page, 3)
    expect(page.locator(".real-board .summary")).to_have_count(1)  # the guard moved
    page.keyboard.press("u")
    version_is(page, 4)
    expect(page.get_by_role("status")).to_contain_text("Undone: the end of the turn")
    page.keyboard.press("r")
    version_is(page, 5)
    expect(page.get_by_role("status")).to_contain_text("Redone: the end of the turn")
    page.keyboard.press("Control+z")
    version_is(page, 6)
    page.keyboard.press("Control+y")
    version_is(page, 7)
    assert live_server.store().load(game_id).head == 3

    page.keyboard.press("2")
    expect(page.locator("#floor-2 .room").first).to_be_focused()
    page.keyboard.press("Enter")  # the focused room opens its menu, as a tap would
    expect(page.get_by_role("region", name="What can happen in A1")).to_be_visible()

    page.keyboard.press("?")
    help_overlay = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_overlay).to_be_visible()
    for key, what in (("E", "End turn"), ("U", "Undo"), ("R", "Redo"), ("1…3", "Go to that floor")):
        expect(help_overlay.locator("dt", has_text=key).first).to_be_visible()
        expect(help_overlay).to_contain_text(what)
    page.keyboard.press("e")  # inside the list, a key is only a key
    page.keyboard.press("Escape")
    expect(help_overlay).to_be_hidden()
    assert live_server.store().load(game_id).head == 3


def test_a_watch_link_has_no_shortcuts(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    watcher = context.new_page()
    watcher.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).watch_token}")
    version_is(watcher, 2)
    watcher.keyboard.press("?")
    expect(watcher.get_by_role("dialog")).to_have_count(0)
    context.close()
