"""The engine's resume hook (``Bb1.resumable`` and ``Bb1.resume_walk``), used by the danger forecast (issue 14)
to run the rest of a guard move from a card question instead of replaying the move from its start.

It must change nothing: resuming from the state at the question, with the drawn card put back on the deck,
gives the same state and the same log entries as replaying the move from its start with one more answer,
the way ``actions.apply`` answers a question.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from assistant.engine.cases import state_from_case
from assistant.engine.log import LogEntry
from assistant.engine.narrator import DETAILS
from assistant.engine.ruleset import GameOver, NeedAnswer, Plans
from tests.engine.helpers import book_of, ruleset_for
from assistant.engine.scenarios import random_walls
from assistant.engine.state import HIDDEN, GameState
from assistant.forecast.knowledge import blind

Stop = tuple[GameState, list[LogEntry], dict | None, tuple[int, int, int] | None]


def _run(state: GameState, answers: list[str], resume: tuple[int, int, int] | None, floor: int) -> Stop:
    state = state.copy()
    rules = ruleset_for(state, answers)
    question = None
    try:
        if resume is None:
            rules.guard_turn(floor)
        else:
            rules.resume_walk(*resume)
    except NeedAnswer as need:
        question = need.question
    except GameOver:
        pass
    return state, rules.entries, question, rules.resumable if question else None


def _position(rules: str, seed: int) -> GameState:
    rng = random.Random(seed)
    rooms = [f"{c}{r}" for c in "ABCD" for r in range(1, 5)]
    guard, die_at, at = rng.sample(rooms, 3)
    spec: dict[str, Any] = {"walls": random_walls(4, rng.randint(0, 8), [], seed=seed), "guard": guard,
                            "destination": die_at,
            "die": rng.randint(3, 6), "discard": rng.sample(rooms, rng.randint(0, 10))}
    spec["patrol"] = [rooms[0]] * (16 - len(spec["discard"]))
    if rules == "bb1" and rng.random() < 0.5:
        spec["alarms"] = rng.sample([r for r in rooms if r != guard], 1)
    if rules == "bb1" and rng.random() < 0.5:
        spec["tiles"] = {r: rng.choice(["camera", "foyer", "lavatory"]) for r in rng.sample(rooms, 3)}
    if rules == "bb2":
        spec.pop("die")
        spec["even"] = rng.sample(rooms, 3)
        spec["patrol"] += ["distracted"]
    if rules == "bb3":
        spec["patrol"] += ["worker"]
    state = state_from_case({"rules": rules, "floors": {"1": spec}, "players": rng.randint(1, 4),
                             "crew": {"ana": {"floor": 1, "at": at, "stealth": rng.randint(0, 2)}}})
    return blind(state, book_of(state))


def _drawable(state: GameState, question: dict[str, Any]) -> list[str]:
    """The options the table could answer: a bb1 patrol card face up in the discard pile is refused (§1.22 "The
    table's patrol deck (new, turn 4)"), so these runs, which check resuming and not that rule, leave it out."""
    if question["kind"] != "card" or state.rules != "bb1":
        return question["options"]
    return [o for o in question["options"] if o not in state.floors[question["floor"]].discard] or question["options"]


@pytest.mark.parametrize("rules", ["bb1", "bb2", "bb3"])
def test_resuming_at_a_card_question_is_the_same_as_replaying_the_move_with_the_answer(rules: str) -> None:
    rng = random.Random(14)
    resumed = 0
    for seed in range(60):
        view = _position(rules, seed)
        answers: list[str] = []
        state, entries, question, resumable = _run(view, answers, None, 1)
        while question is not None and len(answers) < 12:
            answer = rng.choice(_drawable(state, question))
            if question["kind"] == "card" and resumable is not None:
                at_question = state.copy()
                at_question.floors[1].deck.insert(0, HIDDEN)  # the card being drawn, back on top
                tail_state, tail, _, _ = _run(at_question, [answer], resumable, 1)
                full_state, full, _, _ = _run(view, [*answers, answer], None, 1)
                assert tail_state.to_json() == full_state.to_json()
                assert tail == full[len(entries):]
                resumed += 1
            answers.append(answer)
            state, entries, question, resumable = _run(view, answers, None, 1)
    assert resumed > 20  # the test resumed many moves, not none


def test_resumable_is_not_set_outside_an_arrival_after_a_step() -> None:
    """A card drawn when the guard returns after a Lost Visual (1.20) is not in a walk: not resumable."""
    state = state_from_case({"lost_visual": True, "floors": {"1": {
        "guard": "A1", "destination": "B1", "die": 2, "patrol": ["C3", "D4"]}}})
    view = blind(state, book_of(state))
    view.floors[1].guard, view.floors[1].destination, view.floors[1].lost = None, None, True
    _, _, question, resumable = _run(view, [], None, 1)
    assert question is not None and question["kind"] == "card" and resumable is None


@pytest.mark.parametrize("rules", ["bb1", "bb2", "bb3"])
def test_a_card_drawn_again_in_a_resumed_move_can_be_resumed_too(rules: str) -> None:
    """His own room, Lost Visual or a worker card drawn as a resumed move draws its destination: the next card is
    asked with ``resumable`` set again, and resuming there once more still gives what the replay gives."""
    rng = random.Random(41)
    chained = 0
    for seed in range(80):
        view = _position(rules, seed)
        state, entries, question, resumable = _run(view, [], None, 1)
        answers: list[str] = []
        shown = len(entries)
        while question is not None and question["kind"] == "card" and resumable is not None and len(answers) < 12:
            here = state.floors[1].guard
            drawable = _drawable(state, question)
            answer = here if here in drawable and rng.random() < 0.4 else rng.choice(drawable)
            at_question = state.copy()
            at_question.floors[1].deck.insert(0, HIDDEN)
            state, tail, question, resumable = _run(at_question, [answer], resumable, 1)
            answers.append(answer)
            full_state, full, _, _ = _run(view, answers, None, 1)
            assert state.to_json() == full_state.to_json()
            assert tail == full[shown:]
            shown = len(full)
            if question is not None and resumable is not None and not any(e.kind == "enter" for e in tail):
                chained += 1  # asked again before he moved on: resumed from the redraw itself
    assert chained > 10


@pytest.mark.parametrize("rules", ["bb1", "bb2", "bb3"])
def test_a_run_told_without_details_is_the_same_run_with_fewer_lines(rules: str) -> None:
    """A ruleset told no details (the forecast's engine runs: ``details=False``) changes nothing but the
    log: the same state and question, and every line but those of ``narrator.DETAILS``, in order, with its kind,
    rule, floor, square (none for a card drawn) and ruling; of a step only the moves left (no fork explained), of a
    card drawn only the card."""
    rng = random.Random(7)
    compared = 0
    for seed in range(60):
        view = _position(rules, seed)
        answers: list[str] = []
        while True:
            state, entries, question, resumable = _run(view, answers, None, 1)
            quiet_state = view.copy()
            rules_q = ruleset_for(quiet_state, answers, details=False)
            notes = rules_q.told
            quiet_question = None
            try:
                rules_q.guard_turn(1)
            except NeedAnswer as need:
                quiet_question = need.question
            except GameOver:
                pass
            assert quiet_state.to_json() == state.to_json()
            assert quiet_question == question
            assert (rules_q.resumable if quiet_question else None) == resumable
            kept = [e for e in entries if e.kind not in DETAILS]
            assert [(e.kind, e.rule, e.floor, None if e.kind == "draw" else e.square, e.ruling) for e in kept] == [
                (kind, rule, floor, square, ruling) for kind, rule, floor, square, _, ruling in notes]
            for e, (kind, _, _, _, data, _) in zip(kept, notes, strict=True):
                if kind == "enter" and "left" in e.data:
                    assert data == {"left": e.data["left"]}
                elif kind == "draw":
                    assert data == {"card": e.data["card"]}
                else:
                    assert data == e.data
            compared += 1
            if question is None or len(answers) >= 12:
                break
            answers.append(rng.choice(_drawable(state, question)))
    assert compared > 100


def test_rulesets_sharing_their_floor_plans_each_walk_by_their_own_walls() -> None:
    """The forecast's runs share their floor plans (``Ruleset(..., plans)``): each ruleset checks a shared plan
    against its own floor's walls, so a state with other walls walks by its own plan, as alone."""
    open_floor = state_from_case({"floors": {"1": {"guard": "A1", "destination": "A3", "die": 2, "patrol": ["D4"]}}})
    walled = open_floor.copy()
    walled.floors[1].walls = ("A1-A2",)
    plans: Plans = {}
    for state in (open_floor, walled, open_floor):
        shared, alone = state.copy(), state.copy()
        for rules in (ruleset_for(shared, [], plans), ruleset_for(alone, [])):
            with contextlib.suppress(NeedAnswer):
                rules.guard_turn(1)
        assert shared.to_json() == alone.to_json()
