"""Every action the engine accepts, as a small typed value: what a case, a stored heist or a button says.

An action is read once, where it comes in: :func:`from_json` checks every field's type, word and range and
gives a frozen dataclass, or raises :class:`MalformedActionError` naming the field and what was expected.
Whether the rules allow it (a floor the heist has, a room on the board, no wall in the way) is decided later,
by ``actions.apply``, with an :class:`IllegalActionError`: python-chess keeps ``InvalidMoveError`` apart from
``IllegalMoveError`` the same way. :meth:`Action.to_json` gives back the JSON the case format
(``docs/conformance.md``) and the store use, with the optional keys that were given and no others.

Here are the readers, the :class:`Action` base and the actions every game has; each game's own actions are in its
package (``bb1/vocabulary.py``, ``bb2/vocabulary.py``, ``bb3/vocabulary.py``), and defining one registers its ``do``
in :data:`ACTIONS`. This module imports no game: ``engine/rulesets.py`` imports every game's vocabulary, so
whatever imports it (the engine's ``apply``, the store) reads every game's actions.

>>> move = from_json({"do": "move", "who": "ana", "floor": "2", "to": "b3"})
>>> move
Move(who='ana', floor=2, to='B3', how=None, room=None, number=None, by=None, cause=None, correction=None, via=None)
>>> move.to_json()
{'do': 'move', 'who': 'ana', 'floor': 2, 'to': 'B3'}
>>> from_json({"do": "move", "who": "ana", "floor": 2, "to": "B3", "how": "run"})
Traceback (most recent call last):
...
assistant.engine.errors.MalformedActionError: 'how' must be one of walk, fall, place, not 'run'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from .errors import N_, MalformedActionError
from .limits import MOST_BONUS, MOST_NUMBER
from .log import ALARM_CAUSES
from .walks import TABLE, WAYS

HACK_KINDS = ("fingerprint", "laser", "motion")
MOVE_KINDS = ("walk", "fall", "place")  # entering a room; set down below without entering; a correction
SET_FIELDS = ("stealth", "heat", "die", "cubes", "workers", "room_tokens", "geared")
LAYOUTS = ("printed", "random", "hard", "none")
MOST_TEXT = 60  # a room type, an answer: longer than any word of ours
MOST_NAME = 40  # a crew member's name (the new-heist form allows 20)
_SQUARE = re.compile(r"[A-Za-z][0-9]")
_DIGITS = re.compile(r"-?[0-9]{1,30}")  # a whole number as a form or an old case writes it

Reader = Callable[[Any, str], Any]


def _refuse(message: str, key: str, value: Any, **params: Any) -> MalformedActionError:
    shown = repr(value)
    return MalformedActionError(message, key=repr(key), value=shown if len(shown) <= 40 else shown[:39] + "…",
                                **params)


def card_key(name: str) -> str:
    """A card or room name as the engine keys it, however the table typed it: "Cursed Goblet" -> "cursed-goblet"."""
    return "-".join(name.strip().lower().split())


# -- readers: one per kind of field, each gives the value as the engine reads it ---------------------------

def whole(low: int | None = None, high: int | None = None) -> Reader:
    """A whole number (written with digits, as a form or an old case may send it), within its range."""
    def read(value: Any, key: str) -> int:
        if isinstance(value, str) and _DIGITS.fullmatch(value):
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _refuse(N_("%(key)s must be a whole number, not %(value)s"), key, value)
        if (low is not None and value < low) or (high is not None and value > high):
            raise _refuse(N_("%(key)s must be a whole number from %(low)s to %(high)s, not %(value)s"), key, value,
                          low=low, high=high)
        return value
    return read


def word(*choices: str, spelled: Callable[[str], str] | None = None, unknown: str = "",
         listed_as: str = "choices") -> Reader:
    """One of a few words (a code, never free text that could end up in the log); ``spelled`` first puts a
    name the table typed into the engine's spelling ("Cursed Goblet" -> "cursed-goblet"); ``unknown`` is the
    refusal of a word not among them, with the words as its ``listed_as`` parameter (``tools``, ``loot``:
    cards the reader sees by their printed names, words/refusals.py)."""
    def read(value: Any, key: str) -> str:
        if isinstance(value, str) and spelled is not None:
            value = spelled(value)
        if not isinstance(value, str) or value not in choices:
            raise _refuse(unknown or N_("%(key)s must be one of %(choices)s, not %(value)s"), key, value,
                          **{listed_as: [c for c in choices if c]})
        return value
    return read


def text(most: int = MOST_TEXT) -> Reader:
    def read(value: Any, key: str) -> str:
        if not isinstance(value, str) or len(value) > most:
            raise _refuse(N_("%(key)s must be a text of at most %(most)s characters, not %(value)s"), key, value,
                          most=most)
        return value
    return read


def square(value: Any, key: str) -> str:
    """A square's name: whether that room is on the floor is the rules' question."""
    if not isinstance(value, str) or not _SQUARE.fullmatch(value):
        raise _refuse(N_("%(key)s must be a square name like B2, not %(value)s"), key, value)
    return value.upper()


_SAID_AS_FLAG = {"1": True, "true": True, "on": True, "yes": True,
                 "0": False, "false": False, "off": False, "no": False}


def flag(value: Any, key: str) -> bool:
    """True or false: 1 and 0 too, and the words a form sends for them ("on", "1", "false" …)."""
    if isinstance(value, str):
        value = _SAID_AS_FLAG.get(value.lower(), value)
    if value not in (True, False):
        raise _refuse(N_("%(key)s must be true or false, not %(value)s"), key, value)
    return bool(value)


# the most of each number a game keeps on a room that the table may set by hand: each game's vocabulary adds its own
SET_MOST: dict[str, int] = {}


def count_or_flag(value: Any, key: str) -> int:
    """A count, or true/false for what is on or off (a bb3 disguise): the widest range of ``SET_MOST``."""
    return value if isinstance(value, bool) else whole(0, max(SET_MOST.values(), default=0))(value, key)


FLOOR = whole()  # any number: whether the heist has that floor is the rules' question
NAME = text(MOST_NAME)


def need(read: Reader, key: str | None = None) -> Any:
    """A field the action must have (``key``: its JSON name where Python cannot use it, like ``from``)."""
    return field(metadata={"read": read, "key": key, "required": True})


def may(read: Reader, key: str | None = None) -> Any:
    """An optional field: absent (or given as "", an empty form field) it is None and the engine's default holds."""
    return field(default=None, metadata={"read": read, "key": key, "required": False})


