"""The actions the engine accepts are typed values read once at the boundary (engine/vocabulary.py, issue 23):
a malformed action (wrong type, unknown field or word, a number out of range) is a MalformedActionError naming
the field, before any rule runs; a well-formed one the rules forbid is an IllegalActionError. Every action of
every case and save reads, and writing it back keeps what the engine reads."""

from __future__ import annotations

import gzip
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.actions import HANDLERS, apply
from assistant.engine.errors import IllegalActionError, MalformedActionError, RulesError
from assistant.engine.bb1.offers import corrections, player_offers, room_offers, take_offers
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb1.vocabulary import Event
from assistant.engine.vocabulary import ACTIONS, Move, from_json
from tests.engine.helpers import burglar, floor_case, position

ROOT = Path(__file__).resolve().parents[2]
CASE_DIRS = (ROOT / "tests" / "conformance", ROOT.parent / "shared" / "conformance" / "cases")


def case_actions() -> list[dict[str, Any]]:
    found = []
    for folder in CASE_DIRS:
        for path in sorted(folder.rglob("*.json")):
            found += json.loads(path.read_text(encoding="utf-8")).get("actions") or []
    return found


def saved_actions(tmp_path: Path) -> list[dict[str, Any]]:
    db = tmp_path / "schema0.sqlite3"
    db.write_bytes(gzip.decompress((ROOT / "tests" / "fixtures" / "saves" / "schema0.sqlite3.gz").read_bytes()))
    with sqlite3.connect(db) as conn:
        return [json.loads(row[0]) for row in conn.execute("SELECT action FROM actions")]


def test_the_vocabulary_names_every_action_the_engine_handles():
    """The actions every game shares, each game's own (``Rulebook.actions``) and the answer to a question."""
    own = {do for game in (book.actions for book in RULEBOOKS.values()) for do in game}
    assert not own & set(HANDLERS)
    assert set(ACTIONS) == set(HANDLERS) | own | {"answer"}


@pytest.mark.parametrize("first", ["assistant.engine.rulesets", "assistant.store", "assistant.engine.cases"])
def test_whoever_reads_actions_reads_every_games_after_importing_only_itself(first: str):
    """Issue 34 §2: each game's actions are defined in its own package (bbN/vocabulary.py) and registered as they
    are; a fresh interpreter that imports only a reader of actions reads the same every action as this one."""
    said = subprocess.run([sys.executable, "-c", f"import {first}\nfrom assistant.engine.vocabulary import ACTIONS\n"
                           "print(' '.join(sorted(ACTIONS)))"], capture_output=True, text=True, check=True)
    assert said.stdout.split() == sorted(ACTIONS)
    assert {"commotion", "flee", "event", "move"} <= set(said.stdout.split())


def test_every_action_of_every_case_and_save_reads_and_round_trips(tmp_path: Path):
    actions = case_actions() + saved_actions(tmp_path)
    assert len(actions) > 300
    for raw in actions:
        action = from_json(raw)
        assert from_json(action.to_json()) == action
        # what the engine reads is kept: the same keys, each value the same once read
        assert action.to_json().keys() == {k for k, v in raw.items() if v not in (None, "")}
        assert from_json(raw) == from_json(json.loads(json.dumps(action.to_json())))


def test_a_value_is_read_as_the_engine_reads_it():
    move = from_json({"do": "move", "who": "ana", "floor": "2", "to": "b3", "type": ""})
    assert move == Move(who="ana", floor=2, to="B3")
    assert move.to_json() == {"do": "move", "who": "ana", "floor": 2, "to": "B3"}
    virus = from_json({"do": "event", "name": "virus", "floor": 1, "tokens": {"laser": 2, "motion": 1}})
    assert isinstance(virus, Event) and virus.tokens == (("laser", 2), ("motion", 1))
    assert virus.to_json()["tokens"] == {"laser": 2, "motion": 1}
    assert from_json({"do": "loot", "who": "ana", "kind": "Cursed Goblet"}).to_json()["kind"] == "cursed-goblet"


