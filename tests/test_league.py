"""The league of the club's heists (issue 36 §2), counted over heists stored through the real Store (on an SQLite
file, or PostgreSQL: ASSISTANT_TEST_STORE) and played by actions: heists, wins and Stealth per crew, character, job
and difficulty, and each heist's luck, checked against a direct call of the forecast on the positions before each
End turn and against what each End turn did when the stored actions are played again."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from assistant.engine.vocabulary import Action

import pytest

from assistant.engine.actions import apply
from assistant.engine.cases import state_from_case
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.rulesets import Rulebook
from assistant.engine.state import GameState
from assistant.forecast import forecast_floor
from assistant.league import Heist, HeistLine, heist_line, league
from assistant.store import Store
from assistant.stores import open_store
from tests.pg_cluster import DATABASES, STORE

SEEN = ["B1", "D1", "A2", "B2", "C2", "D2", "B3", "C3", "D3", "A4", "B4", "C4", "D4"]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """The store on an SQLite file, or on PostgreSQL in test.sh's second pass (ASSISTANT_TEST_STORE)."""
    file = tmp_path / "heists.sqlite3"
    kept = open_store(DATABASES.for_path(str(file)) if STORE == "postgresql" else file, folder=tmp_path)
    yield kept
    kept.shutdown()


def counted(store: Store, game_id: str) -> HeistLine:
    [row] = [r for r in store.games() if r["id"] == game_id]
    setup, first, book = store.setup(game_id)
    return heist_line(Heist(row["id"], row["title"], row["updated"]), setup, first, store.timeline(game_id)[1], book)


def half_a_chance(store: Store, deck: list[str]) -> str:
    """The guard walks B1 -> A1 with die 2 and draws from the unseen A1, A3 and C1: A1 is his own room (redrawn),
    A3 sends him down to A2, where Ana stands (found with a chance of 1 in 2, 1.11), C1 back to B1. ``deck``: the
    app's deck, top first, which decides it."""
    state = state_from_case({"players": 4, "floors": {"1": {"guard": "B1", "destination": "A1", "die": 2,
                                                            "patrol": deck, "discard": SEEN}},
                             "crew": {"Ana": {"floor": 1, "at": "A2", "stealth": 2}}})
    game_id = store.create("A test", state)
    store.act(game_id, {"do": "end_turn"})
    return game_id


def bank_job(store: Store, crew: list[dict[str, Any]], seed: int, difficulty: str = "normal", turns: int = 8,
             deck: str = "app") -> str:
    """A Bank Job broken into at B2 and played by ``turns`` ends of turns (fewer if the crew is caught); with the
    table's own patrol cards (``deck`` "table"), each card the app asks for is the first one that can be drawn."""
    game_id = store.create(f"The Bank Job — {' & '.join(c['name'] for c in crew)}",
                           new_game("bank", crew, difficulty=difficulty, deck_mode=deck, seed=seed),
                           [("game", "bb1"), ("scenario", "bank"), ("difficulty", difficulty)])
    for action in ({"do": "start"}, {"do": "entrance", "at": "B2"}, *({"do": "end_turn"} for _ in range(turns))):
        if store.load(game_id).state.outcome:
            break
        store.act(game_id, action)
        while (pending := store.load(game_id).state.pending) is not None:
            store.act(game_id, {"do": "answer", "choice": drawable(store.load(game_id).state, pending["question"])})
    return game_id


def drawable(state: GameState, question: dict[str, Any]) -> str:
    """The first option a table could answer: for a patrol card, one not face up in its floor's discard pile."""
    if question["kind"] != "card":
        return str(question["options"][0])
    face_up = state.floors[question.get("floor") or state.crew[state.current() or ""].floor].discard
    return next(str(o) for o in question["options"] if o not in face_up)


def escape_all(store: Store, game_id: str) -> None:
    """Every burglar out: the table says so (a correction, as the board's menu offers it)."""
    for name in store.load(game_id).state.crew:
        store.act(game_id, {"do": "escape", "who": name, "correction": True})


