"""The game state: plain dataclasses that round-trip to JSON.

Everything the rules need lives here, including the seed of the app's own patrol deck, so the same
state and the same actions always give the same game (design.md, "engine").

A state's copy is one level deep (:meth:`GameState.copy`): the lists and dicts the rules change in place
(a patrol deck, tokens on a room, hack tokens) are copied; what they only ever replace is shared, and is
a tuple or a read-only ``Mapping`` so that mypy refuses a change in place (a wall put up builds a new tuple).
JSON has lists: ``to_json`` writes them, ``from_json`` reads them back as tuples.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any

from .board import Floorplan, floorplan
from .errors import N_
from .upgrades import STATE_FORMAT, SaveFormatError, upgrade_state

LOST_VISUAL = "lost-visual"  # bb1 mini expansion card
DISTRACTED = "distracted"  # bb2 card: the players choose an even-numbered room
WORKER = "worker"  # bb3 card: a worker joins the guard, draw again
WORKERS_MOVE = "workers-move"  # bb3 card: workers move as it shows (the table moves them), draw again
EMPTY_DECK = "empty"  # bb2: the answer to a card question when the table's real deck has no card left
HIDDEN = "?"  # a card of the table's physical deck, not seen yet


@dataclass
class FloorState:
    walls: tuple[str, ...] = ()
    guard: str | None = None
    destination: str | None = None
    die: int = 2
    alarms: tuple[str, ...] = ()  # sorted; bb3 repeats a square per cube
    deck: list[str] = field(default_factory=list)  # top card first
    discard: tuple[str, ...] = ()  # face up, oldest first
    unseen: tuple[str, ...] = ()  # discarded face down for the player count
    shuffles: int = 0  # how many times this deck was (re)shuffled: feeds the seeded generator
    stacked: list[str] | None = None  # a known order for the next reshuffle (cases, tests)
    tiles: Mapping[str, str] = field(default_factory=dict)  # revealed rooms: square -> type
    numbers: Mapping[str, int] = field(default_factory=dict)  # combination number printed on a revealed room
    lavatory: dict[str, int] = field(default_factory=dict)  # Stealth tokens left on a Lavatory
    appeared: bool = False  # the guard has been placed at least once (rule 1.13)
    lost: bool = False  # Lost Visual: the guard is off the board until he next moves (1.20)
    donuts: bool = False  # rule 1.18
    crow: str | None = None  # the Raven's crow token (1.19)
    crow_advanced: bool = False
    kitty: str | None = None  # bb1 Persian Kitty: the room its token ran to (nobody holds the Kitty meanwhile)
    cameras_off: tuple[str, ...] = ()  # a camera switched off by hand (a correction)
    disabled: tuple[str, ...] = ()  # Crowbar: rooms that no longer block or raise alarms
    # Burgle Bros 2
    cubes: Mapping[str, int] = field(default_factory=dict)
    crowd: tuple[str, ...] = ()
    even: tuple[str, ...] = ()
    skip: bool = False  # a player exited: this floor's bouncer skips his next turn
    # Burgle Bros 3
    suspicion: int = 0
    workers: dict[str, int] = field(default_factory=dict)


@dataclass
class Burglar:
    floor: int
    at: str | None
    stealth: int = 3
    heat: int = 0
    loot: tuple[str, ...] = ()
    geared: bool = True  # bb3: geared (True) or disguised (False)
    escaped: bool = False
    colour: str = ""
    character: str = ""
    side: str = "basic"  # of the character card: "basic" or "advanced"
    tools: tuple[str, ...] = ()
    motion: tuple[str, ...] = ()  # Motion rooms ("2-B3") entered this turn
    # Burgle Bros 2
    prima_donnas: int = 0  # Bodyguard Heist finale: Prima Donna chips on her character card
    alarm_tokens: int = 0  # bb1 Juicer (Reroute): the alarm token she picked up and holds (§1.22, one at a time)
    unsaid: str = ""  # the face-down room ("1-B2") she walked into, its text waiting for what it is


@dataclass
class GameState:
    rules: str = "bb1"
    scenario: str = "custom"
    size: int = 4
    void: tuple[str, ...] = ()
    players: int = 4
    tiebreak: str = "rulebook"
    deck_mode: str = "app"  # "app": the engine shuffles and draws; "table": it asks for each card
    lost_visual: bool = False
    seed: int = 0
    floors: dict[int, FloorState] = field(default_factory=dict)
    crew: dict[str, Burglar] = field(default_factory=dict)
    order: tuple[str, ...] = ()  # turn order (crew names)
    entrances: tuple[str, ...] = ()  # bb2: the two floor-1 corners the crew enters by
    turn: int = 0  # index into order: whose turn it is
    bonus: int = 0  # Espresso / Daydreaming for this turn's guard move
    no_move: bool = False  # Shift Change: this turn's own guard stays put
    skip_next: bool = False  # Jump the Gun
    emp_by: str | None = None  # E.M.P.: no alarm anywhere until this player's next turn
    hack: dict[str, int] = field(default_factory=dict)  # fingerprint / laser / motion tokens; "hacker": hers
    spotted: bool = False  # the Spotter looked at a patrol card this turn
    actions_over: bool = False  # bb1: the burglar whose turn it is ended her actions (her Thermo is checked)
    invisible: str | None = None  # who wears the Invisible Suit this turn
    loop_by: str | None = None  # Video Loop: cameras are off until this player's next turn
    lock_by: str | None = None  # Time Lock: no Stairs or Thermal Bomb hole is walked until this player's next turn
    gymnastics_by: str | None = None  # Gymnastics: a Walkway is walked into from below until this player's next turn
    holes: tuple[str, ...] = ()  # Thermal Bomb holes, each the lower of its two rooms ("1-B3": B3 of floors 1 and 2)
    outcome: str | None = None  # "caught" or "escaped"
    pending: dict[str, Any] | None = None  # a question to the table; see actions.py
    version: int = 0

    def plan(self, floor: int) -> Floorplan:
        return floorplan(self.size, self.void, self.floors[floor].walls, connected=False)

    def to_json(self) -> dict[str, Any]:
        """The state as JSON-ready data: what ``dataclasses.asdict`` gives, built without its deepcopy of
        every string and number (a pending question stores the state before it this way)."""
        data = _fields_as_dict(self, skip=("floors", "crew"))
        data["floors"] = {str(k): _fields_as_dict(v) for k, v in self.floors.items()}
        data["crew"] = {_plain(k, _asdict_leaf): _fields_as_dict(v) for k, v in self.crew.items()}
        data["format"] = STATE_FORMAT
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        """A state as :meth:`to_json` wrote it, in this version's format or an earlier one (upgrades.py).
        A field this version does not know is a SaveFormatError, never silently dropped."""
        return cls._from_own(_plain(data, copy.deepcopy))

    @classmethod
    def from_text(cls, text: str | bytes) -> GameState:
        """A state from the JSON text :meth:`to_json` was saved as: what it parses is its own, so unlike
        :meth:`from_json` it skips the copy that keeps a caller's data untouched (a tenth of loading a heist)."""
        return cls._from_own(json.loads(text))

    @classmethod
    def _from_own(cls, data: dict[str, Any]) -> GameState:
        """The state from ``data``, which it may change (the upgrades do, and the fields are popped)."""
        data = upgrade_state(data)
        data.pop("format")
        floors, crew = data.pop("floors", {}), data.pop("crew", {})
        state = cls(**_known(cls, data, "the heist"))
        state.floors = {int(k): FloorState(**_known(FloorState, v, f"floor {k}")) for k, v in floors.items()}
        state.crew = {k: Burglar(**_known(Burglar, v, k)) for k, v in crew.items()}
        return state

    def copy(self) -> GameState:
        """An independent copy, made field by field: every field is a number, a string, or a list or dict
        of them, so one level of copying is enough (a deepcopy took half of every action's time). Only a
        pending question, nested JSON, is copied deeply."""
        new: GameState = _shallow(self, GameState)
        # plain loops, not comprehensions (each one a call more): the danger forecast copies thousands of states
        new.floors = floors = {}
        for number, fl in self.floors.items():
            floors[number] = _shallow(fl, FloorState)
        new.crew = crew = {}
        for name, b in self.crew.items():
            crew[name] = _shallow(b, Burglar)
        if self.pending is not None:
            new.pending = copy.deepcopy(self.pending)
        return new

    def current(self) -> str | None:
        """Whose turn it is (None before the crew is known)."""
        return self.order[self.turn % len(self.order)] if self.order else None

    def burglars_at(self, floor: int, square: str) -> list[str]:
        # Called at every guard step: a plain loop (no comprehension frame) with the square tested first, as
        # it rules out nearly everyone.
        found = []
        for name, b in self.crew.items():
            if b.at == square and b.floor == floor and not b.escaped:
                found.append(name)
        return found


