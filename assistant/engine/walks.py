"""Every walk against the board (issue 21 §4): a Move goes to a neighbouring room with no wall between, unless
a way is named.

The board itself gives some ways, which the app knows from Burgle Bros 1's tiles (bb1 rulebook, "Tiles"):
the Stairs (up to the room above, and back down), down from a revealed Walkway (up into it only while Gymnastics
lasts), into a Secret Door from any neighbour even through a wall (never out of it through one), and between the
two Service Ducts once both are turned up, on any floors. A Thermal Bomb's hole is Stairs between the two rooms it
joins (§1.22 "Thermal Bomb holes"), and while a Time Lock lasts no Stairs or hole is walked (§1.22 "Time Lock").
The other ways are the table's to name (``via`` on a move): a Stairs token or a tile the app does not follow (bb2,
bb3), an ability, a tool or an event. A named way is still checked against what the app knows: Stairs lead one
floor up or down to the same square, a Walkway one floor down, a Secret Door into a touching room, and a tile the
board shows as something else is no Stairs.

Whether the app follows the game's rooms (``tiles``: its ruleset's ``room_rules``, Burgle Bros 1) is the caller's
to say: this module sits below the games. A walk the board refuses is a :class:`NoWayError`; the table keeps the
last word by putting the burglar where the board shows her (``place``, a correction). How a case reads such a walk:
docs/conformance.md.

>>> from assistant.engine.cases import state_from_case
>>> s = state_from_case({"floors": {"1": {"walls": ["A1-B1"]}}, "crew": {"ann": {"floor": 1, "at": "A1"}}})
>>> way(s, "ann", 1, "A2", tiles=True), way(s, "ann", 1, "B1", tiles=True), way(s, "ann", 1, "C3", tiles=True)
('', None, None)
"""

from __future__ import annotations

from .errors import N_, NoWayError
from .state import GameState

TILE_WAYS = ("stairs", "walkway", "secret-door", "service-duct")  # rooms that lead elsewhere (bb1 "Tiles")
NAMED_WAYS = ("ability", "tool", "event")  # a character's ability, a tool card, an event card
TABLE = "table"  # a walk a case gives that the board refuses: the table's word, marked as a correction
WAYS = (*TILE_WAYS, *NAMED_WAYS)
WAY_NAMES = {"stairs": N_("Stairs"), "walkway": N_("a Walkway"), "secret-door": N_("a Secret Door"),
             "service-duct": N_("the Service Ducts")}
PAINTING_BARS = ("secret-door", "service-duct")  # bb1 Painting: the special moves its holder cannot make


def way(state: GameState, who: str, floor: int, square: str, tiles: bool) -> str | None:
    """The way the board gives ``who`` from where she stands into ``square`` of ``floor``: "" for a
    neighbouring room with no wall between, a tile's way (bb1's Stairs, Walkway, Secret Door, Service Duct),
    or None when there is none. A burglar still outside comes in by the entrance (bb1 Break in; bb2's two).
    ``tiles``: the app follows the game's rooms (Burgle Bros 1), so their ways are read from the board."""
    b = state.crew[who]
    if b.at is None:
        return "" if not state.entrances or (floor == 1 and square in state.entrances) else None
    if b.floor == floor and state.plan(floor).open_between(b.at, square):
        return ""
    if not tiles:
        return None
    barred = barred_ways(state, who, tiles)
    return next((w for w in TILE_WAYS
                 if w not in barred and not _closed(state, w) and _tile_way(state, w, b.floor, b.at, floor, square)),
                None)


def _closed(state: GameState, kind: str) -> bool:
    """§1.22 "Time Lock": until the drawer's next turn nobody goes up or down by the Stairs or a Thermal Bomb hole
    (a peek is no walk: it stays allowed)."""
    return kind == "stairs" and state.lock_by is not None


def barred_ways(state: GameState, who: str, tiles: bool) -> tuple[str, ...]:
    """The ways of the board ``who`` may not take: while she holds the Painting, the Secret Door's and the Service
    Ducts' special moves (bb1 Painting; §1.22 "The Painting": a correction can still put her there). She still walks
    into and out of those rooms by an open door."""
    return PAINTING_BARS if tiles and "painting" in state.crew[who].loot else ()


def _tile_way(state: GameState, kind: str, floor: int, square: str, to_floor: int, to: str) -> bool:
    """Whether the bb1 tiles turned up give ``kind`` of way from (floor, square) to (to_floor, to)."""
    tiles = {n: fl.tiles for n, fl in state.floors.items()}
    if kind == "stairs":  # a Thermal Bomb's hole is Stairs too (§1.22), recorded by its lower room
        lower = min(floor, to_floor)
        return square == to and abs(floor - to_floor) == 1 and (tiles[lower].get(square) == "stairs"
                                                               or f"{lower}-{square}" in state.holes)
    if kind == "walkway":  # down from it; up into it from the room below while Gymnastics lasts (EN Gymnastics)
        return square == to and ((to_floor == floor - 1 and tiles[floor].get(square) == "walkway")
                                 or (_up_walkways(state) and to_floor == floor + 1
                                     and tiles[to_floor].get(to) == "walkway"))
    if kind == "secret-door":
        return (to_floor == floor and to in state.plan(floor).touching(square)
                and tiles[floor].get(to) == "secret-door")
    return (tiles[floor].get(square) == "service-duct" and tiles[to_floor].get(to) == "service-duct"
            and (floor, square) != (to_floor, to))