# -- the actions ---------------------------------------------------------------------------------------------

ACTIONS: dict[str, type[Action]] = {}


@dataclass(frozen=True, kw_only=True)
class Action:
    """One action: ``do`` names it, the fields are its keys."""

    do: ClassVar[str]

    def __init_subclass__(cls, do: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.do = do
        ACTIONS[do] = cls

    @classmethod
    def keys(cls, data: Mapping[str, Any]) -> dict[str, tuple[str, Reader, bool]]:
        """The JSON keys this action takes: key -> (field, reader, required)."""
        return {f.metadata["key"] or f.name: (f.name, f.metadata["read"], f.metadata["required"]) for f in fields(cls)}

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Action:
        keys = cls.keys(data)
        unknown = sorted(str(k) for k in data if k != "do" and k not in keys)
        if unknown:
            raise MalformedActionError(N_("the action %(do)s takes no %(keys)s"), do=repr(cls.do),
                                       keys=[repr(k) for k in unknown])
        values = {}
        for key, (name, read, required) in keys.items():
            value = data.get(key)
            if value is None or (value == "" and not required):
                if required:
                    raise MalformedActionError(N_("the action %(do)s needs %(key)s"), do=repr(cls.do), key=repr(key))
                continue
            values[name] = read(value, key)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """The action as the case format and the store write it: the optional keys given, and no others."""
        out: dict[str, Any] = {"do": self.do}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.metadata["key"] or f.name] = _json(f.name, value)
        return out


def _json(name: str, value: Any) -> Any:
    if name == "tokens":
        return dict(value)
    if name == "targets":
        return [list(t) for t in value]
    return value


def from_json(data: Any) -> Action:
    """The action ``data`` says, every field checked; a MalformedActionError names the culprit."""
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("do"), str):
        raise MalformedActionError(N_("an action is an object with a %(key)s field"), key="'do'")
    kind = ACTIONS.get(data["do"])
    if kind is None:
        raise MalformedActionError(N_("unknown action %(do)s"), do=repr(data["do"]))
    return kind.read(data)


