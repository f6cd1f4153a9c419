"""A room's pieces and tokens read across the table (issue 26 §2), at the three sizes the table uses and its three
text sizes, in all three games: every piece and token at least 40 px, none covering another, the coordinate, the
pictogram, the guard's steps, the number or a percentage, nothing cut off; a row shows as many pieces as its width
holds (two on the tablets, more on a laptop and the display), then "+N" for the rest, never a token while a burglar
is folded; the tile picker's names at 16 px, none cut, nothing scrolling sideways, in English, Spanish and French."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.engine.cases import state_from_case
from assistant.engine.state import GameState
from tests.browser.conftest import sized_context
from tests.browser.test_heist import heist_in_play
from tests.browser.test_layout import VIEWPORTS
from tests.browser.test_turn_on_screen import CUT, SMALLEST_TEXT

WALLS = ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"]

# every box a room draws: its readings, and the pieces of its bottom row as laid out (a folded one has no box)
BOXES = """(room) => {
  const box = (el) => { const b = el.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height,
    what: el.className.baseVal === undefined ? el.className : 'svg'}; };
  const shown = (el) => el.getClientRects().length > 0;
  return {
    readings: [...room.querySelectorAll('.coord, .mark, .band > *, .step')].filter(shown).map(box),
    pieces: [...room.querySelectorAll('.cells > *')].filter(shown).map(box),
    alarm: [...room.querySelectorAll('.alarm')].map(box),
  };
}"""


def bb1_busy() -> GameState:
    """Ann and Bob together; Cat on the die's room with an alarm, the crow and the Lavatory's tokens; the guard
    with his Donuts; hack tokens on a Computer."""
    state = state_from_case({
        "floors": {"1": {"walls": WALLS, "guard": "A3", "destination": "B3", "die": 5, "alarms": ["B3", "C2"],
                         "patrol": ["C4"], "tiles": {"B3": "lavatory", "C2": "computer-laser", "D4": "safe"}}},
        "crew": {"Ann": {"floor": 1, "at": "C3", "stealth": 1}, "Bob": {"floor": 1, "at": "C3", "stealth": 2},
                 "Cat": {"floor": 1, "at": "B3", "stealth": 3}},
        "hack": {"laser": 2}, "entrance": "A1"})
    floor = state.floors[1]
    floor.numbers = {"B3": 3, "C2": 5, "D4": 4}
    floor.lavatory, floor.crow, floor.donuts = {"B3": 3}, "B3", True
    return state


def bb2_busy() -> GameState:
    return state_from_case({"rules": "bb2", "floors": {"1": {
        "walls": WALLS, "guard": "C2", "destination": "B3", "patrol": ["C4"], "tiles": {"B3": "surveillance"},
        "cubes": {"B3": 3}, "crowd": ["B3", "C2"]}},
        "crew": {"Ann": {"floor": 1, "at": "B3", "heat": 2}, "Bob": {"floor": 1, "at": "D4", "heat": 5}}})


def bb3_busy() -> GameState:
    return state_from_case({"rules": "bb3", "floors": {"1": {
        "walls": WALLS, "guard": "A3", "destination": "B3", "die": 4, "alarms": ["B3", "B3", "B3", "C2"],
        "patrol": ["C4"], "workers": {"B3": 2, "C2": 1}, "suspicion": 1}},
        "crew": {"Ann": {"floor": 1, "at": "B3", "stealth": 2}, "Bob": {"floor": 1, "at": "C2", "stealth": 3}}})


BUSY = {"bb1": bb1_busy, "bb2": bb2_busy, "bb3": bb3_busy}


@pytest.fixture
def device(browser: Browser, live_server, request) -> Iterator[Page]:
    """A page at the size the test is parametrized with (indirect)."""
    context = sized_context(browser, live_server, request.param)
    yield context.new_page()
    context.close()


def open_busy(page: Page, live_server, game: str, drawn: bool = True) -> None:
    """A new heist of ``game`` on its busy board (``BUSY``), opened on ``page``; ``drawn``: once its pieces show."""
    page.goto(f"/games/{live_server.store().create(f'Busy {game}', BUSY[game]())}")
    if drawn:
        expect(page.locator("#floor-1 .cells > *").first).to_be_visible()


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two boxes share more than a hair (half a pixel of anti-aliasing each way)."""
    return min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 0.5 and \
        min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 0.5


