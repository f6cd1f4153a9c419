"""The forecast's engine runs: the engine's own guard move run from a point with some answers, read into what the
forecast needs (a ``records.Run``) and cached, so that every draw order, deck size, number of moves left and
crew's Stealth that cannot change a run shares it (see tree.py). Also the packed fields every sum of the forecast
works in, and whether a card drawn with no move left can change anything.
"""

from __future__ import annotations

import math
from typing import TypeAlias

from ..engine.actions import before_guard_walk
from ..engine.errors import RulesError
from ..engine.narrator import Line
from ..engine.ruleset import GameOver, NeedAnswer, Plans
from ..engine.rulesets import Rulebook
from ..engine.state import HIDDEN, GameState
from .keys import StateKeys
from .knowledge import full_deck
from .records import UNKNOWN, Ended, Events, Partition, Piles, Point, Question, Run, Tree, Unseen
from .routes import group_by_path

LOST = None  # where a guard ends when Lost Visual took him off the board (1.20)

# a run's key: the point's state (None: the move's start), his moves left (-1 at the start), the piles when they
# can run out, and the answers; the same without the moves left, or with the state's key blind to the crew's Stealth
RunKey: TypeAlias = "tuple[bytes | None, int, Piles | None, *tuple[str, ...]]"
SharedKey: TypeAlias = "tuple[bytes | None, Piles | None, *tuple[str, ...]]"
BlindKey: TypeAlias = "tuple[bytes, int, Piles | None, *tuple[str, ...]]"
# a state a draw with no move left stops at (its piles when they can run out), with the cards drawn on the way
StillKey: TypeAlias = "tuple[bytes, Piles | None] | tuple[bytes, Piles | None, tuple[int, ...]]"


class Overflow(Exception):
    """A denominator outgrew the packed fields (see :class:`Runs`): explore again with wider ones."""


def run(state: GameState, floor: int, book: Rulebook, bonus: int, answers: list[str], resume: Piles | None,
        piles: Piles | None = None, stand_ins: frozenset[str] = frozenset(), plans: Plans | None = None,
        ending: str | None = None) -> tuple[GameState, list[Line], Question | None, Piles | None, bool]:
    """One engine run of ``book``'s game from ``state`` (copied) with these answers: the state after it, its log (the
    lines told, as they are: engine/narrator.py, no details), the question it stopped at (None when the move is over),
    where it can be resumed at that question, and whether the guard's move had started when it stopped. ``piles``: the
    sizes of floor ``floor``'s deck, discard and set-aside cards to run with ("?" placeholders), instead of the state's
    own. ``stand_ins``: burglars whose catch takes them off the board (``Ruleset.stand_ins``). ``plans``: the floor
    plans earlier runs looked up (``Ruleset``). ``ending``: the burglar whose End turn this move follows: a run from
    the move's start first does what End turn does before the guard's first step (``actions.before_guard_walk``)."""
    state = state.copy()
    if piles is not None:
        fl = state.floors[floor]
        fl.deck, fl.discard, fl.unseen = [HIDDEN] * piles[0], (HIDDEN,) * piles[1], (HIDDEN,) * piles[2]
    rules = book.rules(state, answers, plans, False)  # called as it is: thousands of engine runs a forecast
    rules.stand_ins = stand_ins
    question = None
    walking = resume is not None
    try:
        if resume is None:
            if ending is not None:
                before_guard_walk(rules, ending)
            walking = True
            rules.guard_turn(floor, bonus)
        else:
            rules.resume_walk(*resume)
    except NeedAnswer as need:
        question = need.question
    except GameOver:
        pass
    except RulesError:
        pass  # a degenerate deck (no card can send him anywhere): the branch ends where he stands
    # a question asked before his move cannot be resumed: his whole move is still to come (a bb2 commotion's step
    # that draws on arrival says nothing about the moves he then has)
    resumable = rules.resumable if question is not None and walking else None
    return state, rules.told, question, resumable, walking


