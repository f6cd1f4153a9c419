"""The machinery every ruleset shares: the state being changed, the log, and questions to the table.

A ruleset object lives for one action. When the rules make the players choose (or a physical card
must be read), :meth:`Ruleset.ask` takes the next answer given; when none is left it raises
:class:`NeedAnswer`, and ``actions.apply`` keeps the action pending. Giving the answer re-runs the
action from the state before it with one more answer, so the move resumes exactly where it stopped
(same cards, same seed) without any hand-written continuation.
"""

from __future__ import annotations

from typing import Any

from .board import Floorplan
from .errors import IllegalActionError
from .log import LogEntry
from .pathing import Router
from .state import GameState


class NeedAnswer(Exception):
    """Raised inside a ruleset when the table must answer before the rules can go on."""

    def __init__(self, question: dict[str, Any]):
        super().__init__(question["kind"])
        self.question = question


class GameOver(Exception):
    """Raised when the crew is caught: nothing more happens in this action."""


class Ruleset:
    """Shared plumbing; the game rules live in subclasses (rules_bb1, rules_bb2, rules_bb3)."""

    name = "base"

    def __init__(self, state: GameState, answers: list[str]):
        self.state = state
        self.answers = list(answers)
        self.entries: list[LogEntry] = []
        self._routers: dict[tuple[int, str], Router] = {}

    # -- log and questions -------------------------------------------------------------------
    def log(self, kind: str, rule: str = "", floor: int | None = None, square: str | None = None,
            ruling: bool = False, **data: Any) -> None:
        """One log entry: a kind declared in log.KINDS and its parameters, never a sentence."""
        self.entries.append(LogEntry(kind, rule, floor, square, data, ruling))

    def ask(self, kind: str, options: list[str], floor: int | None = None, rule: str = "", **params: Any) -> str:
        """The table's answer to a question; options are the only accepted answers. A question is data
        too: its ``kind`` and ``params`` are put into words by the web layer."""
        if self.answers:
            answer = self.answers.pop(0)
            if answer not in options:
                raise IllegalActionError(f"{answer!r} is not one of the choices: {', '.join(options)}")
            self.log("answer", rule, floor, answer if kind != "order" else None, question=kind, choice=answer)
            return answer
        raise NeedAnswer({"kind": kind, "options": options, "floor": floor, "rule": rule, "params": params})

    # -- geometry helpers ----------------------------------------------------------------------
    def plan(self, floor: int) -> Floorplan:
        return self.state.plan(floor)

    def router(self, floor: int, destination: str) -> Router:
        plan = self.plan(floor)
        key = (id(plan), destination)
        r = self._routers.get(key)
        if r is None:
            r = self._routers[key] = Router(plan, plan.index[destination], self.state.tiebreak)
        return r

    def guard_square(self, floor: int) -> str:
        """Where the floor's guard stands; an IllegalActionError when he is not on the board."""
        square = self.state.floors[floor].guard
        if square is None:
            raise IllegalActionError(f"floor {floor} has no guard on the board")
        return square

    def nearest(self, floor: int, origin: str, squares: list[str]) -> tuple[int, list[str]]:
        """The squares (sorted, several on a tie) nearest to origin by walking distance, and that distance."""
        dist = self.distances_from(floor, origin)
        reachable = [s for s in squares if s in dist]
        best = min(dist[s] for s in reachable)
        return best, sorted({s for s in reachable if dist[s] == best})

    def distances_from(self, floor: int, square: str) -> dict[str, int]:
        """Walking distance from square to every room of the floor (walls respected)."""
        plan = self.plan(floor)
        dist = plan.distances(plan.index[square])
        return {plan.names[i]: d for i, d in enumerate(dist) if d >= 0}
