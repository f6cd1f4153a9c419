""""On the real board": what the table must change on the physical board after an action, in order, as
a short checklist: the guard here, his die there showing N, who discards Stealth, alarms on and off, a
new floor's guard.

Built only from the log entries the engine wrote (their ``kind``, ``floor``, ``square`` and ``data``) and
the dice as they are now, so it can never disagree with the log. A guard's steps are one line (where he
ends, by which rooms); his die is said once, where it ends, after his walk.

>>> from assistant.engine.log import LogEntry as E
>>> checklist([
...     E("speed", "1.2", 1, None, {"moves": 2}),
...     E("enter", "1.3", 1, "B1"),
...     E("arrive", "1.5", 1, "B1"),
...     E("destination", "1.6", 1, "D1", {"why": "patrol_card"}),
...     E("enter", "1.3", 1, "C1"),
...     E("stealth", "1.7", 1, "C1", {"who": "Ana", "left": 2}),
...     E("stop", "1.2", 1, "C1")], {1: 2})  # doctest: +NORMALIZE_WHITESPACE
['Move the floor-1 guard to C1 (B1 → C1).', 'Ana discards 1 Stealth token (2 left).',
 'Put the floor-1 die on D1, showing 2.']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine.log import LogEntry
from ...words.i18n import _, ngettext


# bb3 alarm cubes leaving a square (bb3 "Alarms and Suspicion", "Workers"): one back to the supply, covered by a
# worker, or found by the guard and turned into suspicion
CUBES_OFF = {
    "cube_back": lambda square, floor, n: _("Put one alarm cube from %(square)s (floor %(floor)s) back in the supply.",
                                            square=square, floor=floor),
    "worker_covers": lambda square, floor, n: ngettext(
        "Put the alarm cube in %(square)s (floor %(floor)s) and one worker back in the supply.",
        "Put the %(num)s alarm cubes in %(square)s (floor %(floor)s) and one worker back in the supply.", n,
        square=square, floor=floor),
    "found": lambda square, floor, n: ngettext(
        "Move the alarm cube in %(square)s beside the floor-%(floor)s patrol deck: suspicion.",
        "Move the %(num)s alarm cubes in %(square)s beside the floor-%(floor)s patrol deck: suspicion.", n,
        square=square, floor=floor),
}


class _Checklist:
    def __init__(self, dice: Mapping[int, int], figure: str):
        self.dice, self.figure = dice, figure
        self.items: list[str] = []
        self.walks: dict[int, list[str]] = {}
        self.die_at: dict[int, str] = {}
        self.die_turned: set[int] = set()

    def walk_done(self) -> None:
        """Every guard's steps so far become one line each, before what happens next on the board."""
        for floor, path in self.walks.items():
            if path:
                where = path[-1]
                self.items.append(_("Move the floor-%(floor)s %(figure)s to %(square)s (%(path)s).", floor=floor,
                                    figure=_(self.figure), square=where, path=" → ".join(path)) if len(path) > 1 else
                                  _("Move the floor-%(floor)s %(figure)s to %(square)s.", floor=floor,
                                    figure=_(self.figure), square=where))
        self.walks = {}

    def die_done(self, floor: int | None = None) -> None:
        """The die (or bb2's destination marker) where it ends, once per floor."""
        for f in sorted({*self.die_at, *self.die_turned}):
            if floor is not None and f != floor:
                continue
            square, value = self.die_at.pop(f, None), self.dice.get(f)
            self.die_turned.discard(f)
            if self.figure == "bouncer":
                if square:
                    self.items.append(_("Put the floor-%(floor)s destination marker on %(square)s.", floor=f,
                                        square=square))
            elif square:
                self.items.append(_("Put the floor-%(floor)s die on %(square)s, showing %(die)s.", floor=f,
                                    square=square, die=value))
            else:
                self.items.append(_("Turn the floor-%(floor)s die to %(die)s.", floor=f, die=value))

    def add(self, text: str) -> None:
        self.walk_done()
        self.items.append(text)

    def read(self, entry: LogEntry) -> None:
        kind, floor, square = entry.kind, entry.floor, entry.square or ""
        d: Mapping[str, Any] = entry.data
        how = d.get("how", "")
        if kind == "enter" and isinstance(floor, int):
            self.walks.setdefault(floor, []).append(square)
        elif kind == "appear":
            self.walks.pop(floor, None)  # type: ignore[arg-type]
            self.add(_("Put the floor-%(floor)s %(figure)s on %(square)s.", floor=floor, figure=_(self.figure),
                       square=square))
        elif kind == "lost":
            self.walks.pop(floor, None)  # type: ignore[arg-type]
            self.add(_("Take the floor-%(floor)s guard off the board (Lost Visual).", floor=floor))
        elif kind == "destination" and isinstance(floor, int):
            self.die_at[floor] = square
        elif kind in ("reshuffle", "speed_up") and isinstance(floor, int):
            self.die_turned.add(floor)
        elif kind == "alarm" and how == "under_guard":
            pass  # bb3: no cube goes on his square; the suspicion line follows
        elif kind == "alarm":
            cube = d.get("cube")
            self.add(_("Put an alarm cube on %(square)s (floor %(floor)s).", square=square, floor=floor) if cube else
                     _("Put an alarm token on %(square)s (floor %(floor)s).", square=square, floor=floor))
        elif kind == "alarm_off" and how in CUBES_OFF:
            self.add(CUBES_OFF[how](square, floor, int(d.get("cubes") or 1)))
        elif kind == "alarm_off":
            self.add(_("Take every alarm token off floor %(floor)s.", floor=floor) if how == "brown_out" else
                     _("Take the alarm token off %(square)s (floor %(floor)s).", square=square, floor=floor))
        elif kind == "suspicion" and how == "count":
            self.add(ngettext("Floor %(floor)s's suspicion: %(num)s cube beside its patrol deck.",
                              "Floor %(floor)s's suspicion: %(num)s cubes beside its patrol deck.",
                              int(d.get("suspicion") or 0), floor=floor))
        elif kind == "stealth":
            who = d.get("who", "")
            self.add(_("%(who)s takes a Stealth token from the Lavatory instead.", who=who) if how == "lavatory" else
                     _("%(who)s discards 1 Stealth token (%(left)s left).", who=who, left=d.get("left", 0)))
        elif kind == "caught":
            self.add(_("%(who)s is caught: the heist is lost.", who=d.get("who", "")))
        elif kind == "heat":
            self.add(ngettext("%(who)s takes %(num)s heat.", "%(who)s takes %(num)s heat.", int(d.get("gained") or 0),
                              who=d.get("who", "")))
        elif kind == "donuts" and how == "eaten":
            self.add(_("Discard the Donuts from floor %(floor)s.", floor=floor))
        elif kind == "hack" and how == "cancel" and d.get("computer") != "hacker":
            self.add(_("Take one hack token off the %(computer)s computer.", computer=d.get("computer", "")))
        elif kind == "stop" and isinstance(floor, int):
            self.walk_done()
            self.die_done(floor)


def checklist(entries: Iterable[LogEntry], dice: Mapping[int, int], figure: str = "guard") -> list[str]:
    """What to change on the physical board after these log entries, in order. ``dice``: each floor's
    die as it is now (the value to show); ``figure``: "bouncer" in Burgle Bros 2 (a destination marker,
    no die)."""
    out = _Checklist(dice, figure)
    for entry in entries:
        out.read(entry)
    out.walk_done()
    out.die_done()
    return out.items
