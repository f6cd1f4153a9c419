"""Honest errors (issue 12): an action the engine cannot use is refused with a RulesError that says
what is wrong; anything else escaping ``apply`` is a bug in the engine, and the web layer reports it as
one. So no input, however odd, may make ``apply`` raise anything but a RulesError."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine.actions import HANDLERS, apply
from assistant.engine.errors import RulesError
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import GameState
from tests.profiles import examples
import contextlib

CREW = [{"name": "Ann"}, {"name": "Bob"}]
FIELDS = ("floor", "at", "to", "who", "type", "number", "name", "kind", "field", "value", "wall", "on", "hack",
          "cause", "keep", "count", "steps", "targets", "bonus", "advanced", "off", "seed", "choice")
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
                    | st.text(max_size=6) | st.sampled_from(["1", "2", "²", "B2", "Ann", "A1-B1", "tiara", "camera",
                                                            "stealth", "die", "laser", "espresso", "throw_voice"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
                    max_leaves=6)


def started(game: str) -> GameState:
    state = {"bb1": lambda: new_game("bank", CREW, seed=3), "bb2": lambda: new_bb2_game(CREW, entrances=["A1", "D4"]),
             "bb3": lambda: new_bb3_game(CREW)}[game]()
    state = apply(state, {"do": "start"}).state
    answered = 0
    while state.pending:  # the table's own deck asks for cards: a different square each time
        options = state.pending["question"]["options"]
        state = apply(state, {"do": "answer", "choice": options[answered * 5 % len(options)]}).state
        answered += 1
    if game == "bb1":
        state = apply(state, {"do": "entrance", "at": "A1"}).state
    return state


STATES = {game: started(game) for game in ("bb1", "bb2", "bb3")}
EVERY_ACTION = sorted({*HANDLERS, *(do for book in RULEBOOKS.values() for do in book.actions)})  # any game's


@pytest.mark.parametrize("game", sorted(STATES))
@settings(max_examples=examples(150), deadline=None)
@given(do=st.sampled_from(EVERY_ACTION), fields=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
def test_an_odd_action_is_refused_with_a_rules_error_never_a_crash(game: str, do: str, fields: dict[str, Any]):
    with contextlib.suppress(RulesError):
        apply(STATES[game], {"do": do, **fields})


def test_a_bug_inside_the_rules_is_not_turned_into_a_refusal(monkeypatch: pytest.MonkeyPatch):
    """A KeyError from a broken rule used to come out as "action … is malformed": blamed on the table."""
    def broken(rules: Any, action: Any) -> None:
        raise KeyError("a bug")
    monkeypatch.setitem(HANDLERS, "end_turn", broken)
    with pytest.raises(KeyError):
        apply(STATES["bb1"], {"do": "end_turn"})
