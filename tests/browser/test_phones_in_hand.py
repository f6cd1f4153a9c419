"""Phones in hand and a laptop host (issue 26 §5): a phone that follows a burglar vibrates when she is found,
where the browser can (navigator.vibrate is a stub here that records what it is asked), with a switch this
device remembers; the host's keyboard ends the turn, undoes, redoes and shows a floor, listed under "?"."""

from __future__ import annotations

import re
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


def walk_into_the_guard(live_server: Any, game_id: str, who: str) -> None:
    """She walks into the floor-1 guard's room (bb1 rules, Guards: she loses a Stealth token)."""
    guard = state_of(live_server, game_id).floors[1].guard
    live_server.store().act(game_id, {"do": "move", "who": who, "floor": 1, "to": guard})


def test_a_phone_following_a_burglar_vibrates_when_she_is_found_and_not_for_another(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    live_server.store().act(game_id, {"do": "move", "who": "Bob", "floor": 1, "to": "B2"})
    phone = buzzing_phone(browser, live_server)
    phone.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).play_token}")
    version_is(phone, 3)
    switch = phone.get_by_role("checkbox", name="Vibrate when this burglar is found")
    expect(switch).to_be_hidden()  # following whose turn it is: nobody in particular
    phone.get_by_role("combobox", name="Which burglar's floor this device shows first").select_option(label="Ann's floor")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()

    walk_into_the_guard(live_server, game_id, "Bob")  # someone else found: nothing
    version_is(phone, 4)
    assert buzzes(phone) == []
    walk_into_the_guard(live_server, game_id, "Ann")
    version_is(phone, 5)
    assert buzzes(phone) == [[300, 120, 300]]
    phone.reload()  # the board it opens on is not news
    version_is(phone, 5)
    assert buzzes(phone) == []

    switch.uncheck()  # this device turns it off, and remembers
    phone.reload()
    expect(phone.get_by_role("checkbox", name="Vibrate when this burglar is found")).not_to_be_checked()
    live_server.store().act(game_id, {"do": "move", "who": "Ann", "floor": 1, "to": "B2"})
    walk_into_the_guard(live_server, game_id, "Ann")
    version_is(phone, 7)
    assert buzzes(phone) == []
    phone.context.close()


def test_no_switch_where_the_browser_cannot_vibrate(browser: Browser, live_server):
    game_id = heist_in_play(live_server)
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    context.add_init_script("delete Navigator.prototype.vibrate;")
    phone = context.new_page()
    phone.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).play_token}")
    version_is(phone, 2)
    phone.get_by_role("combobox", name="Which burglar's floor this device shows first").select_option(label="Ann's floor")
    expect(phone.locator(".vibrate")).to_be_hidden()
    context.close()
