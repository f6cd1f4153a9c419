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
  runs are cached by (the point's state, the answers) and shared by every draw order that reaches that state.
  The drawing floor's piles are left out of that state and kept beside it as sizes: a run that cannot empty the
  deck is shared by every deck size, and a walk that stops at a card question after using ``u`` moves stands for
  the same walk with more moves (:meth:`_Explorer._shared`);
* the rest of the move from a point depends only on that state and on the unseen cards as the rest of the move
  can tell them apart (:meth:`_Explorer.signature`): a card he cannot reach with the moves he has left is only
  ever a far card (its route prefixes, not its name, matter), so after many draw orders the same rest of move
  is found again and reused, with its outcomes as whole numerators over one denominator;
* what each card does at a state (it ends the move, with which rooms and where; or it stops at the next card
  question) is kept in a table per state, so a rest of a move whose cards only do that is a plain sum over the
  unseen cards (:meth:`_Explorer._fast`), and with at most one move left a sum of copies per ending; once a
  state's table is compiled, the rest of a move from it is summed through the compiled tables of the states its
  cards stop at, the unseen cards a bit mask (:meth:`_Explorer._summed`);
* a run that finds no one is shared by the states that differ only in the crew's Stealth and heat, which the
  engine reads only where it logs a change or asks about a Lavatory token (:meth:`_Explorer._transplant`);
* a draw with no move left whose every card ends the move alike (or is redrawn from the same state) is not
  branched at all (:meth:`_Explorer._still`), and a card that is only ever drawn again (bb3's worker cards)
  is left out of the unseen cards while the deck cannot run out (``explore``).

A far card's group whose walk does not end the move (a Camera set off an alarm on the way, he reaches it and
draws again) is split into its cards: the next draw is from the unseen cards without that one.
"""

from __future__ import annotations

import marshal
import math
import pickle
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter, mul
from typing import Any

from ..engine.board import Floorplan
from ..engine.errors import AmbiguousTieError, RulesError
from ..engine.log import LogEntry
from ..engine.ruleset import GameOver, NeedAnswer, shared_router
from ..engine.rulesets import ruleset_for
from ..engine.state import HIDDEN, WORKER, WORKERS_MOVE, GameState
from .knowledge import SPECIAL, full_deck, kind_of

COMPILE_LEFT = 1  # with at most this many moves left a state's table is filled for every card at once
PLAIN_LEFT = 1  # with at most this many moves left the rest of a move is first tried as a plain sum (see _solve)
MAX_ANSWERS = 48  # far beyond any real move (a few draws); stops a degenerate case from branching forever
LOST = None  # where a guard ends when Lost Visual took him off the board (1.20)
# log entries the forecast never reads, left unwritten by its engine runs (Ruleset.quiet; forks unexplained too)
QUIET = frozenset({"answer", "destination", "arrive", "stop", "redraw"})


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


class _NotOnlyRedrawn(Exception):
    """A card taken to be only ever drawn again did something else, or might have (see ``explore``): explore
    again counting it."""


Unseen = tuple[tuple[int, ...], ...]  # per floor (in _Explorer.floors order): copies unseen of each card
Group = tuple[tuple[str, int], ...]  # far cards pooled into one branch, with their unseen copies


@dataclass(slots=True)
class _Run:
    """One engine run from a point with some answers, as the forecast needs it (cached: see the module)."""

    bits: int  # the fields it sets (rooms entered, burglars found and caught): see _Explorer
    end: str | None
    end_field: int
    question: dict[str, Any] | None
    events: tuple[tuple[int, int], ...]  # (floor position, card index) drawn, or (floor position, -1) reshuffled
    point: GameState | None  # a resumable card question of this floor: the state, the drawn card back on top
    key: bytes  # then: that state serialised without this floor's piles (see _core_key)
    piles: tuple[int, int, int]  # then: this floor's deck, discard and set-aside sizes (the deck with the card on top)
    shift: bool  # the run was keyed without its piles (they cannot run out): ``piles`` is a change, not a size
    left: int  # then: the moves he has left
    steps: int  # then: the steps this run took (resume_walk numbers the next steps after them)
    moves_left: int | None  # another question: the moves he has when it is a card of this floor (None: unknown)
    entered_any: bool  # the run entered a room of this floor
    jumped: bool  # he was put somewhere without walking (the signature's reasoning needs walking)
    crewless: bool  # no one lost Stealth, gained heat or was caught, no other question (see _transplant)


@dataclass(slots=True)
class _Point:
    """A card question the engine can resume at (``Bb1.resumable``), with what the players know then."""

    state: GameState  # this floor's piles in it are not read: ``piles`` says their sizes
    key: bytes  # the state, serialised without this floor's piles (see _core_key)
    piles: tuple[int, int, int]  # this floor's deck (the card being drawn on top), discard and set-aside sizes
    left: int
    steps: int
    unseen: Unseen
    depth: int  # answers given before this point


@dataclass(slots=True)
class _Dist:
    """The rest of a move from a point: its marginal probabilities (since the point), packed whole numerators
    over ``den`` (see :class:`_Explorer`)."""

    den: int
    packed: int
    choices: frozenset[str]
    reach: int  # most answers any run below the point gave after it (MAX_ANSWERS is checked against it)
    depth: int  # the point's depth when it was computed
    exact: bool  # it depends on the unseen cards only through the signature (else stored by the full multiset)


def run(state: GameState, floor: int, bonus: int, answers: list[str], resume: tuple[int, int, int] | None,
        piles: tuple[int, int, int] | None = None
        ) -> tuple[GameState, list[LogEntry], dict[str, Any] | None, tuple[int, int, int] | None]:
    """One engine run from ``state`` (copied) with these answers: the state after it, its log, the question it
    stopped at (None when the move is over) and where it can be resumed at that question. ``piles``: the sizes
    of floor ``floor``'s deck, discard and set-aside cards to run with ("?" placeholders), instead of the
    state's own."""
    state = state.copy()
    if piles is not None:
        fl = state.floors[floor]
        fl.deck, fl.discard, fl.unseen = [HIDDEN] * piles[0], (HIDDEN,) * piles[1], (HIDDEN,) * piles[2]
    rules = ruleset_for(state, answers)
    rules.quiet = QUIET
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
    """Every branch of floor ``floor``'s next guard move on the blind state ``view``. The packed fields start
    narrow (40 bits: denominators up to 2**39, beyond most moves; the bench's worst cases reach 2**29, a bb3 floor
    with speed 7 2**34, and narrower fields make every sum of the walk cheaper) and widen when one outgrows them;
    the engine runs made so far are kept for the next try.

    A card that is only ever drawn again (the same state after it, nothing else done: bb3's worker cards) is
    left out of the unseen cards at first: the next card that does something is then equally likely to be any
    of the others, whatever the number of such cards drawn before it, as long as the deck cannot run out. The
    explorer checks both (the card at every state it stops at; the deck against the most cards any branch
    draws) and explores again counting the card when either fails."""
    width = 40
    runs = None
    redrawn = True
    while True:
        explorer = _Explorer(view, floor, bonus, width, runs, redrawn)
        try:
            return explorer.explore()
        except _Overflow:
            width *= 4
            runs = explorer
        except _NotOnlyRedrawn:
            redrawn = False
            runs = explorer


_NO_PILES: list[str] = []
_UNKNOWN = object()  # an ending not looked up yet (see _Explorer._fast)
_NO_CHOICES: frozenset[str] = frozenset()
_NOTHING = object()  # no card unseen ends the move there (see _Explorer._fast)


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

    def __init__(self, view: GameState, floor: int, bonus: int, width: int = 128, before: _Explorer | None = None,
                 redrawn: bool = False):
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
        self.floor_at = {n: i for i, n in enumerate(self.floors)}
        # a card's index by the name a draw entry gives it (knowledge.kind_of: bb3's two worker cards are one)
        self.drawn_index = [{**index, **{name: index[kind_of(view.rules, name)] for name in (WORKERS_MOVE,)
                                         if kind_of(view.rules, name) in index}} for index in self.card_index]
        # The answer given to the engine for each card. bb3's two kinds of worker card both only make him draw
        # again within a move (knowledge.kind_of counts them as one); answered as the one that only does that,
        # the state after it is the same, so the next draw is the same point (a worker joining him could only
        # ever cover alarm cubes, and none is set off during his move).
        self.says = [[WORKERS_MOVE if view.rules == "bb3" and c == WORKER else c for c in cards]
                     for cards in self.cards]
        self.full = tuple(tuple(self.decks[n][c] for c in cards) for n, cards in zip(self.floors, self.cards,
                                                                                     strict=False))
        self.bits = [1 << i for i in range(len(self.cards[self.at]))]  # this floor's cards as a mask's bits
        self.special = SPECIAL.get(view.rules)
        # The engine's copy: the same state with every discard pile face down (it only counts them).
        self.base = view.copy()
        for fl in self.base.floors.values():
            fl.discard = (HIDDEN,) * len(fl.discard)
        mine = self.base.floors[floor]
        self.piles0 = (len(mine.deck), len(mine.discard), len(mine.unseen))
        seen = [self.decks[n] - Counter(kind_of(view.rules, c) for c in view.floors[n].discard) for n in self.floors]
        self.unseen0 = tuple(tuple(left[c] for c in cards) for left, cards in zip(seen, self.cards, strict=False))
        # cards taken to be only ever drawn again (see explore): bb3's worker cards, answered as workers-move
        self.redrawn = tuple(i for i, c in enumerate(self.cards[self.at]) if redrawn and c == WORKER
                             and view.rules == "bb3" and self.unseen0[self.at][i])
        self.verified: set[tuple[Any, ...]] = set()
        self.redrawn_copies = 0
        counts = list(self.unseen0[self.at])
        if self.redrawn and any(c for i, c in enumerate(counts) if i not in self.redrawn):
            self.redrawn_copies = sum(counts[i] for i in self.redrawn)
            for i in self.redrawn:
                counts[i] = 0
            self.unseen0 = (*self.unseen0[:self.at], tuple(counts), *self.unseen0[self.at + 1:])
        else:
            self.redrawn = ()  # no other card unseen: they are counted
        self.runs: dict[tuple[Any, ...], _Run] = {} if before is None else before.runs
        self.memo: dict[tuple[Any, ...], _Dist] = {}
        self.classes: dict[tuple[str, int], tuple[int, ...]] = {}
        self.partitions: dict[tuple[str, int], Any] = {}
        self.offered: dict[tuple[Any, ...], tuple[bool, ...]] = {}
        self.projectors: dict[tuple[str, int], tuple[Any, tuple[Any, ...]]] = {}
        self.shared: dict[tuple[Any, ...], tuple[int, _Run]] = {}
        self.stills: dict[tuple[Any, ...], tuple[int, int] | None] = {}
        if before is not None:  # what does not depend on the fields' width: the engine runs and what they showed
            self.shared, self.stills = before.shared, before.stills
            self.tree.branches = before.tree.branches
        self.nodes: dict[tuple[Any, ...], Any] = {}
        self.points: dict[bytes, GameState] = {}  # a point's state by its key (see _engine)
        self.blind: dict[bytes, bytes] = {}  # a point's key without the crew's Stealth and heat (see _blind_key)
        self.crewless: dict[tuple[Any, ...], _Run] = {}  # runs that found no one, by that key (see _transplant)

    def _core_key(self, state: GameState) -> bytes:
        """The state serialised without this floor's deck, discard and set-aside piles: the engine reads them
        only for their sizes, which a point keeps beside it (so that runs can be shared across deck sizes).
        Every field of the state is a number, a string, None, or a list or dict of them (as ``GameState.copy``
        relies on), which ``marshal`` writes quickly; equal bytes are equal states (the fields in their order,
        each with its type), and equal states equal bytes in its version 2, which writes no references to an
        object met before (a guard and a die on the same square may be one string or two). Anything else falls
        back to ``pickle``."""
        fl = state.floors[self.floor]
        piles = fl.deck, fl.discard, fl.unseen
        fl.deck, fl.discard, fl.unseen = _NO_PILES, (), ()
        values = state.__dict__
        floors, crew = values["floors"], values["crew"]
        # the floors and the crew as their fields' values while the state is written (quicker than leaving them
        # out of the state's fields and writing them beside)
        values["floors"] = [(n, tuple(f.__dict__.values())) for n, f in floors.items()]
        values["crew"] = [(n, tuple(b.__dict__.values())) for n, b in crew.items()]
        try:
            return b"m" + marshal.dumps(tuple(values.values()), 2)
        except ValueError:
            values["floors"], values["crew"] = floors, crew
            return b"p" + pickle.dumps(state, 5)
        finally:
            values["floors"], values["crew"] = floors, crew
            fl.deck, fl.discard, fl.unseen = piles

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
        reach, _ = self._expand(None, [([], 1, 1, None)], buckets, choices, self.unseen0)
        if self.redrawn and self.piles0[0] < reach + self.redrawn_copies + 2:
            raise _NotOnlyRedrawn("the deck might run out")  # with every such card drawn too
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
        packed = 0
        for d, v in buckets.items():
            packed += v * (den // d) if d != den else v
        return den, packed

    def _expand(self, point: _Point | None, stack: list[tuple[list[str], int, int, Group | None]],
                buckets: dict[int, int], choices: set[str], unseen: Unseen) -> tuple[int, bool]:
        """Run every branch on ``stack`` (answers after ``point``, or after the move's start; weight as
        numerator and denominator; the far cards it stands for, when it is a pooled group) to its end, adding
        its packed marginals to ``buckets`` (one sum per denominator). Returns the most answers given after the
        point and whether the result depends on the unseen cards only through the point's signature.

        A pooled group whose branch does not end the move (a camera set off an alarm on the way, he reached it
        and draws again) is split into its cards: the rest of the move then draws from the unseen cards
        without that one, which differ from card to card."""
        depth = point.depth if point is not None else 0
        reach, exact = 0, True
        width = self.width
        while stack:
            answers, num, den, group = stack.pop()
            r, piles = self._run(point, answers)
            reach = max(reach, len(answers))
            exact = exact and not r.jumped
            if r.question is None or depth + len(answers) >= MAX_ANSWERS:
                unit = self._unit(r.bits)[0] | 1 << (width * r.end_field)
                buckets[den] = buckets.get(den, 0) + num * unit
                continue
            if group is not None:
                exact = False  # a far card's branch goes on: its name may matter after all
                each = num // sum(count for _, count in group)
                stack.extend(([*answers[:-1], card], each * count, den, None) for card, count in group)
                continue
            if r.point is not None and r.left == 0:
                still = self._still(r, piles, point, group is None)
                if still is not None:  # the card drawn with no move left changes nothing: as if the move ended
                    reach = max(reach, len(answers) + 1)
                    unit = self._unit(r.bits | still[0])[0] | 1 << (width * still[1])
                    buckets[den] = buckets.get(den, 0) + num * unit
                    continue
            after = self._fold(unseen, r.events)
            question = r.question
            drawing = question.get("floor") or self.floor
            if r.point is not None:
                sub = self._solve(_Point(r.point, r.key, piles, r.left,
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
                if self.redrawn and question["kind"] == "card":
                    raise _NotOnlyRedrawn("a card question not checked")
                left = r.moves_left
                if left is None and point is not None and not r.entered_any:
                    left = point.left  # drawn again (his own room, a special card) before he moved on
                if question["kind"] == "card" and left is None:
                    exact = False  # every card on its own: their names matter
            for answer, count, total, grouped in self._children(question, after, left, r.end, choices):
                stack.append(([*answers, answer], num * count, den * total, grouped))
        return reach, exact

    def _solve(self, point: _Point, question: dict[str, Any]) -> _Dist:
        """The rest of the move from a resumable card question, memoised by the state and the signature of
        the unseen cards (or by the whole multiset when the signature does not say enough). Worked out by
        :meth:`_fast` when it can, else by a walk over every answer (:meth:`_expand`)."""
        if self.redrawn:
            self._check_redrawn(point)
        fast = point.depth + 2 * point.left + 4 < MAX_ANSWERS
        if fast and point.left <= PLAIN_LEFT:
            got = self._fast(point, question, plain=True)  # quicker than looking it up
            if got is not None:
                return got
        elif fast and point.piles[0] >= 6:
            node = self.nodes.get((point.key, point.left, None))
            if node is not None and node[1] is not None:
                got = self._eval(node, point.unseen, point.piles[0])  # quicker than looking it up
                if got is not None:
                    return got
        memo = self.memo
        whole = (point.key, point.left, point.piles, point.unseen)
        hit = memo.get(whole)
        if hit is not None and (hit.depth == point.depth or (
                hit.depth + hit.reach < MAX_ANSWERS and point.depth + hit.reach < MAX_ANSWERS)):
            return hit
        sig, others = self.signature(point)
        by_sig = (point.key, point.left, point.piles, sig, others)
        hit = memo.get(by_sig)
        if hit is not None and (hit.depth == point.depth or (
                hit.depth + hit.reach < MAX_ANSWERS and point.depth + hit.reach < MAX_ANSWERS)):
            memo[whole] = hit  # the same unseen cards again: found without the signature
            return hit
        got = self._fast(point, question) if fast else None
        if got is None:
            buckets: dict[int, int] = {}
            choices: set[str] = set()
            stack = [([answer], count, total, grouped)
                     for answer, count, total, grouped in self._children(question, point.unseen, point.left,
                                                                         point.state.floors[self.floor].guard,
                                                                         choices)]
            reach, exact = self._expand(point, stack, buckets, choices, point.unseen)
            den, packed = self._normalise(buckets)
            got = _Dist(den, packed, frozenset(choices), reach, point.depth, exact)
        memo[whole] = got
        if got.exact:
            memo[by_sig] = got
        return got

    def _check_redrawn(self, point: _Point) -> None:
        """Each card left out as only ever drawn again (see ``explore``), drawn at ``point``: the same state with
        the same moves, nothing entered or set, one card drawn: else :class:`_NotOnlyRedrawn`."""
        piles = point.piles
        # keyed as the tables are (see _fast): with 3 cards or more in the deck the runs do not depend on the piles
        key = (point.key, point.left, None if piles[0] >= 6 else piles)
        if key in self.verified:
            return
        for i in self.redrawn:
            r, _ = self._run(point, [self.says[self.at][i]])
            if not (r.point is not None and r.key == point.key and r.left == point.left and not r.bits
                    and not r.entered_any and r.events == ((self.at, i),)):
                raise _NotOnlyRedrawn(self.cards[self.at][i])
        self.verified.add(key)

    def _fast(self, point: _Point, question: dict[str, Any], plain: bool = False) -> _Dist | None:
        """The rest of the move from ``point`` as a plain sum over the unseen cards, when each of them either
        ends the move (after a draw with no move left that changes nothing, :meth:`_still`, or at once) or
        stops at the next card question the engine can resume at: the same sum as :meth:`_expand` makes, with
        what each card does at this state kept in a table (per state and deck size that cannot run out; a far
        card's entry is its group's). None when a card unseen does anything else (a question to the players,
        a far card's branch that goes on, a redraw, a jump): :meth:`_expand` then walks it. ``plain``: only
        when every card unseen ends the move (cheaper than a memo look-up; the rest is looked up first)."""
        piles = point.piles
        tk = (point.key, point.left, None if piles[0] >= 6 else piles)
        node = self.nodes.get(tk, _UNKNOWN)
        if node is _UNKNOWN:
            node = self.nodes[tk] = self._node(point, question)
        if node is None:
            return None
        table, compiled, guard, offered, _, visits, _ = node
        node[5] = visits + 1
        unseen = point.unseen
        counts = unseen[self.at]
        if not any(counts):
            counts = self.full[self.at]
        if compiled is None and visits:
            # at the second visit the table is compiled: the cards that end the move alike are summed before their
            # ending is weighted. With at most one move left every card is looked up at once (a card drawn before
            # costs one run more); with more, a card is looked up when it is first unseen there.
            if point.left <= COMPILE_LEFT:
                for i, ok in enumerate(offered):
                    if ok and table[i] is _UNKNOWN:
                        self._entry(point, guard, i, table)
            compiled = node[1] = _compile(table, offered)
        ends = 0
        going: list[tuple[int, _Run]] = []
        if compiled is not None:
            bad, ending, goes, _ = compiled
            if bad is not None and any(counts[j] for j in bad):
                missing = [j for j in bad if counts[j] and table[j] is _UNKNOWN]
                if not missing:
                    return None
                for j in missing:
                    if table[j] is _UNKNOWN:  # a far card's group fills its other cards' entries too
                        self._entry(point, guard, j, table)
                compiled = node[1] = _compile(table, offered)
                node[6] = None  # and its program
                bad, ending, goes, _ = compiled
                if bad is not None and any(counts[j] for j in bad):
                    return None
            going = [(counts[i], r) for i, r in goes if counts[i]]
            if plain and going:
                return None  # a card goes on: the memo first (see _solve)
            if going and tk[2] is None and point.depth + 2 * point.left + 4 < MAX_ANSWERS:
                summed = self._eval(node, unseen, piles[0])
                if summed is not None:
                    return summed
            if not going:  # the same sums of copies give the same rest of the move
                sums = tuple([counts[get] if single else sum(get(counts)) for single, get, _ in ending])
                total = sum(counts)
                done = node[4].get((total, sums))
                if done is None:
                    ends = sum(c * v for c, (_, _, v) in zip(sums, ending, strict=False) if c)
                    done = node[4][(total, sums)] = _Dist(total, ends, _NO_CHOICES, 2, 0, True) if ends else _NOTHING
                return done if done is not _NOTHING else None
            for single, get, v in ending:
                c = counts[get] if single else sum(get(counts))
                if c:
                    ends += c * v
        else:
            for i, c in enumerate(counts):
                if c and offered[i]:
                    e = table[i]
                    if e is _UNKNOWN:
                        e = self._entry(point, guard, i, table)
                    if e is None:
                        return None
                    if type(e) is int:
                        ends += c * e
                    else:
                        going.append((c, e))
        if not going and not ends:
            return None
        total = sum(counts)  # the weights are over every unseen card, as in _children
        buckets: dict[int, int] = {1: ends} if ends else {}
        choices: frozenset[str] = _NO_CHOICES
        exact = True
        reach = 1
        depth = point.depth + 1
        steps = point.steps
        nodes, units, fold = self.nodes, self.units, self._fold
        plain = depth + 2 * PLAIN_LEFT + 4 < MAX_ANSWERS
        redrawn, verified = self.redrawn, self.verified
        alone = len(unseen) == 1
        mine = unseen[0]
        for c, r in going:
            after = self._after(r, piles)
            events = r.events
            below: Unseen | None = None
            if alone and len(events) == 1 and (card := events[0][1]) >= 0 and mine[card]:
                kid = mine[:card] + (mine[card] - 1,) + mine[card + 1:]  # noqa: RUF005 (_fold's one card drawn, one floor; the fastest form)
            else:
                below = fold(unseen, events)
                kid = below[self.at]
            sub = None
            if plain and r.left <= PLAIN_LEFT:
                # what _solve would do first there (a plain sum over a compiled table), without a point
                tk = (r.key, r.left, None if after[0] >= 6 else after)
                child = nodes.get(tk)
                if child is not None and child[1] is not None and (not redrawn or tk in verified):
                    sub = self._plain(child, kid)
            if sub is None:
                assert r.point is not None and r.question is not None
                sub = self._solve(_Point(r.point, r.key, after, r.left, steps + r.steps,
                                         (kid,) if below is None else below, depth), r.question)
            if not sub.exact:
                exact = False
            if sub.reach >= reach:
                reach = 1 + sub.reach
            if sub.choices:
                choices = choices | sub.choices
            got = units.get(r.bits)
            unit, ones = got if got is not None else self._unit(r.bits)
            d = sub.den
            packed = sub.packed
            buckets[d] = buckets.get(d, 0) + c * (packed - (packed & ones) + d * unit)
        den, packed = self._normalise(buckets) if len(buckets) > 1 else next(iter(buckets.items()))
        return _Dist(den * total, packed, choices, max(reach, 2), point.depth, exact)

    def _plain(self, node: list[Any], counts: tuple[int, ...]) -> _Dist | None:
        """:meth:`_fast` with ``plain`` at a node whose table is compiled: the rest of the move as a sum of copies
        per ending, or None when a card unseen is one the table cannot sum or goes on."""
        total = sum(counts)
        if not total:
            counts = self.full[self.at]
            total = sum(counts)
        bad, ending, goes, _ = node[1]
        if bad is not None and any(counts[j] for j in bad):
            return None
        for i, _ in goes:
            if counts[i]:
                return None
        sums = tuple([counts[get] if single else sum(get(counts)) for single, get, _ in ending])
        done = node[4].get((total, sums))
        if done is None:
            ends = sum(c * v for c, (_, _, v) in zip(sums, ending, strict=False) if c)
            done = node[4][(total, sums)] = _Dist(total, ends, _NO_CHOICES, 2, 0, True) if ends else _NOTHING
        return done if done is not _NOTHING else None

    def _eval(self, node: list[Any], unseen: Unseen, deck: int) -> _Dist | None:
        """The rest of the move from a state whose table is compiled, with ``deck`` cards in the deck (6 or more:
        its runs do not depend on the piles), summed without a point through the compiled tables below
        (:meth:`_summed`). None when it cannot be: a card with more than one copy unseen, or one the tables
        cannot sum (see :meth:`_summed`); :meth:`_solve` and :meth:`_fast` then work it out."""
        counts = unseen[self.at]
        if not counts or max(counts) > 1:
            return None
        mask = sum(map(mul, counts, self.bits))
        others = unseen[:self.at] + unseen[self.at + 1:]
        prog = node[6]
        if prog is None:
            prog = node[6] = self._program(node, others)
        if prog is False or prog[5] != others:
            return None
        got = self._summed(node, mask, deck)
        return None if got is None else _Dist(got[0], got[1], _NO_CHOICES, got[2], 0, True)

    def _summed(self, node: list[Any], mask: int, deck: int) -> tuple[int, int, int, int] | None:
        """:meth:`_fast`'s sum at a compiled state for the unseen cards of this floor as a bit mask (each at most
        one copy; the other floors' as when the state's program was made), recursively through the compiled
        states the cards that go on stop at: (denominator, packed numerators, reach, the fewest cards in the deck
        the answer needs, since states below are keyed without their piles only from 6 cards on). None when a
        card unseen is one a table cannot sum (its entry None or not looked up yet), when a state below is not
        compiled yet, has fewer than 6 cards in the deck or another floor's cards unseen, or when no card ends
        the move: :meth:`_solve` then works it out. Memoised per state by the mask."""
        prog = node[6]
        memo = prog[1]
        hit = memo.get(mask)
        if hit is not None:
            return hit if deck >= hit[3] else None
        if mask & prog[2] or not mask:
            return None
        ends = 0
        for cards, v in prog[3]:
            c = (mask & cards).bit_count()
            if c:
                ends += c * v
        total = mask.bit_count()
        if not mask & prog[4]:
            if not ends:
                return None
            done = memo[mask] = (total, ends, 2, 6)
            return done
        buckets: dict[int, int] = {1: ends} if ends else {}
        need, reach = 6, 1
        nodes, redrawn, verified, others = self.nodes, self.redrawn, self.verified, prog[5]
        for bit, drawn, dd, tk, unit, keep in prog[0]:
            if not mask & bit:
                continue
            below = deck + dd
            child = nodes.get(tk)
            if below < 6 or child is None or child[1] is None or (redrawn and tk not in verified):
                return None
            sub_prog = child[6]
            if sub_prog is None:
                sub_prog = child[6] = self._program(child, others)
            if sub_prog is False or sub_prog[5] != others:
                return None
            got = self._summed(child, mask & drawn, below)
            if got is None:
                return None
            d, packed, sub_reach, sub_need = got
            if sub_need - dd > need:  # max() costs more, in the forecast's innermost loop
                need = sub_need - dd
            if sub_reach >= reach:
                reach = 1 + sub_reach
            buckets[d] = buckets.get(d, 0) + (packed & keep) + d * unit  # his fields set certain
        den, packed = self._normalise(buckets) if len(buckets) > 1 else next(iter(buckets.items()))
        done = memo[mask] = (den * total, packed, max(reach, 2), need)
        return done

    def _program(self, node: list[Any], others: Unseen) -> Any:
        """What :meth:`_summed` reads of a compiled state: per card that goes on, its bit, the mask that takes the
        card its run drew out of the unseen ones, the change of the deck, the key of the state it stops at and
        the fields it sets (1 in each, and a mask of every other field); the memo; the masks of the cards whose
        entry is None, of each ending and of the cards that go on; and the other floors' unseen cards it was made
        for. False when a run does more than draw one card of this floor (a reshuffle, a card of another floor) or
        depends on the piles."""
        bad, _, goes, alike = node[1]
        bad_mask = sum(1 << i for i in bad or ())
        endings = tuple((sum(1 << i for i in cards), v) for v, cards in alike)
        links = []
        for i, r in goes:
            if not r.shift or len(r.events) != 1 or r.events[0][0] != self.at or r.events[0][1] < 0:
                return False
            unit, ones = self._unit(r.bits)
            links.append((1 << i, ~(1 << r.events[0][1]), r.piles[0], (r.key, r.left, None), unit, ~ones))
        going = sum(link[0] for link in links)
        return tuple(links), {}, bad_mask, endings, going, others

    def _node(self, point: _Point, question: dict[str, Any]) -> list[Any] | None:
        """What :meth:`_fast` keeps of a state with its moves left: the table of what each card does there,
        its summing form (once known), where he stands, which cards the question offers, the rests kept by sums
        of copies, and how often it was visited. None when the question is not a card of this floor or he is off
        the board."""
        if question["kind"] != "card" or (question.get("floor") or self.floor) != self.floor:
            return None
        guard = point.state.floors[self.floor].guard
        if guard is None:
            return None
        return [[_UNKNOWN] * len(self.cards[self.at]), None, guard, self._offered(question["options"]), {}, 0, None]

    @staticmethod
    def _after(r: _Run, piles: tuple[int, int, int]) -> tuple[int, int, int]:
        """The sizes of this floor's piles after run ``r`` from piles of these sizes."""
        if r.shift:
            return piles[0] + r.piles[0], piles[1] + r.piles[1], piles[2] + r.piles[2]
        return r.piles

    def _entry(self, point: _Point, guard: str, i: int, table: list[Any]) -> Any:
        """What card ``i`` drawn at ``point`` does, for :meth:`_fast`: its packed ending (fields and end room,
        each 1) when it ends the move, its run when it stops at a card question the engine resumes at, None
        otherwise. A far card's is its group's, stored for every card in it."""
        members = self._partition(guard, point.left)[2][i]
        r, piles = self._run(point, [self.says[self.at][members[0]]])
        e: Any = None
        if not r.jumped:
            if r.question is None:
                e = self._unit(r.bits)[0] | 1 << (self.width * r.end_field)
            elif r.point is not None and r.left == 0 and (still := self._still(r, piles, point, len(members) == 1)
                                                          ) is not None:
                e = self._unit(r.bits | still[0])[0] | 1 << (self.width * still[1])
            elif r.point is not None and len(members) == 1:
                e = r
        for j in members:
            table[j] = e
        return e

    def _offered(self, options: list[str]) -> tuple[bool, ...]:
        """Which of this floor's cards a card question offers (the engine's options, in card order)."""
        key = (self.at, *options)
        got = self.offered.get(key)
        if got is None:
            wanted = set(options)
            got = self.offered[key] = tuple(card in wanted for card in self.says[self.at])
        return got

    def _still(self, r: _Run, piles: tuple[int, int, int], point: _Point | None, alone: bool = False
               ) -> tuple[int, int] | None:
        """When he draws with no move left (``r`` stopped there), the card drawn may make no difference: every
        card of the floor's deck, drawn there, ends the move alike (the same fields, the same room), or is drawn
        again from a state where the same holds (his own room: the same state again; a worker card: one more
        worker). Then the rest of the move is that one ending, whichever cards are unseen (by induction on
        them: each card drawn again is one fewer): returned as (fields, end field), without a branch per card.
        None otherwise (Lost Visual, a players' choice, a reshuffle, a card that does anything else). Kept per
        state, as the runs are. ``alone``: ``r`` is the branch of the cards it drew and no other (not a group of
        far cards), so a card it drew with no copy left (his own room, where a card sent him) is not tried."""
        key = (r.key, None if piles[0] >= 3 else piles)
        got = self.stills.get(key, _UNKNOWN)
        if got is not _UNKNOWN:
            return got  # type: ignore[return-value]
        seen = tuple(card for at, card in r.events if at == self.at) if alone else ()
        if not seen or any(card < 0 for card in seen):
            return self._alike(r, piles, point, key, (), {key: 0})[0]
        known = (*key, seen)
        got = self.stills.get(known, _UNKNOWN)
        if got is _UNKNOWN:
            got = self.stills[known] = self._alike(r, piles, point, key, (), {key: 0}, seen)[0]
        return got  # type: ignore[return-value]

    def _alike(self, r: _Run, piles: tuple[int, int, int], point: _Point | None, key: tuple[Any, ...],
               drawn: tuple[int, ...], checking: dict[tuple[Any, ...], int], seen: tuple[int, ...] = ()
               ) -> tuple[tuple[int, int] | None, int]:
        """:meth:`_still` for the state ``r`` stopped at (``key``), reached by drawing again the cards ``drawn``
        (a card with every copy drawn cannot come again: no reshuffle happened on the way); ``checking``: the
        states on the way (with their place on it), taken to end alike (a card drawn again there ends as the
        other cards do, or the whole check fails). Returns the ending and the earliest place on the way that
        was taken to end alike. The answer is kept for the state when it is None (no shortcut is always
        right), or when it took no earlier state to end alike and left out no card drawn before."""
        here = len(drawn)
        used = here
        got: tuple[int, int] | None = None
        skipped = False
        if here <= 3:
            at = self.point_of(r, piles, point)
            guard = at.state.floors[self.floor].guard
            names = self.says[self.at]
            if guard is None:
                tried: tuple[int, ...] = tuple(range(len(names)))
            else:
                alone, groups, _ = self._partition(guard, 0)
                tried = (*alone, *(g[0] for g in groups))
            full = self.full[self.at]
            ends: set[tuple[int, int]] = set()
            for i in tried:
                if drawn.count(i) + seen.count(i) >= full[i]:
                    skipped = True
                    continue  # every copy drawn already
                kid, after = self._run(at, [names[i]])
                if kid.question is None:
                    ends.add((kid.bits, kid.end_field))
                elif (kid.point is not None and kid.left == 0 and not kid.bits and not kid.entered_any
                      and all(card >= 0 for _, card in kid.events)):
                    sub_key = (kid.key, None if after[0] >= 3 else after)
                    place = checking.get(sub_key)
                    if place is not None:
                        used = min(used, place)
                        continue  # a state on the way again: ends as the others do
                    if kid.key != r.key:
                        ends.clear()  # the card changed the state (a worker joined him): not followed, as it
                        break  # may go on changing it with every copy
                    sub = self.stills.get(sub_key, _UNKNOWN)
                    if sub is _UNKNOWN:
                        sub, sub_used = self._alike(kid, after, at, sub_key, (*drawn, i),
                                                    {**checking, sub_key: here + 1}, seen)
                        used = min(used, sub_used)
                    if sub is None:
                        ends.clear()
                        break
                    ends.add(sub)  # type: ignore[arg-type]
                else:
                    ends.clear()
                    break
                if len(ends) > 1:
                    break
            got = next(iter(ends)) if len(ends) == 1 else None
        if got is None or (used >= here and not skipped):
            self.stills[key] = got
        return got, used

    def point_of(self, r: _Run, piles: tuple[int, int, int], point: _Point | None) -> _Point:
        """The point a run stopped at, for running the engine from it (what the players know is not needed)."""
        assert r.point is not None
        return _Point(r.point, r.key, piles, r.left, (point.steps if point is not None else 0) + r.steps, (),
                      (point.depth if point is not None else 0))

    # -- engine runs ----------------------------------------------------------------------------------
    def _run(self, point: _Point | None, answers: list[str]) -> tuple[_Run, tuple[int, int, int]]:
        """The engine run from ``point`` (or the move's start) with these answers, and the sizes of this floor's
        piles after it. A run draws at most one card per answer and one more before it asks again, so with at
        least two cards more in the deck than answers it cannot empty the deck (no reshuffle, no hunting):
        then it does not depend on the piles' sizes, and is shared by every deck size (cached without them)."""
        piles = point.piles if point is not None else self.piles0
        shift = piles[0] >= len(answers) + 2
        key = (point.key if point is not None else None, point.left if point is not None else -1,
               None if shift else piles, *answers)
        hit = self.runs.get(key)
        if hit is None:
            hit = self.runs[key] = self._shared(point, answers, piles, shift, key)
        return hit, self._after(hit, piles)

    def _shared(self, point: _Point | None, answers: list[str], piles: tuple[int, int, int], shift: bool,
                key: tuple[Any, ...]) -> _Run:
        """A new run, or one from the same state with other moves left that stands for it: a walk that asks
        for the next card with ``k`` moves still left, after using ``u`` of its moves, takes the same steps and
        gets to the same question with any number of moves above ``u`` (the engine's walk reads its moves only
        to go on while there are some, and the Raven's crow only takes one that is there), ``u`` fewer left. With
        no crow on the floor (the state says so) that holds for exactly ``u`` moves too, the last one taking him
        to the question."""
        if point is None:
            return self._engine(point, answers, piles, shift)
        alike = (key[0], *key[2:])
        known = self.shared.get(alike)
        crowless = point.state.floors[self.floor].crow is None
        if known is not None:
            used, r = known
            if point.left > used or (crowless and point.left == used):
                return _Run(r.bits, r.end, r.end_field, r.question, r.events, r.point, r.key, r.piles, r.shift,
                            point.left - used, r.steps, r.moves_left, r.entered_any, r.jumped, r.crewless)
        blind = (self._blind_key(point), *key[1:])
        twin = self.crewless.get(blind)
        if twin is not None:
            r = self._transplant(twin, point)
        else:
            r = self._engine(point, answers, piles, shift)
            if r.crewless:
                self.crewless[blind] = r
        if r.point is not None and (r.left > 0 or crowless) and known is None:
            self.shared[alike] = (point.left - r.left, r)
        return r

    def _blind_key(self, point: _Point) -> bytes:
        """The point's state as :meth:`_core_key` writes it, without the crew's Stealth and heat: states alike
        but for those (someone was found on one way there and not on another) share the runs that find no one
        (see :meth:`_transplant`)."""
        got = self.blind.get(point.key)
        if got is None:
            state = point.state.copy()
            for b in state.crew.values():
                b.stealth = b.heat = 0
            got = self.blind[point.key] = self._core_key(state)
        return got

    def _transplant(self, r: _Run, point: _Point) -> _Run:
        """Run ``r``, made from a state that differs from ``point``'s only in the crew's Stealth and heat, as it
        goes from ``point``. The engine reads a burglar's Stealth or heat only where it takes some away or adds
        some (``Bb1.lose``, ``Bb2.heat``), and each of those writes a ``stealth``, ``heat`` or ``caught`` entry, or
        first asks whether a Lavatory's token goes instead (``Bb1.room_token``: asked only of a burglar with
        Stealth left). ``r`` wrote none of those entries and stopped at no question but a card, so from ``point``
        it takes the same steps and asks for the same card, and the state it stops at is its own with
        ``point``'s Stealth and heat."""
        if r.point is None:
            return r
        state = r.point.copy()
        for name, b in state.crew.items():
            mine = point.state.crew[name]
            b.stealth, b.heat = mine.stealth, mine.heat
        key = self._core_key(state)
        state = self.points.setdefault(key, state)
        return _Run(r.bits, r.end, r.end_field, r.question, r.events, state, key, r.piles, r.shift, r.left, r.steps,
                    r.moves_left, r.entered_any, r.jumped, True)

    def _engine(self, point: _Point | None, answers: list[str], piles: tuple[int, int, int], shift: bool) -> _Run:
        floor = self.floor
        if point is None:
            state, entries, question, resumable = run(self.base, floor, self.bonus, answers, None, piles)
        else:
            state, entries, question, resumable = run(point.state, floor, self.bonus, answers,
                                                      (floor, point.left, point.steps), piles)
        self.tree.branches += 1
        bits = 0
        entered_any = jumped = touched = False
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
                touched = True
                bit = self.crew_bit.get(e.data.get("who"))  # type: ignore[arg-type]
                if bit:
                    bits |= bit
                    if kind == "caught":
                        bits |= bit << self.caught_shift
            elif kind == "draw":
                at = self.floor_at.get(e.floor)  # type: ignore[arg-type]
                if at is not None:
                    events.append((at, self.drawn_index[at].get(e.data.get("card"), -2)))  # type: ignore[arg-type]
            elif kind == "reshuffle" and e.floor in self.floor_at:
                events.append((self.floor_at[e.floor], -1))
        for fl in state.floors.values():
            if fl.discard and fl.discard[-1] != HIDDEN:
                fl.discard = (HIDDEN,) * len(fl.discard)
        drawing = question.get("floor") or floor if question is not None else None
        resumes = (question is not None and question["kind"] == "card" and resumable is not None
                   and resumable[0] == floor == drawing)
        key = self._core_key(state) if resumes else b""
        if resumes and point is not None and not entered_any and key != point.key:
            # a card drawn again before he moved on that changed the state (a worker joined him): the next answers
            # are replayed from the point instead, which keeps the far cards pooled by his moves there
            resumes, key = False, b""
        mine = state.floors[floor]
        after = (len(mine.deck) + (1 if resumes else 0), len(mine.discard), len(mine.unseen))
        if shift:
            after = (after[0] - piles[0], after[1] - piles[1], after[2] - piles[2])
        end = mine.guard
        if resumes:
            # one state kept per point: states with the same key differ only in this floor's piles, which are not
            # read (``piles`` says their sizes), and the copies other runs reach are not kept alive for nothing
            state = self.points.setdefault(key, state)
        return _Run(bits, end, self.lost_field if end is None else self.end_field[end], question, tuple(events),
                    state if resumes else None, key, after, shift,
                    resumable[1] if resumes and resumable else 0,
                    resumable[2] - (point.steps if point is not None else 0) if resumes and resumable else 0,
                    _moves_left(entries, floor) if question is not None and not resumes else None, entered_any,
                    jumped, not touched and (question is None or question["kind"] == "card"))

    def _fold(self, unseen: Unseen, events: tuple[tuple[int, int], ...]) -> Unseen:
        """The unseen cards after a run: a card drawn is seen; a reshuffle makes every card unseen (1.11)."""
        if not events:
            return unseen
        if len(events) == 1 and len(unseen) == 1:
            card = events[0][1]
            mine = unseen[0]
            if card >= 0 and mine[card] > 0:
                return ((*mine[:card], mine[card] - 1, *mine[card + 1:]),)
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
    def _children(self, question: dict[str, Any], unseen: Unseen, left: int | None, square: str | None,
                  choices: set[str]) -> list[tuple[str, int, int, Group | None]]:
        """The answers to explore, each with its weight as (numerator, denominator) and, for a group of far cards
        pooled into one branch (:func:`_group_by_path`), the cards and copies it stands for: a card by its unseen
        copies over the unseen cards, a players' choice evenly. ``left`` is how many moves he has when he draws
        this card (None: not known, so no card is pooled); ``square`` is where he stands then."""
        options: list[str] = question["options"]
        if question["kind"] != "card":
            choices.add(question["kind"])
            return [(o, 1, len(options), None) for o in options]
        drawing = question.get("floor") or self.floor
        at = self.floors.index(drawing)
        counts = unseen[at]
        if not any(counts):
            counts = self.full[at]  # unseen_cards: a case whose discard lists every card gets the full deck back
        total = sum(counts)
        names = self.says[at]
        offered = self.offered.get((at, *options))
        if offered is None:
            wanted = set(options)
            offered = self.offered[(at, *options)] = tuple(card in wanted for card in names)
        if left is None or drawing != self.floor or square is None:
            return [(names[i], count, total, None) for i, count in enumerate(counts) if count and offered[i]]
        alone, groups, _ = self._partition(square, left)
        out: list[tuple[str, int, int, Group | None]] = [
            (names[i], counts[i], total, None) for i in alone if counts[i] and offered[i]]
        for group in groups:
            members = tuple((names[i], counts[i]) for i in group if counts[i] and offered[i])
            if members:
                out.append((members[0][0], sum(count for _, count in members), total, members))
        return out

    def _partition(self, square: str, left: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                                           tuple[tuple[int, ...], ...]]:
        """This floor's cards (indices) drawn by him in ``square`` with ``left`` moves: those that get a branch
        of their own, the groups of far cards with the same first steps, and each card's group
        (:func:`_group_by_path`)."""
        got = self.partitions.get((square, left))
        if got is None:
            view = self.view
            got = self.partitions[(square, left)] = _group_by_path(
                self.plan, view.rules, view.tiebreak, tuple(view.void), square, left, tuple(self.cards[self.at]))
        return got

    # -- what the rest of a move can tell apart ------------------------------------------------------------
    def signature(self, point: _Point) -> tuple[Any, Unseen]:
        """The unseen cards of this floor as the rest of the move from ``point`` can tell them apart: a card
        he cannot reach with the moves he has left stays out of reach for the rest of the move (every later
        draw is nearer to where he is now than his moves), so only its route's first steps ever matter, never
        its name. Cards whose routes take the same next step from every room he can still stand on before his
        last move are one class; any other card is its own. The other floors' unseen cards are kept whole."""
        counts = point.unseen[self.at]
        project = self._projector(point.state.floors[self.floor].guard, point.left)
        if project is None:
            sig: Any = counts
        else:
            single, multi = project
            sig = (single(counts) if single is not None else (), tuple([sum(g(counts)) for g in multi]))
        return sig, point.unseen[:self.at] + point.unseen[self.at + 1:]

    def _projector(self, guard: str | None, left: int) -> tuple[Any, tuple[Any, ...]] | None:
        """How :meth:`signature` reads the counts for him in ``guard`` with ``left`` moves: the cards alone in
        their class, and the sum of each class of several cards (in an order fixed by ``guard`` and ``left``,
        which the memo's keys hold too). None when he is off the board: every card on its own."""
        if guard is None:
            return None
        got = self.projectors.get((guard, left))
        if got is None:
            members: dict[int, list[int]] = {}
            for i, k in enumerate(self._classes(guard, left)):
                members.setdefault(k, []).append(i)
            singles = [m[0] for m in members.values() if len(m) == 1]
            got = self.projectors[(guard, left)] = (
                itemgetter(*singles) if singles else None,
                tuple(itemgetter(*m) for m in members.values() if len(m) > 1))
        return got

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


def _compile(table: list[Any], offered: tuple[bool, ...]) -> Any:
    """A node's table (see _Explorer._fast) read for summing: the cards whose entry is None (they must be
    unseen no more), the endings with the cards that end the move so (one index, or a getter of several), and
    the cards that go on to another card question with their runs; and each ending with its cards (see
    :meth:`_Explorer._program`)."""
    bad: list[int] = []
    alike: dict[int, list[int]] = {}
    going: list[tuple[int, Any]] = []
    for i, ok in enumerate(offered):
        if not ok:
            continue
        e = table[i]
        if e is None or e is _UNKNOWN:
            bad.append(i)
        elif type(e) is int:
            alike.setdefault(e, []).append(i)
        else:
            going.append((i, e))
    ending = tuple((True, idx[0], v) if len(idx) == 1 else (False, itemgetter(*idx), v) for v, idx in alike.items())
    return (tuple(bad) or None), ending, tuple(going), tuple(alike.items())


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


@lru_cache(maxsize=1 << 12)
def _group_by_path(plan: Floorplan, rules: str, reading: str, void: tuple[str, ...], guard: str, left: int,
                   cards: tuple[str, ...]
                   ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Prune the cards that cannot make a difference. A card naming a room farther than his moves left
    sends him along the first ``left`` steps of his route there and no farther (1.3, §2): he cannot arrive,
    so no further card is drawn, and nothing on the way depends on where the route would have gone on (an
    alarm set off on the way takes the die whatever it was, 1.9). So all such cards with the same first
    ``left`` steps end the move alike, and one of them, run by the engine, stands for all with their summed
    copies (unless that walk goes on after all: see _Explorer._expand). With no move left that is every card
    naming another room. A card he can reach, his own room (redrawn, 1.6 ruling), a special card (Lost Visual,
    Distracted, a worker) and a route the tie-break reading cannot decide still get a branch of their own.
    Returns those alone, the groups, and each card's group (itself alone), as indices in ``cards`` (a floor's
    cards drawn by him in ``guard`` with
    ``left`` moves; the floor plan, the rules and the tie-break reading say the rest, so the answer holds across
    forecasts)."""
    special = SPECIAL.get(rules)
    here = plan.index[guard]
    groups: dict[tuple[int, ...], list[int]] = {}
    alone: list[int] = []
    for i, card in enumerate(cards):
        if card == guard or kind_of(rules, card) == special or card not in plan.index or card in void:
            alone.append(i)
            continue
        steps = _first_steps(plan, plan.index[card], reading, here, left)
        if steps is None:
            alone.append(i)
        else:
            groups.setdefault(steps, []).append(i)
    merged = tuple(tuple(group) for group in groups.values())
    member_of = {i: group for group in merged for i in group}
    return tuple(alone), merged, tuple(member_of.get(i, (i,)) for i in range(len(cards)))


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