def check_walk(state: GameState, who: str, floor: int, square: str, via: str | None, tiles: bool) -> str:
    """The way ``who`` walks into ``square`` of ``floor``, or a NoWayError saying why there is none. ``via``
    names the way when the table says how (an ability, a tool, an event, a Stairs token ...); "table" takes
    the walk as the table's word, unchecked (how a case reads one the board refuses)."""
    found = way(state, who, floor, square, tiles)
    if via in NAMED_WAYS or via == TABLE:
        return via
    b = state.crew[who]
    if via in TILE_WAYS and b.at is not None:
        if found != "" and via in barred_ways(state, who, tiles):
            _refuse_painting(who, via)
        _check_named(state, via, b.floor, b.at, floor, square, tiles)
        _check_open(state, via)
        return via
    if found is not None:
        return found
    if b.at is not None:
        barred = [w for w in barred_ways(state, who, tiles) if _tile_way(state, w, b.floor, b.at, floor, square)]
        if barred:
            _refuse_painting(who, barred[0])
    if b.at is not None and tiles and _tile_way(state, "stairs", b.floor, b.at, floor, square):
        _check_open(state, "stairs")
    if b.at is None:
        raise NoWayError(N_("%(who)s is outside: the crew comes in through an entrance (%(entrances)s on floor "
                            "1), not %(square)s on floor %(floor)s"), who=who, entrances=list(state.entrances),
                         square=square, floor=floor)
    if b.floor != floor:
        raise NoWayError(N_("%(who)s is on floor %(on)s: %(square)s on floor %(floor)s is reached only by Stairs, a "
                            "Walkway or another way the table names"), who=who, on=b.floor, square=square,
                         floor=floor)
    if square in state.plan(floor).touching(b.at):
        raise NoWayError(N_("a wall stands between %(at)s and %(square)s on floor %(floor)s: %(who)s cannot walk "
                            "through it"), at=b.at, square=square, floor=floor, who=who)
    raise NoWayError(N_("%(square)s is not next to %(at)s, where %(who)s stands on floor %(floor)s: a move goes to "
                        "a neighbouring room"), square=square, at=b.at, who=who, floor=floor)


def _up_walkways(state: GameState) -> bool:
    """EN Gymnastics: until the drawer's next turn a Walkway is walked into from the room below it."""
    return state.gymnastics_by is not None


def _check_open(state: GameState, via: str) -> None:
    """A NoWayError saying why, when a Time Lock closes this way (the board would give it otherwise)."""
    if _closed(state, via):
        raise NoWayError(N_("Time Lock: nobody goes up or down by the Stairs or a Thermal Bomb hole until %(who)s's "
                            "next turn"), who=state.lock_by)


def _refuse_painting(who: str, via: str) -> None:
    raise NoWayError(N_("%(who)s holds the Painting: she cannot use the special move of %(what)s (she may still walk "
                        "in and out by an open door)"), who=who, what=WAY_NAMES[via])


def _check_named(state: GameState, via: str, floor: int, square: str, to_floor: int, to: str, tiles: bool) -> None:
    """A way the table names, checked against what the board shows: where it leads, and in Burgle Bros 1 the
    tile itself when it is turned up."""
    leads = {"stairs": to == square and abs(to_floor - floor) == 1,
             "walkway": to == square and (to_floor == floor - 1 or (_up_walkways(state) and to_floor == floor + 1)),
             "secret-door": to_floor == floor and to in state.plan(floor).touching(square),
             "service-duct": (to_floor, to) != (floor, square)}[via]
    if not leads:
        raise NoWayError(N_("the way named (%(what)s) does not lead from %(at)s on floor %(on)s to %(square)s on "
                            "floor %(floor)s"), what=WAY_NAMES[via], at=square, on=floor, square=to, floor=to_floor)
    if tiles and not _tile_way(state, via, floor, square, to_floor, to) and _shown_otherwise(state, via, floor, square,
                                                                                              to_floor, to):
        raise NoWayError(N_("the way named (%(what)s) is not on the board: the rooms turned up there say "
                            "otherwise"), what=WAY_NAMES[via])


def _shown_otherwise(state: GameState, via: str, floor: int, square: str, to_floor: int, to: str) -> bool:
    """A room the way needs is turned up as something else (a face-down one may still be it)."""
    needs = {"stairs": [(min(floor, to_floor), square)], "walkway": [(max(floor, to_floor), square)],
             "secret-door": [(to_floor, to)], "service-duct": [(floor, square), (to_floor, to)]}[via]
    return any(state.floors[f].tiles.get(sq, via) != via for f, sq in needs)


