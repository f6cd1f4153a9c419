"""Each device reads the app in its own language (issue 15): its browser's preference first, then the
language it chose at /language/<code>, kept in its own cookie; the words of the log and the questions come
from the catalogues inside a request and stay English outside one (the engine and Why? know no Flask)."""

from __future__ import annotations

import pytest

from assistant.engine.log import LogEntry
from assistant.web.language import COOKIE
from assistant.web.setup.new_heist import heist_title
from assistant.words import option_text, prompt, sentence
from tests.web.helpers import break_in, log_lines, new_heist

STEALTH = LogEntry("stealth", "1.7", 1, "B2", {"who": "Ann", "left": 2, "why": "entered", "guard": "B2"})
SAID = {"en": "Ann loses 1 Stealth (the guard entered B2): 2 left.",
        "es": "Ann pierde 1 Sigilo (el guarda entró en B2): le quedan 2.",
        "fr": "Ann perd 1 Camouflage (le gardien est entré en B2)\u202f: il en reste 2."}


def test_outside_a_request_the_words_are_english():
    assert sentence(STEALTH) == SAID["en"]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_browser_asking_for_a_language_reads_the_log_in_it(app, lang):
    with app.test_request_context("/", headers={"Accept-Language": f"{lang}-ES,{lang};q=0.9,en;q=0.5"}):
        assert sentence(STEALTH) == SAID[lang]


def test_a_browser_asking_for_a_language_without_a_catalogue_reads_english(app):
    with app.test_request_context("/", headers={"Accept-Language": "de-DE,de;q=0.9"}):
        assert sentence(STEALTH) == SAID["en"]


def test_plurals_follow_the_languages_own_rule(app):
    brown_out = LogEntry("alarm_off", "1.21", 1, "", {"how": "brown_out", "count": 0})
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert sentence(brown_out) == "Brouilleur\u202f: 0 alarme retirée à l'étage 1."  # French: 0 is singular
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert sentence(brown_out) == "Apagón: se quitan 0 alarmas en la planta 1."


def test_names_read_as_that_languages_edition_prints_them(app):
    reveal = LogEntry("reveal", "", 2, "C3", {"type": "walkway"})
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert sentence(reveal) == "C3, planta 2, boca arriba: Pasarela."
        assert option_text({"kind": "order"}, "2") == "Planta 2"
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert sentence(reveal) == "C3, étage 2, face visible\u202f: Passerelle."
        assert prompt({"kind": "order", "options": ["2"], "params": {}}).startswith("Changement de planning")


def test_choosing_a_language_keeps_it_on_this_device_over_the_browsers_preference(app, client):
    response = client.get("/language/fr", query_string={"next": "/rules"})
    assert response.status_code == 303 and response.headers["Location"] == "/rules"
    cookie = response.headers["Set-Cookie"]
    assert f"{COOKIE}=fr" in cookie and "Max-Age=31536000" in cookie and "SameSite=Lax" in cookie
    with app.test_request_context("/", headers={"Accept-Language": "es", "Cookie": f"{COOKIE}=fr"}):
        assert sentence(STEALTH) == SAID["fr"]


def test_a_phone_and_the_tablet_read_the_same_heist_in_their_own_languages(app):
    tablet, phone = app.test_client(), app.test_client()
    game_id = new_heist(tablet)
    break_in(tablet, game_id)
    tablet.get("/language/fr")
    phone.get("/language/es")
    tablet_log = log_lines(tablet.get(f"/games/{game_id}").get_data(as_text=True))
    phone_log = log_lines(phone.get(f"/games/{game_id}").get_data(as_text=True))
    assert any("étage" in line for line in tablet_log), tablet_log
    assert any("planta" in line for line in phone_log), phone_log


def test_a_page_can_be_asked_for_in_a_language_without_changing_the_devices_choice(app, client):
    client.get("/language/es")
    with app.test_request_context("/?lang=fr", headers={"Cookie": f"{COOKIE}=es"}):
        assert sentence(STEALTH) == SAID["fr"]


def test_an_unknown_language_is_not_found(client):
    assert client.get("/language/xx").status_code == 404


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil.example", "rules"])
def test_choosing_a_language_never_sends_the_device_to_another_site(client, target):
    response = client.get("/language/es", query_string={"next": target})
    assert response.headers["Location"] == "/"


def test_a_long_next_value_never_comes_back_as_a_long_location_header(client):
    """Issue 33 §4 (as the room field of the Danger switch): the switcher goes back to ``next`` in its Location
    header, so a 100 kB one sends the device home; the longest address a page of the app is read at comes back."""
    search = "/reference?q=" + "%E2%80%94" * 200  # a search of 200 characters, each percent-encoded UTF-8
    assert client.get("/language/es", query_string={"next": search}).headers["Location"] == search
    response = client.get("/language/es", query_string={"next": "/rules?q=" + "x" * 100_000})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_pages_tell_caches_they_differ_by_language(client):
    vary = client.get("/rules").headers.get("Vary", "")
    assert "Accept-Language" in vary and "Cookie" in vary


@pytest.mark.parametrize(("lang", "job", "imported"), [("es", "El golpe al banco", "Posición importada"),
                                                         ("fr", "Le casse de la banque", "Position importée")])
def test_saved_titles_the_app_wrote_read_in_the_devices_language(app, lang, job, imported):
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        assert heist_title("The Bank Job — Ann & Bob") == f"{job} — Ann & Bob"
        assert heist_title("Imported position") == imported
        assert heist_title("Our Friday heist") == "Our Friday heist"  # typed by the players: as typed


def test_a_templates_words_read_as_jinjas_gettext_makes_them_each_time_in_each_language(app):
    # web/language.py keeps each translation per catalogue: asked again, or in another language, the same words
    page = app.jinja_env.from_string("{{ _('Whole log') }}|{{ _('Floor %(n)s', n=n) }}|{{ _('100%% <b>sure</b>') }}")
    for lang, log, floor in [("es", "Registro completo", "Planta"), ("en", "Whole log", "Floor"),
                             ("es", "Registro completo", "Planta")]:
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            for _round in range(2):
                assert page.render(n="<2>") == f"{log}|{floor} &lt;2&gt;|100% <b>sure</b>"
