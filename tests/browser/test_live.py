"""Phones join by the tablet's QR code and follow the heist live (issue 4), in real Chromium: the QR
is read back from a screenshot with zbarimg, the phones open what it says (as burgle.lan, a LAN
name, so they are not the host), and every device follows what any other does."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_heist import engine, expect_guard, heist_in_play, room, version_is

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
FORGE = """async ([url, body]) => {
  const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  const response = await fetch(url, {method: "POST", body, headers: {"X-CSRFToken": token, "HX-Request": "true",
                                     "Content-Type": "application/x-www-form-urlencoded"}});
  return response.status;
}"""


@pytest.fixture(scope="session")
def zbarimg() -> str:
    path = shutil.which("zbarimg")
    if path is None:
        message = "zbarimg is missing: install Debian's zbar-tools (./test.sh does)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return path


@pytest.fixture
def tablet(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """The table's tablet: it reaches the app as 127.0.0.1, so it is the host. It sets the address
    phones are shown (as the settings page of a real table would), put back afterwards."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
    page = context.new_page()
    page.goto("/settings")
    page.get_by_role("textbox", name="Address phones use to join").fill(live_server.phone_url)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    yield page
    context.close()
    live_server.store().set_setting("public_url", None)


@pytest.fixture
def phones(browser: Browser) -> Iterator[list[BrowserContext]]:
    contexts = [browser.new_context(**PHONE) for _ in range(2)]  # type: ignore[arg-type]
    yield contexts
    for context in contexts:
        context.close()


def scan(page: Page, zbarimg: str, shot: Path) -> str:
    """What a phone's camera reads from the QR code on the tablet's screen."""
    page.locator("#share .qr").scroll_into_view_if_needed()  # the board page loads its QR code when it is seen
    page.locator("#share .qr svg").wait_for()
    page.locator("#share .qr").screenshot(path=str(shot))
    found = subprocess.run([zbarimg, "-q", "--raw", str(shot)], capture_output=True, text=True, timeout=30,
                           check=False)
    assert found.returncode == 0, f"no QR code in {shot}: {found.stderr}"
    return found.stdout.strip()


def show_link(tablet: Page, kind: str) -> None:
    button = tablet.get_by_role("button", name=f"{kind.title()} link", exact=True)  # not "Display link" for "Play"
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def scan_play(tablet: Page, zbarimg: str, shot: Path) -> str:
    show_link(tablet, "play")
    return scan(tablet, zbarimg, shot)


def test_phones_join_by_the_qr_code_and_follow_the_tablet_live(tablet: Page, phones: list[BrowserContext],
                                                               live_server: LiveServer, zbarimg: str,
                                                               tmp_path: Path) -> None:
    game_id = heist_in_play(live_server)
    links = live_server.store().load(game_id)
    tablet.goto(f"/games/{game_id}")
    expect(tablet.get_by_role("heading", name="Phones join here")).to_be_visible()
    play_url = scan(tablet, zbarimg, tmp_path / "play.png")
    assert play_url == f"{live_server.phone_url}/games/{links.play_token}"
    expect(tablet.locator("#share .address")).to_have_text(play_url)
    show_link(tablet, "watch")
    watch_url = scan(tablet, zbarimg, tmp_path / "watch.png")
    assert watch_url == f"{live_server.phone_url}/games/{links.watch_token}"

    player, watcher = (context.new_page() for context in phones)
    player.goto(play_url)
    watcher.goto(watch_url)
    for phone in (player, watcher):
        version_is(phone, 2)
        expect(phone.locator("#share")).to_have_count(0)  # no links to hand out from a phone
        expect(phone.get_by_text("Keep this screen on while you play.")).to_be_visible()
    expect(player.get_by_role("button", name="End turn — the floor-1 guard moves")).to_be_visible()
    expect(watcher.get_by_text("You are watching")).to_be_visible()
    expect(watcher.locator("[hx-post]")).to_have_count(0)
    expect(watcher.get_by_role("button", name=re.compile("^(End turn|Undo|Redo)"))).to_have_count(0)

    # the tablet ends a turn: both phones show the guard where the engine puts him, walking there
    reference = engine(live_server, game_id, do="end_turn")
    tablet.get_by_role("button", name="End turn — the floor-1 guard moves").click()
    version_is(tablet, 3)
    entered = [e.square for e in reference.log if e.kind == "enter"]
    guard = reference.state.floors[1].guard
    assert guard is not None
    for phone in (player, watcher):
        version_is(phone, 3)
        expect_guard(phone, 1, guard)
        expect(phone.locator("#game")).to_have_class(re.compile(r"\banimate\b"))
        for n, square in enumerate(entered, start=1):
            expect(room(phone, 1, str(square)).locator(".step", has_text=re.compile(rf"^{n}$"))).to_have_count(1)

    # and the other way round: the play phone acts, the tablet and the watcher follow
    reference = engine(live_server, game_id, do="end_turn")
    player.get_by_role("button", name=re.compile("^End turn")).tap()
    guard = reference.state.floors[1].guard
    assert guard is not None
    for device in (player, tablet, watcher):
        version_is(device, 4)
        expect_guard(device, 1, guard)

    # a watcher who forges the POST a play button would send is refused by the server
    assert watcher.evaluate(FORGE, [f"/games/{links.watch_token}/act", "do=end_turn&version=4"]) == 403
    assert watcher.evaluate(FORGE, [f"/games/{game_id}/act", "do=end_turn&version=4"]) == 404  # an id is no link
    assert live_server.store().load(game_id).version == 4


