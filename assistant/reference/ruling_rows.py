"""Which row of the rulings table decided a log line marked as our ruling, so its badge links there.

A line says what happened in codes (its kind, its variant, why the die moved, why a card was drawn again);
the first rule below that matches it names the row by its topic, as docs/rulings.md writes it. The tests
check that every topic named here is a row of the document and that every ruling line the engine writes
finds its row.

>>> from assistant.engine.log import LogEntry
>>> ruling_anchor(LogEntry("redraw", "1.6", 1, "B2", {"reason": "guard"}, True))
'patrol-card-showing-the-guards-own-room'
"""

from __future__ import annotations

from typing import Any

from ..engine.log import LogEntry
from .rulings_table import row_anchor

UNTIL_NEXT_TURN = 'Effects "until your next turn" when that burglar has escaped'  # its over line is ours then

# (the line's codes that must match, the row's topic); the first match wins, so the narrow ones come first
ROWS: tuple[tuple[dict[str, str], str], ...] = (
    ({"kind": "destination", "appeared": "return"}, "Lost Visual with an alarm"),
    ({"kind": "destination", "appeared": "arrival"}, "First arrival on a floor that also triggers an alarm"),
    ({"kind": "destination", "appeared": "waiting"}, "Alarm on a floor whose guard has not appeared yet"),
    ({"kind": "destination", "why": "alarm_while_lost"}, "Alarm while the guard is off the board (Lost Visual)"),
    ({"kind": "arrive", "how": "own_square"},
     "Die ends up on the guard's own room (Crash! played in his room, Throw Voice into it)"),
    ({"kind": "redraw", "reason": "void"}, "Fort Knox card naming the empty square"),
    ({"kind": "redraw", "reason": "place"}, "Lost Visual drawn to place a guard"),
    ({"kind": "redraw", "reason": "guard", "rule": "§6"},
     "bb2: patrol card or Distracted choice on the bouncer's room"),
    ({"kind": "redraw", "reason": "guard", "rule": "§7"}, "bb3: patrol card on the guard's room"),
    ({"kind": "redraw", "reason": "guard"}, "Patrol card showing the guard's own room"),
    ({"kind": "alarm_off", "how": "appear"}, "Alarm on the guard's room"),
    ({"kind": "alarm_off", "how": "emp"}, "E.M.P."),
    ({"kind": "alarm_off", "how": "cube_back"}, "bb3: an alarm cube taken away by a card or ability"),
    ({"kind": "donuts", "how": "eaten"}, "Donuts and Squeak!"),
    ({"kind": "crow", "how": "slows"}, "Raven's crow"),
    ({"kind": "reshuffle"}, "bb3: empty patrol deck"),
    ({"kind": "heat", "why": "walked_in"}, "bb2: a burglar walking into the bouncer"),
    ({"kind": "heat", "why": "jumped_in"}, "bb2: a player jumps (Prima Donna, Drunk, Revolving Door)"),
    ({"kind": "no_effect", "how": "guard_placed"}, "A burglar's move makes the guard appear in their room"),
    ({"kind": "no_effect", "how": "put_not_entering"}, "Sight after any placement"),
    ({"kind": "no_effect", "how": "gut_no_room"}, "Go With Your Gut"),
    ({"kind": "no_effect", "how": "dead_drop_alone"}, "Escaped burglars are out of the building"),
    ({"kind": "deadbolt", "how": "unpeeked"}, "Deadbolt moved into face down"),
    ({"kind": "deadbolt", "how": "one_action"}, "Go With Your Gut into a Laser or Deadbolt"),
    ({"kind": "keypad", "by": "climb"}, "Acrobat (advanced) climbing into a locked Keypad"),
    ({"kind": "keypad", "by": "event"}, "Go With Your Gut into a Laser or Deadbolt"),
    ({"kind": "event", "how": "emp_over"}, UNTIL_NEXT_TURN),
    ({"kind": "video_loop", "how": "over"}, UNTIL_NEXT_TURN),
    ({"kind": "time_lock", "how": "over"}, UNTIL_NEXT_TURN),
    ({"kind": "gymnastics", "how": "over"}, UNTIL_NEXT_TURN),
    ({"kind": "stealth", "how": "lavatory"}, "Lavatory (and a Smoke Bomb's tokens)"),
    ({"kind": "stealth", "why": "tiara"}, "Tiara and walls"),
    ({"kind": "caught", "why": "tiara"}, "Tiara and walls"),
    ({"kind": "stealth", "why": "acrobat_stayed"}, "Acrobat (basic)"),
    ({"kind": "caught", "why": "acrobat_stayed"}, "Acrobat (basic)"),
    ({"kind": "thermo"}, "Motion, Thermo, Detector, Laser, Fingerprint"),
)
TOPICS = tuple(topic for _, topic in ROWS)


def _code(entry: LogEntry, key: str) -> Any:
    if key == "kind":
        return entry.kind
    if key == "rule":
        return entry.rule
    return entry.data.get(key)


def ruling_anchor(entry: LogEntry) -> str | None:
    """The id of the rulings-table row behind a log line, or None when the line is no ruling or no row is known
    for it."""
    if not entry.ruling:
        return None
    for codes, topic in ROWS:
        if all(_code(entry, key) == value for key, value in codes.items()):
            return row_anchor(topic)
    return None
