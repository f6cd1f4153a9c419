"""Issue 32 §1 "The forecast starts where the guard starts": the danger forecast and the safety map against the
real End turn (``actions.apply`` with ``{"do": "end_turn"}``), over every order of the face-down deck.

The forecast runs ``actions.before_guard_walk``, the part of End turn before the guard's first step, and the
guard's move from there; these tests play End turn itself, so a forecast that skipped or guessed any effect End turn
applies first (§1.22 'Thermo: when it is checked', §1.22 'Acrobat (basic) in the guard's room' with a Lavatory
token, bb2 Tile Clarifications 'Count Room') would give other fractions than the game does.

Every deck order: the cards the players have not seen face up (the deck and the set-aside cards together) are
dealt in every order, grouped by the cards End turn actually draws. A deal fixes the first ``k`` cards; End turn
is played on it (the rest of the deck in any order), and if it drew no more than ``k`` cards that outcome is every
order starting so, else each unseen card is tried as card ``k + 1`` (its copies over the cards left: every order
of the face-down cards is equally likely). The players' questions are answered in every way, each evenly, as the
forecast splits them. Positions whose End turn reshuffles the deck are left out: the app's reshuffle follows its
seed, not every order. The sums are exact fractions, so forecast and End turn must be equal, not close.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from typing import Any

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import assistant.forecast as forecasting
from assistant.engine.actions import apply
from assistant.engine.cases import state_from_case
from assistant.engine.log import LogEntry
from assistant.engine.scenarios import random_walls
from assistant.engine.state import GameState
from assistant.forecast import forecast_floor
from assistant.forecast.knowledge import blind, unseen_cards
from assistant.forecast.safety import safety_map
from tests.profiles import examples
from tests.engine.helpers import book_of

ROOMS = [f"{c}{r}" for c in "ABCD" for r in range(1, 5)]
FOUND = ("stealth", "heat", "caught")


class Reshuffled(Exception):
    """End turn emptied the deck: the app's new order follows its seed, so this position is not compared."""


@dataclass
class Truth:
    """What End turn did, as probabilities over the deck orders and the players' answers."""

    enter: Counter[str] = field(default_factory=Counter)
    end: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    effects: set[str] = field(default_factory=set)  # the end-of-turn effects End turn applied (see EFFECTS)

    def add(self, p: Fraction, log: list[LogEntry], state: GameState, floor: int) -> None:
        for room in {e.square for e in log if e.kind == "enter" and e.floor == floor and e.square}:
            self.enter[room] += p
        guard = state.floors[floor].guard
        if guard is not None:  # Lost Visual took him off the board: no room
            self.end[guard] += p
        for who in {e.data["who"] for e in log if e.kind in FOUND}:
            self.found[who] += p
        for who in {e.data["who"] for e in log if e.kind == "caught"}:
            self.caught[who] += p
        self.effects |= {effect for e in log if (effect := _effect(e))}


def _effect(e: LogEntry) -> str:
    """The end-of-turn effect (or the players' question) a log entry shows, reported as a Hypothesis event: how
    often the positions hit each (--hypothesis-show-statistics)."""
    if e.kind in ("thermo", "count_room"):
        return e.kind
    if e.kind in ("stealth", "caught") and e.data.get("why") == "acrobat_stayed":
        return f"acrobat {e.kind} {e.data.get('how') or ''}".strip()
    return f"question {e.data['question']}" if e.kind == "answer" else ""


def _dealt(state: GameState, floor: int, order: list[str], deck_size: int) -> GameState:
    s = state.copy()
    fl = s.floors[floor]
    fl.deck, fl.unseen = order[:deck_size], tuple(order[deck_size:])
    return s


def _played(state: GameState, answers: list[str]) -> tuple[GameState, list[LogEntry], dict[str, Any] | None]:
    """End turn on ``state``, the table answering its questions with ``answers`` in turn."""
    result = apply(state, {"do": "end_turn"})
    log = list(result.log)
    for answer in answers:
        result = apply(result.state, {"do": "answer", "choice": answer})
        log += result.log
    if any(e.kind == "reshuffle" for e in log):
        raise Reshuffled
    return result.state, log, result.question


def _cards(state: GameState, floor: int) -> Counter[str]:
    """The face-down cards as the engine names them (bb3's worker cards by the one name that only redraws)."""
    book = book_of(state)
    by_kind = {kind: name for name, kind in book.rules.alike_cards.items()}
    return Counter({by_kind.get(c, c): n for c, n in unseen_cards(blind(state, book), floor, book).items()})


