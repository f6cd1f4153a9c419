"""The Coach switch in a real browser (issue 25), in the three games: off by default; on, the current burglar's
floor is shaded by the safety map, the rooms she can still walk to are ringed and the two safest of them named;
two heists alike but for their hidden deck order show the same advice."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from assistant.engine.cases import state_from_case
from assistant.engine.rulesets import RULEBOOKS
from assistant.web.table.coach import advice

WALLS = ["A1-B1", "B2-B3", "C3-D3", "C1-C2", "A3-A4", "D1-D2", "B4-C4", "C2-C3"]
POSITIONS: dict[str, dict[str, Any]] = {
    "bb1": {"floors": {"1": {"walls": WALLS, "guard": "B2", "destination": "C1", "die": 3,
                             "patrol": ["A1", "D4", "C3", "B4", "A2", "D2"]}},
            "crew": {"ana": {"floor": 1, "at": "C2", "stealth": 1}, "bo": {"floor": 1, "at": "A4", "stealth": 2}}},
    "bb2": {"rules": "bb2", "floors": {"1": {"walls": WALLS, "guard": "B2", "destination": "C1",
                                             "patrol": ["A1", "D4", "C3", "B4", "A2", "D2"]}},
            "crew": {"ana": {"floor": 1, "at": "C2", "heat": 4}}},
    "bb3": {"rules": "bb3", "floors": {"1": {"walls": WALLS, "guard": "B2", "destination": "C1", "die": 3,
                                             "alarms": ["A2"], "patrol": ["A1", "D4", "C3", "B4", "worker", "D2"]}},
            "crew": {"ana": {"floor": 1, "at": "C2", "stealth": 1}}},
}


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_coach_is_off_by_default_and_on_shades_her_floor_and_names_the_two_safest_rooms(
        page: Page, live_server, rules: str) -> None:
    state = state_from_case(POSITIONS[rules])
    game_id = live_server.store().create("Coach", state)
    page.goto(f"/games/{game_id}")
    switch = page.get_by_role("button", name="Off: where is it safe?")
    expect(switch).to_be_visible()
    expect(page.locator(".coach-shade")).to_have_count(0)

    switch.click()
    expect(page.get_by_role("button", name="On: turn off").last).to_be_visible()
    coach = advice(state, RULEBOOKS[rules], 0)
    assert coach is not None and len(coach.safest) == 2
    expect(page.locator("#floor-1 .coach-shade")).to_have_count(16)
    expect(page.locator("#floor-1 .coach-reach")).to_have_count(sum(r.reachable for r in coach.rooms.values()))
    expect(page.locator("#floor-1 .coach-reach.named")).to_have_count(2)
    expect(page.locator(".coach-best")).to_have_text(f"Safest within reach: {', '.join(coach.safest)}")
    for square in coach.safest:
        expect(page.locator(f"#room-1-{square} .coach-reach.named")).to_be_attached()

    page.get_by_role("button", name="On: turn off").last.click()
    expect(page.locator(".coach-shade")).to_have_count(0)


def test_two_heists_alike_but_for_the_hidden_deck_order_get_the_same_advice(page: Page, live_server) -> None:
    """Hidden information stays hidden: the deck's order (and the set-aside cards) never reach the page."""
    first = state_from_case(POSITIONS["bb1"])
    second = first.copy()
    fl = second.floors[1]
    fl.deck = list(reversed(fl.deck))
    floors = []
    for state in (first, second):
        game_id = live_server.store().create("Coach", state)
        page.goto(f"/games/{game_id}")
        page.get_by_role("button", name="Off: where is it safe?").click()
        expect(page.locator(".coach-best")).to_be_visible()
        html = page.locator("#floor-1").inner_html()
        floors.append((re.sub(game_id, "GAME", html), page.locator(".coach-panel").inner_text()))
    assert floors[0] == floors[1]
