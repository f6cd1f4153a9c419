"""Conformance cases run in-process, the way ``python -m assistant.resolve`` runs them (``run_case``), and
compared with their ``expect`` the way ../shared/conformance/check.py compares: only the fields a case
expects, alarms sorted, ``"error": true`` for any clear message. Our own public cases live in
tests/conformance/ (format: docs/conformance.md); the shared ones run too when ../shared is beside us."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from assistant.engine.box import BB2_ROOMS
from assistant.engine.cases import BB1_ROOMS, run_case, state_from_case
from assistant.engine.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "tests" / "conformance"
SHARED = ROOT.parent / "shared" / "conformance" / "cases"
TILES = ROOT.parent / "shared" / "rules" / "tiles.json"


def compare(expected: Any, actual: Any, where: str = "") -> Iterator[tuple[str, Any, Any]]:
    """(path, expected, actual) for every expected field that differs: check.py's comparison, kept here so
    these tests run without ../shared."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield where or "result", expected, actual
            return
        for key, value in expected.items():
            yield from compare(value, actual.get(key), f"{where}.{key}" if where else key)
        return
    if where == "error" and expected is True:
        if not (isinstance(actual, str) and actual.strip()):
            yield where, "a clear error message", actual
        return
    if where.endswith(".alarms") and isinstance(expected, list) and isinstance(actual, list):
        expected, actual = sorted(expected), sorted(actual)
    if expected != actual:
        yield where, expected, actual


