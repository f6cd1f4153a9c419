"""The forecast's tables: what each card drawn at a state does (it ends the move, or stops at the next card question
the engine resumes at), kept per state, so that the rest of a move whose cards only do that is a plain sum over the
unseen cards (``Tables._fast``), a sum of copies per ending (``_plain``), or, once a state's table is compiled, a
sum through the compiled tables of the states its cards stop at, the unseen cards a bit mask (``_summed``).
"""

from __future__ import annotations

from operator import mul
from typing import Literal

from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from .records import (
    NOTHING,
    UNKNOWN,
    Compiled,
    Dist,
    Ending,
    Entry,
    Link,
    Node,
    NodeKey,
    Point,
    Program,
    Question,
    Run,
    Summed,
    Unseen,
)
from .runs import Overflow, Runs

COMPILE_LEFT = 1  # with at most this many moves left a state's table is filled for every card at once
PLAIN_LEFT = 1  # with at most this many moves left the rest of a move is first tried as a plain sum (see _solve)
MAX_ANSWERS = 48  # far beyond any real move (a few draws); stops a degenerate case from branching forever

_NO_CHOICES: frozenset[str] = frozenset()


class Tables(Runs):
    """The tables of one forecast's states, over its engine runs. The walk (``tree._Explorer``) gives
    :meth:`_solve`, which a card that goes on is summed through, and the cards left out as only ever drawn again
    (``redrawn``, with the states where that was checked)."""

    def __init__(self, view: GameState, floor: int, book: Rulebook, bonus: int, width: int,
                 before: Runs | None) -> None:
        super().__init__(view, floor, book, bonus, width, before)
        self.nodes: dict[NodeKey, Node | None] = {}
        self.redrawn: tuple[int, ...] = ()
        self.verified: set[NodeKey] = set()
        self.shift = len(self.cards[self.at]).bit_length()  # bits that hold a count of this floor's cards

    def _solve(self, point: Point, question: Question, tried: Compiled | None = None) -> Dist:
        """The rest of the move from a resumable card question: the walk's (``tree._Explorer._solve``)."""
        raise NotImplementedError

    def _fast(self, point: Point, question: Question, plain: bool = False,
              tried: Compiled | None = None) -> Dist | None:
        """The rest of the move from ``point`` as a plain sum over the unseen cards, when each of them either
        ends the move (after a draw with no move left that changes nothing, :meth:`_still`, or at once) or
        stops at the next card question the engine can resume at: the same sum as the walk's ``_expand`` makes,
        with what each card does at this state kept in a table (per state and deck size that cannot run out; a far
        card's entry is its group's). None when a card unseen does anything else (a question to the players, a
        far card's branch that goes on, a redraw, a jump): the walk (``tree._Explorer._expand``) then takes it.
        ``plain``: only when every card unseen ends the move (cheaper than a memo look-up; the rest is looked up
        first). ``tried``: the compiled table :meth:`_eval` already failed to sum this rest from (tree._solve)."""
        piles = point.piles
        tk = (point.key, point.left, None if piles[0] >= 6 else piles)
        node = self.nodes.get(tk, UNKNOWN)
        if node is UNKNOWN:
            node = self.nodes[tk] = self._node(point, question)
        if node is None:
            return None
        table, guard, offered, compiled, visits = node.table, node.guard, node.offered, node.compiled, node.visits
        node.visits = visits + 1
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
                    if ok and table[i] is UNKNOWN:
                        self._entry(point, guard, i, table)
            compiled = node.compiled = Compiled.of(table, offered)
        ends = 0
        going: list[tuple[int, Run]] = []
        if compiled is not None:
            bad, ending, goes, _ = compiled
            if bad is not None and any(counts[j] for j in bad):
                missing = [j for j in bad if counts[j] and table[j] is UNKNOWN]
                if not missing:
                    return None
                for j in missing:
                    if table[j] is UNKNOWN:  # a far card's group fills its other cards' entries too
                        self._entry(point, guard, j, table)
                compiled = node.compiled = Compiled.of(table, offered)
                node.program = None  # and its program
                node.sums = {}  # kept by the copies per ending in their order, which a card looked up may change
                bad, ending, goes, _ = compiled
                if bad is not None and any(counts[j] for j in bad):
                    return None
            going = [(counts[i], r) for i, r in goes if counts[i]]
            if plain and going:
                return None  # a card goes on: the memo first (see _solve)
            if going and tk[2] is None and compiled is not tried and point.depth + 2 * point.left + 4 < MAX_ANSWERS:
                summed = self._eval(node, unseen, piles[0])
                if summed is not None:
                    return summed
            if not going:
                return self._by_copies(node, ending, counts, sum(counts))
            for card, several, v in ending:
                c = counts[card] if several is None else sum(several(counts))
                if c:
                    ends += c * v
        else:
            for i, c in enumerate(counts):
                if c and offered[i]:
                    e = table[i]
                    if e is UNKNOWN:
                        e = self._entry(point, guard, i, table)
                    if e is None:
                        return None
                    if type(e) is int:
                        ends += c * e
                    else:
                        going.append((c, e))  # type: ignore[arg-type]  # a run: ``type() is`` is quicker than isinstance
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
            tried = None
            if r.left <= PLAIN_LEFT:
                if plain:
                    # what _solve would do first there (a plain sum over a compiled table), without a point
                    tk = (r.key, r.left, None if after[0] >= 6 else after)
                    child = nodes.get(tk)
                    if child is not None and child.compiled is not None and (not redrawn or tk in verified):
                        sub = self._plain(child, kid)
            elif after[0] >= 6 and depth + 2 * r.left + 4 < MAX_ANSWERS:
                # what _solve would do first there (a sum through the compiled tables), without a point
                tk = (r.key, r.left, None)
                child = nodes.get(tk)
                if child is not None and child.compiled is not None and (not redrawn or tk in verified):
                    sub = self._eval(child, (kid,) if below is None else below, after[0])
                    if sub is None:
                        tried = child.compiled
            if sub is None:
                assert r.point is not None and r.question is not None
                sub = self._solve(Point(r.point, r.key, after, r.left, steps + r.steps,
                                         (kid,) if below is None else below, depth), r.question, tried)
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
        return Dist(den * total, packed, choices, max(reach, 2), point.depth, exact)

    def _plain(self, node: Node, counts: tuple[int, ...]) -> Dist | None:
        """:meth:`_fast` with ``plain`` at a node whose table is compiled: the rest of the move as a sum of copies
        per ending, or None when a card unseen is one the table cannot sum or goes on."""
        total = sum(counts)
        if not total:
            counts = self.full[self.at]
            total = sum(counts)
        assert node.compiled is not None
        bad, ending, goes, _ = node.compiled
        if bad is not None and any(counts[j] for j in bad):
            return None
        for i, _ in goes:
            if counts[i]:
                return None
        return self._by_copies(node, ending, counts, total)

    @staticmethod
    def _by_copies(node: Node, ending: tuple[Ending, ...], counts: tuple[int, ...], total: int) -> Dist | None:
        """The rest of the move at a compiled state where every unseen card ends it (``total`` of them, ``counts``
        per card): the same sums of copies per ending give the same rest, kept in ``node.sums``. None when the
        sum is empty (no copy of an ending's cards unseen)."""
        sums = tuple([counts[card] if several is None else sum(several(counts)) for card, several, _ in ending])
        done = node.sums.get((total, sums))
        if done is None:
            ends = sum(c * v for c, (_, _, v) in zip(sums, ending, strict=False) if c)
            done = node.sums[(total, sums)] = Dist(total, ends, _NO_CHOICES, 2, 0, True) if ends else NOTHING
        return done if done is not NOTHING else None

    def _eval(self, node: Node, unseen: Unseen, deck: int) -> Dist | None:
        """The rest of the move from a state whose table is compiled, with ``deck`` cards in the deck (6 or more:
        its runs do not depend on the piles), summed without a point through the compiled tables below
        (:meth:`_summed`). None when it cannot be: a card with more than one copy unseen, or one the tables
        cannot sum (see :meth:`_summed`); :meth:`_solve` and :meth:`_fast` then work it out."""
        counts = unseen[self.at]
        if not counts or max(counts) > 1:
            return None
        mask = sum(map(mul, counts, self.bits))
        others = unseen[:self.at] + unseen[self.at + 1:]
        prog = node.program
        if prog is None:
            prog = node.program = self._program(node, others)
        if prog is False or prog.others != others:
            return None
        got = self._summed(prog, mask, deck)
        if got is None:
            return None
        den, packed, reach, _ = got
        return Dist(den, packed, _NO_CHOICES, reach, 0, True)

    def _summed(self, prog: Program, mask: int, deck: int) -> Summed | None:
        """:meth:`_fast`'s sum at a compiled state for the unseen cards of this floor as a bit mask (each at most
        one copy; the other floors' as when the state's program was made), recursively through the compiled
        states the cards that go on stop at: (denominator, packed numerators, reach, the fewest cards in the deck
        the answer needs, since states below are keyed without their piles only from 6 cards on). None when a
        card unseen is one a table cannot sum (its entry None or not looked up yet), when a state below is not
        compiled yet, has fewer than 6 cards in the deck or another floor's cards unseen, or when no card ends
        the move: :meth:`_solve` then works it out. Memoised per state by the mask.

        A state below where no card unseen goes on (most of them: he has a move left or none) is summed here, by
        :meth:`_ends`: its rest is the same for every mask with the same copies per ending, which its ``sums``
        keep (in the stress case 2,682 masks, 361 such counts), without a memo entry or a call of its own. Such
        rests all have the denominator of this one's cards but the card drawn, so they are added up before their
        fields are weighted."""
        memo = prog.memo
        hit = memo.get(mask)
        if hit is not None:
            _, _, _, need = hit
            return hit if deck >= need else None
        if mask & prog.bad or not mask:
            return None
        ends = self._ends(prog, mask)
        total = mask.bit_count()
        if not mask & prog.going:
            if not ends:
                return None
            done = memo[mask] = (total, ends, 2, 6)
            return done
        fewer = total - 1
        leaves = units = 0  # the rests below where no card goes on (over ``fewer``), and their runs' fields
        any_leaf = False
        buckets: dict[int, int] = {}
        need, reach = 6, 1
        others = prog.others
        for link in prog.links:
            if not mask & link.bit:
                continue
            below = deck + link.deck
            if below < 6:
                return None
            sub_prog = link.prog
            if sub_prog is None or sub_prog is not link.node.program or sub_prog.others is not others:  # type: ignore[union-attr]
                sub_prog = self._linked(link, others)
                if sub_prog is None:
                    return None
            sub = mask & link.drawn
            if not sub & sub_prog.going:
                if sub & sub_prog.bad or not sub:
                    return None
                packed = self._ends(sub_prog, sub)
                if not packed:
                    return None
                if 6 - link.deck > need:  # max() costs more, in the forecast's innermost loop
                    need = 6 - link.deck
                d = sub.bit_count()
                if d == fewer:
                    leaves += packed & link.keep
                    units += link.unit
                    any_leaf = True
                else:
                    buckets[d] = buckets.get(d, 0) + (packed & link.keep) + d * link.unit
                    reach = 3 if reach < 3 else reach
                continue
            got = self._summed(sub_prog, sub, below)
            if got is None:
                return None
            d, packed, sub_reach, sub_need = got
            if sub_need - link.deck > need:
                need = sub_need - link.deck
            if sub_reach >= reach:
                reach = 1 + sub_reach
            buckets[d] = buckets.get(d, 0) + (packed & link.keep) + d * link.unit  # his fields set certain
        if any_leaf:
            reach = 3 if reach < 3 else reach
            if not buckets:  # every card that goes on stops where none goes on (most rests): over ``fewer``
                den, packed = fewer, leaves + fewer * (units + ends)
                done = memo[mask] = (den * total, packed, reach, need)
                return done
            buckets[fewer] = buckets.get(fewer, 0) + leaves + fewer * units
        if ends:
            buckets[1] = buckets.get(1, 0) + ends
        den, packed = self._over_one(buckets) if len(buckets) > 1 else next(iter(buckets.items()))
        done = memo[mask] = (den * total, packed, max(reach, 2), need)
        return done

    def _linked(self, link: Link, others: Unseen) -> Program | None:
        """The program of the state ``link`` stops at, for :meth:`_summed` from a state whose program was made for
        ``others``, kept in the link until the state's program is made again; None when there is none yet (the
        state not met, not compiled or not checked for the cards left out as only ever drawn again) or it cannot
        be summed there."""
        child = link.node
        if child is None:
            child = self.nodes.get(link.key)
            if child is None or (self.redrawn and link.key not in self.verified):
                return None
            link.node = child  # a state's node is made once, and a key once checked stays so
        sub_prog = child.program
        if sub_prog is None:
            if child.compiled is None:
                return None
            sub_prog = child.program = self._program(child, others)
        if sub_prog is False or sub_prog.others != others:
            return None
        link.prog = sub_prog
        return sub_prog

    def _over_one(self, buckets: dict[int, int]) -> tuple[int, int]:
        """:meth:`_normalise` for :meth:`_summed`'s buckets, whose denominators nearly always divide the largest
        (the rests below a state have its cards but those drawn on the way as theirs): the same least common
        multiple and sums, without a gcd per bucket when they do."""
        den = max(buckets)
        if den >> (self.width - 1):
            raise Overflow(den)
        packed = 0
        for d, v in buckets.items():
            if den % d:
                return self._normalise(buckets)
            packed += v * (den // d) if d != den else v
        return den, packed

    def _ends(self, prog: Program, mask: int) -> int:
        """The packed endings of the cards of ``mask`` that end the move at a compiled state, each weighted by its
        copies: kept in ``prog.sums`` by the copies per ending, which the mask's bits among each ending's cards
        count (the rests of a move below a state are alike for many masks: 88% are found there in the stress
        case, where a memo by the mask finds fewer)."""
        key = 0
        shift = self.shift
        for cards, _ in prog.endings:
            key = key << shift | (mask & cards).bit_count()
        ends = prog.sums.get(key)
        if ends is None:
            ends = 0
            for cards, v in prog.endings:
                c = (mask & cards).bit_count()
                if c:
                    ends += c * v
            prog.sums[key] = ends
        return ends

    def _program(self, node: Node, others: Unseen) -> Program | Literal[False]:
        """What :meth:`_summed` reads of a compiled state: per card that goes on, its bit, the mask that takes the
        card its run drew out of the unseen ones, the change of the deck, the key of the state it stops at and
        the fields it sets (1 in each, and a mask of every other field); the memo; the masks of the cards whose
        entry is None, of each ending and of the cards that go on; and the other floors' unseen cards it was made
        for. False when a run does more than draw one card of this floor (a reshuffle, a card of another floor) or
        depends on the piles."""
        assert node.compiled is not None
        bad, _, goes, alike = node.compiled
        bad_mask = 0
        for i in bad or ():
            bad_mask |= 1 << i
        endings: list[tuple[int, int]] = []
        for v, cards in alike:
            each = 0
            for i in cards:
                each |= 1 << i
            endings.append((each, v))
        links: list[Link] = []
        going = 0
        made = node.links
        for i, r in goes:
            link = made.get(i, UNKNOWN)
            if link is UNKNOWN:
                link = made[i] = self._link(i, r)
            if link is None:
                return False
            links.append(link)
            going |= link.bit
        return Program(tuple(links), {}, bad_mask, tuple(endings), going, others)

    def _link(self, i: int, r: Run) -> Link | None:
        """Card ``i``'s link from a compiled state to the state its run ``r`` stops at (see :meth:`_program`), or
        None when the run does more than draw one card of this floor or depends on the piles."""
        if not r.shift or len(r.events) != 1 or r.events[0][0] != self.at or r.events[0][1] < 0:
            return None
        unit, ones = self._unit(r.bits)
        return Link(1 << i, ~(1 << r.events[0][1]), r.piles[0], (r.key, r.left, None), unit, ~ones)

    def _node(self, point: Point, question: Question) -> Node | None:
        """What :meth:`_fast` keeps of a state with its moves left: the table of what each card does there,
        its summing form (once known), where he stands, which cards the question offers, the rests kept by sums
        of copies, and how often it was visited. None when the question is not a card of this floor or he is off
        the board."""
        if question["kind"] != "card" or (question.get("floor") or self.floor) != self.floor:
            return None
        guard = point.state.floors[self.floor].guard
        if guard is None:
            return None
        return Node([UNKNOWN] * len(self.cards[self.at]), guard, self._offered(question["options"]))

    def _entry(self, point: Point, guard: str, i: int, table: list[Entry]) -> int | Run | None:
        """What card ``i`` drawn at ``point`` does, for :meth:`_fast`: its packed ending (fields and end room,
        each 1) when it ends the move, its run when it stops at a card question the engine resumes at, None
        otherwise. A far card's is its group's, stored for every card in it."""
        _, _, group_of = self._partition(guard, point.left)
        members = group_of[i]
        r, piles = self._run(point, [self.says[self.at][members[0]]])
        e: int | Run | None = None
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
