"""A heist played in a real browser, the way the table does it: the form, the break-in, tapping rooms,
the big End turn button, a question to the table, undo, reload, a server restart, a phone.

Where the guard must be is computed with the engine from the stored position (the decks are shuffled
from a random seed), never guessed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from assistant.engine.actions import Result, apply
from assistant.engine.bb1.setup import new_game
from assistant.engine.scenarios import BANK_WALLS
from assistant.engine.state import GameState
from assistant.words import prompt, sentence
from tests.web.helpers import tie_pair

ROOT = Path(__file__).resolve().parents[2]
CREW = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}]


# -- helpers ---------------------------------------------------------------------------------------

def room(page: Page, floor: int, square: str) -> Locator:
    """A room on the board, found as a person (or a screen reader) finds it: by its label."""
    return page.get_by_role("button", name=re.compile(rf"^Floor {floor} {square}(,|$)"))


def game_id_of(page: Page) -> str:
    """The heist the page shows, once the page has loaded: htmx has then taken the board's forms over, so a tap
    swaps the board in place as the tests expect (before, it posts the form itself and a new page comes back:
    test_without_htmx.py)."""
    page.wait_for_load_state()
    match = re.search(r"/games/([0-9a-f]+)$", page.url)
    assert match, page.url
    return match.group(1)


def version_is(page: Page, version: int) -> None:
    """Wait for htmx to swap in the board of this version and to settle it: htmx gives new elements
    their old class attribute for a moment (attributesToSettle) and only then the new one."""
    expect(page.locator("#game")).to_have_attribute("data-version", str(version))
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")).to_have_count(0)


def animations_done(page: Page) -> None:
    """Wait for the guard's walk (each step fades in 350 ms after the previous one) to finish."""
    # evaluate, not wait_for_function: that one evals a string in the page, which the CSP forbids
    page.evaluate("() => Promise.all(document.getAnimations().filter(a => a.effect.getComputedTiming().iterations"
                  " !== Infinity).map(a => a.finished.catch(() => null)))")  # a cancelled one counts as done


def state_of(live_server, game_id: str) -> GameState:
    return live_server.store().load(game_id).state


def engine(live_server, game_id: str, **action) -> Result:
    return apply(state_of(live_server, game_id), action)


def log_texts(result: Result) -> list[str]:
    return [sentence(e) for e in result.log]


def expect_log(page: Page, lines: list[str]) -> None:
    items = page.locator(".log ol > li")
    expect(items).to_have_count(len(lines))
    expect(items).to_contain_text(lines)


def expect_guard(page: Page, floor: int, square: str) -> None:
    expect(room(page, floor, square)).to_have_accessible_name(re.compile(r", guard(,|$)"))
    expect(room(page, floor, square).get_by_title("guard", exact=True)).to_have_text("G")
    expect(page.locator(f"#floor-{floor} .room:has(.guard)")).to_have_count(1)


def set_up_bank_job(page: Page) -> str:
    """The new-heist form as a person fills it: the Bank Job, two burglars, the printed walls."""
    page.goto("/")
    page.get_by_role("link", name="Start a new heist").click()
    expect(page.get_by_role("heading", name="New heist")).to_be_visible()
    page.get_by_role("radio", name=re.compile("The Bank Job")).check()
    page.get_by_role("textbox", name="Name of burglar 1").fill("Ann")
    page.get_by_role("textbox", name="Name of burglar 2").fill("Bob")
    page.get_by_role("radio", name=re.compile("The job's printed layout")).check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    return game_id_of(page)


def heist_in_play(live_server, entrance: str = "B2", seed: int = 2024) -> str:
    """A Bank Job already broken into (for the tests about what comes after): made in the store."""
    store = live_server.store()
    game_id = store.create("The Bank Job — Ann & Bob", new_game("bank", CREW, seed=seed))
    store.act(game_id, {"do": "start"})
    store.act(game_id, {"do": "entrance", "at": entrance})
    return game_id


def open_board(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}")
    expect(page.get_by_role("button", name=re.compile("^End turn"))).to_be_visible()


def tap_room(page: Page, floor: int, square: str) -> None:
    room(page, floor, square).click()
    expect(page.get_by_role("heading", name=re.compile(rf"Floor {floor} · {square}"))).to_be_visible()


