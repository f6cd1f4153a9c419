"""A refusal reads in the device's language too (issue 15): in Spanish and in French, a tap the rules
refuse says why in the open room menu, a failed request and a lost connection are said by static/
feedback.js in the words the page gave it, and the sandbox (its problems, hints, the guard's turn, both
readings of the clockwise rule, the export note and "Copy link") holds none of the app's English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.test_heist import heist_in_play, state_of
from tests.browser.test_languages import no_english

ACT = re.compile(r"/games/[^/]+/act$")
SAYS = {
    "es": {"refused": "'E9' no es el nombre de una casilla", "applied": "No se aplicó nada",
           "bug": "La aplicación ha dado con un fallo.", "unreachable": "No se ha podido llegar al servidor.",
           "lost": "No se llega al servidor", "back": "Conectado de nuevo", "sandbox": "Pruebas",
           "copy": "Copiar enlace", "copied": "Copiado", "problems": "No hay ninguna herramienta 'zap'"},
    "fr": {"refused": "'E9' n'est pas un nom de case", "applied": "Rien n'a été appliqué",
           "bug": "L'application a rencontré un bogue.", "unreachable": "Le serveur est injoignable.",
           "lost": "Serveur injoignable", "back": "De nouveau connecté", "sandbox": "Bac à sable",
           "copy": "Copier le lien", "copied": "Copié", "problems": "Il n'y a pas d'outil 'zap'"},
}
# the rulebook's p.6 floor with alarms, a die to move and two readings that part (shared conformance case 12),
# with a few parts no floor can have, so every sentence the sandbox builds in Python is on the page
SANDBOX = [
    "/sandbox?walls=A1-B1,B1-B2,D1-D2,B2-B3,C2-C3,A3-A4,C3-D3,B4-C4,B4-B9&guard=C4&target=B2&die=5&tool=zap",
    ("/sandbox?walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4&guard=D3&target=A1&die=3&alarms=A1,D4,D3"
     "&tool=guard"),
    "/sandbox?guard=A1&target=D4&die=6&tool=card",
]


def in_language(page: Page, lang: str) -> None:
    page.locator("nav.languages").get_by_role("link", name=lang.upper(), exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def open_menu(page: Page, live_server, lang: str) -> tuple[str, str]:
    """A heist in play on this device, switched to ``lang`` in the top bar, with a free room's menu open."""
    game_id = heist_in_play(live_server)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/games/{game_id}")
    in_language(page, lang)
    s = state_of(live_server, game_id)
    fl = s.floors[1]
    square = next(r for r in s.plan(1).adjacent("B2") if r != fl.guard)
    page.locator(f"#room-1-{square}").click()
    expect(page.locator("#room-menu form.move-reveal, #room-menu form").first).to_be_visible()
    return game_id, square


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_refused_tap_says_why_in_the_devices_language(page: Page, live_server, lang: str):
    say = SAYS[lang]
    game_id, _square = open_menu(page, live_server, lang)
    version = state_of(live_server, game_id).version
    # the room the move names, altered in the page: the engine refuses it (no button offers such a move)
    page.locator("#room-menu input[name='to']").first.evaluate("input => { input.value = 'E9'; }")
    page.locator("#room-menu form:has(input[name='to']) button").first.click()
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_contain_text(say["refused"])
    expect(menu.locator(".applied")).to_contain_text(say["applied"])
    assert state_of(live_server, game_id).version == version
    no_english(page, lang, "board with a refused tap")


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_failed_request_and_a_lost_connection_are_said_in_the_devices_language(page: Page, live_server,
                                                                                  lang: str):
    say = SAYS[lang]
    game_id, _square = open_menu(page, live_server, lang)
    page.route(ACT, lambda route: route.fulfill(status=500, content_type="text/html", body="<p>500</p>"))
    page.locator("#room-menu form button").first.click()
    menu = page.locator("#room-menu")
    expect(menu.get_by_role("alert")).to_contain_text(say["bug"])
    expect(menu.locator(".applied")).to_contain_text(say["applied"])
    no_english(page, lang, "board after a failed request")
    page.unroute(ACT)

    def away(route: Route) -> None:
        route.abort("connectionrefused")

    page.route(re.compile(r"/games/"), away)
    page.locator("#room-menu form button").first.click()
    expect(menu.get_by_role("alert")).to_contain_text(say["unreachable"])
    banner = page.locator("#connection")
    expect(banner).to_contain_text(say["lost"])
    no_english(page, lang, "board while the server cannot be reached")
    page.unroute(re.compile(r"/games/"), away)
    expect(banner).to_contain_text(say["back"])
    assert state_of(live_server, game_id).version == 2


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_sandbox_reads_in_the_devices_language(page: Page, live_server, lang: str):
    say = SAYS[lang]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    in_language(page, lang)
    page.get_by_role("link", name=say["sandbox"], exact=True).click()
    expect(page.locator("#sandbox")).to_be_visible()
    no_english(page, lang, "empty sandbox (its hints)")
    for n, address in enumerate(SANDBOX):
        page.goto(address)
        expect(page.locator("#sandbox")).to_be_visible()
        if n == 0:
            expect(page.locator("#sandbox .error")).to_contain_text(say["problems"])
            expect(page.locator(".sb-readings")).to_be_visible()  # both readings, and where they part
        no_english(page, lang, f"sandbox position {n + 1}")
    page.get_by_role("button", name=say["copy"]).click()
    expect(page.get_by_role("button", name=say["copied"])).to_be_visible()