def end_turn_truth(state: GameState, floor: int) -> Truth:
    """The real End turn over every deck order (see the module's docstring), the questions answered evenly."""
    cards = _cards(state, floor)
    deck_size = len(state.floors[floor].deck)
    truth = Truth()
    stack: list[tuple[tuple[str, ...], list[str], Fraction]] = [((), [], Fraction(1))]
    while stack:
        prefix, answers, p = stack.pop()
        rest = cards - Counter(prefix)
        after, log, question = _played(_dealt(state, floor, [*prefix, *rest.elements()], deck_size), answers)
        if deck_size - len(after.floors[floor].deck) > len(prefix):  # a card not dealt yet came up
            left = rest.total()
            stack.extend(((*prefix, card), answers, p * Fraction(copies, left)) for card, copies in rest.items())
        elif question is not None:
            options = question["options"]
            stack.extend((prefix, [*answers, o], p / len(options)) for o in options)
        else:
            truth.add(p, log, after, floor)
    return truth


def every_order_truth(state: GameState, floor: int) -> Truth:
    """The same, by brute force: End turn on every distinct order of the face-down cards (a small deck)."""
    cards = _cards(state, floor)
    deck_size = len(state.floors[floor].deck)
    orders = set(permutations(list(cards.elements())))
    truth = Truth()
    for order in orders:
        stack: list[tuple[list[str], Fraction]] = [([], Fraction(1, len(orders)))]
        while stack:
            answers, p = stack.pop()
            after, log, question = _played(_dealt(state, floor, list(order), deck_size), answers)
            if question is None:
                truth.add(p, log, after, floor)
            else:
                stack.extend(([*answers, o], p / len(question["options"])) for o in question["options"])
    return truth


def assert_forecast_is_end_turn(state: GameState, floor: int, truth: Truth) -> None:
    forecasting._cache.clear()
    f = forecast_floor(state, floor, book_of(state))
    assert f.enter == {r: p for r, p in truth.enter.items() if p}
    assert f.end == {r: p for r, p in truth.end.items() if p}
    for name, chance in f.crew.items():
        assert (chance.found, chance.caught) == (truth.found[name], truth.caught[name]), name


# -- random positions that often hit an end-of-turn effect ----------------------------------------------------

@st.composite
def positions(draw: Any, rules: str) -> GameState:
    """One floor of ``rules`` with two burglars, Ana's turn: she often ends it on the effect her game has (a
    Thermo, the basic Acrobat in the guard's room, with Lavatory tokens there, a Count Room)."""
    guard, die_at, ana_at, bo_at = (draw(st.sampled_from(ROOMS), label=what) for what in ("guard", "die", "ana", "bo"))
    assume(guard != die_at)
    discard = draw(st.lists(st.sampled_from([r for r in ROOMS if r != guard]), min_size=5, max_size=10,
                            unique=True), label="discard")
    unseen = len(ROOMS) - len(discard)
    floor: dict[str, Any] = {
        "walls": random_walls(4, draw(st.integers(0, 8), label="walls"), [], seed=draw(st.integers(0, 999))),
        "guard": guard, "destination": die_at, "discard": discard,
        "patrol": ["A1"] * (unseen - draw(st.integers(0, 2), label="set aside"))}
    ana: dict[str, Any] = {"floor": 1, "at": ana_at, "stealth": draw(st.integers(0, 2), label="ana stealth")}
    bo: dict[str, Any] = {"floor": 1, "at": bo_at, "stealth": draw(st.integers(0, 2), label="bo stealth")}
    tiles: dict[str, str] = {}
    if rules != "bb2":
        floor["die"] = draw(st.integers(1, 3), label="die")
        floor["alarms"] = draw(st.lists(st.sampled_from([r for r in ROOMS if r != guard]), max_size=2, unique=True),
                               label="alarms")
    if rules == "bb1":
        # each effect in a quarter of the positions at least; "any" mixes them at random
        focus = draw(st.sampled_from(["thermo", "acrobat", "acrobat in a lavatory", "any"]), label="effect")
        for room in draw(st.lists(st.sampled_from(ROOMS), max_size=3, unique=True), label="thermos"):
            tiles[room] = "thermo"
        if focus.startswith("acrobat") or (focus == "any" and draw(st.booleans(), label="acrobat")):
            ana.update(character="acrobat", side="basic")
            if focus != "any" or draw(st.booleans(), label="acrobat in his room"):
                ana["at"] = guard
        if focus == "thermo" or (focus == "any" and draw(st.booleans(), label="ana on a thermo")):
            tiles[ana["at"]] = "thermo"
        if focus == "acrobat in a lavatory" or (focus == "any" and draw(st.booleans(), label="lavatory")):
            tiles[ana["at"]] = "lavatory"
            floor["tokens"] = {ana["at"]: draw(st.integers(1, 3), label="tokens")}
    elif rules == "bb2":
        ana["heat"], bo["heat"] = draw(st.integers(0, 5), label="ana heat"), draw(st.integers(0, 5), label="bo heat")
        if draw(st.integers(0, 3), label="ana in a count room") > 0:
            tiles[ana["at"]] = "count-room"
    else:
        for room in draw(st.lists(st.sampled_from(ROOMS), max_size=3, unique=True), label="guard rooms"):
            tiles[room] = "guard-room"
    floor["tiles"] = tiles
    state = state_from_case({"rules": rules, "players": 2, "floors": {"1": floor}, "crew": {"ana": ana, "bo": bo}})
    state.actions_over = draw(st.integers(0, 3), label="an event ended her actions") == 0
    return state


