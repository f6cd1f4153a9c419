"""A club on a hosted service (issue 37 §4), in the browser at tablet size: the tablet is sent to sign in, signs in
with the club's name and password, and sees its own heists alone, on the heists page and the club page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import LiveServer
from tests.browser.test_accessibility import serious
from tests.test_store import fresh

TABLET = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(Path(tmp_path_factory.mktemp("service")) / "heists.sqlite3", HOSTED=True)
    server.start()
    yield server
    server.stop()


def test_a_tablet_signs_in_to_its_club_and_sees_only_its_heists(browser: Browser, service: LiveServer) -> None:
    store = service.store()
    owls, larks = store.create_club("Night Owls", "open sesame"), store.create_club("Early Larks", "larks pw")
    ours = store.create("The Bank Job — Olivia & Oscar", fresh(), club=owls.id)
    theirs = store.create("The Bank Job — Lucas & Lena", fresh(), club=larks.id)
    context = browser.new_context(base_url=service.url, viewport=TABLET)
    try:
        page = context.new_page()
        page.goto("/")
        expect(page).to_have_url(re.compile(r"/signin$"))
        page.get_by_label("Club's name").first.fill("Night Owls")
        page.get_by_label("Password", exact=True).fill("open sesamE")
        page.get_by_role("button", name="Sign in", exact=True).click()
        expect(page.get_by_role("alert")).to_contain_text("No club has that name and password")
        assert serious(page) == []  # the sign-in and start-a-club forms, with the refusal shown
        expect(page.get_by_label("Club's name").first).to_have_value("Night Owls")  # what was typed stays
        page.get_by_label("Password", exact=True).fill("open sesame")
        page.get_by_role("button", name="Sign in", exact=True).click()
        expect(page).to_have_url(re.compile(r"/$"))
        expect(page.get_by_text("Olivia & Oscar")).to_be_visible()
        expect(page.get_by_text("Lucas & Lena")).to_have_count(0)
        page.goto("/club")
        expect(page.locator(f"#heist-{ours}")).to_be_visible()
        expect(page.locator(f"#heist-{theirs}")).to_have_count(0)
        assert page.goto(f"/games/{theirs}").status == 404
        page.goto("/settings")
        page.get_by_role("button", name="Make a sign-in link").click()
        expect(page.get_by_role("img", name="QR code of the sign-in link")).to_be_visible()
        assert serious(page) == []
    finally:
        context.close()