@pytest.mark.parametrize("raw, words", [
    ([], "an action is an object with a 'do' field"),
    ({"do": "teleport"}, "unknown action 'teleport'"),
    ({"do": "guard_turn"}, "the action 'guard_turn' needs 'floor'"),
    ({"do": "guard_turn", "floor": 1, "speed": 3}, "the action 'guard_turn' takes no 'speed'"),
    ({"do": "guard_turn", "floor": "one"}, "'floor' must be a whole number, not 'one'"),
    ({"do": "guard_turn", "floor": True}, "'floor' must be a whole number, not True"),
    ({"do": "guard_turn", "floor": "--2"}, "'floor' must be a whole number, not '--2'"),
    ({"do": "guard_turn", "floor": "²"}, "'floor' must be a whole number, not '²'"),
    ({"do": "crow", "who": "ana", "at": "B2", "advanced": "maybe"}, "'advanced' must be true or false"),
    ({"do": "guard_turn", "floor": 1, "bonus": 4}, "'bonus' must be a whole number from -3 to 3, not 4"),
    ({"do": "alarm", "floor": 1, "at": 7}, "'at' must be a square name like B2, not 7"),
    ({"do": "move", "who": "ana", "floor": 1, "to": "B2", "how": "run"}, "'how' must be one of walk, fall, place"),
    ({"do": "move", "who": ["ana"], "floor": 1, "to": "B2"}, "'who' must be a text of at most 40 characters"),
    ({"do": "event", "name": "stakeout", "floor": 1}, "'name': unknown event 'stakeout'"),
    ({"do": "event", "name": "crash", "floor": 1}, "the action 'event' needs 'at'"),
    ({"do": "event", "name": "espresso", "floor": 1, "at": "B2"}, "the action 'event' takes no 'at'"),
    ({"do": "event", "name": "shoplifting", "floor": 1, "targets": "B2"}, "'targets' is a list of"),
    ({"do": "event", "name": "virus", "floor": 1, "tokens": {"toaster": 3}}, "'tokens' must be one of fingerprint"),
    ({"do": "tool", "who": "ana", "kind": "spoon"}, "'kind': no tool is called 'spoon': blueprints, crowbar"),
    ({"do": "answer", "choice": 6}, "'choice' must be a text"),
])
def test_a_malformed_action_is_refused_naming_the_field(raw: Any, words: str):
    with pytest.raises(MalformedActionError) as err:
        from_json(raw)
    assert words in str(err.value)
    assert isinstance(err.value, RulesError) and not isinstance(err.value, IllegalActionError)


def test_a_well_formed_action_through_a_wall_is_illegal_not_malformed():
    """guard-rules §1.21 Throw Voice: the die moves to a room next to it with no wall between. (A burglar's
    ``move`` is not checked for walls: the table says where she went, by stairs or a secret door too.)"""
    s = position(floor_case("D4", "B2", 2, walls=["B2-C2"]), crew={"ana": burglar("A4")})
    with pytest.raises(IllegalActionError, match="no wall between"):
        apply(s, {"do": "event", "name": "throw_voice", "floor": 1, "at": "C2"})
    with pytest.raises(IllegalActionError, match="does not exist"):
        apply(s, {"do": "alarm", "floor": 3, "at": "B2"})  # a floor this heist does not have: the rules say so


def test_apply_takes_the_typed_action_as_it_takes_its_json():
    s = position(floor_case("A1", "D1", 2), crew={"ana": burglar("B2")})
    typed = apply(s, Move(who="ana", floor=1, to="B3"))
    plain = apply(s, {"do": "move", "who": "ana", "floor": 1, "to": "B3"})
    assert typed.state.to_json() == plain.state.to_json()


def test_every_offer_of_the_engine_is_a_well_formed_action():
    s = new_game("bank", [{"name": "Ann", "character": "juicer"}, {"name": "Bob", "character": "raven"}], seed=4)
    s = apply(apply(s, {"do": "start"}).state, {"do": "entrance", "at": "B2"}).state
    offers = [o for sq in ("A1", "B2", "C3") for o in room_offers(s, 1, sq)]
    offers += [o for who in ("Ann", "Bob") for o in player_offers(s, who) + take_offers(s, who)] + corrections(s)
    assert len(offers) > 50
    for offer in offers:
        assert from_json(offer.action).to_json() == offer.action
