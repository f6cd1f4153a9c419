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

The engine re-runs the move from its start for each branch, exactly as answering a question does at the
table; a guard move costs tens of microseconds that way, and a move has at most a few hundred branches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..engine.errors import AmbiguousTieError, RulesError
from ..engine.log import LogEntry
from ..engine.ruleset import GameOver, NeedAnswer, shared_router
from ..engine.rulesets import ruleset_for
from ..engine.state import GameState
from .knowledge import SPECIAL, kind_of, unseen_cards

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


def run(view: GameState, floor: int, bonus: int,
        answers: list[str]) -> tuple[GameState, list[LogEntry], dict[str, Any] | None]:
    """One engine run of the move with these answers: the state after it, its log, and the question it
    stopped at (None when the move is over)."""
    state = view.copy()
    rules = ruleset_for(state, answers)
    question = None
    try:
        rules.guard_turn(floor, bonus)
    except NeedAnswer as need:
        question = need.question
    except GameOver:
        pass
    except RulesError:
        pass  # a degenerate deck (no card can send him anywhere): the branch ends where he stands
    return state, rules.entries, question


def explore(view: GameState, floor: int, bonus: int = 0) -> Tree:
    """Every branch of floor ``floor``'s next guard move on the blind state ``view``."""
    tree = Tree()
    crew = [n for n, b in view.crew.items() if b.floor == floor and not b.escaped and b.at is not None]
    stack: list[tuple[list[str], Fraction]] = [([], Fraction(1))]
    while stack:
        answers, p = stack.pop()
        state, entries, question = run(view, floor, bonus, answers)
        tree.branches += 1
        if question is None or len(answers) >= MAX_ANSWERS:
            out = _outcome(state, entries, floor, crew)
            tree.outcomes[out] = tree.outcomes.get(out, Fraction(0)) + p
            continue
        for answer, weight in _children(view, state, entries, question, floor, tree):
            stack.append((answers + [answer], p * weight))
    return tree


def _children(view: GameState, state: GameState, entries: list[LogEntry], question: dict[str, Any],
              floor: int, tree: Tree) -> list[tuple[str, Fraction]]:
    options: list[str] = list(question["options"])
    if question["kind"] != "card":
        tree.choices.add(question["kind"])
        return [(o, Fraction(1, len(options))) for o in options]
    drawing = question.get("floor") or floor
    unseen = unseen_cards(view, drawing, state.floors[drawing].discard)
    total = sum(unseen.values())
    offered = set(options)
    children = [(card, Fraction(count, total)) for card, count in sorted(unseen.items()) if card in offered]
    left = _moves_left(entries, floor) if drawing == floor else None
    if left is not None:
        children = _group_by_path(view, state, floor, left, children)
    return children


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
                   children: list[tuple[str, Fraction]]) -> list[tuple[str, Fraction]]:
    """Prune the cards that cannot make a difference. A card naming a room farther than his moves left
    sends him along the first ``left`` steps of his route there and no farther (1.3, §2): he cannot arrive,
    so no further card is drawn, and nothing on the way depends on where the route would have gone on (an
    alarm set off on the way takes the die whatever it was, 1.9). So all such cards with the same first
    ``left`` steps end the move alike, and one of them, run by the engine, stands for all with their summed
    probability. With no move left that is every card naming another room. A card he can reach, his own
    room (redrawn, 1.6 ruling), a special card (Lost Visual, Distracted, a worker) and a route the tie-break
    reading cannot decide still get a branch of their own."""
    guard = state.floors[floor].guard
    if guard is None:
        return children
    plan = view.plan(floor)
    special = SPECIAL.get(view.rules)
    here = plan.index[guard]
    groups: dict[tuple[int, ...], list[tuple[str, Fraction]]] = {}
    alone: list[tuple[str, Fraction]] = []
    for card, weight in children:
        if card == guard or kind_of(view.rules, card) == special or card not in plan.index or card in view.void:
            alone.append((card, weight))
            continue
        target = plan.index[card]
        dist = plan.distances(target)
        if dist[here] < 0 or dist[here] <= left:
            alone.append((card, weight))
            continue
        router = shared_router(plan, target, view.tiebreak)  # the engine's own, memoised across actions
        steps: list[int] = []
        at = here
        try:
            for _ in range(left):
                at = router.next_step(at)
                steps.append(at)
        except AmbiguousTieError:
            alone.append((card, weight))
            continue
        groups.setdefault(tuple(steps), []).append((card, weight))
    merged = [(group[0][0], sum((w for _, w in group), Fraction(0))) for group in groups.values()]
    return alone + merged


def _outcome(state: GameState, entries: list[LogEntry], floor: int, crew: list[str]) -> Outcome:
    entered = frozenset(e.square for e in entries if e.kind == "enter" and e.floor == floor and e.square)
    found = frozenset(e.data.get("who") for e in entries
                      if e.kind in ("stealth", "heat", "caught") and e.data.get("who") in crew)
    caught = frozenset(e.data.get("who") for e in entries if e.kind == "caught" and e.data.get("who") in crew)
    return Outcome(entered, state.floors[floor].guard, frozenset(str(n) for n in found),
                   frozenset(str(n) for n in caught))