def differences(case: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    expect = case.get("expect", {})
    actual = json.loads(json.dumps(run_case(case)))  # what the resolver prints, read back
    diffs = list(compare(expect, actual))
    if actual.get("id") != case.get("id"):
        diffs.insert(0, ("id", case.get("id"), actual.get("id")))
    if "error" in actual and "error" not in expect:
        diffs.insert(0, ("error", None, actual["error"]))
    return diffs


def case_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json")) if folder.is_dir() else []


@pytest.mark.parametrize("path", case_files(OURS), ids=lambda p: p.stem)
def test_our_public_case(path: Path):
    """docs/conformance.md: each case in tests/conformance gives what its ``about`` says the rules give."""
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case.get("about"), f"{path.name} says where its expectation comes from"
    assert differences(case) == []


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/conformance is not beside the project")
@pytest.mark.parametrize("path", case_files(SHARED), ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_shared_case(path: Path):
    """../shared/conformance/FORMAT.md: the shared cases still pass with the format extended."""
    assert differences(json.loads(path.read_text(encoding="utf-8"))) == []


def test_our_cases_have_unique_ids():
    ids = [json.loads(p.read_text(encoding="utf-8"))["id"] for p in case_files(OURS)]
    assert len(ids) == len(set(ids)) >= 20


@pytest.mark.skipif(not TILES.is_file(), reason="../shared/rules/tiles.json is not beside the project")
def test_every_bb1_room_type_of_the_box_is_a_case_tile():
    """docs/conformance.md: a case's ``tiles`` take every type of ../shared/rules/tiles.json, and the entrance."""
    types = set(json.loads(TILES.read_text(encoding="utf-8"))["types"])
    assert set(BB1_ROOMS) == types | {"entrance"}


# -- room types (docs/conformance.md `tiles`; issue 38 §4: a misspelt one no longer switches its rule off) ------

CROWS_NEST = {"rules": "bb2", "floors": {"1": {"walls": ["B2-C2"], "guard": "A2", "destination": "B2", "patrol": ["D4"],
                                              "tiles": {"B2": "crows-nest"}}},
              "crew": {"ana": {"floor": 1, "at": "C2", "heat": 0}}, "actions": [{"do": "guard_turn", "floor": 1}]}
GUARD_ROOM = {"rules": "bb3", "floors": {"1": {"guard": "A1", "destination": "D1", "die": 3,
                                              "tiles": {"B1": "guard-room"}}},
              "actions": [{"do": "guard_turn", "floor": 1}], "choices": ["stop"]}


def with_tile(case: dict[str, Any], square: str, kind: str) -> dict[str, Any]:
    floor = {**case["floors"]["1"], "tiles": {square: kind}}
    return {**case, "floors": {"1": floor}}


@pytest.mark.parametrize("case, square, spelling", [
    (CROWS_NEST, "B2", "crows_nest"), (CROWS_NEST, "B2", "Crows Nest"), (CROWS_NEST, "B2", "CROWS-NEST"),
    (GUARD_ROOM, "B1", "guard_room"), (GUARD_ROOM, "B1", "Guard Room"),
])
def test_a_room_type_with_underscores_spaces_or_capitals_reads_as_its_hyphenated_name(
        case: dict[str, Any], square: str, spelling: str):
    """docs/conformance.md `tiles` (issue 38 §4): every game reads "crows_nest", "Crows Nest" or "CROWS-NEST" as
    "crows-nest", as bb1 reads "Secret door", so its room's rule applies as with the hyphenated name."""
    hyphenated = "-".join(spelling.replace("_", " ").lower().split())
    assert state_from_case(with_tile(case, square, spelling)).floors[1].tiles == {square: hyphenated}
    assert run_case(with_tile(case, square, spelling)) == run_case(with_tile(case, square, hyphenated))


def test_a_crows_nest_spelt_with_an_underscore_keeps_its_rule():
    """bb2 Crow's Nest (issue 38 §4: "crows_nest" used to be kept as given, and the room's rule was off): entering it,
    the bouncer gives the player next door 1 heat, through the wall too."""
    assert run_case(with_tile(CROWS_NEST, "B2", "crows_nest"))["crew"]["ana"]["heat"] == 1


@pytest.mark.parametrize("rules, kind, types", [
    ("bb1", "kitchen", BB1_ROOMS), ("bb2", "crowsnest", (*BB2_ROOMS, "entrance")),
    ("bb2", "lavatory", (*BB2_ROOMS, "entrance")), ("bb3", "guardroom", ("room", "guard-room", "entrance")),
])
def test_a_room_type_the_game_lacks_is_an_error_naming_it_and_the_games_types(rules: str, kind: str,
                                                                               types: tuple[str, ...]):
    """docs/conformance.md `tiles` (issue 38 §4): an unknown type is an error naming it, in every game, with the
    game's own types listed (engine/box.py), rather than a room whose rule is silently off."""
    error = run_case({"rules": rules, "floors": {"1": {"guard": "A1", "destination": "C1", "tiles": {"B2": kind}}}})[
        "error"]
    named, listed = error.split(": ", 2)[1:]
    assert repr(kind) in named
    assert sorted(listed.split(", ")) == sorted(types)


@pytest.mark.parametrize("rules", ["bb1", "bb2", "bb3"])
def test_the_entrance_the_app_writes_is_a_room_type_of_every_game(rules: str):
    """An exported heist names the room the crew broke in by as an ``entrance`` tile, whatever the game: it
    opens again."""
    case = {"rules": rules, "floors": {"1": {"guard": "A1", "destination": "C1", "tiles": {"B2": "entrance"}}}}
    assert "error" not in run_case(case)


def table_case(**top: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"id": "t", "rules": "bb1", "floors": {"1": {"guard": "D4", "destination": "D3", "die": 1}},
                            "crew": {"ana": {"at": None}, "bob": {"at": "B2"}}, "actions": []}
    case.update(top)
    return case


def test_entrance_puts_the_player_whose_turn_it_is_inside():
    """§1.22 Break-in, docs/conformance.md ``entrance``: the case starts in the current player's turn, which
    began with her walking in; the others wait outside."""
    out = run_case(table_case(entrance="A1", crew={"ana": {"at": None}, "cat": {"at": None}}))
    assert (out["crew"]["ana"]["at"], out["crew"]["cat"]["at"]) == ("A1", None)


def test_turn_names_whose_turn_it_is():
    """docs/conformance.md ``turn``: the player whose turn it is; end_turn then moves their floor's guard."""
    out = run_case(table_case(turn="bob", actions=[{"do": "end_turn"}]))
    assert out["floors"]["1"]["entered"] == ["D3"]
    assert out["turn"] == "ana"


@pytest.mark.parametrize("top, culprit", [({"turn": "zed"}, "zed"), ({"hack": {"camera": 1}}, "camera"),
                                          ({"hack": {"laser": 7}}, "0 to 6"), ({"entrance": "E9"}, "entrance")])
def test_bad_table_fields_are_errors_naming_the_culprit(top: dict[str, Any], culprit: str):
    """FORMAT.md: a case the engine rejects prints an error with a clear message."""
    assert culprit in run_case(table_case(**top))["error"]


def test_a_fall_must_land_under_the_burglar():
    """docs/conformance.md ``how`` "fall": ``floor``/``to`` name the room one floor below where she stands."""
    out = run_case(table_case(actions=[{"do": "move", "who": "bob", "floor": 1, "to": "C2", "how": "fall"}]))
    assert "fall lands" in out["error"]


def test_the_format_lists_every_key_each_action_reads():
    """docs/conformance.md "Every key, by action": each action with the keys it needs and may take, as
    engine/vocabulary.py reads them (issue 21: a case can say everything an action reads)."""
    table = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8").split("## Every key, by action")[1]
    table = table.split("\n## ")[0]
    listed = {}
    for row in re.findall(r"^\| `(\w+)` \| ([^|]*) \| ([^|]*) \|", table, re.MULTILINE):
        listed[row[0]] = (re.findall(r"`(\w+)`", row[1]), re.findall(r"`(\w+)`", row[2]))
    read = {do: ([f.metadata["key"] or f.name for f in fields(cls) if f.metadata["required"]],
                 [f.metadata["key"] or f.name for f in fields(cls) if not f.metadata["required"]])
            for do, cls in ACTIONS.items()}
    assert listed == read
