"""The records the forecast's explorer (tree.py) keeps: engine runs, resumable points, rests of moves, and the
tables a state's cards are summed through, with named fields instead of positions. What the innermost loops read
field by field is a slotted dataclass: Python 3.11 specialises reading a slot, not a ``NamedTuple``'s field, which
costs 2.7 times as much. The small records those loops build by the thousand (``Ending``, ``Summed``)
are plain tuples, always unpacked into named variables where they are read: a ``NamedTuple``'s constructor is a
Python call, and with them and ``NamedTuple`` fields the forecast took 4-5% longer (measured, alternated in one
process). The rest are ``NamedTuple``.

The probabilities travel packed: whole numerators side by side in one integer over one denominator, a field
per room entered, room he ends in, off the board, burglar found and burglar caught (see ``tree._Explorer``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import Any, Literal, NamedTuple, TypeAlias

from ..engine.state import GameState

Question: TypeAlias = dict[str, Any]  # the engine's question to the table, as NeedAnswer carries it (JSON)
Piles: TypeAlias = tuple[int, int, int]  # one floor's deck, discard and set-aside sizes
Unseen: TypeAlias = tuple[tuple[int, ...], ...]  # per floor (in _Explorer.floors order): copies unseen of each card
Group: TypeAlias = tuple[tuple[str, int], ...]  # far cards pooled into one branch, with their unseen copies
# (floor position, card index) drawn, or (floor position, -1) reshuffled
Events: TypeAlias = tuple[tuple[int, int], ...]
NodeKey: TypeAlias = tuple[bytes, int, Piles | None]  # a state, his moves left, its piles when they can run out
Ended: TypeAlias = tuple[int, int]  # a move's ending: the fields it sets (bits) and the field of where he ends


class Mark(enum.Enum):
    """Markers a table or a cache holds beside its values."""

    UNKNOWN = enum.auto()  # not looked up yet
    NOTHING = enum.auto()  # looked up: no card unseen ends the move there


UNKNOWN: Literal[Mark.UNKNOWN] = Mark.UNKNOWN
NOTHING: Literal[Mark.NOTHING] = Mark.NOTHING


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


@dataclass(slots=True)
class Run:
    """One engine run from a point with some answers, as the forecast needs it (cached: see tree.py)."""

    bits: int  # the fields it sets (rooms entered, burglars found and caught): see _Explorer
    end: str | None
    end_field: int
    question: Question | None
    events: Events
    point: GameState | None  # a resumable card question of this floor: the state, the drawn card back on top
    key: bytes  # then: that state serialised without this floor's piles (see keys.StateKeys)
    piles: Piles  # then: this floor's deck, discard and set-aside sizes (the deck with the card on top)
    shift: bool  # the run was keyed without its piles (they cannot run out): ``piles`` is a change, not a size
    left: int  # then: the moves he has left
    steps: int  # then: the steps this run took (resume_walk numbers the next steps after them)
    moves_left: int | None  # another question: the moves he has when it is a card of this floor (None: unknown)
    entered_any: bool  # the run entered a room of this floor
    jumped: bool  # he was put somewhere without walking (the signature's reasoning needs walking)
    crewless: bool  # no one lost Stealth, gained heat or was caught, no other question (see _transplant)


@dataclass(slots=True)
class Point:
    """A card question the engine can resume at (``Bb1.resumable``), with what the players know then."""

    state: GameState  # this floor's piles in it are not read: ``piles`` says their sizes
    key: bytes  # the state, serialised without this floor's piles (see keys.StateKeys)
    piles: Piles  # this floor's deck (the card being drawn on top), discard and set-aside sizes
    left: int
    steps: int
    unseen: Unseen
    depth: int  # answers given before this point


@dataclass(slots=True)
class Dist:
    """The rest of a move from a point: its marginal probabilities (since the point), packed whole numerators
    over ``den``."""

    den: int
    packed: int
    choices: frozenset[str]
    reach: int  # most answers any run below the point gave after it (MAX_ANSWERS is checked against it)
    depth: int  # the point's depth when it was computed
    exact: bool  # it depends on the unseen cards only through the signature (else stored by the full multiset)


# What one card drawn at a state does (a table's entry): its packed ending when it ends the move, its run when it
# stops at a card question the engine resumes at, None when it does anything else, UNKNOWN before it is run.
Entry: TypeAlias = "int | Run | Literal[Mark.UNKNOWN] | None"


# The cards of a compiled table that end the move alike: (card, several, packed): one card's index (when ``several``
# is None) or a getter of several cards' counts from a floor's counts; the ending, 1 in each field it sets and in
# his end field.
Ending: TypeAlias = "tuple[int, itemgetter[tuple[int, ...]] | None, int]"


class Compiled(NamedTuple):
    """A state's table read for summing (``_Explorer._fast``): the cards that end the move alike are summed
    before their ending is weighted."""

    bad: tuple[int, ...] | None  # the cards whose entry is None or not looked up: they must be unseen no more
    ending: tuple[Ending, ...]
    goes: tuple[tuple[int, Run], ...]  # the cards that stop at the next card question, with their runs
    alike: tuple[tuple[int, list[int]], ...]  # each ending with its cards (see _Explorer._program)

    @classmethod
    def of(cls, table: list[Entry], offered: tuple[bool, ...]) -> Compiled:
        """The table of the cards the question offers, read for summing."""
        bad: list[int] = []
        alike: dict[int, list[int]] = {}
        going: list[tuple[int, Run]] = []
        for i, ok in enumerate(offered):
            if not ok:
                continue
            e = table[i]
            if e is None or e is UNKNOWN:
                bad.append(i)
            elif type(e) is int:
                alike.setdefault(e, []).append(i)
            else:
                going.append((i, e))  # type: ignore[arg-type]  # a Run: ``type() is`` is quicker than isinstance
        ending: tuple[Ending, ...] = tuple((idx[0], None, v) if len(idx) == 1 else (-1, itemgetter(*idx), v)
                                           for v, idx in alike.items())
        return cls(tuple(bad) or None, ending, tuple(going), tuple(alike.items()))


@dataclass(slots=True)
class Link:
    """A card that goes on from a compiled state to the next one, as ``Tables._summed`` follows it."""

    bit: int  # the card's bit in a mask of this floor's cards
    drawn: int  # the mask that takes the card its run drew out of the unseen ones
    deck: int  # the change of the deck's size
    key: NodeKey  # the state it stops at
    unit: int  # 1 in each field the run sets
    keep: int  # a mask of every other field
    node: Node | None = None  # that state's, once it is known (and checked, see Tables._linked): it stays the same
    prog: Program | None = None  # the node's program, while it is the node's (see Tables._linked)


# A rest of a move summed through compiled tables (``Tables._summed``): (den, packed, reach, need), need the
# fewest cards in the deck the answer needs (states below are keyed without their piles from 6 cards on).
Summed: TypeAlias = tuple[int, int, int, int]


@dataclass(slots=True)
class Program:
    """What ``Tables._summed`` reads of a compiled state, with its memos by the mask of unseen cards and by the
    sums of copies per ending."""

    links: tuple[Link, ...]
    memo: dict[int, Summed]
    bad: int  # the mask of the cards whose entry is None
    endings: tuple[tuple[int, int], ...]  # each ending's mask of cards, with its packed ending
    going: int  # the mask of the cards that go on
    others: Unseen  # the other floors' unseen cards it was made for
    # the cards that end the move, summed by their sums of copies per ending (``Tables._ends``)
    sums: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class Node:
    """What ``_Explorer._fast`` keeps of a state with its moves left."""

    table: list[Entry]  # per card of this floor, what it does drawn here
    guard: str  # where he stands
    offered: tuple[bool, ...]  # which cards the question offers
    compiled: Compiled | None = None  # the table read for summing, from the second visit on
    sums: dict[tuple[int, tuple[int, ...]], Dist | Literal[Mark.NOTHING]] = field(default_factory=dict)
    visits: int = 0
    program: Program | Literal[False] | None = None  # False: the table cannot be summed by masks
    # per card that goes on, its link (None: its run cannot be summed by masks), kept when the program is made
    # again after more cards were looked up (an entry, once known, stays the same)
    links: dict[int, Link | None] = field(default_factory=dict)


class Partition(NamedTuple):
    """A floor's cards (indices) drawn by him in one room with some moves left (``routes.group_by_path``)."""

    alone: tuple[int, ...]  # those that get a branch of their own
    groups: tuple[tuple[int, ...], ...]  # far cards with the same first steps, pooled
    group_of: tuple[tuple[int, ...], ...]  # each card's group (itself alone)
