"""The sums through the compiled tables (forecast/summing.py): each shortcut of ``Tables._summed`` gives the sum it
stands for. Every rest of a move it returns is checked against the same sum made the long way, recursively through
the tables below with no memo, no sums kept by the copies per ending, a call per state below and the general least
common multiple (``Runs._normalise``); the positions are the bench's kind of floor where those sums are most of the
forecast's work (bb3, die 6 and two cubes beside him: 8 moves, a full deck), one with a burglar he finds, and bb1.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import assistant.forecast as forecasting
from assistant.engine.cases import state_from_case
from assistant.engine.state import GameState
from assistant.forecast import ending, forecast_floor, runs, summing
from assistant.forecast.knowledge import blind
from assistant.forecast.plain import enumerate_move
from assistant.forecast.records import Program, Summed
from tests.engine.helpers import book_of

ROOMS = [f"{c}{r}" for c in "ABCD" for r in range(1, 5)]
WORKERS = ["worker"] * 3 + ["workers-move"] * 2


def _bb3_cubes(walls: list[str], at: str = "D4", stealth: int = 1) -> GameState:
    """bb3, the guard in A1 with two alarm cubes on A2 beside him (die 6, 8 moves), a full deck of 21 cards."""
    return state_from_case({"rules": "bb3", "floors": {"1": {
        "walls": walls, "guard": "A1", "destination": "A2", "die": 6, "alarms": ["A2", "A2"],
        "patrol": ROOMS + WORKERS}}, "crew": {"ana": {"floor": 1, "at": at, "stealth": stealth}}})


POSITIONS = {
    "bb3 cubes, walls 13": _bb3_cubes(["B1-B2", "B2-B3", "B3-B4", "B3-C3", "C3-C4", "D1-D2", "D2-D3", "D3-D4"]),
    "bb3 cubes, walls 2, a burglar on his way": _bb3_cubes(
        ["A1-B1", "A2-A3", "A3-A4", "B1-B2", "B4-C4", "C4-D4", "D1-D2", "D2-D3"], at="B3"),
    "bb3 cubes, no wall": _bb3_cubes([]),
    "bb1 die 6, an alarm, 3 cards seen": state_from_case({"floors": {"1": {
        "walls": ["A1-A2", "A3-B3", "A4-B4", "B1-B2", "B2-C2", "B4-C4", "C1-C2", "D3-D4"], "guard": "B2",
        "destination": "C3", "die": 6, "alarms": ["C3"], "patrol": ROOMS[3:], "discard": ROOMS[:3]}},
        "crew": {"ana": {"floor": 1, "at": "C2", "stealth": 1}}}),
}


def _the_long_way(tables: summing.Tables, prog: Program, mask: int, deck: int) -> Summed | None:
    """What ``Tables._summed`` stands for, with no shortcut: the cards that end the move summed by their endings,
    each card that goes on through the state below (recursively, whether a card goes on from there or not), the
    fields its run sets made certain, over the least common multiple of the denominators."""
    if mask & prog.bad or not mask:
        return None
    ends = sum((mask & cards).bit_count() * v for cards, v in prog.endings)
    total = mask.bit_count()
    if not mask & prog.going:
        return (total, ends, 2, 6) if ends else None
    buckets = {1: ends} if ends else {}
    need, reach = 6, 1
    for link in prog.links:
        if not mask & link.bit:
            continue
        child = tables.nodes.get(link.key)
        if deck + link.deck < 6 or child is None or child.compiled is None:
            return None
        if tables.redrawn and link.key not in tables.verified:
            return None
        below = child.program
        if not isinstance(below, Program) or below.others != prog.others:
            return None
        got = _the_long_way(tables, below, mask & link.drawn, deck + link.deck)
        if got is None:
            return None
        d, packed, sub_reach, sub_need = got
        need, reach = max(need, sub_need - link.deck), max(reach, 1 + sub_reach)
        buckets[d] = buckets.get(d, 0) + (packed & link.keep) + d * link.unit
    den, packed = tables._normalise(buckets)
    return den * total, packed, max(reach, 2), need


@contextmanager
def _each_sum_checked() -> Iterator[dict[str, int]]:
    """Every rest of a move ``Tables._summed`` returns, compared with :func:`_the_long_way`; counts what was
    checked (rests, and states below summed in the loop, where no card went on)."""
    seen = {"rests": 0, "leaves": 0}
    summed = summing.Tables._summed

    def checked(tables: summing.Tables, prog: Program, mask: int, deck: int) -> Summed | None:
        got = summed(tables, prog, mask, deck)
        if got is not None:
            assert got == _the_long_way(tables, prog, mask, deck)
            seen["rests"] += 1
            for link in prog.links:
                below = tables.nodes[link.key].program if mask & link.bit else None
                if isinstance(below, Program) and not mask & link.drawn & below.going:
                    seen["leaves"] += 1
        return got

    summing.Tables._summed = checked  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        summing.Tables._summed = summed  # type: ignore[method-assign]


@pytest.mark.parametrize("name", list(POSITIONS))
def test_each_rest_summed_through_the_tables_is_the_sum_it_stands_for(name: str) -> None:
    """The states below where no card goes on summed in the loop by their copies per ending (kept per state),
    added up over one denominator, the links' states kept, and the buckets over their largest denominator: the
    same (den, packed, reach, need) as the sum without those shortcuts, at every rest, on floors where thousands
    of them are summed."""
    forecasting._cache.clear()
    with _each_sum_checked() as seen:
        forecast_floor(POSITIONS[name], 1, book_of(POSITIONS[name]))
    assert seen["rests"] > 50 and seen["leaves"] > 100, seen


def test_a_bb3_floor_with_cubes_summed_through_the_tables_is_the_plain_enumeration() -> None:
    """The shortcuts end to end where the plain enumeration can replay every draw order: bb3, die 6 and two cubes,
    11 cards unseen (10 rooms and a worker card), a burglar he may find and catch."""
    unseen = ["B2", "C2", "C3", "D4", "A4", "B4", "D1", "C1", "A3", "D3"]
    state = state_from_case({"rules": "bb3", "floors": {"1": {
        "walls": ["A1-B1", "A2-A3", "A3-A4", "B1-B2", "B4-C4", "C4-D4", "D1-D2", "D2-D3"], "guard": "A1",
        "destination": "A2", "die": 6, "alarms": ["A2", "A2"], "patrol": [*unseen, "worker"],
        "discard": [r for r in ROOMS if r not in unseen] + WORKERS[1:]}},
        "crew": {"ana": {"floor": 1, "at": "B3", "stealth": 1}}})
    forecasting._cache.clear()
    with _each_sum_checked() as seen:
        f = forecast_floor(state, 1, book_of(state))
    plain = enumerate_move(blind(state, book_of(state)), 1, book_of(state), ending=ending(state, 1))
    assert f.enter == {r: p for r, p in plain.enter.items() if p}
    assert f.end == {r: p for r, p in plain.end.items() if p and r is not None}
    assert (f.crew["ana"].found, f.crew["ana"].caught) == (plain.found.get("ana", 0), plain.caught.get("ana", 0))
    assert 0 < f.crew["ana"].caught < f.crew["ana"].found < 1
    assert seen["rests"] > 100 and seen["leaves"] > 100, seen


def test_buckets_over_their_largest_denominator_are_the_least_common_multiple_of_them_all() -> None:
    """``Tables._over_one`` skips the gcds when every denominator divides the largest, and must give
    ``Runs._normalise``'s sums (and its Overflow) for any buckets, those whose denominators do not divide too."""
    state = POSITIONS["bb3 cubes, walls 13"]
    view = blind(state, book_of(state))
    tables: Any = summing.Tables(view, 1, book_of(state), 0, 128, None)
    rng = random.Random(25)
    odd = 0
    for _ in range(2000):
        top = rng.choice([12 * 11 * 10, 15 * 14, 16 * 15 * 14 * 13, 7, 1 << 20])
        dens = {rng.choice([d for d in range(1, 60) if rng.random() < 0.5 or top % d == 0] or [1])
                for _ in range(rng.randint(1, 4))} | {top}
        buckets = {d: rng.getrandbits(120) for d in dens}
        odd += any(max(dens) % d for d in dens)
        assert tables._over_one(dict(buckets)) == tables._normalise(dict(buckets))
    assert odd > 100
    narrow: Any = summing.Tables(view, 1, book_of(state), 0, 40, None)
    for buckets in ({1 << 39: 1, 3: 1}, {3 << 36: 1, 5 << 36: 1}):
        with pytest.raises(runs.Overflow):
            narrow._normalise(dict(buckets))
        with pytest.raises(runs.Overflow):
            narrow._over_one(dict(buckets))