class Runs:
    """One forecast's engine runs and their caches, and the packed fields its sums work in.

    What the forecast gives is linear in the branches' probabilities: per room P(he enters it), P(he ends
    there), per burglar P(found), P(caught). So the rest of a move is kept as those marginals, not as a joint
    distribution: a branch that entered a room before a point makes that room's field certain, whatever the rest
    does. The fields are whole numerators over one denominator, packed side by side in one integer, ``width``
    bits each (rooms entered, rooms he ends in, off the board, burglars found, burglars caught), so adding
    branches and setting fields are a few integer operations. A numerator never exceeds its denominator (each
    field is a probability), so a denominator below ``2**(width - 1)`` cannot spill into the next field;
    :class:`Overflow` asks for wider fields otherwise. ``book``: the game of ``view``, whose rules every run plays.
    ``before``: an explorer of the same move with narrower fields, whose runs and what they showed are kept (they do
    not depend on the fields' width)."""

    def __init__(self, view: GameState, floor: int, book: Rulebook, bonus: int, width: int,
                 before: Runs | None) -> None:
        self.view, self.floor, self.book, self.bonus, self.width = view, floor, book, bonus, width
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
        self.decks = {n: full_deck(view, n, book) for n in self.floors}
        self.cards = [sorted(self.decks[n]) for n in self.floors]
        self.card_index = [{c: i for i, c in enumerate(cards)} for cards in self.cards]
        self.floor_at: dict[int | None, int] = {n: i for i, n in enumerate(self.floors)}  # a log entry's floor
        # a card's index by the name a draw entry gives it (knowledge.kind_of: bb3's two worker cards are one)
        alike = book.rules.alike_cards
        self.drawn_index = [{**index, **{name: index[kind] for name, kind in alike.items() if kind in index}}
                            for index in self.card_index]
        # The answer given to the engine for each card. bb3's two kinds of worker card both only make him draw
        # again within a move (knowledge.kind_of counts them as one); answered as the one that only does that,
        # the state after it is the same, so the next draw is the same point (a worker joining him could only
        # ever cover alarm cubes, and none is set off during his move).
        self.answer_as = {kind: name for name, kind in alike.items()}
        self.says = [[self.answer_as.get(c, c) for c in cards] for cards in self.cards]
        self.full = tuple(tuple(self.decks[n][c] for c in cards) for n, cards in zip(self.floors, self.cards,
                                                                                     strict=False))
        self.refill = self.full  # the unseen cards after a reshuffle (tree._Explorer leaves some out)
        self.reshuffled = -1  # the fewest cards a reshuffle during the move left in this floor's deck (-1: none)
        self.bits = [1 << i for i in range(len(self.cards[self.at]))]  # this floor's cards as a mask's bits
        self.special = book.rules.roomless_card
        # The engine's copy: the same state with every discard pile face down (it only counts them).
        self.base = view.copy()
        for fl in self.base.floors.values():
            fl.discard = (HIDDEN,) * len(fl.discard)
        self.keys = StateKeys(self.base, floor)
        self.plans: Plans = {}  # the floor plans the engine runs looked up (shared: their states share their walls)
        mine = self.base.floors[floor]
        self.piles0 = (len(mine.deck), len(mine.discard), len(mine.unseen))
        self.runs: dict[RunKey, Run] = {} if before is None else before.runs
        self.partitions: dict[tuple[str, int], Partition] = {}
        self.offered: dict[tuple[int, *tuple[str, ...]], tuple[bool, ...]] = {}
        # a run by its key without the moves left, with the moves it used (see _shared)
        self.shared: dict[SharedKey, tuple[int, Run]] = {}
        self.stills: dict[StillKey, Ended | None] = {}
        if before is not None:  # what does not depend on the fields' width: the engine runs and what they showed
            self.shared, self.stills, self.reshuffled = before.shared, before.stills, before.reshuffled
            self.tree.branches = before.tree.branches
        self.points: dict[bytes, GameState] = {}  # a point's state by its key (see _engine)
        self.stand_ins: frozenset[str] = frozenset()  # see Ruleset.stand_ins (set by tree.explore)
        self.ending: str | None = None  # whose End turn the move follows (see run; set by tree.explore)
        self.blind: dict[bytes, bytes] = {}  # a point's key without the crew's Stealth and heat (see _blind_key)
        self.crewless: dict[BlindKey, Run] = {}  # runs that found no one, by that key (see _transplant)

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

    def _normalise(self, buckets: dict[int, int]) -> tuple[int, int]:
        """The packed sums over one denominator (the least common multiple of the buckets')."""
        den = 1
        for d in buckets:
            den = den * d // math.gcd(den, d)
        if den >> (self.width - 1):
            raise Overflow(den)
        packed = 0
        for d, v in buckets.items():
            packed += v * (den // d) if d != den else v
        return den, packed

    @staticmethod
    def _after(r: Run, piles: Piles) -> Piles:
        """The sizes of this floor's piles after run ``r`` from piles of these sizes."""
        if r.shift:
            return piles[0] + r.piles[0], piles[1] + r.piles[1], piles[2] + r.piles[2]
        return r.piles

    def _offered(self, options: list[str]) -> tuple[bool, ...]:
        """Which of this floor's cards a card question offers (the engine's options, in card order)."""
        key: tuple[int, *tuple[str, ...]] = (self.at, *options)
        got = self.offered.get(key)
        if got is None:
            wanted = set(options)
            got = self.offered[key] = tuple(card in wanted for card in self.says[self.at])
        return got

    def _partition(self, square: str, left: int) -> Partition:
        """This floor's cards (indices) drawn by him in ``square`` with ``left`` moves: those that get a branch
        of their own, the groups of far cards with the same first steps, and each card's group
        (``routes.group_by_path``)."""
        got = self.partitions.get((square, left))
        if got is None:
            view = self.view
            got = self.partitions[(square, left)] = group_by_path(
                self.plan, self.book, view.tiebreak, tuple(view.void), square, left, tuple(self.cards[self.at]))
        return got

    # -- engine runs ----------------------------------------------------------------------------------
    def _run(self, point: Point | None, answers: list[str]) -> tuple[Run, Piles]:
        """The engine run from ``point`` (or the move's start) with these answers, and the sizes of this floor's
        piles after it. A run draws at most one card per answer and one more before it asks again, so with at
        least two cards more in the deck than answers it cannot empty the deck (no reshuffle, no hunting):
        then it does not depend on the piles' sizes, and is shared by every deck size (cached without them)."""
        piles = point.piles if point is not None else self.piles0
        shift = piles[0] >= len(answers) + 2
        key: RunKey = (point.key if point is not None else None, point.left if point is not None else -1,
                       None if shift else piles, *answers)
        hit = self.runs.get(key)
        if hit is None:
            hit = self.runs[key] = self._shared(point, answers, piles, shift, key)
        return hit, self._after(hit, piles)

    def _shared(self, point: Point | None, answers: list[str], piles: Piles, shift: bool,
                key: RunKey) -> Run:
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
                return Run(r.bits, r.end, r.end_field, r.question, r.events, r.point, r.key, r.piles, r.shift,
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

    def _blind_key(self, point: Point) -> bytes:
        """The point's state as ``keys.StateKeys`` writes it, without the crew's Stealth and heat and the rooms'
        Lavatory tokens: states alike but for those (someone was found on one way there and not on another, or
        used a room's token) share the runs that find no one (see :meth:`_transplant`)."""
        got = self.blind.get(point.key)
        if got is None:
            got = self.blind[point.key] = self.keys.blind(point.state)
        return got

    def _transplant(self, r: Run, point: Point) -> Run:
        """Run ``r``, made from a state that differs from ``point``'s only in the crew's Stealth and heat and the
        Lavatory tokens, as it goes from ``point``. The engine reads a burglar's Stealth or heat only where it takes
        some away or adds some (``Bb1.lose``, ``Bb2.heat``), and each of those writes a ``stealth``, ``heat`` or
        ``caught`` entry, or first asks whether a Lavatory's token goes instead (``Bb1.room_token``: asked only of a
        burglar with Stealth left); a room's tokens are read and taken only there, in ``lose``. ``r`` wrote none of
        those entries and stopped at no question but a card, so from ``point`` it takes the same steps and asks for
        the same card, and the state it stops at is its own with ``point``'s Stealth, heat and tokens."""
        if r.point is None:
            return r
        state = r.point.copy()
        for name, b in state.crew.items():
            mine = point.state.crew[name]
            b.stealth, b.heat = mine.stealth, mine.heat
        for number, fl in state.floors.items():
            fl.lavatory = point.state.floors[number].lavatory.copy()
        key = self.keys.of(state)
        state = self.points.setdefault(key, state)
        return Run(r.bits, r.end, r.end_field, r.question, r.events, state, key, r.piles, r.shift, r.left, r.steps,
                    r.moves_left, r.entered_any, r.jumped, True)

    def _engine(self, point: Point | None, answers: list[str], piles: Piles, shift: bool) -> Run:
        floor = self.floor
        if point is None:
            state, notes, question, resumable, walking = run(self.base, floor, self.book, self.bonus, answers, None,
                                                             piles, self.stand_ins, self.plans, self.ending)
        else:
            state, notes, question, resumable, walking = run(point.state, floor, self.book, self.bonus, answers,
                                                             (floor, point.left, point.steps), piles,
                                                             self.stand_ins, self.plans)
        self.tree.branches += 1
        bits = 0
        entered_any = jumped = touched = reshuffled = False
        events: list[tuple[int, int]] = []
        for kind, _, at_floor, square, data, _ in notes:
            if kind == "enter":
                if at_floor == floor:
                    entered_any = True
                    jumped = jumped or bool(data.get("jump"))
                    if square:
                        bits |= self.room_bit[square]
            elif kind == "draw":
                at = self.floor_at.get(at_floor)
                if at is not None:
                    events.append((at, self.drawn_index[at].get(data["card"], -2)))
            elif kind in ("stealth", "heat", "caught"):
                touched = True
                bit = self.crew_bit.get(data.get("who", ""))
                if bit:
                    bits |= bit
                    if kind == "caught":
                        bits |= bit << self.caught_shift
            elif kind == "reshuffle" and at_floor in self.floor_at:
                events.append((self.floor_at[at_floor], -1))
                if at_floor == floor and (self.reshuffled < 0 or data["left"] < self.reshuffled):
                    self.reshuffled = data["left"]
                reshuffled = True
        if events:
            for number, fl in state.floors.items():
                # the cards drawn on another floor face down again (this floor's piles are only ever read as sizes)
                if number != floor and fl.discard and fl.discard[-1] != HIDDEN:
                    fl.discard = (HIDDEN,) * len(fl.discard)
                if reshuffled:
                    # the count of shuffles only seeds the app's own shuffles, which a table deck never makes: a state
                    # reshuffled during the move is the same point as before (a worker card drawn just before the
                    # reshuffle is drawn again from the same state)
                    fl.shuffles = 0
        drawing = question.get("floor") or floor if question is not None else None
        resumes = (question is not None and question["kind"] == "card" and resumable is not None
                   and resumable[0] == floor == drawing)
        key = self.keys.of(state) if resumes else b""
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
        return Run(bits, end, self.lost_field if end is None else self.end_field[end], question, tuple(events),
                    state if resumes else None, key, after, shift,
                    resumable[1] if resumes and resumable else 0,
                    resumable[2] - (point.steps if point is not None else 0) if resumes and resumable else 0,
                    _moves_left(notes, floor) if question is not None and not resumes and walking else None,
                    entered_any,
                    jumped, not touched and (question is None or question["kind"] == "card"))

    def _fold(self, unseen: Unseen, events: Events) -> Unseen:
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
                floors[at] = self.refill[at]
            elif card >= 0 and floors[at][card] > 0:
                counts = list(floors[at])
                counts[card] -= 1
                floors[at] = tuple(counts)
        return tuple(floors)

    # -- a draw with no move left -----------------------------------------------------------------------
    def _still(self, r: Run, piles: Piles, point: Point | None, alone: bool = False) -> Ended | None:
        """When he draws with no move left (``r`` stopped there), the card drawn may make no difference: every
        card of the floor's deck, drawn there, ends the move alike (the same fields, the same room), or is drawn
        again from a state where the same holds (his own room: the same state again; a worker card: one more
        worker). Then the rest of the move is that one ending, whichever cards are unseen (by induction on
        them: each card drawn again is one fewer): returned as (fields, end field), without a branch per card.
        None otherwise (Lost Visual, a players' choice, a reshuffle, a card that does anything else). Kept per
        state, as the runs are. ``alone``: ``r`` is the branch of the cards it drew and no other (not a group of
        far cards), so a card it drew with no copy left (his own room, where a card sent him) is not tried."""
        key: StillKey = (r.key, None if piles[0] >= 3 else piles)
        got = self.stills.get(key, UNKNOWN)
        if got is not UNKNOWN:
            return got
        seen = tuple(card for at, card in r.events if at == self.at) if alone else ()
        if not seen or any(card < 0 for card in seen):
            return self._alike(r, piles, point, key, (), {key: 0})[0]
        known: StillKey = (*key, seen)
        got = self.stills.get(known, UNKNOWN)
        if got is UNKNOWN:
            got = self.stills[known] = self._alike(r, piles, point, key, (), {key: 0}, seen)[0]
        return got

    def _alike(self, r: Run, piles: Piles, point: Point | None, key: StillKey, drawn: tuple[int, ...],
               checking: dict[StillKey, int], seen: tuple[int, ...] = ()) -> tuple[Ended | None, int]:
        """:meth:`_still` for the state ``r`` stopped at (``key``), reached by drawing again the cards ``drawn``
        (a card with every copy drawn cannot come again: no reshuffle happened on the way); ``checking``: the
        states on the way (with their place on it), taken to end alike (a card drawn again there ends as the
        other cards do, or the whole check fails). Returns the ending and the earliest place on the way that
        was taken to end alike. The answer is kept for the state when it is None (no shortcut is always
        right), or when it took no earlier state to end alike and left out no card drawn before."""
        here = len(drawn)
        used = here
        got: Ended | None = None
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
            ends: set[Ended] = set()
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
                    sub = self.stills.get(sub_key, UNKNOWN)
                    if sub is UNKNOWN:
                        sub, sub_used = self._alike(kid, after, at, sub_key, (*drawn, i),
                                                    {**checking, sub_key: here + 1}, seen)
                        used = min(used, sub_used)
                    if sub is None:
                        ends.clear()
                        break
                    ends.add(sub)
                else:
                    ends.clear()
                    break
                if len(ends) > 1:
                    break
            got = next(iter(ends)) if len(ends) == 1 else None
        if got is None or (used >= here and not skipped):
            self.stills[key] = got
        return got, used

    def point_of(self, r: Run, piles: Piles, point: Point | None) -> Point:
        """The point a run stopped at, for running the engine from it (what the players know is not needed)."""
        assert r.point is not None
        return Point(r.point, r.key, piles, r.left, (point.steps if point is not None else 0) + r.steps, (),
                      (point.depth if point is not None else 0))


def _moves_left(notes: list[Line], floor: int) -> int | None:
    """How many moves the guard still has when this card is drawn, or None when the draw does not set his
    destination in the middle of a walk (placing him after Lost Visual, 1.20)."""
    crow = 0
    for kind, _, at_floor, _, data, _ in reversed(notes):
        if at_floor != floor:
            continue
        if kind == "crow" and data.get("how") == "slows":
            crow += 1  # the Raven's crow took one move after he entered (§1.22)
        elif kind == "enter" and "left" in data:
            return max(0, int(data["left"]) - crow)
        elif kind == "speed":
            return int(data["moves"])
    return None
