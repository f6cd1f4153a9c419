"""The league of the club's heists (issue 36 §2): per crew, per character, per job and difficulty, the heists played
and won, the Stealth lost, and each heist's luck against the exact odds.

A pure library over the heists as the store keeps them (their first position, how they were set up, their actions
in effect with their logs and the state after each): no Flask, no I/O.

**Luck** is read from the heist's story (``assistant.story``): before each guard move, the exact forecast
(``assistant.forecast``, from what the players could see, End turn's own first part included) gives each burglar on
the moving floor the chance of being found by that move (losing Stealth or a Lavatory token; bb2: gaining heat). The
chance of an event is the expected count of it, so summed over a heist's moves and burglars the chances are the
finds the odds expected; set against the finds that happened (a burglar found by that move, once however often he
found her), ``luck`` = expected − found: above 0 the crew was found less often than the odds said. The forecast gives
the chance of being found at least once in a move, not a number of tokens, so luck is counted in finds; a second
finding of the same burglar in one move (he leaves her room and comes back) is neither expected nor counted.

>>> from assistant.engine.actions import apply
>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.vocabulary import from_json
>>> from assistant.engine.rulesets import RULEBOOKS
>>> first = state_from_case({"floors": {"1": {"guard": "A1", "destination": "C1", "die": 1, "patrol": ["C3"]}},
...                          "crew": {"ana": {"floor": 1, "at": "B1", "stealth": 2}}})
>>> result = apply(first, {"do": "end_turn"})
>>> line = heist_line(Heist("h1", "A test", "2026-12-02T10:00:00"), None, first,
...                   [(from_json({"do": "end_turn"}), result.log, result.state)], RULEBOOKS["bb1"])
>>> line.expected, line.found, line.luck, line.stealth_lost
(Fraction(1, 1), 1, Fraction(0, 1), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

from .engine.log import LogEntry
from .engine.bb1.setup import difficulty_shown
from .engine.rulesets import Rulebook
from .engine.state import GameState
from .engine.vocabulary import Action
from .story import Step, heist_story

__all__ = ["Burglary", "Heist", "HeistLine", "League", "Row", "heist_line", "league"]

WON, LOST = "escaped", "caught"
# a heist's actions in effect, each with its log entries and the state after it (``Store.timeline``)
Actions: TypeAlias = Sequence[tuple[Action, Sequence[LogEntry], GameState]]


@dataclass(frozen=True)
class Heist:
    """What the list of heists says of one (``Store.games``)."""

    id: str
    title: str
    updated: str


@dataclass(frozen=True)
class Burglary:
    """One burglar's part in one heist."""

    name: str
    character: str  # as the heist was set up ("raven"); "" when none was named
    lost: int  # Stealth tokens of her own the rules took (bb2: heat gained)
    expected: Fraction  # the finds the forecast expected of her, summed over the guard moves
    found: int  # the guard moves that found her


@dataclass(frozen=True)
class HeistLine:
    """One heist as the league counts it."""

    heist: Heist
    game: str  # the ruleset: "bb1", "bb2", "bb3"
    job: str  # the scenario: "bank", "casino", "custom" (an imported position)…
    floors: int
    difficulty: str  # "easy", "normal", "hard"; "" where the game has none or the heist does not say
    counter: str  # what a burglar loses when found: "stealth" (bb2: "heat", which they gain)
    outcome: str | None  # "escaped", "caught" or None (still played)
    moves: int  # guard moves
    burglars: tuple[Burglary, ...]

    @property
    def crew(self) -> tuple[str, ...]:
        return tuple(sorted(b.name for b in self.burglars))

    @property
    def played(self) -> bool:
        """A guard has moved, or the heist is over: one only set up, or left before its first End turn, is not."""
        return self.moves > 0 or self.outcome is not None

    @property
    def expected(self) -> Fraction:
        return sum((b.expected for b in self.burglars), Fraction(0))

    @property
    def found(self) -> int:
        return sum(b.found for b in self.burglars)

    @property
    def luck(self) -> Fraction:
        return self.expected - self.found

    @property
    def stealth_lost(self) -> int:
        return sum(b.lost for b in self.burglars) if self.counter == "stealth" else 0

    @property
    def heat_gained(self) -> int:
        return sum(b.lost for b in self.burglars) if self.counter == "heat" else 0

    def row(self) -> Row:
        """The heist alone as a row of the league's tables."""
        row = Row(self.crew)
        row.add(self, self.burglars)
        return row


@dataclass
class Row:
    """One line of a league table: the heists of one crew, one character, or one job at one difficulty."""

    key: tuple[str, ...]
    heists: int = 0
    won: int = 0
    lost: int = 0
    stealth_lost: int = 0
    heat_gained: int = 0
    expected: Fraction = field(default_factory=Fraction)
    found: int = 0

    @property
    def luck(self) -> Fraction:
        return self.expected - self.found

    def add(self, line: HeistLine, burglars: Iterable[Burglary]) -> None:
        """Count ``line`` with the figures of ``burglars`` (the whole crew, or those of one character)."""
        self.heists += 1
        self.won += line.outcome == WON
        self.lost += line.outcome == LOST
        for b in burglars:
            if line.counter == "heat":
                self.heat_gained += b.lost
            else:
                self.stealth_lost += b.lost
            self.expected += b.expected
            self.found += b.found


