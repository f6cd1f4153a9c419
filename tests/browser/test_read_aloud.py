"""Read aloud (issue 26 §3): a tap turns it on for this device; each guard move and its checklist are said in
the page's language with a voice of that language, never another; where the device has none, the page says so
and stays silent; Repeat says the last move again. speechSynthesis is a stub that records what it is asked."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_heist import heist_in_play, version_is

STUB = """(voices) => {
  const said = [];
  window.__said = said;
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ''; this.voice = null; };
  Object.defineProperty(window, 'speechSynthesis', { value: {
    getVoices: () => voices,
    speak: (u) => said.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name }),
    cancel: () => {},
  } });
}"""


def stubbed(browser: Browser, live_server: Any, voices: list[dict[str, str]], locale: str = "en-GB") -> Page:
    context = browser.new_context(base_url=live_server.url, locale=locale, viewport={"width": 1280, "height": 800})
    context.add_init_script(f"({STUB})({voices!r})")
    return context.new_page()


def said(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__said")


def test_each_guard_move_and_its_checklist_are_said_in_english_after_a_tap(browser: Browser, live_server):
    page = stubbed(browser, live_server, [{"name": "Jorge", "lang": "es-ES"}, {"name": "Daniel", "lang": "en-GB"}])
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name="Read aloud").click()
    expect(page.get_by_role("button", name="Read aloud")).to_have_attribute("aria-pressed", "true")
    assert said(page) == [{"text": "Reading each guard move aloud.", "lang": "en-GB", "voice": "Daniel"}]
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 3)
    summary = page.locator(".real-board .summary").first.inner_text()
    checklist = page.locator(".real-board li").all_inner_texts()
    expect(page.get_by_role("button", name="Repeat")).to_be_visible()
    spoken = said(page)
    assert len(spoken) == 2 and spoken[1]["voice"] == "Daniel" and spoken[1]["lang"] == "en-GB"
    sentences = [line.strip() if line.strip().endswith(".") else line.strip() + "." for line in [summary, *checklist]]
    assert spoken[1]["text"] == " ".join(sentences)
    page.get_by_role("button", name="Repeat").click()
    assert said(page)[-1] == spoken[1]
    page.get_by_role("button", name="Read aloud").click()  # off again: the next move is not said
    page.get_by_role("button", name=re.compile("^End turn")).click()
    version_is(page, 4)
    assert len(said(page)) == 3
    page.context.close()


def test_a_spanish_page_with_no_spanish_voice_says_so_and_stays_silent(browser: Browser, live_server):
    page = stubbed(browser, live_server, [{"name": "Daniel", "lang": "en-GB"}], locale="es-ES")
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_role("button", name="Leer en voz alta").click()
    expect(page.locator("#speak-status")).to_have_text(
        "Este dispositivo no tiene voz para este idioma: la aplicación no hablará.")
    page.get_by_role("button", name=re.compile("^Terminar turno")).click()
    version_is(page, 3)
    assert said(page) == []  # never an English voice reading Spanish
    page.context.close()


@pytest.mark.parametrize("voices", [[{"name": "Amélie", "lang": "fr_FR"}]])
def test_a_french_page_picks_the_french_voice(browser: Browser, live_server, voices):
    page = stubbed(browser, live_server, voices, locale="fr-FR")
    page.goto(f"/games/{heist_in_play(live_server)}")
    page.get_by_role("button", name="Lire à voix haute").click()
    assert said(page) == [{"text": "Chaque déplacement du gardien sera lu à voix haute.", "lang": "fr_FR",
                           "voice": "Amélie"}]
    page.context.close()
