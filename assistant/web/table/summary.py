"""One line per guard move, for the top of the log: the whole walk at a glance.

    Floor 1 guard, 2 moves: reaches B1 · draws patrol D1 · 6 cards left · 1 move left → C1 · Ana loses 1 Stealth

Built only from the log entries the engine wrote (their ``kind`` and ``data``), so it can never
disagree with the full log beneath it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.log import LogEntry
from ...engine.vocabulary import Action
from ...words import sentence
from ...words.i18n import _, ngettext

# entries after which the guard heads somewhere new: the next step says how many moves he has left
RETARGET = frozenset({"arrive", "draw", "destination", "redraw", "reshuffle", "answer", "appear"})
# entries that belong to whichever guard is walking, whatever floor they name (a burglar upstairs
# seen through an Atrium, a camera alarm on another floor)
FOLLOWERS = frozenset({"stealth", "caught", "alarm", "heat"})


@dataclass
class _Line:
    floor: int
    figure: str = "guard"  # "bouncer" in Burgle Bros 2
    moves: int | None = None
    tokens: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)  # the squares of the walk in progress
    left: int | None = None  # moves left before the next step
    after: str = ""  # kind of the last entry that was not a step
    walked: int | None = None  # index in tokens of the last walk, to mark the arrival on it

    def flush(self) -> None:
        if self.steps:
            self.walked = len(self.tokens)
            self.tokens.append(" ".join(self.steps))
            self.steps = []

    def arrive(self, square: str) -> None:
        """Arriving where the walk just went: its last step becomes "reaches X", placed before what
        happened in that room (Stealth lost there), so the line reads in the order of the board."""
        self.flush()
        end = f"→ {square}"
        if self.walked is not None and self.tokens[self.walked].endswith(end):
            rest = self.tokens[self.walked][: -len(end)].strip()
            at = self.walked + 1 if rest else self.walked
            if rest:
                self.tokens[self.walked] = rest
            else:
                del self.tokens[self.walked]
            self.tokens.insert(at, _("reaches %(square)s", square=square))
            self.walked = None
        else:
            self.tokens.append(_("reaches %(square)s", square=square))
        self.after = "arrive"

    def add(self, token: str, kind: str) -> None:
        self.flush()
        self.tokens.append(token)
        self.after = kind

    def text(self) -> str:
        self.flush()
        head = _("Floor %(n)s %(figure)s", n=self.floor, figure=_(self.figure))
        if self.moves is not None:
            head += ", " + ngettext("%(num)s move", "%(num)s moves", self.moves)
        return _("%(head)s: %(rest)s", head=head, rest=" · ".join(self.tokens) if self.tokens else _("no move"))


def guard_summaries(entries: Iterable[LogEntry], figure: str = "guard") -> list[str]:
    """One line per guard that moved in these log entries (several after a Shift Change), in order.

    >>> from assistant.engine.log import LogEntry as E
    >>> guard_summaries([
    ...     E("speed", "1.2", 1, None, {"moves": 2}),
    ...     E("enter", "1.3", 1, "B1", {"left": 1}),
    ...     E("arrive", "1.5", 1, "B1"),
    ...     E("draw", "1.11", 1, "D1", {"card": "D1", "left": 6}),
    ...     E("destination", "1.6", 1, "D1"),
    ...     E("enter", "1.3", 1, "C1", {"left": 0}),
    ...     E("stealth", "1.7", 1, "C1", {"who": "Ana", "left": 2}),
    ...     E("stop", "1.2", 1, "C1")])
    ['Floor 1 guard, 2 moves: reaches B1 · draws patrol D1 · 6 cards left · 1 move left → C1 · Ana loses 1 Stealth']
    """
    lines: dict[int, _Line] = {}
    walking: _Line | None = None
    previous = ""
    for entry in entries:
        kind, floor, data = entry.kind, entry.floor, entry.data
        # a guard's turn starts with its speed, or with why he does not walk (Donuts eaten: that entry
        # names his square, unlike the one logged when the Donuts are played)
        if isinstance(floor, int) and (kind in ("speed", "return") or (kind == "donuts" and entry.square)):
            walking = lines.setdefault(floor, _Line(floor, figure))
            if kind == "speed":
                walking.moves = walking.left = int(data.get("moves", 0))
        elif kind == "enter" and isinstance(floor, int) and floor not in lines:
            walking = lines.setdefault(floor, _Line(floor, figure))  # moved by a card (Squeak!, Where Is He?)
        line = walking if kind in FOLLOWERS else lines.get(floor) if isinstance(floor, int) else None
        if line is None:
            previous = kind
            continue
        _read(line, kind, entry, data, previous)
        previous = kind
        if kind == "stop":
            walking = None
    return [line.text() for line in lines.values()]


def _read(line: _Line, kind: str, entry: LogEntry, data: Mapping[str, Any], previous: str) -> None:
    """Add one log entry to its guard's line."""
    square = entry.square or ""
    if kind == "enter":
        if data.get("jump"):
            line.add(_("is moved to %(square)s", square=square), kind)
        elif line.steps:
            line.steps.append(f"→ {square}")
        elif line.after in RETARGET and line.left is not None:
            line.flush()
            line.steps = [ngettext("%(num)s move left", "%(num)s moves left", line.left) + f" → {square}"]
        else:
            line.steps = [f"→ {square}"]
        if isinstance(data.get("left"), int):
            line.left = data["left"]
        line.after = kind
    elif kind == "arrive":
        line.arrive(square)
    elif kind == "draw":
        left = data.get("left")
        card = data.get("card") or square
        line.add(_("draws patrol %(card)s", card=card) + (" · " + ngettext("%(num)s card left", "%(num)s cards left",
                                                                           left)
                                                          if isinstance(left, int) else ""), kind)
    elif kind == "destination" and previous != "draw":  # a patrol card's destination is told by the draw
        line.add(_("die to %(square)s (nearest alarm)", square=square) if "distances" in data else
                 _("die to %(square)s", square=square), kind)
    elif kind == "redraw":
        line.add(_("%(card)s again: draws another", card=data.get("card") or square), kind)
    elif kind == "reshuffle":
        line.add(_("deck reshuffled, die %(die)s", die=data.get("die")) if "die" in data else _("deck reshuffled"),
                 kind)
    elif kind == "stealth":
        who = data.get("who", "")
        line.add(_("%(who)s loses 1 Stealth", who=who) if "left" in data else _("%(who)s uses a Lavatory token",
                                                                                who=who),
                 kind)
    elif kind == "caught":
        line.add(_("%(who)s is caught", who=data.get("who", "")), kind)
    elif kind == "heat":
        line.add(sentence(entry).rstrip("."), kind)
    elif kind == "alarm_off":
        line.add(_("switches off the alarm in %(square)s", square=square), kind)
    elif kind == "alarm":
        line.add(_("alarm in %(square)s", square=square), kind)
    elif kind == "appear":
        line.add(_("appears in %(square)s", square=square), kind)
    elif kind == "lost":
        line.add(_("Lost Visual: off the board"), kind)
    elif kind == "crow":
        line.add(_("held by the crow"), kind)
    elif kind == "donuts":
        line.add(_("eats the Donuts: no move"), kind)
    elif kind == "answer" and data.get("question") != "card":  # a card answer is told by its draw
        line.add(_("the table chose %(choice)s", choice=square or data.get("choice", "")).rstrip(), kind)


def action_words(action: Action, log: Iterable[LogEntry], figure: str = "guard") -> str:
    """What an action did, whole, for "Undone: …" and "Redone: …": the guard's move for an End turn; else every
    line of its log (a move and the room it turned up, the alarm it set off), or the guard's move it let go on.

    >>> from assistant.engine.log import LogEntry as E
    >>> from assistant.engine.vocabulary import from_json
    >>> move = from_json({"do": "move", "who": "Ann", "floor": 1, "to": "D4"})
    >>> action_words(move, [E("move", "", 1, "D4", {"who": "Ann"})])
    'Ann moves to D4 on floor 1.'
    >>> action_words(move, [E("reveal", "", 1, "D4", {"type": "laboratory"}), E("move", "", 1, "D4", {"who": "Ann"})])
    'D4 on floor 1, face up: laboratory. Ann moves to D4 on floor 1.'
    """
    entries = [e for e in log if e.kind != "turn"]
    moves = guard_summaries(entries, figure)
    if action.do in ("end_turn", "guard_turn"):
        return _("the end of the turn") + (f" ({'; '.join(moves)})" if moves else "")
    said = "; ".join(moves) if moves else " ".join(filter(None, (sentence(e) for e in entries)))
    return said or action.do.replace("_", " ")
