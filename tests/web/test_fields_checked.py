"""Issue 21 §4: every field of every action is checked by type and range on the server, whoever sends it. For
every action kind of engine/vocabulary.py (every event card too) and every key it reads, in all three games, a
post with that key wrong (not a number, out of range, not a word of its own, too long, a crew member or room that
is not there) through the tablet and through a phone's play link is refused with a message, and the stored heist
is unchanged; the one place a form cannot reach (a JSON true for a count) is refused by the engine too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.actions import apply
from assistant.engine.errors import RulesError
from assistant.engine.bb1.vocabulary import EVENT_KEYS
from assistant.engine.vocabulary import ACTIONS
from tests.web.helpers import HTMX, act_ok, break_in, errors, game, new_heist
from tests.web.test_access import phone
from tests.web.test_bb2_bb3 import bb3_in_play, placed
from tests.web.test_box_refusals import stored

# a value each key takes, so that only the key under test is wrong
GOOD = {"floor": "1", "at": "A2", "to": "A2", "who": "Ann", "type": "laser", "number": "2", "field": "stealth",
        "value": "2", "kind": "laser", "keep": "look", "wall": "A1-A2", "choice": "A1", "chip": "prima_donna",
        "count": "1", "effect": "jump", "from": "A3", "how": "walk", "buddy": "Bob"}
# not a number nor a word of ours; a number out of every range, an unknown word, a square off the board or a
# burglar not in the crew; and (on an action's first key) longer than any field of ours
WRONG = ("abc", "99")
LONG = "x" * 70


def bb1(client: FlaskClient) -> str:
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    return game_id


def bb2(client: FlaskClient) -> str:
    game_id = placed(client, "bb2")
    act_ok(client, game_id, do="move", who="Ann", floor=1, to="A1")
    return game_id


GAMES: dict[str, Callable[[FlaskClient], str]] = {"bb1": bb1, "bb2": bb2, "bb3": bb3_in_play}


def wrong_actions() -> Iterator[dict[str, str]]:
    """Every action kind (each event card by name) with one key wrong, the others as they should be."""
    kinds = [(do, {}) for do in ACTIONS if do != "event"] + [("event", {"name": name}) for name in EVENT_KEYS]
    for do, fixed in kinds:
        keys = ACTIONS[do].keys({"do": do, **fixed})
        for key in keys:
            if key in (*fixed, "targets", "tokens"):  # Shoplifting's and the Virus's lists: tests/web/test_cards.py
                continue
            base = {k: GOOD[k] for k, (_name, _read, required) in keys.items() if required and k in GOOD}
            for value in (*WRONG, LONG) if key == next(iter(keys)) else WRONG:
                yield {"do": do, **base, **fixed, key: value}


@pytest.mark.parametrize("sender", ["tablet", "play link"])
@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_every_wrong_field_of_every_action_is_refused_and_nothing_changes(app: Flask, client, game_key, sender):
    game_id = GAMES[game_key](client)
    before = stored(app, game_id)
    key = game_id if sender == "tablet" else game(app, game_id).play_token
    device = client if sender == "tablet" else phone(app)
    silent = []
    for action in wrong_actions():
        response = device.post(f"/games/{key}/act", headers=HTMX, data={**action, "version": str(before[1])})
        page = response.get_data(as_text=True)
        if response.status_code != 200 or not errors(page) or "Nothing was applied" not in page:
            silent.append(action)
    assert silent == []
    assert stored(app, game_id) == before


def test_the_checks_cover_every_action_kind():
    """No action kind is left out of the sweep above (a new one joins it by being in the vocabulary)."""
    swept = {a["do"] for a in wrong_actions()} | {f"event:{a['name']}" for a in wrong_actions() if a["do"] == "event"}
    assert {do for do, kind in ACTIONS.items() if kind.keys({"do": do})} <= swept
    assert {f"event:{name}" for name in EVENT_KEYS} <= swept


@pytest.mark.parametrize("field", ["stealth", "heat", "die"])
def test_a_count_sent_as_true_is_refused(app, client, field):
    """JSON true is an int to Python: a case or a script could set Stealth to true, which no board shows."""
    game_id = bb1(client)
    state = game(app, game_id).state
    action: dict[str, Any] = {"do": "set", "field": field, "value": True, "who": "Ann", "floor": 1}
    with pytest.raises(RulesError, match=f"{field} is a number, not true or false"):
        apply(state, action)