ANN_BOB = [{"name": "Ann", "character": "raven"}, {"name": "Bob", "character": "hacker"}]
CY_DI = [{"name": "Cy", "character": "raven"}, {"name": "Di", "character": "rook"}]


def test_a_guard_move_with_an_even_chance_is_lucky_when_it_misses_and_unlucky_when_it_finds(store: Store) -> None:
    found, missed = half_a_chance(store, ["A1", "A3", "C1"]), half_a_chance(store, ["C1", "A3", "A1"])
    unlucky, lucky = counted(store, found), counted(store, missed)
    half = Fraction(1, 2)
    assert (unlucky.expected, unlucky.found, unlucky.luck, unlucky.stealth_lost) == (half, 1, -half, 1)
    assert (lucky.expected, lucky.found, lucky.luck, lucky.stealth_lost) == (Fraction(1, 2), 0, Fraction(1, 2), 0)
    table = league([unlucky, lucky])
    assert table.luckiest() == (lucky,) and table.unluckiest() == (unlucky,)
    [crew] = table.crews
    assert (crew.key, crew.heists, crew.expected, crew.found, crew.luck) == (("Ana",), 2, 1, 1, 0)
    [job] = table.jobs
    assert job.key == ("bb1", "custom", "1", "")  # an imported position: no job, no difficulty it was set up at


def test_heists_won_and_caught_are_counted_per_crew_character_and_job_at_its_difficulty(store: Store) -> None:
    won = bank_job(store, ANN_BOB, seed=1)
    escape_all(store, won)
    caught = bank_job(store, ANN_BOB, seed=2, difficulty="hard", turns=60)
    other = bank_job(store, CY_DI, seed=3)
    assert [store.load(g).state.outcome for g in (won, caught, other)] == ["escaped", "caught", None]
    lines = [counted(store, g) for g in (won, caught, other)]
    set_up = counted(store, bank_job(store, ANN_BOB, seed=4, turns=0))  # broken into, no guard move yet
    table = league([*lines, set_up])
    assert not set_up.played and table.unplayed == 1 and table.heists[-1] is set_up
    crews = {row.key: row for row in table.crews}
    assert set(crews) == {("Ann", "Bob"), ("Cy", "Di")}
    assert (crews["Ann", "Bob"].heists, crews["Ann", "Bob"].won, crews["Ann", "Bob"].lost) == (2, 1, 1)
    assert (crews["Cy", "Di"].heists, crews["Cy", "Di"].won, crews["Cy", "Di"].lost) == (1, 0, 0)
    characters = {row.key: row for row in table.characters}
    assert (characters["raven",].heists, characters["raven",].won) == (3, 1)
    assert (characters["hacker",].heists, characters["rook",].heists) == (2, 1)
    jobs = {row.key: (row.heists, row.won, row.lost) for row in table.jobs}
    assert jobs == {("bb1", "bank", "3", "normal"): (2, 1, 0), ("bb1", "bank", "3", "hard"): (1, 0, 1)}
    # Stealth lost, against the positions themselves: what each burglar started with less what she ended with
    for game_id, line in zip((won, caught, other), lines, strict=True):
        first, last = store.setup(game_id)[1], store.load(game_id).state
        for b in line.burglars:
            assert b.lost == first.crew[b.name].stealth - last.crew[b.name].stealth, (game_id, b.name)
    raven_lost = sum(b.lost for line in lines for b in line.burglars if b.character == "raven")
    assert characters["raven",].stealth_lost == raven_lost > 0
    assert crews["Ann", "Bob"].stealth_lost == lines[0].stealth_lost + lines[1].stealth_lost


