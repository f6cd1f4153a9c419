"""Issue 34 §1: the action a rule reads is the typed value the vocabulary read once (engine/vocabulary.py), never
its JSON turned back into a dict; each handler is typed by its own action class; each number an action may carry
has one limit, read by the vocabulary and the rules alike (``limits.py``, ``bbN/limits.py``)."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

import pytest

from assistant.engine import vocabulary
from assistant.engine.actions import HANDLERS, apply
from assistant.engine.bb1 import cards
from assistant.engine.bb1.card_names import PLAYED
from assistant.engine.bb1.vocabulary import EVENT_KEYS, EVENTS
from assistant.engine.bb1.limits import MOST_HACK, MOST_ROOM_TOKENS, VIRUS_TOKENS
from assistant.engine.bb2.limits import MOST_CUBES, MOST_DECK, PRIMA_DONNAS
from assistant.engine.bb3.limits import MOST_SCANS, MOST_WORKERS
from assistant.engine.errors import IllegalActionError, MalformedActionError, RulesError
from assistant.engine.limits import MOST_BONUS, MOST_NUMBER
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.ruleset import GameAction
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.vocabulary import ACTIONS, Set
from tests.engine.helpers import burglar, floor_case, position


def _action_classes(handler: Callable[..., Any]) -> set[str]:
    """The class names the handler's action parameter (its second) is annotated with."""
    annotation = list(inspect.signature(handler).parameters.values())[1].annotation
    return set(re.findall(r"\w+", str(annotation)))


def every_handler() -> list[tuple[str, Callable[..., Any], type[vocabulary.Action]]]:
    found = [(do, handler, ACTIONS[do]) for do, handler in HANDLERS.items()]
    found += [(do, own.run, ACTIONS[do]) for book in RULEBOOKS.values() for do, own in book.actions.items()]
    found += [(f"set {what}", own.run, Set) for book in RULEBOOKS.values() for what, own in book.set_fields.items()]
    return found


@pytest.mark.parametrize("do, handler, kind", every_handler(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_handler_is_typed_by_the_action_class_its_do_reads(do: str, handler: Callable[..., Any],
                                                                  kind: type[vocabulary.Action]):
    assert kind.__name__ in _action_classes(handler), (do, handler.__name__)


@pytest.mark.parametrize("name", sorted(cards.CARDS))
def test_every_card_play_is_typed_by_the_event_it_is_played_by(name: str):
    assert _action_classes(cards.CARDS[name]) == {"Event"}


def test_the_vocabulary_names_exactly_the_cards_bb1_plays():
    """bb1/vocabulary.py reads the names from bb1/card_names.py, not the cards' rules: they must be the same."""
    assert sorted(PLAYED) == sorted(cards.CARDS)
    assert set(PLAYED) <= set(EVENTS) and set(PLAYED) <= set(EVENT_KEYS)  # an event's name, and its keys


def test_a_handler_gets_the_typed_action_even_from_json(monkeypatch: pytest.MonkeyPatch):
    """The engine's own handlers and a game's own: what reaches them is the vocabulary's value, fields as read."""
    got: list[Any] = []
    monkeypatch.setitem(HANDLERS, "alarm", lambda rules, a: got.append(a))
    monkeypatch.setitem(RULEBOOKS["bb2"].actions, "commotion", GameAction(lambda rules, a: got.append(a), "commotions"))
    s = position(floor_case("D4", "B2", 2), crew={"ana": burglar("A4")})
    apply(s, {"do": "alarm", "floor": "1", "at": "c2"})
    bb2 = apply(new_bb2_game([{"name": "Ann"}], entrances=["A1", "D4"]), {"do": "start"}).state
    while bb2.pending:
        bb2 = apply(bb2, {"do": "answer", "choice": bb2.pending["question"]["options"][0]}).state
    apply(bb2, {"do": "commotion", "floor": 1, "at": "b2", "steps": "3"})
    assert got == [vocabulary.Alarm(floor=1, at="C2"), vocabulary.ACTIONS["commotion"].read(
        {"floor": 1, "at": "B2", "steps": 3})]
    assert not any(isinstance(a, dict) for a in got)


def test_what_an_action_names_is_checked_on_the_board_before_its_handler_runs(monkeypatch: pytest.MonkeyPatch):
    """engine/on_board.py: a floor the heist lacks, a burglar not in the crew, a room off the floor are refused
    by the same words whichever action names them, and the handler never sees them."""
    ran: list[Any] = []
    monkeypatch.setitem(HANDLERS, "place", lambda rules, a: ran.append(a))
    s = position(floor_case("D4", "B2", 2), crew={"ana": burglar("A4")})
    for fields, words in [({"who": "zed", "floor": 1, "to": "B2"}, "nobody called 'zed' is in the crew"),
                          ({"who": "ana", "floor": 7, "to": "B2"}, "floor 7 does not exist (floors: 1)"),
                          ({"who": "ana", "floor": 1, "to": "E1"}, "E1 is off the board")]:
        with pytest.raises(RulesError) as refused:  # a BoardError for the room
            apply(s, {"do": "place", **fields})
        assert words in str(refused.value)
    assert ran == []


# (the action, the field, its most) for every number the vocabulary reads against a game's limit
LIMITS = [
    ({"do": "hack", "kind": "laser"}, "count", MOST_HACK),
    ({"do": "deck", "floor": 1}, "count", MOST_DECK),
    ({"do": "prima_donna", "who": "ana"}, "count", PRIMA_DONNAS),
    ({"do": "workers", "floor": 1, "from": "A1", "to": "A2"}, "count", MOST_WORKERS),
    ({"do": "flee", "who": "ana", "to": "A2"}, "scans", MOST_SCANS),
    ({"do": "reveal", "floor": 1, "at": "B2", "type": "camera"}, "number", MOST_NUMBER),
    ({"do": "guard_turn", "floor": 1}, "bonus", MOST_BONUS),
    ({"do": "set", "field": "workers", "floor": 1, "at": "A1"}, "value", max(MOST_WORKERS, MOST_ROOM_TOKENS,
                                                                              MOST_CUBES)),
]


@pytest.mark.parametrize("action, key, most", LIMITS, ids=lambda v: v["do"] if isinstance(v, dict) else str(v))
def test_a_number_is_read_up_to_its_games_limit_and_no_further(action: dict[str, Any], key: str, most: int):
    assert getattr(vocabulary.from_json({**action, key: most}), "value" if key == "value" else
                   {"from": "source"}.get(key, key)) == most
    with pytest.raises(MalformedActionError, match=f"to {most}, not {most + 1}"):
        vocabulary.from_json({**action, key: most + 1})


def test_the_virus_shares_its_own_number_of_tokens():
    s = apply(new_game("bank", [{"name": "Ann"}], seed=3), {"do": "start"}).state
    with pytest.raises(IllegalActionError, match="the Virus puts 3 hack tokens"):
        apply(s, {"do": "event", "name": "virus", "floor": 1, "tokens": {"laser": VIRUS_TOKENS - 1}})
    with pytest.raises(MalformedActionError):
        vocabulary.from_json({"do": "event", "name": "virus", "floor": 1, "tokens": {"laser": VIRUS_TOKENS + 1}})
