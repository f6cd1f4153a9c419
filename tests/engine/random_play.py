"""One random heist for the property tests of every game: draw actions (and sometimes a wrong
answer), apply them, check the game's invariants after each, and check that replaying the same
actions gives the same states (undo is replay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

from assistant.engine.actions import apply
from assistant.engine.errors import RulesError
from assistant.engine.state import GameState

Check = Callable[[GameState, dict[int, int], str], None]


def play_randomly(data: Any, new: Callable[..., GameState], params: dict[str, Any],
                  next_action: Callable[[Any, GameState], dict[str, Any]], check: Check, *,
                  notable: set[str], setup: Callable[[Any, GameState], list[dict[str, Any]]],
                  check_question: Callable[[dict[str, Any], str], None] | None = None) -> None:
    """``setup`` gives the actions to play first (usually the break-in; sometimes none, so that
    actions before the guards appear are exercised too); ``notable`` log kinds are reported as
    hypothesis events, to see what the runs exercised (--hypothesis-show-statistics)."""
    state = new(**params)
    cards = {n: len(fl.deck) + len(fl.discard) + len(fl.unseen) for n, fl in state.floors.items()}
    check(state, cards, "new heist")
    history: list[dict[str, Any]] = []
    snapshots = [state.to_json()]  # snapshots[i] = state after history[:i]
    first = setup(data, state)
    seen: set[str] = set()
    for _ in range(data.draw(st.integers(1, 60), label="steps")):
        if state.pending:
            options = state.pending["question"]["options"]
            if data.draw(st.integers(0, 9), label="bad answer?") == 0:
                try:
                    apply(state, {"do": "answer", "choice": "not-an-option"})
                except RulesError:
                    pass
                else:
                    raise AssertionError(f"an answer outside {options} was accepted")
            action = {"do": "answer", "choice": data.draw(st.sampled_from(options), label="answer")}
        elif first:
            action = first.pop(0)
        else:
            action = next_action(data, state)
        before = snapshots[-1]
        try:
            result = apply(state, action)
        except RulesError:
            assert state.to_json() == before, f"refused {action} changed the state"
            continue
        assert state.to_json() == before, f"apply({action}) changed its input state"
        state = result.state
        history.append(action)
        where = f"after {history}"
        if result.question:
            if check_question:
                check_question(result.question, where)
            seen.add("question: " + result.question["kind"])
        seen.update(e.kind for e in result.log if e.kind in notable)
        snap = state.to_json()
        snapshots.append(snap)
        assert GameState.from_json(snap) == state, "to_json/from_json does not round-trip"
        check(state, cards, where)
    for kind in sorted(seen):
        event(kind)
    if history:
        def replay(actions: list[dict[str, Any]]) -> dict[str, Any]:
            s = new(**params)
            for a in actions:
                s = apply(s, a).state
            return s.to_json()

        assert replay(history) == snapshots[-1], "replaying the same actions gave another heist"
        assert replay(history[:-1]) == snapshots[-2], "undo of the last action differs"
        cut = data.draw(st.integers(0, len(history) - 1), label="replay up to")
        assert replay(history[:cut]) == snapshots[cut], f"replay of the first {cut} actions differs"