def open_reveal(page: Page) -> Locator:
    """The room menu's "turn face up" picker, opened: it opens by itself on a room nobody can walk into."""
    reveal = page.locator("details.reveal")
    if reveal.get_attribute("open") is None:
        reveal.locator("summary").click()
    return reveal


def free_rooms(state: GameState, floor: int = 1, *avoid: str) -> list[str]:
    fl = state.floors[floor]
    busy = {fl.guard, fl.destination, *avoid} | {b.at for b in state.crew.values() if b.floor == floor}
    return [r for r in state.plan(floor).rooms if r not in busy]


# -- the tests ---------------------------------------------------------------------------------------

def test_set_up_a_bank_job_break_in_and_enter(page: Page, live_server):
    game_id = set_up_bank_job(page)
    s = state_of(live_server, game_id)
    assert s.scenario == "bank" and [s.floors[n].walls for n in (1, 2, 3)] == [tuple(sorted(w)) for w in BANK_WALLS]
    for n in (1, 2, 3):
        expect(page.get_by_role("heading", name=f"Floor {n}", exact=True)).to_be_visible()
    expect(room(page, 1, "A1")).to_have_class(re.compile(r"\bwall-e\b"))  # the printed wall A1-B1

    reference = engine(live_server, game_id, do="start")
    page.get_by_role("button", name="Break in — place the floor-1 guard").click()
    version_is(page, 1)
    expect_guard(page, 1, reference.state.floors[1].guard)
    assert reference.state.floors[1].destination is None  # §1.22: the entrance comes first
    expect_log(page, log_texts(reference))
    expect(page.get_by_text("Tap the room where the crew breaks in on floor 1.")).to_be_visible()

    entrance = free_rooms(reference.state)[0]
    broke_in = engine(live_server, game_id, do="entrance", at=entrance)
    tap_room(page, 1, entrance)
    page.get_by_role("button", name="The crew breaks in here").click()
    version_is(page, 2)
    expect(page.get_by_text("Ann's turn · floor 1")).to_be_visible()
    expect(page.get_by_role("button", name="End turn — the floor-1 guard moves")).to_be_visible()
    expect(room(page, 1, broke_in.state.floors[1].destination)).to_have_accessible_name(re.compile("destination"))
    expect(room(page, 1, entrance).locator(".burglar")).to_have_count(1)  # Bob walks in on his first turn
    expect_log(page, log_texts(broke_in))
    crew = state_of(live_server, game_id).crew
    assert crew["Ann"].at == entrance and crew["Bob"].at is None


