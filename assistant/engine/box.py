"""What is in each game's box: the room tiles a reveal the table enters is checked against.

Burgle Bros 1 (guard-rules.md §5, ../shared/rules/tiles.json): 48 tiles, 42 rooms + 3 Safes + 3 Stairs, each
room printing one combination number; the Office Job uses 32 of them (the rooms whose number has a white
circle, 2 Safes, 2 Stairs). Every floor has exactly one Safe and one Stairs (bb1 setup). Burgle Bros 2 names
its rooms in "Tile Clarifications", every tile printing a number from 1 to 6 (what a Distracted card looks
for); Burgle Bros 3's app tracks only whether a room carries the grey guard banner.

A reveal that the box cannot hold is refused (NotInTheBoxError, an IllegalActionError, saying why); the table
keeps the last word with a reveal marked as a correction, which skips these checks (entering.py ``reveal``)
but not the one that the game has such a room at all.

>>> tiles_of("camera")
(1, 2, 3, 6)
>>> tiles_of("camera", "office")
(2, 3, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .bb3.limits import GUARD_ROOM
from .errors import N_, IllegalActionError, NotInTheBoxError

ONE_PER_FLOOR = ("safe", "stairs")  # bb1 setup: each floor's tiles hold one Safe and one Stairs

# type -> the number printed on each of its tiles (one entry per tile; a Safe prints none)
BB1_BOX: Mapping[str, tuple[int | None, ...]] = {
    "atrium": (3, 4), "camera": (1, 2, 3, 6), "computer-fingerprint": (4,), "computer-laser": (5,),
    "computer-motion": (6,), "deadbolt": (1, 2, 3), "detector": (4, 5, 6), "fingerprint": (4, 5, 6),
    "foyer": (1, 2), "keypad": (4, 5, 6), "laboratory": (3, 4), "laser": (1, 2, 3), "lavatory": (5,),
    "motion": (1, 2, 3), "safe": (None, None, None), "secret-door": (1, 2), "service-duct": (5, 6),
    "stairs": (4, 5, 6), "thermo": (1, 2, 3), "walkway": (1, 2, 3),
}
# the Office Job's 32 tiles (tiles.json ``office_job_numbers``); a type it lacks has no tile at all
OFFICE_JOB_BOX: Mapping[str, tuple[int | None, ...]] = {
    "camera": (2, 3, 6), "computer-fingerprint": (4,), "computer-laser": (5,), "computer-motion": (6,),
    "deadbolt": (2, 3), "fingerprint": (4, 5), "foyer": (1, 2), "keypad": (4, 6), "laboratory": (3,),
    "laser": (1, 2), "lavatory": (5,), "motion": (1, 3), "safe": (None, None), "secret-door": (1, 2),
    "service-duct": (5, 6), "stairs": (4, 5), "thermo": (1, 2), "walkway": (1, 3),
}
JOB_BOXES: Mapping[str, Mapping[str, tuple[int | None, ...]]] = {"office": OFFICE_JOB_BOX}
JOB_TITLES = {"office": "The Office Job"}

# Burgle Bros 2 "Tile Clarifications": its rooms (numbers 1 to 6 on every tile, checked by vocabulary.py)
BB2_ROOMS = ("buffet", "cashier-cages", "count-room", "crows-nest", "escalator", "lounge", "monorail",
             "owners-office", "pool", "revolving-door", "safe", "slots", "surveillance", "table-games")
BB3_ROOMS = ("room", GUARD_ROOM)  # a plain room, or one with the grey guard banner (bb3 Adjacency)


def tiles_of(kind: str, job: str = "") -> tuple[int | None, ...]:
    """The numbers on the box's tiles of ``kind`` for ``job`` (none: the box has no such tile)."""
    return JOB_BOXES.get(job, BB1_BOX).get(kind, ())


def check_bb1_tile(tiles: Mapping[int, Mapping[str, str]], numbers: Mapping[int, Mapping[str, int]], job: str,
                   floor: int, square: str, kind: str, number: int | None) -> None:
    """Refuses a bb1 reveal the box cannot hold: ``tiles``/``numbers`` are every floor's revealed rooms, the
    room at ``square`` itself left out (turning it up again replaces what it was)."""
    box = tiles_of(kind, job)
    if not box:
        raise NotInTheBoxError(N_("%(job)s plays without the %(room)s tiles"), job=JOB_TITLES[job], room=kind)
    printed = sorted({n for n in box if n is not None})
    if number is not None and not printed:
        raise NotInTheBoxError(N_("a %(room)s tile prints no combination number"), room=kind)
    if number is not None and number not in printed:
        raise NotInTheBoxError(N_("the %(room)s tiles print %(numbers)s, not %(number)s"), room=kind,
                               numbers=printed, number=number)
    elsewhere = [(f, s) for f in sorted(tiles) for s, k in sorted(tiles[f].items())
                 if k == kind and (f, s) != (floor, square)]
    if kind in ONE_PER_FLOOR:
        here = [s for f, s in elsewhere if f == floor]
        if here:
            raise NotInTheBoxError(N_("floor %(floor)s already has its %(room)s, in %(at)s"), floor=floor,
                                   room=kind, at=here[0])
    if number is not None:
        same = [(f, s) for f, s in elsewhere if numbers.get(f, {}).get(s) == number]
        if len(same) >= box.count(number):
            f, s = same[0]
            raise NotInTheBoxError(N_("the %(room)s numbered %(number)s is already on the board, in %(at)s on "
                                      "floor %(floor)s"), room=kind, number=number, at=s, floor=f)
    if len(elsewhere) >= len(box):
        raise NotInTheBoxError(N_("all %(count)s %(room)s tiles of the box are already on the board"),
                               count=len(box), room=kind)


def check_known_room(rooms: Iterable[str], game: str, kind: str) -> None:
    """A room type the game has: refused even as a correction, since no such tile can lie on the board (and a
    heist holding one could not be exported and opened again)."""
    if kind not in rooms:
        raise IllegalActionError(N_("%(game)s has no %(value)s room tile: %(rooms)s"), game=game, value=repr(kind),
                                 rooms=sorted(rooms))