def _shallow(obj: Any, cls: type) -> Any:
    """A copy of a dataclass of class ``cls`` whose list and dict fields are copied one level down (tuples and
    Mappings are shared: nothing changes them in place)."""
    values = obj.__dict__.copy()
    for name in _CONTAINERS[cls]:
        value = values[name]
        if value is not None:
            values[name] = value.copy()
    new: Any = _new(cls)
    new.__dict__ = values
    return new


_new = object.__new__


_COPIED_APART = ("floors", "crew", "pending")  # GameState.copy makes these itself
# per dataclass of the state, the fields _shallow copies: its lists and dicts (named once here, not looked up
# at every copy); its tuples and Mappings are shared, and turned back from JSON lists by from_json
_CONTAINERS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if str(f.type).startswith(("list", "dict")) and f.name not in _COPIED_APART)
    for cls in (GameState, FloorState, Burglar)}
_TUPLES: dict[type, frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls) if str(f.type).startswith("tuple"))
    for cls in (GameState, FloorState, Burglar)}


def without_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """The items without the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


_ATOMS = (str, int, float, bool, type(None))


def _asdict_leaf(value: Any) -> Any:
    """What ``dataclasses.asdict`` makes of a value that is not a list, tuple or dict."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return copy.deepcopy(value)


