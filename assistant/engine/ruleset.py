"""The machinery every ruleset shares: the state being changed, the log, and questions to the table.

A ruleset object lives for one action. When the rules make the players choose (or a physical card
must be read), :meth:`Ruleset.ask` takes the next answer given; when none is left it raises
:class:`NeedAnswer`, and ``actions.apply`` keeps the action pending. Giving the answer re-runs the
action from the state before it with one more answer, so the move resumes exactly where it stopped
(same cards, same seed) without any hand-written continuation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, TypeAlias

from .board import Floorplan
from .errors import N_, IllegalActionError
from .log import LogEntry
from .narrator import DETAILS, Line, entries
from .offers import LegalActions
from .pathing import Router
from .questions import QUESTIONS
from .state import GameState

# everyday words a case or a player may give for an option: (question, word) -> the option (or its start)
ANSWER_WORDS: dict[tuple[str, str], str] = {(q.kind, word): option for q in QUESTIONS.values()
                                            for word, option in q.words.items()}
_WORDED = frozenset(kind for kind, _ in ANSWER_WORDS)
_FLOOR_ANSWERS = frozenset(q.kind for q in QUESTIONS.values() if q.labels == "floor")  # answered by a floor, no room
# Per floor, the walls a plan was looked up for and the plan (see Ruleset.plan)
Plans: TypeAlias = dict[int, tuple[tuple[str, ...], Floorplan]]


@lru_cache(maxsize=2048)
def shared_router(plan: Floorplan, target: int, reading: str) -> Router:
    """One router per floor layout, destination and reading, shared by every action and heist: floor plans
    are shared and immutable, and a router only memoises decisions that never change."""
    return Router(plan, target, reading)


@dataclass(frozen=True)
class GameAction:
    """An action only some games have: its handler, and what a refusal in another game calls it
    ("%(what)s exist only in %(game)s")."""

    run: Callable[[Any, Any], None]  # (the game's ruleset, its own action as vocabulary.py reads it)
    what: str


class NeedAnswer(Exception):
    """Raised inside a ruleset when the table must answer before the rules can go on: ``NeedAnswer(question)``.
    The question is kept as the exception's argument, with no ``__init__`` of its own (the danger forecast
    raises thousands of them)."""

    @property
    def question(self) -> dict[str, Any]:
        question: dict[str, Any] = self.args[0]
        return question

    def __str__(self) -> str:
        return str(self.question["kind"])


class GameOver(Exception):
    """Raised when the crew is caught: nothing more happens in this action."""


class StandInsRead(Exception):
    """Raised when a move with stand-ins (``Ruleset.stand_ins``) comes to a rule that reads where the burglars
    stand to decide where the guard goes (a bb2 bouncer hunting the nearest player): the copies of one burglar
    would change his move, so they cannot stand in for her; the safety map takes one forecast a room instead."""


class Ruleset:
    """Shared plumbing; the game rules live in subclasses (bb1/rules.py, bb2/rules.py, bb3/rules.py)."""

    name = "base"
    title = ""  # the game's name on the box, in refusals
    legal: ClassVar[LegalActions]  # the game's legal-actions query: what a room, a player's panel offer
    # Burglars the danger forecast stands in several rooms at once (forecast/safety.py: copies of one burglar, each
    # asking what his move does to her alone there): a catch takes one off the board and the move goes on, as it
    # would without her (bb1's Stealth, bb2's heat and Prima Donna). A rule that reads where they stand to move him
    # raises StandInsRead (bb2 hunting). Nobody at the table is one.
    stand_ins: frozenset[str] = frozenset()
    # Which of the answers (by their order) the table gave as a correction, "the board says otherwise" (actions.py):
    # the answer's check is skipped and its log entry marked
    corrected_answers: frozenset[int] = frozenset()
    # whether the lines of narrator.DETAILS and a step's heading and fork are told (read once per walk)
    details = True

    def __init__(self, state: GameState, answers: list[str], plans: Plans | None = None, details: bool = True):
        """``plans``: the floor plans other rulesets looked up, to share (the forecast's engine runs: their states
        share their walls); each is checked against its floor's walls at every look-up (:meth:`plan`).
        ``details``: whether the lines of ``narrator.DETAILS`` are told (not to the forecast's engine runs)."""
        self.state = state
        self.answers = list(answers)
        self.told: list[Line] = []  # the log lines told so far, in order (narrator.py)
        if not details:
            self.details = False
        self.asked = 0  # answers taken so far
        self._plans: Plans = {} if plans is None else plans

    def room_said(self, floor: int, square: str) -> None:
        """A face-down room was turned up. A game whose rooms act on whoever walked in before the table said what
        the room is acts here (Burgle Bros 2); the others' rooms act as part of the move that turns them up."""

    # -- log and questions -------------------------------------------------------------------
    def log(self, kind: str, rule: str = "", floor: int | None = None, square: str | None = None,
            ruling: bool = False, *, data: dict[str, Any] | None = None, **params: Any) -> None:
        """One log entry: a kind declared in log.KINDS and its parameters, never a sentence. The parameters
        are keywords, or one dict ``data`` (never both) on the guard's every step: passing a method's own
        keywords on here (``**data``) cost more than writing the entry. A ruleset without details is not told the
        kinds of ``narrator.DETAILS``."""
        if self.details or kind not in DETAILS:
            self.told.append((kind, rule, floor, square, params if data is None else data, ruling))

    @property
    def entries(self) -> list[LogEntry]:
        """The lines told so far as checked log entries."""
        return entries(self.told)

    def ask(self, kind: str, options: list[str], floor: int | None = None, rule: str = "",
            default: str | None = None, check: Callable[[str], None] | None = None,
            **params: Any) -> str:
        """The table's answer to a question; options are the only accepted answers (a few everyday words
        stand for them: "yes" for the Lavatory's token, "actions" for a Laser's extra action). A question
        is data too: its ``kind`` and ``params`` are put into words by the web layer. ``default`` is the
        answer a conformance case gets when it gives none (an option no player would refuse). ``check``
        (the answer) refuses an option no box could produce (a patrol card face up in the discard pile),
        unless the table gave the answer as a correction: then it is taken and its log entry marked."""
        if len(options) == 1:  # no choice to make: nobody is asked (bb2 Distracted with one even room, §1.22)
            return options[0]
        if self.answers:
            corrected = self.asked in self.corrected_answers
            self.asked += 1
            answer = given = self.answers.pop(0)
            if kind in _WORDED:  # most questions (every patrol card) have no everyday words to look up
                word = ANSWER_WORDS.get((kind, given.strip().lower()), given)
                if word != given:
                    answer = next((o for o in options if o.startswith(word)), given)
            if answer not in options:
                raise IllegalActionError(N_("%(answer)s is not one of the choices: %(options)s"), answer=repr(answer),
                                         options=list(options))
            if check is not None and not corrected:
                check(answer)
            if self.details:  # asked for every card the forecast's runs draw
                data: dict[str, Any] = {"question": kind, "choice": answer}
                if corrected:
                    data["correction"] = True
                self.log("answer", rule, floor, answer if kind not in _FLOOR_ANSWERS else None, data=data)
            return answer
        question = {"kind": kind, "options": options, "floor": floor, "rule": rule, "params": params}
        if default is not None:
            question["default"] = default
        raise NeedAnswer(question)

    # -- geometry helpers ----------------------------------------------------------------------
    def plan(self, floor: int) -> Floorplan:
        """The floor's geometry, looked up once per action while its walls stay the same tuple (a wall
        put up or blown away replaces it)."""
        walls = self.state.floors[floor].walls
        known = self._plans.get(floor)
        if known is None or known[0] is not walls:
            known = self._plans[floor] = (walls, self.state.plan(floor))
        return known[1]

    def router(self, floor: int, destination: str) -> Router:
        plan = self.plan(floor)
        return shared_router(plan, plan.index[destination], self.state.tiebreak)

    def guard_square(self, floor: int) -> str:
        """Where the floor's guard stands; an IllegalActionError when he is not on the board."""
        square = self.state.floors[floor].guard
        if square is None:
            raise IllegalActionError(N_("floor %(floor)s has no guard on the board"), floor=floor)
        return square

    def nearest(self, floor: int, origin: str, squares: Sequence[str]) -> tuple[int, list[str]]:
        """The squares (sorted, several on a tie) nearest to origin by walking distance, and that distance."""
        # distances_from's reading, without building its dictionary of every room
        plan = self.plan(floor)
        index = plan.index
        dist = plan.distances(index[origin])
        steps = {s: dist[index[s]] for s in squares if s in index and dist[index[s]] >= 0}
        best = min(steps.values())
        return best, sorted({s for s, d in steps.items() if d == best})

    def distances_from(self, floor: int, square: str) -> dict[str, int]:
        """Walking distance from square to every room of the floor (walls respected)."""
        plan = self.plan(floor)
        dist = plan.distances(plan.index[square])
        return {plan.names[i]: d for i, d in enumerate(dist) if d >= 0}
