"""A table that reads Spanish or French sees no English (issue 15): a device switched to the language by
the top bar's link sets up a Bank Job and plays a turn (break in, a face-down room turned up as a
burglar walks in, a move back, End turn), and after every step the page's visible text holds none of the
app's own English words, apart from the names the players typed and the squares.

The English words to look for come from the catalogue itself: every word of the English messages
(templates and Python), less those the language's translations also use (Atrium, Buffet, Donuts, normal…)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from tests.browser.test_heist import game_id_of, state_of, version_is

ROOT = Path(__file__).resolve().parents[2]
TYPED = ("Ann", "Bob")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
SQUARE = re.compile(r"\b[A-E][1-5]\b")
PARAM = re.compile(r"%\(\w+\)s|\{\w+\}|<[^>]*>")
# names that stay as they are in every language: the games, a website and our rules file (Why? cites its sections)
NAMES = re.compile(r"Board Game Arena|Burgle Bros|The Casino Capers|Future Flip|Fort Knox|guard-rules")
# the same word in both languages or not English at all, though an English message uses it
SAME = {"es": {"app", "wifi", "burgle", "bros", "donuts", "hacker", "normal", "virus", "fort", "knox", "utc", "json"},
        "fr": {"app", "wifi", "burgle", "bros", "donuts", "buffet", "atrium", "surveillance", "normal", "virus",
               "fort", "knox", "utc", "json", "action", "actions", "correction", "destination", "danger"}}
# what the page says in each language, to find the buttons the way a person reads them
SAYS = {"es": {"new": "Empezar un golpe nuevo", "job": "El golpe al banco", "printed": "La disposición impresa",
               "name": "Nombre del ladrón %s", "set_up": "Preparar el tablero",
               "break_in": "Entrar: colocar al guarda de la planta 1", "enter": "La banda entra aquí",
               "move": "Mover a %s aquí", "end_turn": "^Terminar turno"},
        "fr": {"new": "Commencer un nouveau casse", "job": "Le casse de la banque",
               "printed": "La disposition imprimée", "name": "Nom du cambrioleur %s", "set_up": "Installer le plateau",
               "break_in": "Entrer\u202f: placer le gardien de l'étage 1", "enter": "L'équipe entre ici",
               "move": "Déplacer %s ici", "end_turn": "^Finir le tour"}}


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NAMES.sub(" ", PARAM.sub(" ", text)))}


@cache
def english_words(lang: str) -> frozenset[str]:
    """Words of three letters or more in the app's English messages that no translation into ``lang`` uses."""
    with (ROOT / "assistant" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalogue = read_po(fh, locale=lang)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in [message.id] if isinstance(message.id, str) else message.id:
            english |= words(text)
        for text in [message.string] if isinstance(message.string, str) else message.string:
            translated |= words(text)
    return frozenset(w for w in english - translated - SAME[lang] if len(w) >= 3)


def english_on(page: Page, lang: str) -> list[str]:
    """The English words in the page's visible text, once typed names, squares, addresses and numbers are
    taken out. So are the heist titles the players typed, which the page marks translate="no" (other tests
    sharing the server type theirs in English)."""
    text = page.locator("body").inner_text()
    for typed in page.locator("[translate=no]").all_inner_texts():
        text = text.replace(typed, " ")
    for name in TYPED:
        text = re.sub(rf"\b{name}\b", " ", text)
    text = SQUARE.sub(" ", re.sub(r"\S+://\S+", " ", text))  # and the phones' links
    return sorted(words(text) & english_words(lang))


def no_english(page: Page, lang: str, where: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found = english_on(page, lang)
    lines = [ln for ln in page.locator("body").inner_text().splitlines() if words(ln) & set(found)]
    assert found == [], f"English on the {where} page in {lang}: {found} in {lines}"


def test_the_english_words_looked_for_are_the_apps_common_ones():
    for lang in ("es", "fr"):
        common = english_words(lang)
        assert {"the", "floor", "guard", "turn", "room", "break", "moves", "alarm", "end", "what", "happened",
                "board", "stealth", "undo", "why"} <= common, lang
        assert len(common) > 600


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_device_in_spanish_or_french_sets_up_and_plays_a_turn_with_no_english(page: Page, live_server, lang: str):
    say = SAYS[lang]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    page.locator("nav.languages").get_by_role("link", name=lang.upper(), exact=True).click()  # this device only
    no_english(page, lang, "home")
    page.get_by_role("link", name=say["new"]).click()
    no_english(page, lang, "new heist")
    page.get_by_role("radio", name=re.compile(say["job"])).check()
    for i, name in enumerate(TYPED, start=1):
        page.get_by_role("textbox", name=say["name"] % i).fill(name)
    page.get_by_role("radio", name=re.compile(say["printed"])).check()
    page.get_by_role("button", name=say["set_up"]).click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    game_id = game_id_of(page)
    no_english(page, lang, "setup guide")

    page.get_by_role("button", name=say["break_in"]).click()
    version_is(page, 1)
    no_english(page, lang, "board after the break-in")
    s = state_of(live_server, game_id)
    fl = s.floors[1]
    entrance = next(r for r in s.plan(1).rooms if r != fl.guard and all(
        n not in fl.tiles and n != fl.guard for n in s.plan(1).adjacent(r)))
    page.locator(f"#room-1-{entrance}").click()
    expect(page.locator("#room-menu")).to_be_visible()
    no_english(page, lang, "entrance room menu")
    page.get_by_role("button", name=say["enter"]).click()
    version_is(page, 2)
    no_english(page, lang, "board after the crew broke in")

    s = state_of(live_server, game_id)
    who = s.current()
    assert who == "Ann"
    fl = s.floors[1]
    into = next(r for r in s.plan(1).adjacent(entrance) if r not in fl.tiles and r != fl.guard)
    page.locator(f"#room-1-{into}").click()  # face down: who moves in, and what it is, in one menu
    expect(page.locator("#room-menu form.move-reveal")).to_be_visible()
    no_english(page, lang, "face-down room's menu")
    page.locator("#room-menu form.move-reveal button[value='laboratory:3']").click()
    version_is(page, 3)
    assert state_of(live_server, game_id).floors[1].tiles[into] == "laboratory"
    no_english(page, lang, "board after a room was turned up")

    page.locator(f"#room-1-{entrance}").click()
    page.locator("#room-menu").get_by_role("button", name=say["move"] % who).click()
    version_is(page, 4)
    no_english(page, lang, "board after a move")

    page.get_by_role("button", name=re.compile(say["end_turn"])).click()
    version_is(page, 5)
    no_english(page, lang, "board after the guard moved")
    page.get_by_role("link", name=re.compile("^(Registro completo|Journal complet)$")).first.click()
    no_english(page, lang, "whole log")


# the rulebook's p.6 floor (card A1) with two alarms: he walks die 3 + 2 alarms = 5 steps by the clockwise route
# of two tied ones, switches off the alarm he reaches, and his die goes to the other alarm, the nearest
ALARMED_TIE = {"floors": {"1": {"walls": ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"],
                                "guard": "D3", "destination": "A1", "die": 3, "alarms": ["A1", "D4"],
                                "patrol": ["C4", "B2"]}},
               "crew": {"Ann": {"floor": 1, "at": "C1", "stealth": 3}}}
END_TURN = re.compile("^(Terminar turno|Finir le tour)")
DANGER_OFF = {"es": "Apagado: mostrar las probabilidades", "fr": "Éteint\u202f: montrer les chances"}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_why_and_the_danger_forecast_in_spanish_or_french_have_no_english(page: Page, live_server, lang: str):
    """Why? of the guard's speed, of his step at a fork (the clockwise rule, its picture and legend), of the
    die going to the nearest alarm and of every other line of his move, with Danger on (its shading, the
    burglar's chance and Why?'s chance sentence): all in the device's language."""
    from assistant.engine.cases import state_from_case

    game_id = live_server.store().create("Ann", state_from_case(ALARMED_TIE))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/games/{game_id}")
    page.locator("nav.languages").get_by_role("link", name=lang.upper(), exact=True).click()
    page.get_by_role("button", name=DANGER_OFF[lang]).click()
    expect(page.locator(".danger-shade").first).to_be_attached()
    no_english(page, lang, "board with Danger on")

    page.get_by_role("button", name=END_TURN).click()
    version_is(page, 2)
    no_english(page, lang, "board after the guard moved, Danger on")
    _, _, log = live_server.store().action_at(game_id, 1)
    kinds = [e.kind for e in log]
    assert {"speed", "enter", "destination", "alarm_off", "arrive"} <= set(kinds), kinds
    first_step = kinds.index("enter")
    opened = set()
    for index, entry in enumerate(log):
        if not entry.rule:
            continue
        page.goto(f"/games/{game_id}/why/1/{index}")
        expect(page.locator(".why-rule-title")).to_be_visible()
        if index == first_step:  # the fork: both routes drawn, and the chance he had to come here
            expect(page.locator(".why polyline.bb-route-rejected")).to_be_visible()
            expect(page.locator(".why-chance")).to_be_visible()
        no_english(page, lang, f"Why? of the {entry.kind} line")
        opened.add(entry.kind)
    assert {"speed", "enter", "destination"} <= opened