def room_problems(page: Page) -> list[str]:
    """Every piece smaller than 40 px or covering a reading or another piece, room by room."""
    problems = []
    for room in page.locator("#floor-1 .room[data-square]").all():
        boxes = room.evaluate(BOXES)
        square = room.get_attribute("data-square")
        pieces = boxes["pieces"] + boxes["alarm"]
        problems += [f"{square} {p['what']} {p['w']:.0f}x{p['h']:.0f}" for p in pieces if min(p["w"], p["h"]) < 40]
        for i, p in enumerate(boxes["pieces"]):
            problems += [f"{square} {p['what']} covers {r['what']}" for r in boxes["readings"] if overlap(p, r)]
            problems += [f"{square} {p['what']} covers {q['what']}" for q in boxes["pieces"][i + 1:] if overlap(p, q)]
    return problems


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
@pytest.mark.parametrize("game", ["bb1", "bb2", "bb3"])
def test_every_piece_and_token_is_40px_and_covers_no_reading_nor_another(device: Page, live_server, game: str):
    page = device
    open_busy(page, live_server, game)
    assert room_problems(page) == []
    assert page.evaluate(SMALLEST_TEXT, "#floor-1 .coord, #floor-1 .band > *, #floor-1 .token b, #floor-1 .more") >= 16
    # the busiest room: its first piece and "+N" for the rest, each of them still on the page and named
    busy = page.locator("#room-1-B3")
    more = busy.locator(".more:visible")
    expect(more).to_have_count(1)
    titles = busy.locator(".cells > [data-fold]:not(:visible)").evaluate_all(
        "els => els.map((e) => e.getAttribute('title'))")
    expect(more).to_have_text(f"+{len(titles)}")
    for title in titles:
        assert title and title in (more.get_attribute("title") or "")
        assert title in (busy.get_attribute("aria-label") or "")
    busy.click()  # and the room's menu names every piece
    here = page.locator("#room-menu .here")
    expect(here).to_be_visible()
    for title in titles:
        expect(here).to_contain_text(title)
    if game != "bb2":  # the alarm (bb3: its cubes) frames the room
        expect(busy.locator(".alarm")).to_have_count(1)


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
def test_two_burglars_in_a_room_stand_side_by_side_under_its_coordinate(device: Page, live_server):
    page = device
    page.goto(f"/games/{live_server.store().create('Busy bb1', bb1_busy())}")
    together = page.locator("#room-1-C3")
    expect(together.locator(".burglar")).to_have_count(2)
    expect(together.locator(".burglar").nth(1)).to_be_visible()
    expect(together.locator(".more")).to_have_count(0)
    coord = together.locator(".coord").bounding_box()
    for burglar in together.locator(".burglar").all():
        box = burglar.bounding_box()
        assert coord and box and box["y"] >= coord["y"] + coord["height"], (coord, box)


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
def test_pieces_cover_no_danger_percentage(device: Page, live_server):
    page = device
    page.goto(f"/games/{live_server.store().create('Busy bb1', bb1_busy())}")
    page.get_by_role("button", name="Off: show the odds").click()
    expect(page.locator("#floor-1 .danger-pct").first).to_be_visible()
    assert room_problems(page) == []
    assert page.evaluate(SMALLEST_TEXT, ".danger-pct") >= 16


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_tile_pickers_names_are_16px_whole_and_nothing_scrolls_sideways(device: Page, live_server, language: str):
    page = device
    page.goto(f"/language/{language}?next=/games/{heist_in_play(live_server)}")
    page.locator("#room-1-C2").click()  # face down beside Ann: she can walk in and say what it is
    picker = page.locator("#room-menu .tile-picker").first
    expect(picker).to_be_visible()
    assert page.locator("#room-menu .move-reveal .tile-name").count() >= 20
    assert page.evaluate(SMALLEST_TEXT, "#room-menu .tile-name") >= 16
    assert page.evaluate(CUT, "#room-menu .tile-name, #room-menu .tile-type") == []
    sideways = "(el) => el.scrollWidth <= el.clientWidth"
    assert picker.evaluate(sideways) and page.locator("#room-menu").evaluate(sideways)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]  # type: ignore[index]
    assert page.evaluate("""() => Math.min(...[...document.querySelectorAll('#room-menu .tile-numbers .button')]
      .filter((b) => b.getClientRects().length).map((b) => Math.min(b.offsetWidth, b.offsetHeight)))""") >= 44


