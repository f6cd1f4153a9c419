"""The forecast's specification: the plain enumeration every shortcut of ``tree.explore`` must agree with.

The move is replayed from its start with every answer, as the table's answers are replayed: each card the
players have not seen face up (in that branch's discard pile) is its own branch, weighted by its unseen copies
over the unseen cards (1.11), and each players' choice is split evenly. No pooling, no memo, no resuming, no
packed sums: slow, and exact. tests/forecast checks that
``explore`` gives the same fractions on positions chosen to exercise each of its shortcuts.

The worked example of docs/forecast.md: from B1 to his die on A1 with die 2, the unseen cards A1, A3 and C1.

>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.rulesets import RULEBOOKS
>>> from assistant.forecast.knowledge import blind
>>> seen = ["B1", "D1", "A2", "B2", "C2", "D2", "B3", "C3", "D3", "A4", "B4", "C4", "D4"]
>>> bb1 = RULEBOOKS["bb1"]
>>> view = blind(state_from_case({"players": 4, "floors": {"1": {
...     "guard": "B1", "destination": "A1", "die": 2, "patrol": ["A1", "A3", "C1"], "discard": seen}}}), bb1)
>>> move = enumerate_move(view, 1, bb1)
>>> move.end
{'A2': Fraction(1, 2), 'B1': Fraction(1, 2)}
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..engine.actions import before_guard_walk
from ..engine.errors import RulesError
from ..engine.ruleset import GameOver, NeedAnswer
from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from .knowledge import full_deck, kind_of
from .records import Question, Tree


def enumerate_move(view: GameState, floor: int, book: Rulebook, bonus: int = 0, ending: str | None = None) -> Tree:
    """Every branch of floor ``floor``'s next guard move on the blind state ``view`` (knowledge.blind), by the rules
    of ``book``, as ``tree.explore`` gives it: rooms and burglars with probability 0 are left out. ``ending``: the
    burglar whose End turn the move follows (``actions.before_guard_walk`` first, as ``tree.explore``)."""
    full = {n: full_deck(view, n, book) for n in view.floors}
    tree = Tree()

    def add(to: dict[str, Fraction], key: str, p: Fraction) -> None:
        to[key] = to.get(key, Fraction(0)) + p

    def branch(answers: list[str], p: Fraction) -> None:
        state = view.copy()
        rules = book.ruleset(state, answers)
        question: Question | None = None
        try:
            if ending is not None:
                before_guard_walk(rules, ending)
            rules.guard_turn(floor, bonus)
        except NeedAnswer as need:
            question = need.question
        except (GameOver, RulesError):
            pass  # the move ends there (a catch, or a deck that can send him nowhere)
        tree.branches += 1
        if question is None:
            log = rules.entries
            for room in {e.square for e in log if e.kind == "enter" and e.floor == floor and e.square}:
                add(tree.enter, room, p)
            end = state.floors[floor].guard
            tree.end[end] = tree.end.get(end, Fraction(0)) + p
            for who in {str(e.data["who"]) for e in log if e.kind in ("stealth", "heat", "caught")}:
                add(tree.found, who, p)
            for who in {str(e.data["who"]) for e in log if e.kind == "caught"}:
                add(tree.caught, who, p)
            return
        options: list[str] = question["options"]
        if question["kind"] != "card":
            tree.choices.add(question["kind"])
            for option in options:
                branch([*answers, option], p / len(options))
            return
        drawing = question.get("floor") or floor
        seen = Counter(kind_of(book, c) for c in state.floors[drawing].discard)
        unseen = full[drawing] - seen or full[drawing]  # every card face up: the full deck comes back
        total = unseen.total()
        for card, copies in sorted(unseen.items()):
            if card in options:
                branch([*answers, card], p * Fraction(copies, total))

    branch([], Fraction(1))
    return tree
