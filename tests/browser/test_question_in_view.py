"""The question the app waits for is where the player looks (issue 35 §2), at a phone's, a tablet's and a
display's size: when the Burgle Bros 2 bouncer or the Burgle Bros 3 guard reaches his marker, the table draws
the next patrol card (bb2 rulebook "Bouncer's Turn", bb3 "Turn Order and Guard Turns") and the app asks which
it is; that question is in view, and no End turn can be tapped past it. The Burgle Bros 2 entrance she walks
in by is face down until the table says what it is (bb2 "Entering the Casino"): it is picked from a grid, and
End turn waits for it. A phone that opens the board after an End turn shows the move and its checklist."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.engine.actions import apply
from assistant.engine.errors import IllegalActionError
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from tests.browser.conftest import LiveServer, sized_context
from tests.browser.test_heist import heist_in_play, state_of, version_is

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1280, "height": 800},
         "display": {"width": 1920, "height": 1080}}
END_TURN = re.compile("^End turn")


@pytest.fixture(params=list(SIZES))
def screen(request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    context = sized_context(browser, live_server, SIZES[request.param])
    yield context.new_page()
    context.close()


def made(live_server: LiveServer, title: str, state: Any, actions: list[dict[str, Any]]) -> str:
    store = live_server.store()
    game_id = store.create(title, state)
    for action in actions:
        store.act(game_id, action)
    return game_id


def casino_at_the_entrance(live_server: LiveServer) -> str:
    """Burgle Bros 2, open floors: the bouncers placed by the cards C1, D4 (floor 1) and C3, C2, Ann in A1."""
    setup = [{"do": "start"}, *({"do": "answer", "choice": c} for c in ("C1", "D4", "C3", "C2"))]
    return made(live_server, "The Casino Capers — Ann", new_bb2_game([{"name": "Ann"}], entrances=["A1", "D4"],
                walls=[[], []]), [*setup, {"do": "move", "who": "Ann", "floor": 1, "to": "A1"}])


def future_flip_broken_into(live_server: LiveServer) -> str:
    """Burgle Bros 3, open floors: the guards placed by B1, D1 (floor 1) and C3, C2, the crew in by A4."""
    setup = [{"do": "start"}, *({"do": "answer", "choice": c} for c in ("B1", "D1", "C3", "C2"))]
    return made(live_server, "Future Flip — Ann", new_bb3_game([{"name": "Ann"}], walls=[[], []]),
                [*setup, {"do": "entrance", "at": "A4"}])


def up_to_the_marker(live_server: LiveServer, game_id: str) -> None:
    """End turns in the store until the next one brings the figure to his marker (the engine says when)."""
    store = live_server.store()
    while not apply(state_of(live_server, game_id), {"do": "end_turn"}).state.pending:
        store.act(game_id, {"do": "end_turn"})


def expect_the_question_first(page: Page, live_server: LiveServer, game_id: str) -> None:
    """End turn tapped: the patrol-card question is on the screen, and nothing ends the turn past it."""
    version = live_server.store().version(game_id)
    page.get_by_role("button", name=END_TURN).click()
    version_is(page, version + 1)
    question = page.locator("#game .turnbar .question")
    expect(question).to_contain_text("card")
    expect(question.locator("p").first).to_be_in_viewport(ratio=1)
    expect(question.get_by_role("button").first).to_be_in_viewport(ratio=1)
    expect(page.get_by_role("button", name=END_TURN)).to_have_count(0)
    with pytest.raises(IllegalActionError):  # and the engine refuses one sent anyway
        live_server.store().act(game_id, {"do": "end_turn"}, version + 1)


def test_a_pending_bb2_patrol_card_question_is_in_view_and_end_turn_cannot_pass_it(screen: Page,
                                                                                   live_server: LiveServer) -> None:
    game_id = casino_at_the_entrance(live_server)
    live_server.store().act(game_id, {"do": "reveal", "floor": 1, "at": "A1", "type": "pool", "number": 1})
    up_to_the_marker(live_server, game_id)
    screen.goto(f"/games/{game_id}")
    expect_the_question_first(screen, live_server, game_id)


def test_a_pending_bb3_patrol_card_question_is_in_view_and_end_turn_cannot_pass_it(screen: Page,
                                                                                   live_server: LiveServer) -> None:
    game_id = future_flip_broken_into(live_server)
    up_to_the_marker(live_server, game_id)
    screen.goto(f"/games/{game_id}")
    expect_the_question_first(screen, live_server, game_id)


def test_the_bb2_entrance_room_is_picked_from_the_grid_and_end_turn_waits_for_it(screen: Page,
                                                                                 live_server: LiveServer) -> None:
    game_id = casino_at_the_entrance(live_server)
    version = live_server.store().version(game_id)
    screen.goto(f"/games/{game_id}")
    asked = screen.locator("section.say-room")
    expect(asked).to_contain_text("Ann walked into A1 face down: what room is it?")
    expect(asked).to_be_in_viewport()
    expect(asked.get_by_role("combobox")).to_have_count(0)  # no list to scroll through
    expect(screen.get_by_role("button", name=END_TURN)).to_be_disabled()
    expect(screen.get_by_text("End turn waits until you say what A1 is.")).to_be_visible()
    grid = asked.get_by_role("group", name="Room type")
    expect(grid.get_by_role("radio")).to_have_count(14)
    grid.get_by_role("radio", name="Lounge").check()
    asked.get_by_role("button", name="Number 4", exact=True).click()
    version_is(screen, version + 1)
    floor = state_of(live_server, game_id).floors[1]
    assert (floor.tiles["A1"], floor.numbers["A1"]) == ("lounge", 4)
    expect(screen.locator("section.say-room")).to_have_count(0)
    expect(screen.get_by_role("button", name=END_TURN)).to_be_enabled()


def test_a_phone_that_opens_or_reloads_the_board_after_an_end_turn_shows_the_move_and_checklist(
        browser: Browser, live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    live_server.store().act(game_id, {"do": "end_turn"})
    context = sized_context(browser, live_server, SIZES["phone"])
    try:
        page = context.new_page()
        page.goto(f"/games/{game_id}")
        card = page.locator("#game .real-board")
        for seen in (card.locator(".summary"), card.locator("li").first):
            expect(seen).to_be_in_viewport(ratio=1)
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # down to the log, then reload
        expect(card.locator(".summary")).not_to_be_in_viewport()
        page.reload()
        for seen in (card.locator(".summary"), card.locator("li").first):
            expect(seen).to_be_in_viewport(ratio=1)
    finally:
        context.close()