def test_a_revoked_link_sends_its_phones_away_and_the_new_qr_code_works(tablet: Page, phones: list[BrowserContext],
                                                                        live_server: LiveServer, zbarimg: str,
                                                                        tmp_path: Path) -> None:
    game_id = heist_in_play(live_server)
    tablet.goto(f"/games/{game_id}")
    show_link(tablet, "watch")
    old_url = scan(tablet, zbarimg, tmp_path / "old.png")
    watcher, player = (context.new_page() for context in phones)
    watcher.goto(old_url)
    player.goto(scan_play(tablet, zbarimg, tmp_path / "play.png"))
    version_is(watcher, 2)
    version_is(player, 2)

    show_link(tablet, "watch")
    tablet.once("dialog", lambda dialog: dialog.accept())
    tablet.get_by_role("button", name="Revoke this link").click()
    expect(tablet.get_by_role("status")).to_contain_text("The old watch link no longer works")
    # told at once, over its stream: the link was revoked, scan the new code
    expect(watcher.get_by_role("heading", name="This link was revoked")).to_be_visible()
    expect(watcher.get_by_role("alert")).to_contain_text("Scan the new QR code on the tablet's board.")
    new_url = scan(tablet, zbarimg, tmp_path / "new.png")
    watch_token = live_server.store().load(game_id).watch_token
    assert new_url != old_url and new_url == f"{live_server.phone_url}/games/{watch_token}"
    watcher.goto(new_url)
    version_is(watcher, 2)
    tablet.get_by_role("button", name=re.compile("^End turn")).click()
    for phone in (player, watcher):  # the play link was not touched: that phone still follows
        version_is(phone, 3)


def test_the_tablet_keeps_its_screen_on_and_a_phone_is_asked_to(tablet: Page, browser: Browser,
                                                                live_server: LiveServer) -> None:
    game_id = heist_in_play(live_server)
    tablet.goto(f"/games/{game_id}")
    # http://127.0.0.1 is a secure context: the tablet holds a screen wake lock and needs no hint
    expect(tablet.locator("#live")).to_have_attribute("data-wake", "on")
    expect(tablet.get_by_text("Keep this screen on while you play.")).to_be_hidden()
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.phone_url}/games/{live_server.store().load(game_id).play_token}")
        assert phone.evaluate("window.isSecureContext") is False  # a LAN address over plain http, as at a table
        expect(phone.get_by_text("Keep this screen on while you play.")).to_be_visible()
    finally:
        context.close()