def test_reveal_rooms_with_their_numbers(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    square = free_rooms(state_of(live_server, game_id))[0]
    tap_room(page, 1, square)
    open_reveal(page).get_by_role("button", name="Camera 2", exact=True).click()  # without moving anyone in
    version_is(page, 3)
    expect(room(page, 1, square)).to_have_accessible_name(re.compile(rf"^Floor 1 {square}, Camera"))
    expect(room(page, 1, square).locator(".mark")).to_have_text("◉")
    expect(room(page, 1, square).locator(".num")).to_have_text("2")
    expect_log(page, [f"{square} on floor 1, face up: camera."])

    tap_room(page, 2, "D4")
    open_reveal(page).get_by_role("button", name="Safe", exact=True).click()
    version_is(page, 4)
    expect(room(page, 2, "D4").locator(".mark")).to_have_text("$")
    expect(room(page, 2, "D4").locator(".num")).to_have_count(0)
    assert state_of(live_server, game_id).floors[1].numbers == {square: 2}


def test_move_a_burglar(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    s = state_of(live_server, game_id)
    target = [r for r in free_rooms(s) if r in s.plan(1).adjacent("B2")][-1]  # next door, no wall (issue 21 §4)
    # a Laboratory: a face-down Deadbolt would keep her out (§1.22 "Deadbolt moved into face down")
    reference = engine(live_server, game_id, do="move", who="Ann", floor=1, to=target, type="laboratory", number=3)
    tap_room(page, 1, target)  # face down: who moves in, then what it is, in one picker
    page.locator("form.move-reveal").get_by_role("radio", name="Ann").check()
    page.locator("form.move-reveal").get_by_role("button", name="Laboratory 3", exact=True).click()
    version_is(page, 3)
    expect(room(page, 1, target).get_by_title("Ann: 3 Stealth")).to_be_visible()
    expect(room(page, 1, "B2").get_by_title("Ann: 3 Stealth")).to_have_count(0)
    expect_log(page, log_texts(reference))


def test_trigger_an_alarm_and_see_it(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    square = free_rooms(state_of(live_server, game_id))[0]
    reference = engine(live_server, game_id, do="alarm", floor=1, at=square)
    tap_room(page, 1, square)
    page.get_by_role("button", name="Alarm here").click()
    version_is(page, 3)
    expect(room(page, 1, square)).to_have_accessible_name(re.compile(r", alarm$"))
    expect(room(page, 1, square).get_by_title("alarm")).to_have_text("!")
    expect(page.locator("#floor-1").get_by_text(re.compile(r"alarms\s*1"))).to_be_visible()
    expect_log(page, log_texts(reference))
    assert state_of(live_server, game_id).floors[1].alarms == (square,)


def test_end_turn_moves_the_guard_as_the_engine_says(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    for version in (3, 4, 5):
        reference = engine(live_server, game_id, do="end_turn")
        player = state_of(live_server, game_id).order[state_of(live_server, game_id).turn]
        expect(page.get_by_text(f"{player}'s turn · floor 1")).to_be_visible()
        page.get_by_role("button", name="End turn — the floor-1 guard moves").click()
        version_is(page, version)
        fl = reference.state.floors[1]
        expect_guard(page, 1, fl.guard)
        expect_log(page, log_texts(reference))
        entered = [e.square for e in reference.log if e.kind == "enter"]
        for n, square in enumerate(entered, start=1):
            expect(room(page, 1, square).locator(".step", has_text=re.compile(rf"^{n}$"))).to_have_count(1)
        assert state_of(live_server, game_id).floors[1].guard == fl.guard


def test_a_double_tap_on_end_turn_moves_the_guard_once(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    posts: list[Request] = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" and r.url.endswith("/act") else None)
    page.get_by_role("button", name="End turn — the floor-1 guard moves").dblclick()
    version_is(page, 3)
    # both clicks went out (or were dropped) before the first answer was swapped in: once every post that
    # went out has its answer, a second move would be in the database, without guessing how long that takes
    for post in posts:
        post.response()
    assert 1 <= len(posts) <= 2
    assert live_server.store().load(game_id).head == 3
    expect(page.get_by_text("Bob's turn · floor 1")).to_be_visible()


def test_answer_a_tie_by_tapping_a_highlighted_room(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    first, second = tie_pair(state_of(live_server, game_id))
    for square, version in ((first, 3), (second, 4)):
        tap_room(page, 1, square)
        page.get_by_role("button", name="Alarm here").click()
        version_is(page, version)
    question = state_of(live_server, game_id).pending["question"]
    expect(page.get_by_role("alert")).to_contain_text(prompt(question))
    expect(page.get_by_role("button", name=re.compile("^End turn"))).to_have_count(0)
    for square in question["options"]:
        expect(room(page, 1, square)).to_have_class(re.compile(r"\boption\b"))
    choice = question["options"][-1]
    reference = engine(live_server, game_id, do="answer", choice=choice)
    room(page, 1, choice).click()
    version_is(page, 5)
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.locator(".room.option")).to_have_count(0)
    expect(room(page, 1, choice)).to_have_accessible_name(re.compile("destination"))
    expect_log(page, log_texts(reference))
    assert state_of(live_server, game_id).floors[1].destination == choice


def test_undo_shows_the_previous_board(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    before = state_of(live_server, game_id).floors[1]
    page.get_by_role("button", name="End turn — the floor-1 guard moves").click()
    version_is(page, 3)
    expect(page.get_by_text("Bob's turn · floor 1")).to_be_visible()
    page.get_by_role("button", name="Undo").click()
    version_is(page, 4)
    expect_guard(page, 1, before.guard)
    expect(page.get_by_text("Ann's turn · floor 1")).to_be_visible()
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()
    expect(page.locator(".log ol > li").first).to_have_text(re.compile("^The crew breaks in through B2 on floor 1."))
    page.get_by_role("button", name="Redo").click()
    version_is(page, 5)
    expect(page.get_by_text("Bob's turn · floor 1")).to_be_visible()
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


def test_reload_and_server_restart_show_the_same_board(page: Page, live_server):
    game_id = heist_in_play(live_server)
    open_board(page, game_id)
    square = free_rooms(state_of(live_server, game_id))[0]
    tap_room(page, 1, square)
    page.get_by_role("button", name="Alarm here").click()
    version_is(page, 3)
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 4)
    board = page.locator(".floors").inner_html()
    log = page.locator(".log").inner_text()

    page.reload()
    version_is(page, 4)
    assert page.locator(".floors").inner_html() == board
    assert page.locator(".log").inner_text() == log

    live_server.restart()
    page.reload()
    version_is(page, 4)
    assert page.locator(".floors").inner_html() == board
    assert page.locator(".log").inner_text() == log
    # and the page drawn by the new server instance still plays
    reference = engine(live_server, game_id, do="end_turn")
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 5)
    expect_guard(page, 1, reference.state.floors[1].guard)


def test_a_stale_page_on_another_device_is_told_and_refreshed(browser: Browser, page: Page, live_server):
    game_id = heist_in_play(live_server)
    # this tablet hears no live updates (its stream dropped, or both taps came in the same instant),
    # so it still shows the old board when it acts
    page.route(re.compile(r"/events(\?|$)"), lambda route: route.abort())  # its own stream or its tabs'
    open_board(page, game_id)
    other = browser.new_context(base_url=live_server.url)
    try:
        phone = other.new_page()
        open_board(phone, game_id)
        phone.get_by_role("button", name=re.compile("^End turn")).click()
        version_is(phone, 3)
        page.get_by_role("button", name=re.compile("^End turn")).click()  # the tablet still shows version 2
        expect(page.get_by_role("alert")).to_contain_text("The board changed on another device")
        version_is(page, 3)
        assert live_server.store().load(game_id).head == 3
    finally:
        other.close()


def test_a_phone_can_play_the_board(browser: Browser, live_server, tmp_path):
    game_id = heist_in_play(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url,
                                  has_touch=True, is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        open_board(page, game_id)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways on a phone: {width}px wide"
        for square in ("A1", "D4"):
            box = room(page, 1, square).bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, f"room {square} is {box} (44px at least)"
        square = free_rooms(state_of(live_server, game_id))[0]
        room(page, 1, square).tap()
        expect(page.get_by_role("heading", name=re.compile(rf"Floor 1 · {square}"))).to_be_visible()
        page.get_by_role("button", name="Alarm here").tap()
        version_is(page, 3)
        expect(room(page, 1, square)).to_have_accessible_name(re.compile(r", alarm$"))
        reference = engine(live_server, game_id, do="end_turn")
        end_turn = page.get_by_role("button", name="End turn — the floor-1 guard moves")
        end_turn.tap()
        version_is(page, 4)
        expect_guard(page, 1, reference.state.floors[1].guard)
        expect(room(page, 1, reference.state.floors[1].guard).locator(".guard")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        animations_done(page)
        page.screenshot(path=str(tmp_path / "phone.png"))
    finally:
        context.close()


@pytest.fixture
def desk(browser: Browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
    yield context.new_page()
    context.close()


def test_a_bank_job_a_few_turns_in_draws_as_a_picture(desk: Page, live_server, tmp_path):
    """A Bank Job a few turns in, with revealed rooms, an alarm and the guard's path, screenshot in Chromium
    (into a temporary folder: docs/make_screenshots.py takes the README's pictures)."""
    game_id = heist_in_play(live_server, entrance="B2", seed=7)
    store = live_server.store()
    s = state_of(live_server, game_id)
    spots = free_rooms(s)
    store.act(game_id, {"do": "reveal", "floor": 1, "at": spots[0], "type": "camera", "number": 2})
    store.act(game_id, {"do": "reveal", "floor": 1, "at": spots[1], "type": "stairs", "number": 5})
    store.act(game_id, {"do": "move", "who": "Bob", "floor": 1, "to": spots[1], "via": "ability"})
    store.act(game_id, {"do": "reveal", "floor": 1, "at": spots[2], "type": "laser", "number": 3})
    store.act(game_id, {"do": "end_turn"})
    s = state_of(live_server, game_id)
    store.act(game_id, {"do": "alarm", "floor": 1, "at": free_rooms(s)[-1]})
    store.act(game_id, {"do": "end_turn"})
    desk.goto(f"/games/{game_id}")
    expect(desk.get_by_role("button", name=re.compile("^End turn"))).to_be_visible()
    animations_done(desk)
    out = tmp_path / "board.png"
    desk.screenshot(path=str(out))
    assert out.stat().st_size > 10_000
