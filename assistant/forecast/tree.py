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
of that moment (a ``records.Point``). Other questions replay from the last such point, as the table's answers do.
A far card's branch stands for every card with the same first steps (``routes.group_by_path``).

**The rest of a move is memoised, and the cards' weights are applied outside the engine.** The engine reads
the face-up discard pile only for its length (``Bb1.draw_card`` appends to it, ``Bb1.reshuffle`` counts it in
table-deck mode; bb2 never reshuffles, bb3 reshuffles as bb1), so the engine runs here on a copy whose piles
are "?" placeholders of the right length, and the forecast keeps what the players know, the unseen multiset,
beside it (folded over each run's ``draw`` and ``reshuffle`` entries). Then

* an engine run depends only on the state at its point and its answers, not on which cards were drawn before:
  runs are cached by (the point's state, the answers) and shared by every draw order that reaches that state.
  The drawing floor's piles are left out of that state and kept beside it as sizes: a run that cannot empty the
  deck is shared by every deck size, and a walk that stops at a card question after using ``u`` moves stands for
  the same walk with more moves (``runs.Runs._shared``);
* the rest of the move from a point depends only on that state and on the unseen cards as the rest of the move
  can tell them apart (:meth:`_Explorer.signature`): a card he cannot reach with the moves he has left is only
  ever a far card (its route prefixes, not its name, matter), so after many draw orders the same rest of move
  is found again and reused, with its outcomes as whole numerators over one denominator;
* what each card does at a state (it ends the move, with which rooms and where; or it stops at the next card
  question) is kept in a table per state, so a rest of a move whose cards only do that is a plain sum over the
  unseen cards (``summing.Tables._fast``), and with at most one move left a sum of copies per ending; once a
  state's table is compiled, the rest of a move from it is summed through the compiled tables of the states its
  cards stop at, the unseen cards a bit mask (``summing.Tables._summed``);
* a run that finds no one is shared by the states that differ only in the crew's Stealth and heat, which the
  engine reads only where it logs a change or asks about a Lavatory token (``runs.Runs._transplant``);
* a draw with no move left whose every card ends the move alike (or is redrawn from the same state) is not
  branched at all (``runs.Runs._still``), and a card that is only ever drawn again (bb3's worker cards)
  is left out of the unseen cards while the deck cannot run out (``explore``).

A far card's group whose walk does not end the move (a Camera set off an alarm on the way, he reaches it and
draws again) is split into its cards: the next draw is from the unseen cards without that one.

This module is the walk over the answers and its memo; the engine runs and their caches are in ``runs.py``, the
tables in ``summing.py``, the records in ``records.py``, the cards it can pool in ``routes.py``, and the plain
enumeration it must agree with in ``plain.py``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter
from typing import TypeAlias

from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from .knowledge import kind_of
from .records import Compiled, Dist, Group, Piles, Point, Question, Tree, Unseen
from .routes import card_classes
from .runs import LOST, Overflow, Runs
from .summing import MAX_ANSWERS, PLAIN_LEFT, Tables

# a rest of a move's memo key: the point's state, moves left, piles and the unseen cards, whole or as the signature
# reads them with the other floors' beside it
Signature: TypeAlias = "tuple[int, ...] | tuple[int | tuple[int, ...], tuple[int, ...]]"
MemoKey: TypeAlias = "tuple[bytes, int, Piles, Unseen] | tuple[bytes, int, Piles, Signature, Unseen]"
Projector: TypeAlias = "tuple[itemgetter[tuple[int, ...]] | None, tuple[itemgetter[tuple[int, ...]], ...]]"


# how the explorer treats the cards that are only ever drawn again (see explore)
LEFT_OUT, AFTER_RESHUFFLE, COUNTED = 2, 1, 0
# A deck with fewer cards than his moves and this many more is taken to run out during the move (bb3's five worker
# cards and the check's two): the explorer starts with the cards left out after the reshuffle only, and with the
# fields a reshuffled deck's denominators need (21 x 20 x ... outgrows 40 bits within three draws)
RUNS_OUT_MARGIN = 7
RESHUFFLED_WIDTH = 64
# The players' questions a pooled group of far cards answers as one branch: asked on his way from the state alone,
# never from where he is heading (the Lavatory's token: asked of a burglar with Stealth he finds, 1.8). The cards of
# a group take the same first steps and stop before arriving, so each asks it at the same step and, answered alike,
# walks on alike; the group is split only if a branch then draws again, as when no question came.
GROUP_KEEPS = frozenset({"lavatory"})


class _NotOnlyRedrawn(Exception):
    """A card taken to be only ever drawn again did something else, or might have (see ``explore``): explore
    again counting it."""


def explore(view: GameState, floor: int, book: Rulebook, bonus: int = 0, stand_ins: frozenset[str] = frozenset(),
            ending: str | None = None) -> Tree:
    """Every branch of floor ``floor``'s next guard move on the blind state ``view``, by the rules of ``book``. The
    packed fields start narrow (40 bits: denominators up to 2**39, beyond most moves; the bench's worst cases reach
    2**29, a bb3 floor with speed 7 2**34, and narrower fields make every sum of the walk cheaper) and widen when one
    outgrows them; the engine runs made so far are kept for the next try.

    A card that is only ever drawn again (the same state after it, nothing else done: bb3's worker cards) is
    left out of the unseen cards at first: the next card that does something is then equally likely to be any
    of the others, whatever the number of such cards drawn before it, as long as the deck cannot run out. The
    explorer checks both (the card at every state it stops at; the deck against the most cards any branch
    draws) and explores again when either fails: counting the card until the deck is reshuffled and leaving it
    out after, where the new deck cannot run out again (a deck with a few cards left when he starts); and at
    last counting it all the way. ``stand_ins``: burglars whose catch takes them off the board and lets the move go
    on (``Ruleset.stand_ins``: the safety map's copies of one burglar). ``ending``: the burglar whose End turn this
    move follows: what End turn does before his first step is part of the move (``runs.run``), its questions
    answered as the move's own."""
    width = 40
    runs = None
    redrawn = LEFT_OUT
    fl = view.floors[floor]
    if len(fl.deck) < book.ruleset(view, []).speed(floor, bonus) + RUNS_OUT_MARGIN:
        # the deck may well run out during the move: leaving the cards out all the way would fail at the end
        redrawn, width = AFTER_RESHUFFLE, RESHUFFLED_WIDTH
    while True:
        explorer = _Explorer(view, floor, book, bonus, width, runs, redrawn)
        explorer.stand_ins = stand_ins
        explorer.ending = ending
        try:
            return explorer.explore()
        except Overflow:
            width *= 4
            runs = explorer
        except _NotOnlyRedrawn:
            redrawn = AFTER_RESHUFFLE if redrawn == LEFT_OUT else COUNTED
            runs = explorer


class _Explorer(Tables):
    """One forecast's walk over the answers, with its memo of rests of moves and the card classes the signature
    reads; its engine runs and the packed fields are :class:`runs.Runs`', its tables :class:`summing.Tables`'."""

    def __init__(self, view: GameState, floor: int, book: Rulebook, bonus: int, width: int = 128,
                 before: Runs | None = None, redrawn: int = COUNTED) -> None:
        super().__init__(view, floor, book, bonus, width, before)
        seen = [self.decks[n] - Counter(kind_of(book, c) for c in view.floors[n].discard) for n in self.floors]
        self.unseen0 = tuple(tuple(left[c] for c in cards) for left, cards in zip(seen, self.cards, strict=False))
        # cards taken to be only ever drawn again (see explore): bb3's worker cards, answered as workers-move
        self.mode = redrawn
        full = self.full[self.at]
        self.redrawn = tuple(i for i, c in enumerate(self.cards[self.at]) if redrawn and c in self.answer_as
                             and (self.unseen0[self.at][i] if redrawn == LEFT_OUT else full[i]))
        self.redrawn_copies = 0
        counts = list(self.unseen0[self.at] if redrawn == LEFT_OUT else full)
        if self.redrawn and any(c for i, c in enumerate(counts) if i not in self.redrawn):
            self.redrawn_copies = sum(counts[i] for i in self.redrawn)
            for i in self.redrawn:
                counts[i] = 0
            if redrawn == LEFT_OUT:
                self.unseen0 = (*self.unseen0[:self.at], tuple(counts), *self.unseen0[self.at + 1:])
            else:  # counted until a reshuffle brings every card back: from then on left out
                self.refill = (*self.full[:self.at], tuple(counts), *self.full[self.at + 1:])
        else:
            self.redrawn = ()  # no other card unseen: they are counted
        self.memo: dict[MemoKey, Dist] = {}
        self.classes: dict[tuple[str, int], tuple[int, ...]] = {}
        self.projectors: dict[tuple[str, int], Projector] = {}
        self.unrouted: tuple[str, ...] | None = None

    # -- the walk ----------------------------------------------------------------------------------------
    def explore(self) -> Tree:
        buckets: dict[int, int] = {}
        choices: set[str] = set()
        reach, _ = self._expand(None, [([], 1, 1, None)], buckets, choices, self.unseen0)
        # with every such card drawn too: the deck at the start, or the one a reshuffle made (its fewest cards)
        deck = self.piles0[0] if self.mode == LEFT_OUT else self.reshuffled
        if self.redrawn and 0 <= deck < reach + self.redrawn_copies + 2:
            raise _NotOnlyRedrawn("the deck might run out")
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

    def _expand(self, point: Point | None, stack: list[tuple[list[str], int, int, Group | None]],
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
            if group is not None and r.question["kind"] in GROUP_KEEPS:
                # asked on the way, from the state alone: every card of the group asks it there, and each answer
                # walks them on alike (see GROUP_KEEPS)
                options = r.question["options"]
                choices.add(r.question["kind"])
                stack.extend(([*answers, option], num, den * len(options), group) for option in options)
                continue
            if group is not None:
                exact = False  # a far card's branch goes on: its name may matter after all
                each = num // sum(count for _, count in group)
                at = len(answers) - 1 - answers[::-1].index(group[0][0])  # the group's card, answered since
                stack.extend(([*answers[:at], card, *answers[at + 1:]], each * count, den, None)
                             for card, count in group)
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
                sub = self._solve(Point(r.point, r.key, piles, r.left,
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
                if self.redrawn and question["kind"] == "card" and self._left_out(after, piles[0]):
                    raise _NotOnlyRedrawn("a card question not checked")
                left = r.moves_left
                if left is None and point is not None and not r.entered_any:
                    left = point.left  # drawn again (his own room, a special card) before he moved on
                if question["kind"] == "card" and left is None:
                    exact = False  # every card on its own: their names matter
            for answer, count, total, grouped in self._children(question, after, left, r.end, choices):
                stack.append(([*answers, answer], num * count, den * total, grouped))
        return reach, exact

    def _solve(self, point: Point, question: Question, tried: Compiled | None = None) -> Dist:
        """The rest of the move from a resumable card question, memoised by the state and the signature of
        the unseen cards (or by the whole multiset when the signature does not say enough). Worked out by
        :meth:`_fast` when it can, else by a walk over every answer (:meth:`_expand`). ``tried``: the state's
        compiled table, which :meth:`_eval` already failed to sum this rest from (``_fast`` tries it first)."""
        if self.redrawn and self._left_out(point.unseen, point.piles[0]):
            self._check_redrawn(point)
        fast = point.depth + 2 * point.left + 4 < MAX_ANSWERS
        if fast and tried is None:
            if point.left <= PLAIN_LEFT:
                got = self._fast(point, question, plain=True)  # quicker than looking it up
                if got is not None:
                    return got
            elif point.piles[0] >= 6:
                node = self.nodes.get((point.key, point.left, None))
                if node is not None and node.compiled is not None:
                    got = self._eval(node, point.unseen, point.piles[0])  # quicker than looking it up
                    if got is not None:
                        return got
                    tried = node.compiled  # nothing below changes before _fast: not summed again from that table
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
        got = self._fast(point, question, tried=tried) if fast else None
        if got is None:
            buckets: dict[int, int] = {}
            choices: set[str] = set()
            stack = [([answer], count, total, grouped)
                     for answer, count, total, grouped in self._children(question, point.unseen, point.left,
                                                                         point.state.floors[self.floor].guard,
                                                                         choices)]
            reach, exact = self._expand(point, stack, buckets, choices, point.unseen)
            den, packed = self._normalise(buckets)
            got = Dist(den, packed, frozenset(choices), reach, point.depth, exact)
        memo[whole] = got
        if got.exact:
            memo[by_sig] = got
        return got

    def _left_out(self, unseen: Unseen, deck: int) -> bool:
        """Whether the cards taken to be only ever drawn again may be left out of ``unseen`` with ``deck`` cards
        in the deck: always, or after a reshuffle. Before it they are counted, a draw of one a branch like any
        other, or all face up; a reshuffled deck too small to draw them all and two more fails the check at the
        end (explore), so a point with fewer cards and none of them unseen needs no check."""
        if self.mode == LEFT_OUT:
            return True
        counts = unseen[self.at]
        return deck >= self.redrawn_copies + 2 and not any(counts[i] for i in self.redrawn)

    def _check_redrawn(self, point: Point) -> None:
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

    # -- the answers to a question ----------------------------------------------------------------------
    def _children(self, question: Question, unseen: Unseen, left: int | None, square: str | None,
                  choices: set[str]) -> list[tuple[str, int, int, Group | None]]:
        """The answers to explore, each with its weight as (numerator, denominator) and, for a group of far cards
        pooled into one branch (``routes.group_by_path``), the cards and copies it stands for: a card by its unseen
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

    # -- what the rest of a move can tell apart ------------------------------------------------------------
    def signature(self, point: Point) -> tuple[Signature, Unseen]:
        """The unseen cards of this floor as the rest of the move from ``point`` can tell them apart: a card
        he cannot reach with the moves he has left stays out of reach for the rest of the move (every later
        draw is nearer to where he is now than his moves), so only its route's first steps ever matter, never
        its name. Cards whose routes take the same next step from every room he can still stand on before his
        last move are one class; any other card is its own. The other floors' unseen cards are kept whole."""
        counts = point.unseen[self.at]
        project = self._projector(point.state.floors[self.floor].guard, point.left)
        if project is None:
            sig: Signature = counts
        else:
            single, multi = project
            sig = (single(counts) if single is not None else (), tuple([sum(g(counts)) for g in multi]))
        return sig, point.unseen[:self.at] + point.unseen[self.at + 1:]

    def _projector(self, guard: str | None, left: int) -> Projector | None:
        """How :meth:`signature` reads the counts for him in ``guard`` with ``left`` moves: the cards alone in
        their class, and the sum of each class of several cards (in an order fixed by ``guard`` and ``left``,
        which the memo's keys hold too). None when he is off the board: every card on its own."""
        if guard is None:
            return None
        got = self.projectors.get((guard, left))
        if got is None:
            got = self.projectors[(guard, left)] = _projection(self._classes(guard, left))
        return got

    def _classes(self, guard: str, left: int) -> tuple[int, ...]:
        got = self.classes.get((guard, left))
        if got is None:
            if self.unrouted is None:  # the cards no route is read for: special, no room of the plan, or void
                self.unrouted = tuple(c for c in self.cards[self.at] if kind_of(self.book, c) == self.special
                                      or c not in self.plan.index or c in self.view.void)
            got = self.classes[(guard, left)] = card_classes(
                self.plan, self.view.tiebreak, self.plan.index[guard], left, tuple(self.cards[self.at]), self.unrouted)
        return got


@lru_cache(maxsize=1 << 12)
def _projection(classes: tuple[int, ...]) -> Projector:
    """How the signature reads the counts of cards in these classes (``routes.card_classes``, cached, so one tuple
    per floor plan, square and moves left): the cards alone in their class, and each class of several cards."""
    members: dict[int, list[int]] = {}
    for i, k in enumerate(classes):
        members.setdefault(k, []).append(i)
    singles = [m[0] for m in members.values() if len(m) == 1]
    return (itemgetter(*singles) if singles else None,
            tuple(itemgetter(*m) for m in members.values() if len(m) > 1))
