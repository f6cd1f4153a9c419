"""A tap the rules refuse is refused in the device's own language (issue 15): its browser's preference or
the language it chose at /language/<code>, whatever language the other devices at the table read."""

from __future__ import annotations

import html
import json
from io import BytesIO

import pytest
from flask.testing import FlaskClient

from tests.web.helpers import act, act_ok, bank_form, errors, new_heist, state

REFUSED = {
    "en": ("The crew already broke in through {at}", "Nothing was applied"),
    "es": ("La banda ya entró por {at}", "No se aplicó nada"),
    "fr": ("L'équipe est déjà entrée par {at}", "Rien n'a été appliqué"),
}


def broken_in(app, client: FlaskClient) -> tuple[str, str]:
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    at = "D4" if state(app, game_id).floors[1].guard != "D4" else "C4"
    act_ok(client, game_id, do="entrance", at=at)
    return game_id, at


def speak(client: FlaskClient, lang: str, how: str) -> dict[str, str]:
    """The headers of a device reading ``lang``: by its browser's preference, or by the switch in the top bar."""
    if how == "switch":
        assert client.get(f"/language/{lang}", query_string={"next": "/"}).status_code == 303
        return {"Accept-Language": "en"}  # the device's own choice wins over its browser's
    return {"Accept-Language": f"{lang};q=0.9,en;q=0.5"}


@pytest.mark.parametrize("how", ["browser", "switch"])
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_an_illegal_tap_is_refused_in_the_devices_language(app, client, lang: str, how: str):
    game_id, at = broken_in(app, client)
    head = state(app, game_id).version
    headers = speak(client, lang, how)
    page = client.post(f"/games/{game_id}/act", data={"do": "entrance", "at": at},
                       headers={"HX-Request": "true", **headers}).get_data(as_text=True)
    said, applied = REFUSED[lang]
    assert errors(page) == [said.format(at=at)]
    assert applied in page
    assert state(app, game_id).version == head  # nothing was applied


def test_the_same_refusal_reads_in_english_on_an_english_device(app, client):
    game_id, at = broken_in(app, client)
    said, applied = REFUSED["en"]
    page = act(client, game_id, do="entrance", at=at).get_data(as_text=True)
    assert errors(page) == [said.format(at=at)] and applied in page


@pytest.mark.parametrize(("lang", "names"), [("es", ("Palanca", "Dinamita")), ("fr", ("Pied-de-biche", "Dynamite"))])
def test_a_refusal_names_the_cards_as_the_languages_edition_prints_them(app, client, lang: str, names: tuple[str, ...]):
    game_id, _at = broken_in(app, client)
    page = client.post(f"/games/{game_id}/act", data={"do": "tool", "who": "Ann", "kind": "laser-cutter"},
                       headers={"HX-Request": "true", "Accept-Language": lang}).get_data(as_text=True)
    [said] = errors(page)
    assert all(name in said for name in names), said
    assert "Crowbar" not in said and "Dynamite" not in said.replace(names[1], "")


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "Ese archivo no es un caso: el archivo no es JSON: se rompe en la línea 1, columna 2"),
    ("fr", "Ce fichier n'est pas un cas\u202f: le fichier n'est pas du JSON\u202f: il casse à la ligne 1, colonne 2")])
def test_an_import_that_is_not_a_case_is_refused_in_the_devices_language(client, lang: str, said: str):
    response = client.post("/games/import", data={"case": (BytesIO(b"{not json"), "case.json")},
                           headers={"Accept-Language": lang}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert said in html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize(("lang", "said"), [("es", "el hueco vacío"), ("fr", "la case vide")])
def test_an_import_the_engine_refuses_is_refused_in_the_devices_language(client, lang: str, said: str):
    case = {"size": 5, "void": ["C3"], "floors": {"1": {"guard": "C3"}}, "crew": {}, "actions": []}
    response = client.post("/games/import", data={"case": (BytesIO(json.dumps(case).encode()), "case.json")},
                           headers={"Accept-Language": lang}, content_type="multipart/form-data")
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert said in page and "empty square" not in page


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_sandbox_export_refusal_is_in_the_devices_language(client, lang: str):
    response = client.get("/sandbox/case.json", query_string={"guard": "A1", "target": "A1"},
                          headers={"Accept-Language": lang})
    # a guard already on his die needs the next patrol card: the export says so in the reader's words
    body = response.get_json()
    assert response.status_code == 422 and body["error"]
    assert "patrol card" not in body["error"]
    assert {"es": "carta de Patrulla", "fr": "carte Patrouille"}[lang] in body["error"]


@pytest.mark.parametrize(("lang", "said"), [("es", ["cada ladrón necesita un nombre distinto"]),
                                            ("fr", ["chaque cambrioleur a besoin de son propre nom"])])
def test_the_new_heist_form_is_refused_in_the_devices_language(client, lang: str, said: list[str]):
    response = client.post("/new", data=bank_form(name2="Ann"), headers={"Accept-Language": lang})
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True)) == said
