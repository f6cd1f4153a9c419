"""Describe this floor (issue 35 §6, words/floor.py, web/table/floor_words.py): one floor in sentences from a known
position, in English, Spanish and French; a face-down room is only counted; any link may ask, for a floor the heist
has."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.state import GameState
from assistant.engine.rulesets import RULEBOOKS
from assistant.words.floor import describe_floor

CREW = [{"name": "Ann"}, {"name": "Bob"}]


def bank_position() -> GameState:
    """Floor 1 of the Bank Job (walls A1-B1, A2-A3, A4-B4, B2-B3, B4-C4, C1-C2, C2-D2, D3-D4): a Safe and a Camera
    turned up, Ann in the Safe, Bob upstairs, the guard in D4 heading for A1 with a 3, an alarm in the Camera."""
    state = new_game("bank", CREW, seed=1)
    fl = state.floors[1]
    fl.tiles, fl.numbers = {"B2": "safe", "C1": "camera"}, {"B2": 3}
    fl.guard, fl.destination, fl.die, fl.appeared, fl.alarms = "D4", "A1", 3, True, ("C1",)
    state.crew["Ann"].floor, state.crew["Ann"].at = 1, "B2"
    state.crew["Bob"].floor, state.crew["Bob"].at = 2, "A1"
    return state


def described(app: Flask, lang: str, state: GameState, floor: int) -> list[str]:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        return describe_floor(state, floor, RULEBOOKS[state.rules])


def test_a_floor_is_described_in_english(app: Flask):
    assert described(app, "en", bank_position(), 1) == [
        "Floor 1 of 3.",
        "Face up: C1, top row, third column: camera.",
        "Face up: B2, second row, second column: safe, number 3.",
        "14 rooms face down.",
        "Ann is in B2, second row, second column.",
        "Walls beside Ann: below.",
        "The guard is in D4, bottom row, right column.",
        "His die shows 3, on A1, top row, left column.",
        "1 alarm: C1, top row, third column."]


def test_a_floor_is_described_in_spanish(app: Flask):
    assert described(app, "es", bank_position(), 1) == [
        "Planta 1 de 3.",
        "Boca arriba: C1, fila de arriba, tercera columna: cámara.",
        "Boca arriba: B2, segunda fila, segunda columna: Caja Fuerte, número 3.",
        "14 salas boca abajo.",
        "Ann está en B2, segunda fila, segunda columna.",
        "Muros junto a Ann: abajo.",
        "El guarda está en D4, fila de abajo, columna de la derecha.",
        "Su dado marca 3, en A1, fila de arriba, columna de la izquierda.",
        "1 alarma: C1, fila de arriba, tercera columna."]


def test_a_floor_is_described_in_french(app: Flask):
    assert described(app, "fr", bank_position(), 1) == [
        "Étage 1 sur 3.",
        "Face visible\u202f: C1, rangée du haut, troisième colonne\u202f: caméra.",
        "Face visible\u202f: B2, deuxième rangée, deuxième colonne\u202f: Coffre, numéro 3.",
        "14 pièces face cachée.",
        "Ann est en B2, deuxième rangée, deuxième colonne.",
        "Murs à côté de Ann\u202f: en dessous.",
        "Le gardien est en D4, rangée du bas, colonne de droite.",
        "Son dé indique 3, en A1, rangée du haut, colonne de gauche.",
        "1 alarme\u202f: C1, rangée du haut, troisième colonne."]


def test_an_empty_floor_says_what_is_not_there(app: Flask):
    assert described(app, "en", bank_position(), 3) == [
        "Floor 3 of 3.", "Every room is face down.", "No burglar on this floor.", "No guard on this floor yet.",
        "No alarm on this floor."]


def test_walls_on_every_side_and_a_room_with_none(app: Flask):
    state = bank_position()
    state.crew["Bob"].floor, state.crew["Bob"].at = 1, "C2"  # C1-C2 above, C2-D2 right, open below and left
    state.crew["Ann"].at = "D1"
    lines = described(app, "en", state, 1)
    assert "Walls beside Bob: above, to the right." in lines
    assert "No wall beside Ann." in lines  # D1's only wall-less sides: the edge of the floor is no wall


def test_a_five_by_five_floor_has_a_middle_row_and_column(app: Flask):
    state = new_game("fort_knox", CREW, void=["A1"], walls=[[], []], seed=1)
    state.floors[1].guard, state.floors[1].tiles = "C3", {"E5": "stairs"}
    lines = described(app, "en", state, 1)
    assert "The guard is in C3, middle row, middle column." in lines
    assert "Face up: E5, bottom row, right column: stairs." in lines
    assert "23 rooms face down." in lines  # the empty square is no room


def test_the_bouncer_heads_for_a_marker_not_a_die(app: Flask):
    state = new_bb2_game(CREW, entrances=["A4", "D4"], seed=1)
    fl = state.floors[1]
    fl.guard, fl.destination = "B1", "C3"
    lines = described(app, "en", state, 1)
    assert "The bouncer is in B1, top row, second column." in lines
    assert "His destination marker is on C3, third row, third column." in lines
    assert not any("die" in line for line in lines)


def test_a_face_down_room_is_counted_never_named(app: Flask):
    state = bank_position()
    kinds = {"safe", "camera"}
    text = " ".join(described(app, "en", state, 1))
    assert "stairs" not in text and "laser" not in text  # what the rest of the floor's tiles are is not said
    assert {k for k in ("safe", "camera") if k in text} == kinds


@pytest.mark.parametrize("link", ["host", "watch"])
def test_any_link_gets_the_floor_in_its_language(app: Flask, client: FlaskClient, link: str):
    store = app.extensions["store"]
    game_id = store.create("Bank", bank_position())
    key = game_id if link == "host" else store.load(game_id).watch_token
    page = client.get(f"/games/{key}/describe?floor=1&lang=es").get_data(as_text=True)
    assert "<p>Planta 1 de 3.</p>" in page and "<p>Muros junto a Ann: abajo.</p>" in page


@pytest.mark.parametrize("floor", ["4", "0", "x", ""])
def test_a_floor_the_heist_does_not_have_is_not_found(app: Flask, client: FlaskClient, floor: str):
    game_id = app.extensions["store"].create("Bank", bank_position())
    assert client.get(f"/games/{game_id}/describe?floor={floor}").status_code == 404
