"""The exact distribution of one guard move: every way the move can go, each with its probability.

The guard himself is never re-implemented here: each branch is the engine's own ``guard_turn`` run on a
blind copy of the state (knowledge.blind), whose decks are "?" placeholders, so the engine stops and asks
at every card it draws and at every choice the rules leave to the players (the architecture's "questions
are replayed, not resumed"). A branch is the list of answers given so far:

* a **card** question is a draw: one child per distinct card the players have not seen face up, with
  probability (copies of that card) / (unseen cards) (rule 1.11; draws without replacement along a branch
  because a drawn card lands face up in the discard; after a reshuffle every card is unseen again);
* any **other** question (equally near alarms 1.6/1.9, a tie the BGA table leaves open §2, Squeak and
  hunting ties, a Distracted card, a Lavatory token) is the players' choice: the branch is split evenly
  among its options, as issue 14 asks, and the forecast says so (``FloorForecast.choices``).

A card drawn as he arrives after a step (most draws) is where the engine can resume the move
(``Bb1.resumable``, ``Bb1.resume_walk``): each card's branch then runs only the rest of the move from the state
of that moment. Other questions replay from the last such point, as the table's answers do. A far card's
branch stands for every card with the same first steps (:func:`_group_by_path`). The cost is one short
engine run per branch (about 25 microseconds): a few hundred branches in play, a few thousand for a guard
at die 6 on an open floor (docs/forecast.md, Speed).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..engine.board import Floorplan
from ..engine.errors import AmbiguousTieError, RulesError
from ..engine.log import LogEntry
from ..engine.ruleset import GameOver, NeedAnswer, shared_router
from ..engine.rulesets import ruleset_for
from ..engine.state import HIDDEN, GameState
from .knowledge import SPECIAL, full_deck, kind_of, unseen_cards

MAX_ANSWERS = 48  # far beyond any real move (a few draws); stops a degenerate case from branching forever
LOST = None  # where a guard ends when Lost Visual took him off the board (1.20)


@dataclass(frozen=True)
class Outcome:
    """What one branch of the move did, as far as the forecast cares."""

    entered: frozenset[str]  # rooms he entered at least once
    end: str | None  # where he stands at the end (None: off the board after Lost Visual)
    found: frozenset[str]  # burglars who had to discard Stealth (or gained heat in bb2)
    caught: frozenset[str]  # burglars caught (1.8, bb2 6 heat)


@dataclass
class Tree:
    """The outcomes of a move with their probabilities, and what the forecast had to assume."""

    outcomes: dict[Outcome, Fraction] = field(default_factory=dict)
    choices: set[str] = field(default_factory=set)  # kinds of players' questions split evenly
    branches: int = 0  # engine runs made (for the benchmark)


@dataclass(frozen=True)
class Point:
    """Where a branch's engine runs start: the start of the move, or a card question the engine can resume
    at (``Bb1.resumable``). Runs from a resume point cost only the rest of the move, not the whole move."""

    state: GameState  # copied for every run from here (a card question: the drawn card back on the deck)
    resume: tuple[int, int, int] | None  # (floor, moves left, steps taken) for ``resume_walk``; None: the start
    entered: frozenset[str] = frozenset()  # what the move did before this point
    found: frozenset[str] = frozenset()
    caught: frozenset[str] = frozenset()
    answers: int = 0  # answers given before this point


def run(point: Point, floor: int, bonus: int, answers: list[str]
        ) -> tuple[GameState, list[LogEntry], dict[str, Any] | None, tuple[int, int, int] | None]:
    """One engine run from ``point`` with these answers: the state after it, its log (from the point on), the
    question it stopped at (None when the move is over) and where it can be resumed at that question."""
    state = point.state.copy()
    rules = ruleset_for(state, answers)
    question = None
    try:
        if point.resume is None:
            rules.guard_turn(floor, bonus)
        else:
            rules.resume_walk(*point.resume)
    except NeedAnswer as need:
        question = need.question
    except GameOver:
        pass
    except RulesError:
        pass  # a degenerate deck (no card can send him anywhere): the branch ends where he stands
    return state, rules.entries, question, rules.resumable if question is not None else None


def explore(view: GameState, floor: int, bonus: int = 0) -> Tree:
    """Every branch of floor ``floor``'s next guard move on the blind state ``view``.

    A depth-first walk over the answers. A card question asked where the engine can resume the move
    (``Bb1.resumable``: he drew on arriving after a step) becomes a new :class:`Point`: each card's branch
    then runs only the rest of the move, from the state of that moment, instead of replaying the move from
    its start with one more answer (whose cost grew with the square of the draws). Any other question
    is answered by replaying from the last point, as the table's answers are."""
    tree = Tree()
    crew = [n for n, b in view.crew.items() if b.floor == floor and not b.escaped and b.at is not None]
    decks = {n: full_deck(view, n) for n in view.floors}
    # A branch's probability as a whole numerator over a whole denominator (the product of its weights'),
    # summed per outcome and denominator: far cheaper than adding Fractions at every leaf, and as exact.
    sums: dict[Outcome, dict[int, int]] = {}
    stack: list[tuple[Point, list[str], int, int]] = [(Point(view, None), [], 1, 1)]
    while stack:
        point, answers, num, den = stack.pop()
        state, entries, question, resumable = run(point, floor, bonus, answers)
        tree.branches += 1
        if question is None or point.answers + len(answers) >= MAX_ANSWERS:
            by_den = sums.setdefault(_outcome(point, state, entries, floor, crew), {})
            by_den[den] = by_den.get(den, 0) + num
            continue
        drawing = question.get("floor") or floor
        if question["kind"] == "card" and resumable is not None and resumable[0] == floor == drawing:
            state.floors[floor].deck.insert(0, HIDDEN)  # the card being drawn, back on top (resume_walk)
            done = _outcome(point, state, entries, floor, crew)
            here = Point(state, resumable, done.entered, done.found, done.caught, point.answers + len(answers))
            for answer, count, total in _children(view, decks, state, question, floor, resumable[1], tree):
                stack.append((here, [answer], num * count, den * total))
            continue
        left = _moves_left(entries, floor) if drawing == floor else None
        for answer, count, total in _children(view, decks, state, question, floor, left, tree):
            stack.append((point, answers + [answer], num * count, den * total))
    tree.outcomes = {out: sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0))
                     for out, by_den in sums.items()}
    return tree