def truth_unless_reshuffled(state: GameState) -> Truth:
    """End turn's frequencies, or the example is dropped: the app's reshuffle follows its seed, not every order."""
    try:
        return end_turn_truth(state, 1)
    except Reshuffled:
        assume(False)
        raise


@pytest.mark.parametrize("rules", ["bb1", "bb2", "bb3"])
@settings(max_examples=examples(60), deadline=None, database=None)
@given(data=st.data())
def test_the_forecast_gives_what_the_real_end_turn_does_over_every_deck_order(rules: str, data: Any) -> None:
    """Issue 32 §1: Danger's found/caught for the crew and the guard's enter/end equal End turn's frequencies,
    with the Thermo she ends her actions in (§1.22 'Thermo: when it is checked': none after an event card ended
    them), the basic Acrobat still in his room (§1.22 'Acrobat (basic) in the guard's room'; bb1 Acrobat card), a
    Lavatory token she may use instead of her own (§1.22 'Lavatory'), a bb2 Count Room's commotion (bb2 Tile
    Clarifications)."""
    state = data.draw(positions(rules))
    truth = truth_unless_reshuffled(state)
    for effect in sorted(truth.effects):
        event(effect)
    assert_forecast_is_end_turn(state, 1, truth)


@pytest.mark.parametrize("rules", ["bb1", "bb2"])
@settings(max_examples=examples(20), deadline=None, database=None)
@given(data=st.data())
def test_the_safety_map_of_the_room_she_stands_in_is_what_end_turn_does_there(rules: str, data: Any) -> None:
    """Issue 32 §1: the Coach asks "if she ended her turn in this room", so the room she stands in has the odds of
    End turn itself (a Thermo there judged with its alarm raised, §1.22 'Thermo: when it is checked'; the basic
    Acrobat in his room, §1.22; a bb2 Count Room), and every room is the forecast with her moved there."""
    state = data.draw(positions(rules))
    truth = truth_unless_reshuffled(state)
    forecasting._cache.clear()
    chances = safety_map(state, "ana", book_of(state))
    here = chances[state.crew["ana"].at or ""]
    assert (here.found, here.caught) == (truth.found["ana"], truth.caught["ana"])
    for room, chance in chances.items():
        moved = state.copy()
        moved.crew["ana"].at = room
        assert chance == forecast_floor(moved, 1, book_of(moved)).crew["ana"], room


def test_grouping_the_deck_orders_by_the_cards_drawn_counts_every_order_once() -> None:
    """The enumeration above against End turn on each of the 720 orders of six face-down cards (a Thermo she
    ends in, an alarm tie the players answer, a far die)."""
    state = state_from_case({"rules": "bb1", "players": 2, "floors": {"1": {
        "guard": "B2", "destination": "D4", "die": 2, "alarms": ["D2"], "tiles": {"B4": "thermo"},
        "patrol": ["A1"] * 4, "discard": [r for r in ROOMS if r not in ("A1", "C1", "A3", "D3", "C4", "B2")]}},
        "crew": {"ana": {"floor": 1, "at": "B4", "stealth": 1}, "bo": {"floor": 1, "at": "C3"}}})
    grouped, every = end_turn_truth(state, 1), every_order_truth(state, 1)
    assert (grouped.enter, grouped.end, grouped.found, grouped.caught) == (every.enter, every.end, every.found,
                                                                           every.caught)
    assert grouped.found["ana"] > 0
    assert_forecast_is_end_turn(state, 1, every)