def walk_back_and_forth() -> GameState:
    """The guard bounces between D2 and C2 (walls above and below both), five steps: D2 reads "1·3·5"; both rooms
    are revealed with a number, so the coordinate, the pictogram, the number and the Danger % share the top."""
    state = state_from_case({
        "floors": {"1": {"walls": ["C1-C2", "C2-C3", "D1-D2", "D2-D3", "B2-B3"], "guard": "C2", "destination": "D2",
                         "die": 5, "patrol": ["C2", "D2", "C2", "D2", "A4"],
                         "tiles": {"C2": "motion", "D2": "safe", "B2": "lavatory"}}},
        "crew": {"Ann": {"floor": 1, "at": "B2", "stealth": 2}}, "entrance": "A1"})
    state.floors[1].numbers = {"C2": 6, "D2": 4, "B2": 2}
    return state


def text_size(page: Page, step: int) -> None:
    """This device's text size (the header's Aa: 1, 1.15 or 1.3 times)."""
    page.add_init_script(f"localStorage.setItem('burgle:text', '{step}')")


READINGS_APART = """(room) => {
  const shown = [...room.querySelectorAll('.coord, .mark, .band > *, .step, .cells > *')]
    .filter((el) => el.getClientRects().length);
  const name = (el) => el.className.baseVal === undefined ? el.className : 'svg';
  const boxes = shown.map((el) => [name(el), el.getBoundingClientRect()]);
  const apart = (p, q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) <= .5
    || Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) <= .5;
  const inside = (p, r) => p.top >= r.top - .5 && p.bottom <= r.bottom + .5 && p.left >= r.left - .5
    && p.right <= r.right + .5;
  const out = [];
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    if (!apart(p, q)) out.push(`${room.dataset.square} ${a} covers ${b}`);
  }));
  const r = room.getBoundingClientRect();
  const column = parseFloat(getComputedStyle(room.closest('.grid')).gridTemplateColumns.split(' ')[0]);
  if (r.width > column + .5) out.push(`${room.dataset.square} wider than its column`);
  boxes.forEach(([a, p]) => { if (!inside(p, r)) out.push(`${room.dataset.square} ${a} cut off`); });
  return out;
}"""


def readings_problems(page: Page) -> list[str]:
    """Readings covering one another (the coordinate, the pictogram, the band's figures, the guard's steps)."""
    return [p for room in page.locator("#floor-1 .room[data-square]").all() for p in room.evaluate(READINGS_APART)]


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
@pytest.mark.parametrize("step", [1, 2, 3])
@pytest.mark.parametrize("game", ["bb1", "bb2", "bb3"])
def test_at_every_text_size_nothing_in_a_walled_room_covers_anything(device: Page, live_server, game: str, step: int):
    page = device
    text_size(page, step)
    open_busy(page, live_server, game, drawn=False)
    page.get_by_role("button", name="Off: show the odds").click()
    expect(page.locator("#floor-1 .danger-pct").first).to_be_visible()
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--t')").strip() == \
        ["1", "1.15", "1.3"][step - 1]
    assert room_problems(page) + readings_problems(page) == []
    assert page.evaluate(SMALLEST_TEXT, "#floor-1 .coord, #floor-1 .band > *, #floor-1 .token b, #floor-1 .more") >= 16


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
@pytest.mark.parametrize("step", [1, 3])
def test_the_guards_step_numbers_cover_no_reading(device: Page, live_server, step: int):
    page = device
    text_size(page, step)
    game_id = live_server.store().create("Bounce", walk_back_and_forth())
    live_server.store().act(game_id, {"do": "end_turn"})
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name="Off: show the odds").click()
    expect(page.locator("#room-1-D2 .step")).to_have_text("1·3·5")
    expect(page.locator("#room-1-C2 .step")).to_have_text("2·4")
    expect(page.locator("#floor-1 .danger-pct").first).to_be_visible()
    assert room_problems(page) + readings_problems(page) == []
    assert page.evaluate(SMALLEST_TEXT, "#floor-1 .step, #floor-1 .coord, #floor-1 .band > *") >= 16


