"""Read aloud (issue 26 §3): a tap turns it on for this device; each guard move and its checklist are said in
the page's language with a voice of that language, never another; where the device has none, the page says so
and stays silent; Repeat says the last move again; Describe this floor (its button or D) puts the floor shown in words
in a live region and says it. speechSynthesis is a stub that records what it is asked."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from assistant.engine.rulesets import RULEBOOKS
from assistant.words.floor import describe_floor
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
    expect(page.locator(".real-board .summary").first).to_have_text("Floor 1 guard, 2 moves: → B3 → C3")
    expect(page.get_by_role("button", name="Repeat")).to_be_visible()
    spoken = said(page)
    assert len(spoken) == 2 and spoken[1]["voice"] == "Daniel" and spoken[1]["lang"] == "en-GB"
    # the move in one line, then the checklist, each a sentence, in words: "→" is "to"
    assert spoken[1]["text"] == "Floor 1 guard, 2 moves: to B3 to C3. Move the floor-1 guard to C3 (B3 to C3)."
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


# -- Describe this floor (issue 35 §6) ---------------------------------------------------------------------

def floor_in_words(live_server: Any, game_id: str, floor: int, lang: str = "en") -> list[str]:
    """What the page must say, sentence by sentence: words/floor.py on the stored position, in ``lang``."""
    state = live_server.store().load(game_id).state
    with live_server.app.test_request_context("/", headers={"Accept-Language": lang}):
        return describe_floor(state, floor, RULEBOOKS[state.rules])


def test_d_reads_the_floor_in_words_to_the_screen_reader_and_aloud(browser: Browser, live_server):
    page = stubbed(browser, live_server, [{"name": "Daniel", "lang": "en-GB"}])
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name="Read aloud").click()
    expected = floor_in_words(live_server, game_id, 1)
    assert expected[:5] == ["Floor 1 of 3.", "Face up: B2, second row, second column: entrance.", "15 rooms face down.",
                            "Ann is in B2, second row, second column.", "Walls beside Ann: below."]
    page.keyboard.press("d")  # the floor of the burglar whose turn it is
    expect(page.locator("#floor-words p")).to_have_text(expected)
    expect(page.locator("#floor-words")).to_have_attribute("aria-live", "polite")
    assert said(page)[-1] == {"text": " ".join(expected), "lang": "en-GB", "voice": "Daniel"}
    page.keyboard.press("2")  # the keyboard goes to floor 2's first room: that floor is the one described
    page.keyboard.press("d")
    expect(page.locator("#floor-words")).to_contain_text("Floor 2 of 3.")
    assert said(page)[-1]["text"] == " ".join(floor_in_words(live_server, game_id, 2))
    page.context.close()


def test_keys_pressed_while_the_keyboard_script_is_on_its_way_are_not_lost(browser: Browser, live_server):
    """static/keys.js is fetched at the first key: "2" pressed before it came still moves to floor 2 (it was dropped,
    and "D" then described floor 1)."""
    page = stubbed(browser, live_server, [{"name": "Daniel", "lang": "en-GB"}])
    game_id = heist_in_play(live_server)
    held: list[Route] = []
    page.route("**/static/keys.js*", lambda route: held.append(route))
    page.goto(f"/games/{game_id}")
    page.keyboard.press("2")  # fetches keys.js, held back here
    page.keyboard.press("3")  # pressed while it is on its way
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the first key did not ask for keys.js"
    held[0].continue_()
    page.wait_for_function("() => !!document.activeElement?.closest('#floor-3')")
    page.keyboard.press("d")
    expect(page.locator("#floor-words")).to_contain_text("Floor 3 of 3.")
    page.context.close()


def test_the_button_describes_the_floor_a_phone_shows_in_its_language(browser: Browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale="fr-FR", viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    context.add_init_script(f"({STUB})({[{'name': 'Amélie', 'lang': 'fr-FR'}]!r})")
    page = context.new_page()
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{live_server.store().load(game_id).watch_token}")  # a watch link: it may ask too
    describe = page.get_by_role("button", name="Décrire cet étage")
    describe.click()  # Read aloud off: the screen reader alone hears it
    expect(page.locator("#floor-words")).to_contain_text("Étage 1 sur 3.")
    assert said(page) == []
    page.get_by_role("button", name="Lire à voix haute").click()
    page.get_by_role("tab", name=re.compile("^Étage 3")).click()
    describe.click()
    expect(page.locator("#floor-words")).to_contain_text("Étage 3 sur 3.")
    words = " ".join(floor_in_words(live_server, game_id, 3, "fr"))
    assert said(page)[-1] == {"text": words, "lang": "fr-FR", "voice": "Amélie"}
    context.close()


def test_d_typed_in_a_field_is_only_a_letter(browser: Browser, live_server):
    page = stubbed(browser, live_server, [{"name": "Daniel", "lang": "en-GB"}])
    page.goto(f"/games/{heist_in_play(live_server)}")
    page.get_by_role("button", name="Read aloud").click()
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_contain_text("Describe the floor shown")
    page.keyboard.press("d")  # in the open list: only a key
    page.keyboard.press("Escape")
    field = """(g) => g.insertAdjacentHTML('afterbegin', '<input id="typed" aria-label="typed">')"""
    page.locator("#game").evaluate(field)
    page.locator("#typed").press_sequentially("dd")
    expect(page.locator("#typed")).to_have_value("dd")
    expect(page.locator("#floor-words")).to_be_empty()
    assert len(said(page)) == 1  # "Reading each guard move aloud." only
    page.context.close()


def test_a_device_with_no_voices_still_describes_the_floor_to_its_screen_reader(browser: Browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    context.add_init_script("delete window.speechSynthesis; delete Window.prototype.speechSynthesis;")
    page = context.new_page()
    game_id = heist_in_play(live_server)
    page.goto(f"/games/{game_id}")
    expect(page.get_by_role("button", name="Read aloud")).to_be_hidden()
    page.get_by_role("button", name="Describe this floor").click()
    expect(page.locator("#floor-words p")).to_have_text(floor_in_words(live_server, game_id, 1))
    context.close()


VOICES = [{"name": "Daniel", "lang": "en-GB"}, {"name": "Jorge", "lang": "es-ES"}, {"name": "Amélie", "lang": "fr-FR"}]
SECOND_MOVE = {  # the guard's second move of heist_in_play: a patrol card drawn, "·" between the steps
    "en-GB": ("Read aloud", "End turn", "Undo", "Redo",
              "Floor 1 guard, 2 moves: reaches C2, draws patrol A4, 7 cards left, 1 move left to C3. Move the floor-1 "
              "guard to C3 (C2 to C3). Put the floor-1 die on A4, showing 2."),
    "es-ES": ("Leer en voz alta", "Terminar turno", "Deshacer", "Rehacer",
              "Planta 1, guarda, 2 movimientos: llega a C2, roba Patrulla A4, quedan 7 cartas, le queda 1 movimiento "
              "hacia C3. Mueve el guarda de la planta 1 a C3 (C2 hacia C3). Pon el dado de la planta 1 en A4, "
              "mostrando 2."),
    "fr-FR": ("Lire à voix haute", "Finir le tour", "Annuler", "Rétablir",
              "Étage 1, gardien, 2 déplacements : atteint C2, pioche Patrouille A4, 7 cartes restantes, 1 déplacement "
              "restant vers C3. Déplacez le gardien de l'étage 1 en C3 (C2 vers C3). Posez le dé de l'étage 1 en A4, "
              "sur la face 2."),
}


@pytest.mark.parametrize("locale", SECOND_MOVE)
def test_a_move_is_said_in_words_not_symbols_and_undo_or_redo_never_says_it_again(browser: Browser, live_server,
                                                                                  locale):
    """Issue 35 §4: a voice reads "→" as "right arrow" and "·" as "punto medio" or "point"; Redo brought the move
    back, it is no new move. Only the next End turn is said."""
    read_aloud, end_turn, undo, redo, second = SECOND_MOVE[locale]
    page = stubbed(browser, live_server, VOICES, locale=locale)
    page.goto(f"/games/{heist_in_play(live_server)}")
    page.get_by_role("button", name=read_aloud).click()
    for version in (3, 4):
        page.get_by_role("button", name=re.compile(f"^{end_turn}")).click()
        version_is(page, version)
    expect(page.locator(".real-board .summary").first).to_contain_text("·")
    texts = [s["text"] for s in said(page)]
    assert len(texts) == 3 and texts[2] == second
    assert not [t for t in texts if re.search(r"[→·]", t)]
    page.get_by_role("button", name=undo, exact=True).click()
    version_is(page, 5)
    page.get_by_role("button", name=redo, exact=True).click()
    version_is(page, 6)
    expect(page.locator(".real-board .summary").first).to_contain_text("·")  # the move is on the board again
    assert len(said(page)) == 3  # neither Undo nor Redo said a move
    page.get_by_role("button", name=re.compile(f"^{end_turn}")).click()
    version_is(page, 7)
    assert len(said(page)) == 4 and "→" not in said(page)[3]["text"]
    page.context.close()