def _children(view: GameState, decks: dict[int, Counter[str]], state: GameState, question: dict[str, Any],
              floor: int, left: int | None, tree: Tree) -> list[tuple[str, int, int]]:
    """The answers to explore, each with its weight as (numerator, denominator): a card by its unseen copies
    over the unseen cards, a players' choice evenly. ``left`` is how many moves he has when he draws this
    card (None: not known, so no card is pooled)."""
    options: list[str] = list(question["options"])
    if question["kind"] != "card":
        tree.choices.add(question["kind"])
        return [(o, 1, len(options)) for o in options]
    drawing = question.get("floor") or floor
    unseen = unseen_cards(view, drawing, state.floors[drawing].discard, decks[drawing])
    total = sum(unseen.values())
    offered = set(options)
    children = [(card, count) for card, count in sorted(unseen.items()) if card in offered]
    if left is not None and drawing == floor:
        children = _group_by_path(view, state, floor, left, children)
    return [(card, count, total) for card, count in children]


def _moves_left(entries: list[LogEntry], floor: int) -> int | None:
    """How many moves the guard still has when this card is drawn, or None when the draw does not set his
    destination in the middle of a walk (placing him after Lost Visual, 1.20)."""
    crow = 0
    for entry in reversed(entries):
        if entry.floor != floor:
            continue
        if entry.kind == "crow" and entry.data.get("how") == "slows":
            crow += 1  # the Raven's crow took one move after he entered (§1.22)
        elif entry.kind == "enter" and "left" in entry.data:
            return max(0, int(entry.data["left"]) - crow)
        elif entry.kind == "speed":
            return int(entry.data["moves"])
    return None


def _group_by_path(view: GameState, state: GameState, floor: int, left: int,
                   children: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Prune the cards that cannot make a difference. A card naming a room farther than his moves left
    sends him along the first ``left`` steps of his route there and no farther (1.3, §2): he cannot arrive,
    so no further card is drawn, and nothing on the way depends on where the route would have gone on (an
    alarm set off on the way takes the die whatever it was, 1.9). So all such cards with the same first
    ``left`` steps end the move alike, and one of them, run by the engine, stands for all with their summed
    copies. With no move left that is every card naming another room. A card he can reach, his own
    room (redrawn, 1.6 ruling), a special card (Lost Visual, Distracted, a worker) and a route the tie-break
    reading cannot decide still get a branch of their own."""
    guard = state.floors[floor].guard
    if guard is None:
        return children
    plan = view.plan(floor)
    special = SPECIAL.get(view.rules)
    here = plan.index[guard]
    groups: dict[tuple[int, ...], list[tuple[str, int]]] = {}
    alone: list[tuple[str, int]] = []
    for card, count in children:
        if card == guard or kind_of(view.rules, card) == special or card not in plan.index or card in view.void:
            alone.append((card, count))
            continue
        steps = _first_steps(plan, plan.index[card], view.tiebreak, here, left)
        if steps is None:
            alone.append((card, count))
        else:
            groups.setdefault(steps, []).append((card, count))
    merged = [(group[0][0], sum(c for _, c in group)) for group in groups.values()]
    return alone + merged


@lru_cache(maxsize=1 << 16)
def _first_steps(plan: Floorplan, target: int, reading: str, here: int, left: int) -> tuple[int, ...] | None:
    """The first ``left`` rooms of his route from ``here`` toward ``target``, when he cannot get there with
    them; None when he can (or cannot at all), or when the tie-break reading cannot decide a step. Floor
    plans are shared and immutable, so the answer holds across forecasts (the engine's own router)."""
    dist = plan.distances(target)
    if dist[here] < 0 or dist[here] <= left:
        return None
    router = shared_router(plan, target, reading)
    steps: list[int] = []
    at = here
    try:
        for _ in range(left):
            at = router.next_step(at)
            steps.append(at)
    except AmbiguousTieError:
        return None
    return tuple(steps)


def _outcome(point: Point, state: GameState, entries: list[LogEntry], floor: int, crew: list[str]) -> Outcome:
    """What the branch did: before its point, and in this run's entries since."""
    entered = point.entered | {e.square for e in entries if e.kind == "enter" and e.floor == floor and e.square}
    found = point.found | {str(e.data.get("who")) for e in entries
                           if e.kind in ("stealth", "heat", "caught") and e.data.get("who") in crew}
    caught = point.caught | {str(e.data.get("who")) for e in entries
                             if e.kind == "caught" and e.data.get("who") in crew}
    return Outcome(frozenset(entered), state.floors[floor].guard, frozenset(found), frozenset(caught))