def _plain(value: Any, leaf: Callable[[Any], Any]) -> Any:
    """A deep copy of JSON-like data (strings, numbers, lists, tuples, dicts): built directly, as
    ``copy.deepcopy`` and ``dataclasses.asdict`` would build it but without their bookkeeping for every
    string and number. Anything else is handed to ``leaf``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else _plain(v, leaf) for v in value]
    if kind is dict:
        return {k if type(k) in _ATOMS else _plain(k, leaf): v if type(v) in _ATOMS else _plain(v, leaf)
                for k, v in value.items()}
    if kind is tuple:  # JSON has no tuples: a state's shared fields are written as lists
        return [v if type(v) in _ATOMS else _plain(v, leaf) for v in value]
    return leaf(value)


def _fields_as_dict(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """``dataclasses.asdict`` of one of the state's dataclasses; the fields in ``skip`` are left None, in
    their place, for the caller to fill (the state's floors and crew)."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in fields(obj))
    values = obj.__dict__
    out = {}
    for name in names:
        value = values[name]
        out[name] = value if type(value) in _ATOMS else None if name in skip else _plain(value, _asdict_leaf)
    return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _known(cls: type, values: dict[str, Any], where: str) -> dict[str, Any]:
    names = _FIELD_SETS.get(cls)
    if names is None:
        names = _FIELD_SETS[cls] = frozenset(f.name for f in fields(cls))
    unknown = sorted(set(values) - names)
    if unknown:
        raise SaveFormatError(N_("the saved state of %(where)s has fields this version does not know (%(fields)s): "
                                 "it was written by a newer version of the app, or an upgrade step is missing"),
                              where=where, fields=list(unknown))
    for name in _TUPLES[cls] & values.keys():  # written as lists
        values[name] = tuple(values[name])
    return values


_FIELD_SETS: dict[type, frozenset[str]] = {}  # a dataclass's field names, for _known on every load
