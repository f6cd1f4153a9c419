"""The league of the club's heists (issue 36 §2) in Chromium, at tablet and phone size: the host opens it from the
heists page, ticks one heist, sees only that crew counted with its luck, opens the luckiest heist's report and
downloads the rows as a CSV file; the page never scrolls sideways (its tables scroll in their own region), its
targets are 44 px, and axe finds nothing serious."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import sized_context
from tests.browser.test_accessibility import VIEWPORTS, serious
from tests.test_league import ANN_BOB, bank_job, half_a_chance


@pytest.fixture(params=list(VIEWPORTS))
def device(browser: Browser, live_server, request) -> Iterator[Page]:
    context = sized_context(browser, live_server, VIEWPORTS[request.param])
    yield context.new_page()
    context.close()


def test_the_host_counts_a_chosen_heist_opens_the_luckiest_and_downloads_the_rows(device: Page, live_server,
                                                                                  tmp_path) -> None:
    store = live_server.store()
    lucky = half_a_chance(store, ["C1", "A3", "A1"])
    bank = bank_job(store, ANN_BOB, seed=4)
    device.goto("/")
    device.get_by_role("link", name="League: every crew’s heists and their luck").click()
    expect(device.get_by_role("heading", name="League of the club’s heists", level=1)).to_be_visible()
    assert serious(device) == []
    assert device.evaluate("document.documentElement.scrollWidth") <= device.viewport_size["width"]  # type: ignore[index]
    device.locator(f'input[name=heist][value="{lucky}"]').check()
    device.get_by_role("button", name="Show the league").click()
    expect(device).to_have_url(re.compile(rf"/league\?heist={lucky}$"))
    crews = device.get_by_role("region", name="Crew")
    expect(crews.get_by_role("rowheader")).to_have_text(["Ana"])
    expect(crews.get_by_role("row").nth(1)).to_contain_text("+0.50")
    assert device.locator(f"#heist-{bank}").count() == 0
    targets = device.locator("main .button, main label.choice").all()
    assert len(targets) >= 5  # three links, a heist's label at least, the button
    for target in targets:
        assert target.bounding_box()["height"] >= 44  # type: ignore[index]
    assert serious(device) == []
    with device.expect_download() as download:
        device.get_by_role("link", name="Download as a spreadsheet (CSV)").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert re.fullmatch(r"burgle-league-\d{4}-\d\d-\d\d\.csv", saved.name)
    rows = list(csv.reader(io.StringIO(saved.read_text(encoding="utf-8"))))
    assert [r[:2] for r in rows[1:]] == [["Crew", "Ana"], ["Character", "No character named"],
                                         ["Job and difficulty", "Imported position, 1 floor"],
                                         ["Heist", f"A test ({lucky})"]]
    device.get_by_role("list").filter(has_text="luck +0.50").get_by_role("link", name="A test").click()
    expect(device).to_have_url(re.compile(f"/games/{lucky}/report$"))