@dataclass(frozen=True, kw_only=True)
class Answer(Action, do="answer"):
    choice: str = need(text())
    correction: bool | None = may(flag)  # §1.22 "The table's patrol deck": the card shown, even one face up


@dataclass(frozen=True, kw_only=True)
class GuardTurn(Action, do="guard_turn"):
    floor: int = need(FLOOR)
    bonus: int | None = may(whole(-MOST_BONUS, MOST_BONUS))  # +1 Espresso, -1 Daydreaming


@dataclass(frozen=True, kw_only=True)
class EndTurn(Action, do="end_turn"):
    pass


@dataclass(frozen=True, kw_only=True)
class Start(Action, do="start"):
    pass


@dataclass(frozen=True, kw_only=True)
class Entrance(Action, do="entrance"):
    at: str = need(square)
    room: str | None = may(text(), "type")  # the entrance room, turned face up by breaking in
    number: int | None = may(whole(1, MOST_NUMBER))
    correction: bool | None = may(flag)  # its tile is as the board says, whatever the box holds


@dataclass(frozen=True, kw_only=True)
class Alarm(Action, do="alarm"):
    floor: int = need(FLOOR)
    at: str = need(square)
    hack: str | None = may(word(*HACK_KINDS))  # cancelled by a hack token of that computer
    cause: str | None = may(word(*ALARM_CAUSES))


@dataclass(frozen=True, kw_only=True)
class RemoveAlarm(Action, do="remove_alarm"):
    floor: int = need(FLOOR)
    at: str = need(square)


@dataclass(frozen=True, kw_only=True)
class CrackSafe(Action, do="crack_safe"):
    floor: int = need(FLOOR)
    who: str | None = may(NAME)  # bb1: who cracked it (the advanced Peterman may, from the floor above or below)
    correction: bool | None = may(flag)  # the table says so: nobody need stand in the Safe room the board knows


@dataclass(frozen=True, kw_only=True)
class EnterFloor(Action, do="enter_floor"):
    floor: int = need(FLOOR)


@dataclass(frozen=True, kw_only=True)
class Move(Action, do="move"):
    who: str = need(NAME)
    floor: int = need(FLOOR)
    to: str = need(square)
    how: str | None = may(word(*MOVE_KINDS))  # walk by default
    room: str | None = may(text(), "type")  # a face-down room turned up by this move
    number: int | None = may(whole(1, MOST_NUMBER))
    by: str | None = may(word("", "rook"))  # the Rook's Orders
    cause: str | None = may(word("walkway", "lost-grip"))  # of a fall
    correction: bool | None = may(flag)  # the room turned up is as the board says, whatever the box holds
    via: str | None = may(word(*WAYS, TABLE))  # the way she takes, when it is no open door (engine/walks.py)


@dataclass(frozen=True, kw_only=True)
class Place(Action, do="place"):
    who: str = need(NAME)
    floor: int = need(FLOOR)
    to: str = need(square)


@dataclass(frozen=True, kw_only=True)
class Escape(Action, do="escape"):
    who: str = need(NAME)
    correction: bool | None = may(flag)  # the table says so: not checked for the top floor's Stairs or the loot


@dataclass(frozen=True, kw_only=True)
class Reveal(Action, do="reveal"):
    floor: int = need(FLOOR)
    at: str = need(square)
    room: str = need(text(), "type")
    number: int | None = may(whole(1, MOST_NUMBER))
    correction: bool | None = may(flag)  # "the board says otherwise": not checked against the box (engine/box.py)



@dataclass(frozen=True, kw_only=True)
class Set(Action, do="set"):
    """A number the table corrects by hand; which one (and its range) decides the other keys it needs."""

    what: str = need(word(*SET_FIELDS), "field")
    value: int = need(count_or_flag)  # each field's own range is a rule
    who: str | None = may(NAME)
    floor: int | None = may(FLOOR)
    at: str | None = may(square)


@dataclass(frozen=True, kw_only=True)
class Wall(Action, do="wall"):
    floor: int = need(FLOOR)
    wall: str = need(text(7))
    on: bool | None = may(flag)  # toggled when absent


@dataclass(frozen=True, kw_only=True)
class Layout(Action, do="layout"):
    kind: str = need(word(*LAYOUTS))
    seed: int | None = may(whole(0))