def test_luck_is_the_forecast_before_each_end_turn_against_what_it_did_played_again(store: Store) -> None:
    """Every End turn of three stored heists played again from the first position with the stored actions: the
    forecast of the moving floor, called directly on the position before it, summed, is the heist's expected finds;
    the burglars whose Stealth (or a Lavatory token) that End turn and its answers took are its finds."""
    heists = [*(bank_job(store, ANN_BOB, seed=seed, turns=12) for seed in (4, 5, 6)),
              bank_job(store, ANN_BOB, seed=7, turns=12, deck="table")]  # End turns that ask for each card
    for game_id in heists:
        line = counted(store, game_id)
        actions = [e.action for e in store.history(game_id)]
        _, first, book = store.setup(game_id)
        expected, found = replayed_luck(first, book, actions)
        assert line.moves == sum(a.do == "end_turn" for a in actions) > 5
        assert found == {b.name: b.found for b in line.burglars}
        assert expected == {b.name: b.expected for b in line.burglars}
        assert line.luck == sum(expected.values()) - sum(found.values())
    assert any(counted(store, g).found for g in heists)  # the guards did find someone: the check saw finds
    assert any(e.action.do == "answer" for e in store.history(heists[-1]))


def replayed_luck(first: GameState, book: Rulebook,
                  actions: list[Action]) -> tuple[dict[str, Fraction], dict[str, int]]:
    expected = {name: Fraction(0) for name in first.crew}
    found = dict.fromkeys(first.crew, 0)
    state, i = first, 0
    while i < len(actions):
        before = state
        result = apply(state, actions[i])
        state, caught = result.state, [e.data["who"] for e in result.log if e.kind == "caught"]
        i += 1
        if actions[i - 1].do != "end_turn":
            continue
        while state.pending and i < len(actions):  # the answers that finish this End turn's guard move
            result = apply(state, actions[i])
            state, caught = result.state, [*caught, *(e.data["who"] for e in result.log if e.kind == "caught")]
            i += 1
        who = before.current()
        b = before.crew[who] if who else None
        if b is None or b.escaped or b.at is None or before.no_move or before.floors[b.floor].guard is None:
            continue
        for name, chance in forecast_floor(before, b.floor, book).crew.items():
            expected[name] += chance.found
            found[name] += (state.crew[name].stealth < before.crew[name].stealth or name in caught
                            or state.crew[name].heat > before.crew[name].heat
                            or sum(state.floors[b.floor].lavatory.values())
                            < sum(before.floors[b.floor].lavatory.values()))
    return expected, found


def test_heat_is_counted_in_burgle_bros_2_and_its_luck_against_the_forecast_too(store: Store) -> None:
    casino = store.create("Casino — Ann & Bob", new_bb2_game([{"name": "Ann"}, {"name": "Bob"}],
                                                             entrances=["A1", "D4"], seed=3))
    store.act(casino, {"do": "start"})
    for square in ("C1", "D4", "C3", "C2"):  # the cards the table drew: bouncers and destination markers
        store.act(casino, {"do": "answer", "choice": square})
    store.act(casino, {"do": "move", "who": "Ann", "floor": 1, "to": "A1"})
    store.act(casino, {"do": "reveal", "floor": 1, "at": "A1", "type": "pool", "number": 1})
    for _ in range(9):
        store.act(casino, {"do": "end_turn"})
        while (pending := store.load(casino).state.pending) is not None:  # the table's patrol cards
            store.act(casino, {"do": "answer", "choice": pending["question"]["options"][0]})
    heat = store.load(casino).state.crew["Ann"].heat
    store.act(casino, {"do": "set", "field": "heat", "who": "Ann", "value": 5})  # a correction: no heat gained
    line = counted(store, casino)
    assert (line.game, line.job, line.floors, line.difficulty, line.counter) == ("bb2", "casino", 2, "", "heat")
    assert line.heat_gained == heat > 0 and line.stealth_lost == 0
    _, first, book = store.setup(casino)
    expected, found = replayed_luck(first, book, [e.action for e in store.history(casino)])
    assert {b.name: (b.expected, b.found) for b in line.burglars} == {n: (expected[n], found[n]) for n in expected}
    assert found["Ann"] > 0 and expected["Ann"] > 0
    [job] = league([line]).jobs
    assert (job.heat_gained, job.stealth_lost) == (heat, 0)
