"""Club night (issue 24 §1), in the browser: the host's page of every heist, with the QR codes its table joins by,
whose turn it is; the host resumes a heist from it, deletes one and comes back to it, and backs every heist up."""

from __future__ import annotations

import gzip
import re

from playwright.sync_api import Page, expect

from tests.browser.test_heist import heist_in_play


def test_the_host_sees_every_heist_with_its_codes_resumes_one_and_deletes_another(page: Page, live_server):
    kept, gone = heist_in_play(live_server), heist_in_play(live_server, seed=7)
    store = live_server.store()
    page.goto("/")
    page.get_by_role("link", name="Club night: every heist with its QR codes").click()
    for game_id in (kept, gone):
        card = page.locator(f"#heist-{game_id}")
        card.get_by_text("QR codes").click()  # behind one step: a row a heist
        expect(card.get_by_role("img", name="QR code of the play link")).to_be_visible()
        expect(card.get_by_role("img", name="QR code of the watch link")).to_be_visible()
        expect(card.get_by_role("img", name="QR code of the display link")).to_be_visible()
        expect(card.locator(".status")).to_contain_text(f"{store.load(game_id).state.current()}'s turn")
        expect(card).to_contain_text(store.load(game_id).play_token)
    page.locator(f"#heist-{gone}").get_by_role("link", name=re.compile("^Delete")).click()
    page.get_by_role("button", name="Yes, delete it").click()
    expect(page).to_have_url(re.compile(r"/club$"))
    expect(page.locator(f"#heist-{gone}")).to_have_count(0)
    page.locator(f"#heist-{kept}").get_by_role("link", name="Resume").click()
    expect(page).to_have_url(re.compile(f"/games/{kept}$"))
    expect(page.get_by_role("button", name=re.compile("^End turn"))).to_be_visible()


def test_the_host_backs_up_every_heist_in_one_file(page: Page, live_server, tmp_path):
    game_id = heist_in_play(live_server)
    page.goto("/")
    page.get_by_text("Back up, restore, move to another laptop").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Back up every heist (one file)").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("burgle-heists-") and saved.name.endswith(".sqlite3.gz")
    assert gzip.decompress(saved.read_bytes()).startswith(b"SQLite format 3\0")
    page.locator("form:has(input[value=add]) input[type=file]").set_input_files(saved)
    page.get_by_role("button", name="Add them").click()
    expect(page.get_by_role("status")).to_contain_text("were here already")
    assert live_server.store().load(game_id).head == 2
