"""One log entry in its place: the entries around it and the position the action started from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.board import Floorplan
from ..engine.log import LogEntry
from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from ..engine.vocabulary import Action
from ..render import Mark
from ..words.i18n import N_, _, ngettext


@dataclass(frozen=True)
class Moment:
    """The entry ``log[index]`` of one action, with the state that action was applied to (and the
    action itself, which names the card behind a jump)."""

    log: Sequence[LogEntry]
    index: int
    before: GameState
    book: Rulebook  # the heist's game
    action: Action | None = None

    @property
    def entry(self) -> LogEntry:
        return self.log[self.index]

    @property
    def data(self) -> dict[str, Any]:
        return self.entry.data

    @property
    def floor(self) -> int | None:
        return self.entry.floor

    @property
    def square(self) -> str | None:
        return self.entry.square

    def plan(self, floor: int) -> Floorplan:
        return self.before.plan(floor)

    def earlier(self, *kinds: str, floor: int | None = None) -> LogEntry | None:
        """The nearest entry before this one of one of these kinds (on that floor, if given)."""
        for e in reversed(self.log[:self.index]):
            if e.kind in kinds and (floor is None or e.floor == floor):
                return e
        return None

    def later(self) -> LogEntry | None:
        return self.log[self.index + 1] if self.index + 1 < len(self.log) else None

    def guard_at(self, floor: int) -> str | None:
        """Where that floor's guard stood when this entry was written: his last step or placing in this
        action, else where he stood before it."""
        for e in reversed(self.log[:self.index + 1]):
            if e.floor == floor and e.kind in ("enter", "appear"):
                return e.square
        fl = self.before.floors.get(floor)
        return fl.guard if fl else None

    def die_at(self, floor: int) -> str | None:
        """Where that floor's die stood when this entry was written."""
        for e in reversed(self.log[:self.index + 1]):
            if e.floor == floor and e.kind == "destination":
                return e.square
        fl = self.before.floors.get(floor)
        return fl.destination if fl else None

    def alarms_at(self, floor: int) -> set[str]:
        """The alarm tokens on that floor when this entry was written: those before the action, with the
        action's alarms and switched-off alarms up to this entry (an off line naming no room cleared them all)."""
        fl = self.before.floors.get(floor)
        alarms = set(fl.alarms) if fl else set()
        for e in self.log[:self.index + 1]:
            if e.floor != floor:
                continue
            if e.kind == "alarm" and e.square:
                alarms.add(e.square)
            elif e.kind == "alarm_off":
                if e.square:
                    alarms.discard(e.square)
                else:
                    alarms.clear()
        return alarms

    def label(self, floor: int, square: str, text: str, low: bool = True) -> Mark:
        """A short note in a room, low in it so the guard's G in the middle stays readable."""
        col, row = self.plan(floor).coords[self.plan(floor).index[square]]
        return Mark("text", (col + 0.5, row + (0.8 if low else 0.5)), text)


def steps(n: int) -> str:
    return ngettext("%(num)s step", "%(num)s steps", n)


# counts of tied routes that start a sentence ("Two routes of 5 steps"); a tie has two routes at least
COUNT_WORDS = {2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"), 7: N_("Seven"),
               8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten")}


def count_word(n: int) -> str:
    """A small count as a word, to start a sentence with; a larger one as its digits."""
    return _(COUNT_WORDS[n]) if n in COUNT_WORDS else str(n)


def and_list(items: Sequence[str]) -> str:
    """A list such as "A3, B4 and C1" in the reader's language: the commas are the same in all three, the
    word before the last item is not."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    return _("%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])
