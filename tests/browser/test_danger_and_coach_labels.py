"""Issue 32 in a real browser. §2: with Danger and the Coach both on, each room's figure carries its label ("enters
40%", "found 10%"), whole inside the room, and the key to them is in view with the board, on a phone, a tablet
either way up and a 1920×1080 screen, in English, Spanish and French. The Done-when: Ana in a face-up Thermo (§1.22
'Thermo: when it is checked'; bb1 Room Tiles, Thermo), where Danger, the Coach's room and the Heist report give the
chance End turn then realises (tests/web/test_danger_end_turn.py has the same position without a browser)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.engine.cases import state_from_case
from tests.browser.conftest import sized_context
from tests.browser.test_accessibility import serious
from tests.browser.test_heist import version_is
from tests.browser.test_room_pieces import text_size
from tests.browser.test_sandbox import settled

PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(PHONE, id="phone"), pytest.param({"width": 800, "height": 1280}, id="tablet-portrait"),
         pytest.param({"width": 1280, "height": 800}, id="tablet-landscape"),
         pytest.param({"width": 1920, "height": 1080}, id="large-screen")]
# Guard in D1 heading for D4 with die 1: on the board as it is he steps to D2. End turn sets off her Thermo in B1
# first: 1 + 1 alarm = 2 moves, C1 then B1, and he finds her whatever the cards
THERMO = {"floors": {"1": {"guard": "D1", "destination": "D4", "die": 1, "patrol": ["A4", "C3", "C2"],
                           "tiles": {"B1": "thermo", "A4": "thermo"}}},
          "crew": {"ana": {"floor": 1, "at": "B1", "stealth": 3}}}
LABELS = {"en": ("enters", "found"), "es": ("entra", "visto"), "fr": ("entre", "repéré")}
# every figure of Danger and the Coach in the rooms, with its label and whether both lie whole inside its room
FIGURES = """() => [...document.querySelectorAll('#floor-1 .room .danger-pct, #floor-1 .room .coach-pct')]
  .filter((el) => el.getClientRects().length).map((el) => {
    const room = el.closest('.room').getBoundingClientRect(), box = el.getBoundingClientRect();
    const label = el.querySelector('.fig-label');
    return {kind: el.className, square: el.closest('.room').dataset.square, label: label ? label.textContent : '',
            number: el.textContent.replace(label ? label.textContent : '', '').trim(),
            inside: box.left >= room.left - 0.5 && box.right <= room.right + 0.5 && box.top >= room.top - 0.5
              && box.bottom <= room.bottom + 0.5,
            size: Math.min(parseFloat(getComputedStyle(el).fontSize),
                           label ? parseFloat(getComputedStyle(label).fontSize) : 0)};
  })"""
IN_VIEW = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth; }"""


@pytest.fixture
def device(browser: Browser, live_server, request) -> Iterator[Page]:
    context = sized_context(browser, live_server, request.param)
    yield context.new_page()
    context.close()


def both_switches_on(page: Page, game_id: str, language: str = "en") -> None:
    page.goto(f"/language/{language}?next=/games/{game_id}")
    for switch in ("danger", "coach"):
        page.locator(f".{switch}-panel button[aria-pressed=false]").click()
        expect(page.locator(f".{switch}-panel button[aria-pressed=true]")).to_be_visible()
        settled(page)
    page.evaluate("() => window.scrollTo(0, 0)")  # the switches are in the panel, under the board: back to it


@pytest.mark.parametrize("device", SIZES, indirect=True)
def test_each_rooms_figures_carry_their_labels_and_the_key_is_in_view_with_the_board(device: Page, live_server):
    page = device
    both_switches_on(page, live_server.store().create("Thermo", state_from_case(THERMO)))
    figures = page.evaluate(FIGURES)
    kinds = {f["kind"] for f in figures}
    assert kinds == {"danger-pct", "coach-pct"}
    for f in figures:
        assert f["label"] == ("enters" if f["kind"] == "danger-pct" else "found"), f
        assert re.fullmatch(r"<?\d+%", f["number"]), f
        assert f["inside"], f  # no label cut or spilling into the next room
        assert f["size"] >= 16, f
    assert len([f for f in figures if f["kind"] == "coach-pct"]) == 16  # every room of her floor
    # the room where both switches speak: two labelled figures, never two bare percentages
    both = {f["label"] for f in figures if f["square"] == "B1"}
    assert both == {"enters", "found"}
    key = page.locator(".board-key")
    expect(key).to_contain_text("enters %")
    expect(key).to_contain_text("found %")
    assert page.evaluate(IN_VIEW, ".board-key")
    assert page.evaluate(IN_VIEW, "#floor-1 .room[data-square=B1]")  # the room she stands in, with the key


@pytest.mark.parametrize("device", [pytest.param(PHONE, id="phone")], indirect=True)
@pytest.mark.parametrize("step", [1, 3])
@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_labels_fit_a_phones_rooms_in_the_three_languages_at_every_text_size(device: Page, live_server,
                                                                                  language: str, step: int):
    page = device
    text_size(page, step)
    both_switches_on(page, live_server.store().create("Thermo", state_from_case(THERMO)), language)
    danger, coach = LABELS[language]
    figures = page.evaluate(FIGURES)
    assert {f["label"] for f in figures} == {danger, coach}
    assert all(f["inside"] and f["size"] >= 16 for f in figures), [f for f in figures if not f["inside"]]
    expect(page.locator(".board-key")).to_contain_text(f"{coach} %")
    assert page.evaluate(IN_VIEW, ".board-key")


@pytest.mark.parametrize("device", [pytest.param(PHONE, id="phone"),
                                    pytest.param({"width": 1280, "height": 800}, id="tablet")], indirect=True)
def test_the_board_with_both_switches_on_has_no_serious_violations(device: Page, live_server):
    both_switches_on(device, live_server.store().create("Thermo", state_from_case(THERMO)))
    assert serious(device) == []


@pytest.mark.parametrize("device", [pytest.param(PHONE, id="phone"),
                                    pytest.param({"width": 1280, "height": 800}, id="tablet")], indirect=True)
def test_in_a_thermo_danger_the_coach_and_the_report_give_the_chance_end_turn_then_realises(device: Page, live_server):
    """Issue 32's Done-when: before, Danger said 0%, the Coach ringed B1 as safe and the report said "ana 0%"; End
    turn then set off her Thermo, the guard came for it and found her."""
    page = device
    game_id = live_server.store().create("Thermo", state_from_case(THERMO))
    both_switches_on(page, game_id)
    expect(page.locator("#room-1-B1 .danger-pct")).to_have_text("enters 100%")
    expect(page.locator(".danger-panel .found")).to_have_text("ana: found certain")
    expect(page.locator("#room-1-B1 .coach-pct")).to_have_text("found 100%")
    expect(page.locator(".coach-why")).to_have_text(
        "Ending the turn in B1: the Thermo goes off (found certain, caught no chance).")

    switched = int(page.locator("#game").get_attribute("data-version") or "")  # each switch is a change too
    page.locator(".turnbar .button.primary").click()  # End turn
    version_is(page, switched + 1)
    expect(page.locator("#room-1-B1")).to_have_attribute("aria-label", re.compile(r"ana: 2 Stealth"))
    expect(page.locator("#room-1-B1")).to_have_class(re.compile(r"\bhas-guard\b"))  # he came for the alarm

    page.goto(f"/games/{game_id}/report")
    row = page.locator(".story-table tbody tr").first
    expect(row.locator("td")).to_have_text(["1", "ana", "ana 100%", "ana", re.compile(".*"), re.compile(".*")])
