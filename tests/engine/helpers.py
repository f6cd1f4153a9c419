"""Shared builders for the rule-by-rule engine tests.

Positions are written as conformance-format case dicts (../shared/conformance/FORMAT.md) because that
is the shortest way to describe a floor; ``position`` turns one into a GameState and ``play`` applies
actions to it, collecting the log so a test can look at what the guard did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.engine.actions import Result, apply
from assistant.engine.cases import state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.log import LogEntry
from assistant.engine.offers import Offer
from assistant.engine.bb1.rules import Bb1
from assistant.engine.rulesets import RULEBOOKS, Rulebook
from assistant.engine.ruleset import Plans
from assistant.engine.state import GameState

BANK_F1 = ["A1-B1", "C1-C2", "C2-D2", "A2-A3", "B2-B3", "D3-D4", "A4-B4", "B4-C4"]
BANK_F2 = ["A1-B1", "B1-C1", "C1-D1", "B2-B3", "C2-C3", "A4-B4", "B4-C4", "C4-D4"]
BANK_F3 = ["C1-C2", "A2-B2", "C2-D2", "A2-A3", "C2-C3", "A3-B3", "B3-C3", "C4-D4"]
OFFICE_F1 = ["A1-B1", "B1-C1", "D1-D2", "A2-B2", "C2-D2", "B3-C3", "B3-B4", "D3-D4"]
OFFICE_F2 = ["D1-D2", "A2-B2", "B2-C2", "C2-D2", "A2-A3", "A3-B3", "B3-C3", "D3-D4"]


def floor_case(guard: str | None = None, destination: str | None = None, die: int = 2, *,
               walls: list[str] | None = None, alarms: list[str] | None = None,
               patrol: list[str] | None = None, discard: list[str] | None = None,
               tiles: dict[str, str] | None = None) -> dict[str, Any]:
    """One floor of a case; everything not given is empty (an open floor with no deck)."""
    return {"walls": list(walls or []), "guard": guard, "destination": destination, "die": die,
            "alarms": list(alarms or []), "patrol": list(patrol or []), "discard": list(discard or []),
            "tiles": dict(tiles or {})}


def burglar(at: str, floor: int = 1, stealth: int = 3, loot: list[str] | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"floor": floor, "at": at, "stealth": stealth}
    if loot:
        spec["loot"] = list(loot)
    return spec


def case(*floors: dict[str, Any], crew: dict[str, dict] | None = None, players: int = 4,
         tiebreak: str = "rulebook", size: int = 4, void: list[str] | None = None,
         reshuffle: dict[int, list[str]] | None = None, actions: list[dict] | None = None,
         choices: list[str] | None = None) -> dict[str, Any]:
    """A whole case: floors are given in order (floor 1 first)."""
    out: dict[str, Any] = {
        "id": "test", "rules": "bb1", "size": size, "void": list(void or []), "players": players,
        "tiebreak": tiebreak, "floors": {str(n): f for n, f in enumerate(floors, start=1)},
        "crew": dict(crew or {}), "actions": list(actions or []), "choices": list(choices or []),
    }
    if reshuffle:
        out["reshuffle"] = {str(k): list(v) for k, v in reshuffle.items()}
    return out


def position(*floors: dict[str, Any], **kwargs: Any) -> GameState:
    """The GameState a case describes (same keywords as :func:`case`)."""
    return state_from_case(case(*floors, **kwargs))


@dataclass
class Played:
    """The outcome of several actions: the final state, every log entry, the last question."""

    state: GameState
    log: list[LogEntry] = field(default_factory=list)
    question: dict[str, Any] | None = None

    def entered(self, floor: int = 1) -> list[str | None]:
        """Rooms the guard of that floor entered, in order (jumps included)."""
        return [e.square for e in self.log if e.kind == "enter" and e.floor == floor]

    def drawn(self, floor: int = 1) -> list[str]:
        return [e.data["card"] for e in self.log if e.kind == "draw" and e.floor == floor]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.log]

    def of_kind(self, kind: str) -> list[LogEntry]:
        return [e for e in self.log if e.kind == kind]

    def floor(self, n: int = 1):
        return self.state.floors[n]

    def stealth(self, name: str) -> int:
        return self.state.crew[name].stealth


def play(state: GameState, *actions: dict[str, Any], answers: list[str] | tuple[str, ...] = ()) -> Played:
    """Apply actions in order, answering questions from ``answers`` as they come up."""
    pending = list(answers)
    out = Played(state)
    for action in actions:
        result: Result = apply(out.state, action)
        out.state, out.question = result.state, result.question
        out.log += result.log
        while out.question and pending:
            result = apply(out.state, {"do": "answer", "choice": pending.pop(0)})
            out.state, out.question = result.state, result.question
            out.log += result.log
    return out


def turn(floor: int = 1, bonus: int = 0) -> dict[str, Any]:
    """The guard_turn action of one floor."""
    action: dict[str, Any] = {"do": "guard_turn", "floor": floor}
    if bonus:
        action["bonus"] = bonus
    return action


def alarm(at: str, floor: int = 1, **extra: Any) -> dict[str, Any]:
    return {"do": "alarm", "floor": floor, "at": at, **extra}


def event(name: str, floor: int = 1, **extra: Any) -> dict[str, Any]:
    return {"do": "event", "floor": floor, "name": name, **extra}


def move(who: str, to: str, floor: int = 1) -> dict[str, Any]:
    return {"do": "move", "who": who, "floor": floor, "to": to}


def accepted(state: GameState, offer: Offer) -> bool:
    """Whether ``apply`` takes the offer's action as it stands."""
    try:
        apply(state, offer.action)
    except RulesError:
        return False
    return True


def every_offer(state: GameState) -> list[Offer]:
    """What the game's legal-actions query offers: every room of every floor, every burglar's panel, the
    corrections."""
    legal = rules_of(state).legal
    rooms = [o for n in state.floors for sq in state.plan(n).names for o in legal.room(state, n, sq)]
    return rooms + [o for who in state.order for o in legal.player(state, who)] + legal.corrections(state)


def book_of(state: GameState) -> Rulebook:
    """The game a test's bare state names (a case's position, a heist played by ``apply``): what the app's heist and
    case carry as ``store.Game.rulebook`` and ``cases.Replay.rulebook``, and hand to the forecast."""
    return RULEBOOKS[state.rules]


def ruleset_for(state: GameState, answers: list[str], plans: Plans | None = None, details: bool = True) -> Bb1:
    """The ruleset of the game the state names, around ``state`` (what ``actions.apply`` builds for one action;
    ``details=False``: as the forecast's runs are told)."""
    return book_of(state).ruleset(state, answers, plans, details)


def rules_of(state: GameState) -> type[Bb1]:
    """The ruleset class of the game the state names (the app looks a game up only where a heist is opened)."""
    return book_of(state).rules
