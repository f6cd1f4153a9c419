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
of that moment (a :class:`_Point`). Other questions replay from the last such point, as the table's answers do.
A far card's branch stands for every card with the same first steps (:func:`_group_by_path`).

**The rest of a move is memoised, and the cards' weights are applied outside the engine.** The engine reads
the face-up discard pile only for its length (``Bb1.draw_card`` appends to it, ``Bb1.reshuffle`` counts it in
table-deck mode; bb2 never reshuffles, bb3 reshuffles as bb1), so the engine runs here on a copy whose piles
are "?" placeholders of the right length, and the forecast keeps what the players know, the unseen multiset,
beside it (folded over each run's ``draw`` and ``reshuffle`` entries). Then

* an engine run depends only on the state at its point and its answers, not on which cards were drawn before:
  runs are cached by (the point's state, the answers) and shared by every draw order that reaches that state;
* the rest of the move from a point depends only on that state and on the unseen cards as the rest of the move
  can tell them apart (:meth:`_Explorer.signature`): a card he cannot reach with the moves he has left is only
  ever a far card (its route prefixes, not its name, matter), so after many draw orders the same rest of move
  is found again and reused, with its outcomes as whole numerators over one denominator.
"""

from __future__ import annotations

import math
import pickle
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
from .knowledge import SPECIAL, full_deck, kind_of

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
    """What the forecast gives of a move: per room the probability that he enters it at least once and that he
    ends there, per burglar that they are found and caught; and what the forecast had to assume."""

    enter: dict[str, Fraction] = field(default_factory=dict)
    end: dict[str | None, Fraction] = field(default_factory=dict)  # None: off the board (Lost Visual, 1.20)
    found: dict[str, Fraction] = field(default_factory=dict)
    caught: dict[str, Fraction] = field(default_factory=dict)
    choices: set[str] = field(default_factory=set)  # kinds of players' questions split evenly
    branches: int = 0  # engine runs made (for the benchmark)


class _Overflow(Exception):
    """A denominator outgrew the packed fields (see :class:`_Explorer`): explore again with wider ones."""


Unseen = tuple[tuple[int, ...], ...]  # per floor (in _Explorer.floors order): copies unseen of each card


@dataclass(frozen=True)
class _Run:
    """One engine run from a point with some answers, as the forecast needs it (cached: see the module)."""

    bits: int  # the fields it sets (rooms entered, burglars found and caught): see _Explorer
    end: str | None
    end_field: int
    question: dict[str, Any] | None
    events: tuple[tuple[int, int], ...]  # (floor position, card index) drawn, or (floor position, -1) reshuffled
    point: GameState | None  # a resumable card question of this floor: the state, the drawn card back on top
    key: bytes  # then: that state serialised (its discard piles are placeholders)
    left: int  # then: the moves he has left
    steps: int  # then: the steps this run took (resume_walk numbers the next steps after them)
    moves_left: int | None  # another question: the moves he has when it is a card of this floor (None: unknown)
    entered_any: bool  # the run entered a room of this floor
    jumped: bool  # he was put somewhere without walking (the signature's reasoning needs walking)


@dataclass(frozen=True)
class _Point:
    """A card question the engine can resume at (``Bb1.resumable``), with what the players know then."""

    state: GameState
    key: bytes  # the state, serialised (its discard piles are placeholders: see the module)
    left: int
    steps: int
    unseen: Unseen
    depth: int  # answers given before this point


@dataclass
class _Dist:
    """The rest of a move from a point: its marginal probabilities (since the point), packed whole numerators
    over ``den`` (see :class:`_Explorer`)."""

    den: int
    packed: int
    choices: frozenset[str]
    reach: int  # most answers any run below the point gave after it (MAX_ANSWERS is checked against it)
    depth: int  # the point's depth when it was computed
    exact: bool  # it depends on the unseen cards only through the signature (else stored by the full multiset)


def run(state: GameState, floor: int, bonus: int, answers: list[str], resume: tuple[int, int, int] | None
        ) -> tuple[GameState, list[LogEntry], dict[str, Any] | None, tuple[int, int, int] | None]:
    """One engine run from ``state`` (copied) with these answers: the state after it, its log, the question it
    stopped at (None when the move is over) and where it can be resumed at that question."""
    state = state.copy()
    rules = ruleset_for(state, answers)
    question = None
    try:
        if resume is None:
            rules.guard_turn(floor, bonus)
        else:
            rules.resume_walk(*resume)
    except NeedAnswer as need:
        question = need.question
    except GameOver:
        pass
    except RulesError:
        pass  # a degenerate deck (no card can send him anywhere): the branch ends where he stands
    return state, rules.entries, question, rules.resumable if question is not None else None


def explore(view: GameState, floor: int, bonus: int = 0) -> Tree:
    """Every branch of floor ``floor``'s next guard move on the blind state ``view``."""
    width = 128
    while True:
        try:
            return _Explorer(view, floor, bonus, width).explore()
        except _Overflow:
            width *= 4


class _Explorer:
    """One forecast's walk over the answers, with its caches (engine runs, rests of moves, card classes).

    What the forecast gives is linear in the branches' probabilities: per room P(he enters it), P(he ends
    there), per burglar P(found), P(caught). So the rest of a move is kept as those marginals, not as a joint
    distribution: a branch that entered a room before a point makes that room's field certain, whatever the rest
    does. The fields are whole numerators over one denominator, packed side by side in one integer, ``width``
    bits each (rooms entered, rooms he ends in, off the board, burglars found, burglars caught), so adding
    branches and setting fields are a few integer operations. A numerator never exceeds its denominator (each
    field is a probability), so a denominator below ``2**(width - 1)`` cannot spill into the next field;
    :class:`_Overflow` asks for wider fields otherwise."""

    def __init__(self, view: GameState, floor: int, bonus: int, width: int = 128):
        self.view, self.floor, self.bonus, self.width = view, floor, bonus, width
        self.tree = Tree()
        self.crew = [n for n, b in view.crew.items() if b.floor == floor and not b.escaped and b.at is not None]
        self.plan = view.plan(floor)
        rooms = len(self.plan.names)
        self.room_bit = {name: 1 << i for i, name in enumerate(self.plan.names)}
        self.end_field = {name: rooms + i for i, name in enumerate(self.plan.names)}
        self.lost_field = 2 * rooms
        self.crew_bit = {n: 1 << (2 * rooms + 1 + i) for i, n in enumerate(self.crew)}
        self.caught_shift = len(self.crew)  # a burglar's caught field: their found field, this many further on
        self.units: dict[int, tuple[int, int]] = {}
        self.floors = sorted(view.floors)
        self.at = self.floors.index(floor)
        self.decks = {n: full_deck(view, n) for n in self.floors}
        self.cards = [sorted(self.decks[n]) for n in self.floors]
        self.card_index = [{c: i for i, c in enumerate(cards)} for cards in self.cards]
        self.full = tuple(tuple(self.decks[n][c] for c in cards) for n, cards in zip(self.floors, self.cards))
        self.special = SPECIAL.get(view.rules)
        # The engine's copy: the same state with every discard pile face down (it only counts them).
        self.base = view.copy()
        for fl in self.base.floors.values():
            fl.discard = [HIDDEN] * len(fl.discard)
        seen = [self.decks[n] - Counter(kind_of(view.rules, c) for c in view.floors[n].discard) for n in self.floors]
        self.unseen0 = tuple(tuple(left[c] for c in cards) for left, cards in zip(seen, self.cards))
        self.runs: dict[tuple[Any, ...], _Run] = {}
        self.memo: dict[tuple[Any, ...], _Dist] = {}
        self.classes: dict[tuple[str, int], tuple[int, ...]] = {}

    def _unit(self, bits: int) -> tuple[int, int]:
        """For a set of fields: 1 in each of them, and all ones in each of them (packed)."""
        got = self.units.get(bits)
        if got is None:
            unit, i = 0, 0
            rest = bits
            while rest:
                if rest & 1:
                    unit |= 1 << (self.width * i)
                rest >>= 1
                i += 1
            got = self.units[bits] = (unit, unit * ((1 << self.width) - 1))
        return got

    # -- the walk ----------------------------------------------------------------------------------------
    def explore(self) -> Tree:
        buckets: dict[int, int] = {}
        choices: set[str] = set()
        self._expand(None, [([], 1, 1, False)], buckets, choices, self.unseen0)
        den, packed = self._normalise(buckets)
        tree = self.tree
        tree.choices |= choices
        mask = (1 << self.width) - 1

        def p(i: int) -> Fraction:
            return Fraction(packed >> (self.width * i) & mask, den)

        for name, bit in self.room_bit.items():
            i = bit.bit_length() - 1
            tree.enter[name] = p(i)
            tree.end[name] = p(self.end_field[name])
        tree.end[LOST] = p(self.lost_field)
        for name, bit in self.crew_bit.items():
            i = bit.bit_length() - 1
            tree.found[name] = p(i)
            tree.caught[name] = p(i + self.caught_shift)
        return tree

    def _normalise(self, buckets: dict[int, int]) -> tuple[int, int]:
        """The packed sums over one denominator (the least common multiple of the buckets')."""
        den = 1
        for d in buckets:
            den = den * d // math.gcd(den, d)
        if den >> (self.width - 1):
            raise _Overflow(den)
        return den, sum(v * (den // d) for d, v in buckets.items())

    def _expand(self, point: _Point | None, stack: list[tuple[list[str], int, int, bool]],
                buckets: dict[int, int], choices: set[str], unseen: Unseen) -> tuple[int, bool]:
        """Run every branch on ``stack`` (answers after ``point``, or after the move's start; weight as
        numerator and denominator; whether it stands for a group of far cards) to its end, adding its packed
        marginals to ``buckets`` (one sum per denominator). Returns the most answers given after the point and
        whether the result depends on the unseen cards only through the point's signature."""
        depth = point.depth if point is not None else 0
        reach, exact = 0, True
        width = self.width
        while stack:
            answers, num, den, far = stack.pop()
            r = self._run(point, answers)
            reach = max(reach, len(answers))
            exact = exact and not r.jumped
            if r.question is None or depth + len(answers) >= MAX_ANSWERS:
                unit = self._unit(r.bits)[0] | 1 << (width * r.end_field)
                buckets[den] = buckets.get(den, 0) + num * unit
                continue
            after = self._fold(unseen, r.events)
            question = r.question
            drawing = question.get("floor") or self.floor
            if far and question["kind"] == "card" and drawing == self.floor:
                exact = False  # a far card's branch drew again: its name may matter after all
            if r.point is not None:
                sub = self._solve(_Point(r.point, r.key, r.left,
                                         (point.steps if point is not None else 0) + r.steps, after,
                                         depth + len(answers)), question)
                exact = exact and sub.exact
                reach = max(reach, len(answers) + sub.reach)
                choices |= sub.choices
                unit, ones = self._unit(r.bits)
                d = den * sub.den
                buckets[d] = buckets.get(d, 0) + num * (sub.packed - (sub.packed & ones) + sub.den * unit)
                continue
            left: int | None = None
            if drawing == self.floor:
                left = r.moves_left
                if left is None and point is not None and not r.entered_any:
                    left = point.left  # drawn again (his own room, a special card) before he moved on
                if question["kind"] == "card" and left is None:
                    exact = False  # every card on its own: their names matter
            for answer, count, total, grouped in self._children(question, after, left, r, choices):
                stack.append((answers + [answer], num * count, den * total, far or grouped))
        return reach, exact

    def _solve(self, point: _Point, question: dict[str, Any]) -> _Dist:
        """The rest of the move from a resumable card question, memoised by the state and the signature of
        the unseen cards (or by the whole multiset when the signature does not say enough)."""
        sig, others = self.signature(point)
        keys = ((point.key, point.left, sig, others), (point.key, point.left, point.unseen))
        for key in keys:
            hit = self.memo.get(key)
            if hit is not None and (hit.depth == point.depth or (
                    hit.depth + hit.reach < MAX_ANSWERS and point.depth + hit.reach < MAX_ANSWERS)):
                return hit
        buckets: dict[int, int] = {}
        choices: set[str] = set()
        stack = [([answer], count, total, grouped)
                 for answer, count, total, grouped in self._children(question, point.unseen, point.left, None,
                                                                     choices, point)]
        reach, exact = self._expand(point, stack, buckets, choices, point.unseen)
        den, packed = self._normalise(buckets)
        dist = _Dist(den, packed, frozenset(choices), reach, point.depth, exact)
        self.memo[keys[0] if exact else keys[1]] = dist
        return dist

    # -- engine runs ----------------------------------------------------------------------------------
    def _run(self, point: _Point | None, answers: list[str]) -> _Run:
        key = (point.key, point.left, *answers) if point is not None else (None, *answers)
        hit = self.runs.get(key)
        if hit is not None:
            return hit
        floor = self.floor
        if point is None:
            state, entries, question, resumable = run(self.base, floor, self.bonus, answers, None)
        else:
            state, entries, question, resumable = run(point.state, floor, self.bonus, answers,
                                                      (floor, point.left, point.steps))
        self.tree.branches += 1
        bits = 0
        entered_any = jumped = False
        events: list[tuple[int, int]] = []
        for e in entries:
            kind = e.kind
            if kind == "enter":
                if e.floor == floor:
                    entered_any = True
                    jumped = jumped or bool(e.data.get("jump"))
                    if e.square:
                        bits |= self.room_bit[e.square]
            elif kind in ("stealth", "heat", "caught"):
                bit = self.crew_bit.get(e.data.get("who"))  # type: ignore[arg-type]
                if bit:
                    bits |= bit
                    if kind == "caught":
                        bits |= bit << self.caught_shift
            elif kind == "draw" and e.floor in self.view.floors:
                at = self.floors.index(e.floor)
                events.append((at, self.card_index[at].get(kind_of(self.view.rules, str(e.data.get("card"))), -2)))
            elif kind == "reshuffle" and e.floor in self.view.floors:
                events.append((self.floors.index(e.floor), -1))
        for fl in state.floors.values():
            if fl.discard and fl.discard[-1] != HIDDEN:
                fl.discard = [HIDDEN] * len(fl.discard)
        drawing = question.get("floor") or floor if question is not None else None
        resumes = (question is not None and question["kind"] == "card" and resumable is not None
                   and resumable[0] == floor == drawing)
        if resumes:
            assert resumable is not None
            state.floors[floor].deck.insert(0, HIDDEN)  # the card being drawn, back on top (resume_walk)
        end = state.floors[floor].guard
        result = _Run(bits, end, self.lost_field if end is None else self.end_field[end], question, tuple(events),
                      state if resumes else None, pickle.dumps(state, 5) if resumes else b"",
                      resumable[1] if resumes and resumable else 0,
                      resumable[2] - (point.steps if point is not None else 0) if resumes and resumable else 0,
                      _moves_left(entries, floor) if question is not None and not resumes else None, entered_any,
                      jumped)
        self.runs[key] = result
        return result

    def _fold(self, unseen: Unseen, events: tuple[tuple[int, int], ...]) -> Unseen:
        """The unseen cards after a run: a card drawn is seen; a reshuffle makes every card unseen (1.11)."""
        if not events:
            return unseen
        floors = list(unseen)
        for at, card in events:
            if card == -1:
                floors[at] = self.full[at]
            elif card >= 0 and floors[at][card] > 0:
                counts = list(floors[at])
                counts[card] -= 1
                floors[at] = tuple(counts)
        return tuple(floors)

    # -- the answers to a question ----------------------------------------------------------------------
    def _children(self, question: dict[str, Any], unseen: Unseen, left: int | None, r: _Run | None,
                  choices: set[str], point: _Point | None = None) -> list[tuple[str, int, int, bool]]:
        """The answers to explore, each with its weight as (numerator, denominator) and whether it stands for
        a group of far cards: a card by its unseen copies over the unseen cards, a players' choice evenly.
        ``left`` is how many moves he has when he draws this card (None: not known, so no card is pooled)."""
        options: list[str] = list(question["options"])
        if question["kind"] != "card":
            choices.add(question["kind"])
            return [(o, 1, len(options), False) for o in options]
        drawing = question.get("floor") or self.floor
        at = self.floors.index(drawing)
        counts = unseen[at]
        if not any(counts):
            counts = self.full[at]  # unseen_cards: a case whose discard lists every card gets the full deck back
        total = sum(counts)
        offered = set(options)
        children = [(card, count) for card, count in zip(self.cards[at], counts) if count and card in offered]
        if left is None or drawing != self.floor:
            return [(card, count, total, False) for card, count in children]
        square = point.state.floors[self.floor].guard if point is not None else r.end if r is not None else None
        alone, merged = _group_by_path(self.view, square, self.floor, left, children)
        return [(c, n, total, False) for c, n in alone] + [(c, n, total, True) for c, n in merged]

    # -- what the rest of a move can tell apart ------------------------------------------------------------
    def signature(self, point: _Point) -> tuple[tuple[tuple[int, int], ...], Unseen]:
        """The unseen cards of this floor as the rest of the move from ``point`` can tell them apart: a card
        he cannot reach with the moves he has left stays out of reach for the rest of the move (every later
        draw is nearer to where he is now than his moves), so only its route's first steps ever matter, never
        its name. Cards whose routes take the same next step from every room he can still stand on before his
        last move are one class; any other card is its own. The other floors' unseen cards are kept whole."""
        guard = point.state.floors[self.floor].guard
        counts = point.unseen[self.at]
        if guard is None:
            sig = tuple((i, c) for i, c in enumerate(counts) if c)
        else:
            classes = self._classes(guard, point.left)
            agg: dict[int, int] = {}
            for i, c in enumerate(counts):
                if c:
                    k = classes[i]
                    agg[k] = agg.get(k, 0) + c
            sig = tuple(sorted(agg.items()))
        return sig, point.unseen[:self.at] + point.unseen[self.at + 1:]

    def _classes(self, guard: str, left: int) -> tuple[int, ...]:
        got = self.classes.get((guard, left))
        if got is None:
            got = self.classes[(guard, left)] = _card_classes(
                self.plan, self.view.tiebreak, self.plan.index[guard], left, tuple(self.cards[self.at]),
                tuple(c for c in self.cards[self.at] if kind_of(self.view.rules, c) == self.special
                      or c not in self.plan.index or c in self.view.void))
        return got


@lru_cache(maxsize=1 << 12)
def _card_classes(plan: Floorplan, reading: str, here: int, left: int, cards: tuple[str, ...],
                  alone: tuple[str, ...]) -> tuple[int, ...]:
    """A class number per card (see :meth:`_Explorer.signature`): far cards (out of reach, every step of their
    route decided) with the same next step from every room within ``left - 1`` of ``here`` share one."""
    dist = plan.distances(here)
    near = [r for r, d in enumerate(dist) if 0 <= d <= left - 1]
    ids: dict[Any, int] = {}
    out = []
    for card in cards:
        cls: Any = card
        if card not in alone and plan.index[card] != here and _first_steps(plan, plan.index[card], reading, here,
                                                                             left) is not None:
            router = shared_router(plan, plan.index[card], reading)
            try:
                cls = ("far", tuple(router.next_step(r) for r in near))
            except AmbiguousTieError:
                cls = card
        out.append(ids.setdefault(cls, len(ids)))
    return tuple(out)


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


def _group_by_path(view: GameState, guard: str | None, floor: int, left: int, children: list[tuple[str, int]]
                   ) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Prune the cards that cannot make a difference. A card naming a room farther than his moves left
    sends him along the first ``left`` steps of his route there and no farther (1.3, §2): he cannot arrive,
    so no further card is drawn, and nothing on the way depends on where the route would have gone on (an
    alarm set off on the way takes the die whatever it was, 1.9). So all such cards with the same first
    ``left`` steps end the move alike, and one of them, run by the engine, stands for all with their summed
    copies. With no move left that is every card naming another room. A card he can reach, his own
    room (redrawn, 1.6 ruling), a special card (Lost Visual, Distracted, a worker) and a route the tie-break
    reading cannot decide still get a branch of their own. Returns those alone, and one card per group."""
    if guard is None:
        return children, []
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
    return alone, [(group[0][0], sum(c for _, c in group)) for group in groups.values()]


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
