"""The bar at the top of the board as its view says it (web/table/turn_bar.py): the moment, the End turn
button's words, a card question split into squares and the cards that name none, and what a watch link sees."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import HTMX, act_ok, break_in, game, new_heist, state
from tests.web.taps import posts
from tests.web.test_access import PHONE


def turnbar(page: str) -> str:
    found = re.search(r'<section class="turnbar">.*?</section>', page, re.DOTALL)
    assert found, "no turn bar"
    return found.group(0)


def test_a_card_question_shows_the_squares_and_the_cards_that_name_none_apart(app: Flask, client: FlaskClient):
    """§1.22 Lost Visual on: a patrol card drawn at the table is a square, or Lost Visual (explained, apart)."""
    game_id = new_heist(client, deck="table", lost_visual="on")
    page = act_ok(client, game_id, do="start")
    question = state(app, game_id).pending["question"]
    assert question["kind"] == "card" and "lost-visual" in question["options"]
    bar = turnbar(page)
    grid = re.search(r'<div class="card-picker size-4">(.*?)</div>', bar, re.DOTALL)
    assert grid and "A1" in grid.group(1) and "Lost Visual" not in grid.group(1)
    assert '<button class="button event"><b>Lost Visual</b><small>' in bar
    assert posts(bar, "Lost Visual", starting=True) == {"do": "answer", "choice": "lost-visual"}


def test_the_end_turn_button_says_which_guard_moves(client: FlaskClient):
    game_id = new_heist(client)
    break_in(client, game_id)
    bar = turnbar(client.get(f"/games/{game_id}/panel", headers=HTMX).get_data(as_text=True))
    assert "Ann's turn · floor 1</p>" in bar
    assert ">End turn — the floor-1 guard moves</button>" in bar
    assert posts(bar, "Undo") == {} and posts(bar, "Redo") is None  # nothing to redo: disabled


def test_a_watch_link_sees_whose_turn_it_is_without_any_button(app: Flask, client: FlaskClient):
    game_id = new_heist(client)
    break_in(client, game_id)
    watcher = app.test_client()
    watcher.environ_base.update(PHONE)
    bar = turnbar(watcher.get(f"/games/{game(app, game_id).watch_token}").get_data(as_text=True))
    assert "'s turn" in bar and "You are watching" in bar and "<button" not in bar
