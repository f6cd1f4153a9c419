"""The whole log's times (issue 26 §7) in the device's local time, written as the page's language is written on
this device: an en-US browser reading the French page sees 20:15, not 08:15 PM; in English it keeps its own
format, and an en-GB browser its 24-hour clock."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_heist import heist_in_play


@pytest.mark.parametrize(("locale", "lang", "written"), [("en-US", "fr", r"^\d\d:\d\d$"),
                                                          ("en-US", "en", r"^\d\d:\d\d (AM|PM)$"),
                                                          ("en-GB", "en", r"^\d\d:\d\d$"),
                                                          ("fr-FR", "es", r"^\d\d:\d\d$")])
def test_log_times_are_written_as_the_pages_language_is_on_this_device(browser: Browser, live_server, locale, lang,
                                                                       written):
    game_id = heist_in_play(live_server)
    context = browser.new_context(base_url=live_server.url, locale=locale, timezone_id="UTC")
    try:
        page = context.new_page()
        page.goto(f"/games/{game_id}/log?lang={lang}")
        time = page.locator("time[datetime]").first
        expect(time).to_have_text(re.compile(written))
        stored, shown = time.get_attribute("datetime") or "", time.inner_text()
        hour, minute = int(stored[11:13]), stored[14:16]
        assert shown.startswith(f"{hour % 12 or 12:02d}:{minute}" if shown.endswith("M") else f"{hour:02d}:{minute}")
    finally:
        context.close()
