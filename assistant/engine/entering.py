"""A burglar walks into a room, and a face-down room is turned up: the moves every game shares, run by
engine/actions.py's handlers and by Burgle Bros 1's Go with your Gut (bb1/actions.py), which is why they sit
below the games' actions.
"""

from __future__ import annotations

from .bb1.limits import ROOM_TOKENS
from .bb1.rules import Bb1
from .errors import N_, IllegalActionError
from .vocabulary import Reveal
from .walks import check_walk


def walk_in(rules: Bb1, who: str, floor: int, square: str, *, via: str | None = None, room: str | None = None,
            number: int | None = None, correction: bool = False, ordered: bool = False,
            gut: bool | None = None) -> None:
    """``who`` walks into ``square`` of ``floor`` (the way ``via`` names, engine/walks.py), turning it up when
    ``room`` says what it is (its combination ``number``; ``correction``: the board shows it, whatever the box
    holds). ``ordered``: moved by the Rook's Orders. In Burgle Bros 1 a walk ``via`` "event" by the burglar whose
    turn it is is the Go with your Gut move (§1.22): it comes after her actions ended, so a Thermo under her goes
    off first, and it counts as one action spent. A Deadbolt she cannot pay for, or a Keypad whose roll she
    misses, leaves her where she was (bb1/table.py :meth:`stays_out`). ``gut`` True: the Go with your Gut event
    itself (bb1/actions.py), whoever drew it."""
    if ordered and rules.state.crew[who].escaped:  # §1.22 "Escaped burglars are out of the building"
        raise IllegalActionError(N_("%(who)s has escaped: the Rook's Orders move only a burglar still in the "
                                    "building"), who=who)
    way = check_walk(rules.state, who, floor, square, via, rules.room_rules)  # before anything changes
    current = rules.state.current()
    if gut is None:
        gut = way == "event" and rules.room_rules and who == current
    if gut and current is not None:
        rules.actions_end(current)
    revealed = room is not None and square not in rules.state.floors[floor].tiles
    if room is not None:
        reveal_room(rules, floor, square, room, number, correction)
    if revealed and room == "walkway" and floor - 1 in rules.state.floors and rules.room_rules:
        rules.into_walkway(who, floor, square)
        return
    down = rules.down_from_walkway(who, floor, square)
    climb = way == "ability" and rules.room_rules and rules.climbs(who, floor, square)
    stays = rules.room_rules and not down and rules.stays_out(who, floor, square, unpeeked=revealed, one_action=gut,
                                                              ordered=ordered, climb=climb)
    if not stays:
        rules.move_burglar(who, floor, square, ordered=ordered, effects=not down, way=way, one_action=gut)
    if climb and who == rules.state.current():  # bb1 Acrobat (advanced): her actions end after a climb, in or not
        rules.actions_end(who)


def reveal(rules: Bb1, a: Reveal) -> None:
    """The ``reveal`` action: a face-down room turned up by the table (:func:`reveal_room`)."""
    reveal_room(rules, a.floor, a.at, a.room, a.number, bool(a.correction))


def reveal_room(rules: Bb1, floor: int, square: str, kind: str, number: int | None, correction: bool) -> None:
    """A face-down room turned up: a room of the game, checked against its box (engine/box.py: the job's tiles,
    one Safe and one Stairs a floor, a type and number never twice) unless ``correction`` says the board shows
    otherwise; the table keeps the last word, and the log marks it as a correction. ``square`` is a room of
    ``floor`` (engine/on_board.py)."""
    if not kind:
        raise IllegalActionError(N_("%(key)s names the room revealed, e.g. %(example)s"), key="'type'",
                                 example="camera")
    rules.check_tile(floor, square, kind, number, correction)
    fl = rules.state.floors[floor]
    fl.tiles = {**fl.tiles, square: kind}
    if number is not None:
        fl.numbers = {**fl.numbers, square: number}
    if kind == "lavatory":
        fl.lavatory.setdefault(square, ROOM_TOKENS)
    if correction:
        rules.log("reveal", "", floor, square, type=kind, correction=True)
    else:
        rules.log("reveal", "", floor, square, type=kind)
    rules.room_said(floor, square)
