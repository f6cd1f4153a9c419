"""Teach me in a real browser (issue 36 §3): a new player chooses *Teach me* on the new-heist page and is taken,
one step at a time, through the setup, the break-in, a first move, peeking and the first guard move, at tablet and
phone size, in English, Spanish and French: each step in the device's language, from this heist, with its rule in
the words of the rules reference; the panel sits beside the board, never over it; leaving the lesson midway keeps the
heist going; axe finds nothing serious in the panel."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, expect

from assistant import reference
from assistant.why import explain_entry
from assistant.words.i18n import _
from assistant.web.table.lesson import PAGES
from assistant.engine.rulesets import RULEBOOKS
from tests.browser.test_heist import animations_done, free_rooms, game_id_of, state_of, version_is

VIEWPORTS = {"tablet": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGS = ("en", "es", "fr")


@pytest.fixture
def device(browser: Browser, live_server, size: str, lang: str) -> Iterator[tuple[Page, dict[str, int]]]:
    """A tablet or a phone whose browser reads ``lang`` (what it asks pages in: the device's language)."""
    viewport = VIEWPORTS[size]
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, base_url=live_server.url, has_touch=phone, is_mobile=phone,
                                  locale=lang)
    yield context.new_page(), viewport
    context.close()


def in_language(live_server, lang: str, make: Any) -> Any:
    """What the app says in ``lang``: ``make()`` run in a request of a device reading it."""
    with live_server.app.test_request_context(headers={"Accept-Language": lang}):
        return make()


def rule(step: str, lang: str) -> str:
    entry = reference.get(PAGES[step], lang)
    assert entry is not None and entry.lang == lang
    return entry.summary


def tap(page: Page, button: Locator) -> None:
    """A tap that changes the board (an action, Got it): the board of the next version is swapped in."""
    version = int(page.locator("#game").get_attribute("data-version") or "0")
    button.click()
    version_is(page, version + 1)


def on_screen(page: Page, panel: Locator, viewport: dict[str, int]) -> None:
    """The panel is on screen without a scroll, within the page's width, and nothing covers the board (no dialog)."""
    box = panel.bounding_box()
    assert box
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    assert page.get_by_role("dialog").count() == 0


def above_the_board(page: Page, panel: Locator) -> None:
    box, floor = panel.bounding_box(), page.locator(".floor:visible").first.bounding_box()
    assert box and floor and floor["y"] >= box["y"] + box["height"]


def serious(page: Page) -> list[str]:
    results = Axe().run(page, context="section.teach")
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_new_player_is_taught_to_the_first_guard_move_and_leaves_the_lesson(device, live_server, size: str,
                                                                              lang: str):
    page, viewport = device
    say = in_language(live_server, lang, lambda: {word: _(word) for word in (
        "Teach me: a first Bank Job for 2 burglars", "Set up the board", "Got it", "Stop teaching",
        "Break in — place the floor-1 guard", "The crew breaks in here", "End turn", "Setting up", "Breaking in",
        "A move", "Peeking", "The guard's turn", "His clockwise choice", "An event card",
        "Teach me: the next step comes when the table gets there.")})
    page.goto("/new")
    page.get_by_role("link", name=say["Teach me: a first Bank Job for 2 burglars"]).click()
    page.get_by_role("button", name=say["Set up the board"]).click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    game_id = game_id_of(page)
    assert live_server.store().setting(f"teach/{game_id}") == "on"
    s = state_of(live_server, game_id)
    assert s.scenario == "bank" and len(s.crew) == 2

    lesson = page.locator("section.teach")
    title = page.locator("#teach-title")
    expect(title).to_contain_text(say["Setting up"])
    expect(lesson).to_contain_text(rule("setup", lang))
    expect(lesson.get_by_role("link", name=re.compile(reference.get("wall-layouts", lang).title))).to_have_attribute(
        "href", "/rules/wall-layouts")
    on_screen(page, lesson, viewport)
    above_the_board(page, lesson)
    tap(page, lesson.get_by_role("button", name=say["Got it"]))
    expect(lesson).to_have_text(re.compile(re.escape(say["Teach me: the next step comes when the table gets there."])))

    tap(page, page.get_by_role("button", name=say["Break in — place the floor-1 guard"]))
    s = state_of(live_server, game_id)
    guard = s.floors[1].guard
    expect(title).to_contain_text(say["Breaking in"])
    expect(lesson).to_contain_text(rule("break_in", lang))
    expect(lesson).to_contain_text(f" {guard} ")
    entrance = next(r for r in free_rooms(s) if any(n != guard for n in s.plan(1).adjacent(r)))
    page.locator(f"#room-1-{entrance}").click()
    tap(page, page.locator("#room-menu").get_by_role("button", name=say["The crew breaks in here"]))

    expect(title).to_contain_text(say["A move"])
    expect(lesson).to_contain_text(rule("move", lang))
    s = state_of(live_server, game_id)
    into = next(r for r in s.plan(1).adjacent(entrance) if r != guard and r not in s.floors[1].tiles)
    page.locator(f"#room-1-{into}").click()  # face down: who moves in, and what it is, in one picker
    tap(page, page.locator("#room-menu form.move-reveal button[value='laboratory:3']"))
    assert state_of(live_server, game_id).crew[s.order[0]].at == into
    tap(page, lesson.get_by_role("button", name=say["Got it"]))

    expect(title).to_contain_text(say["Peeking"])
    expect(lesson).to_contain_text(rule("peek", lang))
    tap(page, lesson.get_by_role("button", name=say["Got it"]))

    tap(page, page.locator(".turnbar").get_by_role("button", name=re.compile("^" + re.escape(say["End turn"]))))
    expect(title).to_contain_text(say["The guard's turn"])
    expect(lesson).to_contain_text(rule("guard_turn", lang))
    game = live_server.store().load(game_id)
    before, action, log = live_server.store().action_at(game_id, game.head)
    speed = in_language(live_server, lang, lambda: explain_entry(list(log), 0, before, RULEBOOKS[before.rules], action))
    expect(lesson).to_contain_text(" ".join(speed.sentence.split()))  # how far he walked and why, as Why? says
    # in the card of his move, which comes into view after End turn: the step and the move's checklist together
    expect(page.locator(".real-board > section.teach")).to_have_count(1)
    on_screen(page, lesson, viewport)
    on_screen(page, page.locator(".real-board ol"), viewport)
    animations_done(page)  # the move's card fades in: axe reads its colours once it has
    assert serious(page) == []
    tap(page, lesson.get_by_role("button", name=say["Got it"]))

    expect(title).to_contain_text(say["His clockwise choice"])
    expect(lesson).to_contain_text(rule("clockwise", lang))
    tap(page, lesson.get_by_role("button", name=say["Stop teaching"]))  # midway: the event card is still to come
    expect(lesson).to_have_count(0)
    assert live_server.store().setting(f"teach/{game_id}") is None

    who = state_of(live_server, game_id).current()
    tap(page, page.locator(".turnbar").get_by_role("button", name=re.compile("^" + re.escape(say["End turn"]))))
    last = live_server.store().history(game_id)[-1]  # the heist goes on as a normal one: the guard moved again
    assert last.action.to_json() == {"do": "end_turn"} and any(e.kind == "speed" for e in last.log)
    assert state_of(live_server, game_id).current() != who
    expect(lesson).to_have_count(0)