# a room's row as drawn: its pieces in priority order (guard, die, burglars, tokens), which of them show, its "+N"
ROW = """(room) => {
  const shown = (el) => el.getClientRects().length > 0;
  const cells = room.querySelector('.cells'), style = getComputedStyle(room);
  const pieces = [...cells.children].filter((el) => !el.classList.contains('more'));
  const more = [...cells.querySelectorAll('.more')].filter(shown);
  const first = pieces.find(shown);
  return {square: room.dataset.square, kinds: pieces.map((el) => el.classList[0]), shown: pieces.map(shown),
    hidden: pieces.filter((el) => !shown(el)).map((el) => el.title), more: more.map((el) => [el.textContent, el.title]),
    width: room.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    cell: first ? first.offsetWidth : 0,
    top: new Set([...cells.children].filter(shown).map((el) => el.offsetTop)).size};
}"""


def row_problems(page: Page) -> list[str]:
    """A row that folds a piece it had room for, shows a piece after a folded one (a token while a burglar is
    folded) or whose "+N" miscounts or misnames what it folds."""
    problems = []
    for room in page.locator("#floor-1 .room[data-square]").all():
        row = room.evaluate(ROW)
        where = row["square"]
        if row["shown"] != sorted(row["shown"], reverse=True):  # every shown piece before every folded one
            problems.append(f"{where} shows {row['kinds']} as {row['shown']}: not the first ones")
        if not row["hidden"]:
            problems += [f"{where} +N with nothing folded"] if row["more"] else []
            continue
        if len(row["more"]) != 1:
            problems.append(f"{where} folds {row['hidden']} behind {row['more']}")
            continue
        text, title = row["more"][0]
        if text != f"+{len(row['hidden'])}" or any(t not in title for t in row["hidden"]):
            problems.append(f"{where} {text} '{title}' for {row['hidden']}")
        cells = row["shown"].count(True) + 2  # one more piece beside the "+N"
        if row["top"] == 1 and cells * row["cell"] + (cells - 1) * 2 <= row["width"]:
            problems.append(f"{where} folds {row['hidden']} with room for one more ({row['width']:.0f} px)")
    return problems


@pytest.mark.parametrize("size", [pytest.param({"width": 1920, "height": 1080}, id="tv"),
                                  pytest.param({"width": 1440, "height": 900}, id="laptop")])
def test_a_wide_room_shows_as_many_pieces_as_fit_before_folding(browser: Browser, live_server, size):
    context = sized_context(browser, live_server, size)
    page = context.new_page()
    game_id = live_server.store().create("Busy bb1", bb1_busy())
    page.goto(f"/games/{game_id}/display" if size["width"] > 1600 else f"/games/{game_id}")
    busy = page.locator("#room-1-B3")
    expect(busy.locator(".die")).to_be_visible()
    # the die, Cat, the crow and the Lavatory's tokens: three cells or more where two stood before
    assert busy.locator(".cells > :visible").count() >= 3
    assert room_problems(page) + readings_problems(page) + row_problems(page) == []
    context.close()


@pytest.mark.parametrize("device", VIEWPORTS, indirect=True)
@pytest.mark.parametrize("game", ["bb1", "bb2", "bb3"])
def test_a_row_folds_only_what_does_not_fit_and_never_a_burglar_before_a_token(device: Page, live_server, game: str):
    page = device
    open_busy(page, live_server, game)
    assert row_problems(page) == []