@dataclass(frozen=True)
class League:
    """Every table of the league over a set of heists."""

    heists: tuple[HeistLine, ...]  # as given (the last played first), played or not
    crews: tuple[Row, ...]  # the tables count only the heists played
    characters: tuple[Row, ...]
    jobs: tuple[Row, ...]  # key: game, job, floors, difficulty

    @property
    def unplayed(self) -> int:
        return sum(not h.played for h in self.heists)

    def luckiest(self, count: int = 3) -> tuple[HeistLine, ...]:
        """The heists found least often against their odds (luck above 0), luckiest first."""
        return tuple(sorted((h for h in self.heists if h.luck > 0), key=lambda h: -h.luck)[:count])

    def unluckiest(self, count: int = 3) -> tuple[HeistLine, ...]:
        """The heists found most often against their odds (luck below 0), unluckiest first."""
        return tuple(sorted((h for h in self.heists if h.luck < 0), key=lambda h: h.luck)[:count])


def heist_line(heist: Heist, setup: Sequence[tuple[str, str]] | None, first: GameState, actions: Actions,
               book: Rulebook) -> HeistLine:
    """One heist counted: ``setup`` the new-heist form's fields it was set up with (None: imported or saved before the
    app kept them), ``first`` its first position, ``actions`` every action in effect with its log and the state after
    it (``Store.timeline``)."""
    steps, before = [], first
    for action, log, after in actions:
        steps.append(Step(action, log, before, after))
        before = after
    expected: dict[str, Fraction] = {}
    found: dict[str, int] = {}
    for turn in heist_story(steps, book):
        for name, chance in turn.danger.items():  # like with like: the finds the forecast gave odds for
            expected[name] = expected.get(name, Fraction(0)) + chance
            found[name] = found.get(name, 0) + (name in turn.found)
    counter = book.rules.crew_counter
    lost = _lost(actions, counter)
    return HeistLine(
        heist=heist, game=first.rules, job=first.scenario, floors=len(first.floors),
        difficulty=_difficulty(setup, first, book), counter=counter, outcome=before.outcome,
        moves=sum(1 for a, _log, _after in actions if a.do == "end_turn"),
        burglars=tuple(Burglary(name, b.character, lost.get(name, 0), expected.get(name, Fraction(0)),
                                found.get(name, 0)) for name, b in first.crew.items()))


def _lost(actions: Actions, counter: str) -> dict[str, int]:
    """Per burglar, the Stealth tokens of her own the log says she lost (a Lavatory's token is no Stealth of hers),
    or in bb2 the heat it says she gained. A number the table set by hand is a correction of the board, not a loss."""
    lost: dict[str, int] = {}
    for _action, log, _after in actions:
        for e in log:
            data = e.data
            who = data.get("who")
            if not isinstance(who, str):
                continue
            if counter == "stealth" and e.kind == "stealth" and data.get("how") != "lavatory":
                lost[who] = lost.get(who, 0) + 1
            elif counter == "heat" and e.kind == "heat":
                lost[who] = lost.get(who, 0) + int(data.get("gained", 0))
    return lost


def _difficulty(setup: Sequence[tuple[str, str]] | None, first: GameState, book: Rulebook) -> str:
    """The difficulty the heist was set up at; for one that does not say, the one its crew's Stealth shows (bb1: the
    easy, normal and hard games differ only by it)."""
    said = dict(setup or ()).get("difficulty")
    if said is not None:
        return said
    return difficulty_shown(first) if book.name == "bb1" else ""


def league(lines: Sequence[HeistLine]) -> League:
    """The league's tables over the heists of ``lines`` that were played, each table's rows by most heists won, then
    most played, then key."""
    crews: dict[tuple[str, ...], Row] = {}
    characters: dict[tuple[str, ...], Row] = {}
    jobs: dict[tuple[str, ...], Row] = {}
    for line in (line for line in lines if line.played):
        crews.setdefault(line.crew, Row(line.crew)).add(line, line.burglars)
        for character in sorted({b.character for b in line.burglars}):
            characters.setdefault((character,), Row((character,))).add(
                line, [b for b in line.burglars if b.character == character])
        key = (line.game, line.job, str(line.floors), line.difficulty)
        jobs.setdefault(key, Row(key)).add(line, line.burglars)
    return League(tuple(lines), _ranked(crews), _ranked(characters), _ranked(jobs))


def _ranked(rows: dict[tuple[str, ...], Row]) -> tuple[Row, ...]:
    return tuple(sorted(rows.values(), key=lambda r: (-r.won, -r.heists, r.key)))
