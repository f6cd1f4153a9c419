"""Whether a position read from a file is one this app could have written (issue 33).

A backup's heist made under earlier rules no longer replays to the positions it stored (a ruling changed what an
action does), and the live heists file keeps such positions after an upgrade without replaying them. A backup's
stored position is therefore taken in place of the replay's only when it passes every check a position from
outside gets: it reads through the app's own reader and its upgrade steps (``GameState.from_text``), each field has
the type the state declares, and, exported as a case, it passes the checks of an imported case file
(``web/case_file.check_case``) and reads back with ``engine/cases.state_from_case`` to the same case: squares,
walls, dice, cards, crew and tokens. The rulings that changed what a position may hold are not imposed on an old
one, but what they concern is checked for its shape (``_as_case``). What a case does not carry is checked here:
the turn order, who an effect belongs to, the pieces a floor keeps beyond the case's (a crow, cameras switched
off, combination numbers), escaped burglars, and the question to the table, whose action reads, whose state before
it passes the same checks and whose words can be said. Each log entry kept with such a position must be one the
log page can say. A failed check raises :class:`NotWritten`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from .engine.bb1.cards import MAX_STEALTH
from .engine.bb1.table import TOOLS
from .engine.bb2.limits import HEAT_LIMIT
from .engine.board import SQUARE_INDEX
from .engine.cases import ROOM_TYPES, state_from_case
from .engine.log import KINDS, LogEntry
from .engine.questions import QUESTIONS
from .engine.rulesets import RULEBOOKS
from .engine.scenarios import SCENARIOS
from .engine.state import HIDDEN, Burglar, FloorState, GameState
from .engine.vocabulary import from_json
from .web.case_file import check_case
from .web.limits import MAX_TEXT
from .web.table.export import game_as_case
from .words.log import sentence
from .words.questions import option_text, prompt

MAX_ENTRIES = 500  # log entries of one action (a long guard turn with every card drawn logs a few dozen)
MAX_SENTENCE = 2000  # characters of an old entry's own sentence
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")  # as the new-heist form takes it (web/forms.py)
_PLACE = re.compile(r"([1-3])-([A-E][1-5])")  # a room of a floor, "2-B3" (Motion rooms entered, a face-down room)
_QUESTION_KEYS = frozenset({"kind", "options", "floor", "rule", "params", "default", "prompt"})
_PENDING_KEYS = frozenset({"action", "answers", "before", "question", "logged"})
ANY_ROOM = frozenset(t for types in ROOM_TYPES.values() for t in types)
SCENES = ("custom", "casino", "future")  # beyond the bb1 jobs: an imported case, bb2 and bb3 (engine/scenarios.py)


class NotWritten(ValueError):
    """A position or log no version of this app could have written (the reason is for the developer: the table is
    told which heist, never how)."""


def _int(value: Any, least: int = 0, most: int = 2**53) -> bool:
    return type(value) is int and least <= value <= most


def _strings(value: Any) -> bool:
    return all(type(v) is str for v in value)


# what each declared type of the state's fields may hold once read (``from_json`` makes tuples of JSON lists)
_TYPES: dict[str, Callable[[Any], bool]] = {
    "str": lambda v: type(v) is str and len(v) <= MAX_TEXT,
    "int": lambda v: _int(v, -2**53),  # its range, where one matters, is checked below
    "bool": lambda v: type(v) is bool,
    "str | None": lambda v: v is None or (type(v) is str and len(v) <= MAX_TEXT),
    "tuple[str, ...]": lambda v: type(v) is tuple and _strings(v),
    "list[str]": lambda v: type(v) is list and _strings(v),
    "list[str] | None": lambda v: v is None or (type(v) is list and _strings(v)),
    "Mapping[str, str]": lambda v: type(v) is dict and _strings(v.values()),
    "Mapping[str, int]": lambda v: type(v) is dict and all(_int(n) for n in v.values()),
    "dict[str, int]": lambda v: type(v) is dict and all(_int(n) for n in v.values()),
    "dict[str, Any] | None": lambda v: v is None or type(v) is dict,
}
# each dataclass's fields with what they may hold (a field of a type not in _TYPES fails here, at import); GameState's
# floors and crew are dataclasses of their own, checked one by one
_FIELDS: dict[type, tuple[tuple[str, Callable[[Any], bool]], ...]] = {
    cls: tuple((f.name, _TYPES[str(f.type)]) for f in fields(cls) if f.name not in ("floors", "crew"))
    for cls in (GameState, FloorState, Burglar)}


def _typed(obj: Any, where: str) -> None:
    values = obj.__dict__
    for name, holds in _FIELDS[type(obj)]:
        if not holds(values[name]):
            raise NotWritten(f"{where}: {name} is {values[name]!r}")


def check_state(state: GameState, *, pending: bool = True) -> None:
    """Raises NotWritten unless ``state`` is a position this app could have written; ``pending``: whether it may
    hold a question to the table (the state kept before a question holds none)."""
    _typed(state, "the heist")
    if type(state.floors) is not dict or type(state.crew) is not dict or not state.floors:
        raise NotWritten("no floors or crew")
    for n, fl in state.floors.items():
        _typed(fl, f"floor {n}")
    for name, b in state.crew.items():
        _typed(b, name)
    if state.rules not in RULEBOOKS or state.deck_mode not in ("app", "table"):
        raise NotWritten(f"rules {state.rules!r}, deck {state.deck_mode!r}")
    _as_case(state)
    _table(state)
    for n, fl in state.floors.items():
        _floor(state, n, fl)
    for name, b in state.crew.items():
        _burglar(state, name, b)
    if state.pending is not None:
        if not pending:
            raise NotWritten("a question inside a question")
        _pending(state, state.pending)


def _as_case(state: GameState) -> None:
    """The position exported as a case, with what a case carries beyond an export (a character card's side,
    Lavatory and hack tokens), passes an imported case's checks and reads back to the same case. What today's
    rulings refuse in a case but a heist of earlier rules may hold, and the board draws (a room type of another
    game, the guard on an alarm, a card two burglars hold), is left out of the case and checked here for what it
    is: rooms of the floor, room types and tools of the box."""
    exported = game_as_case(state, RULEBOOKS[state.rules], "backup")  # a backup's position names its game
    case = json.loads(json.dumps(exported))
    for n, spec in case["floors"].items():
        fl = state.floors[int(n)]
        spec.update(tiles={}, alarms=[], tokens=dict(fl.lavatory))
        if not _squares(state, int(n), [*fl.tiles, *fl.alarms]) or not all(t in ANY_ROOM for t in fl.tiles.values()):
            raise NotWritten(f"floor {n}: its rooms or alarms")
        if not RULEBOOKS[state.rules].rules.alarm_cubes and len(set(fl.alarms)) != len(fl.alarms):
            raise NotWritten(f"floor {n}: two alarms in a room")
    for name, member in case["crew"].items():
        b = state.crew[name]
        member.pop("loot", None)
        member["side"] = b.side
        if not all(t in TOOLS for t in b.tools):
            raise NotWritten(f"{name}: tools {b.tools!r}")
    if RULEBOOKS[state.rules].rules.room_rules:
        case["hack"] = dict(state.hack)
    elif state.hack:
        raise NotWritten("hack tokens in a game without computers")
    check_case(case)
    again = game_as_case(state_from_case(case), RULEBOOKS[state.rules], "backup")
    if _without(again) != _without(exported):
        raise NotWritten("the position reads back otherwise as a case")


def _without(case: dict[str, Any]) -> dict[str, Any]:
    """An exported case without what _as_case checks apart (and the seed the rest of it makes)."""
    floors = {n: {k: v for k, v in spec.items() if k not in ("tiles", "alarms")} for n, spec in case["floors"].items()}
    crew = {name: {k: v for k, v in member.items() if k != "loot"} for name, member in case["crew"].items()}
    return {**{k: v for k, v in case.items() if k != "seed"}, "floors": floors, "crew": crew}


def _table(state: GameState) -> None:
    """What the case leaves out of the table: the heist's scenario, turn order, whose effects are on, the guards'
    bonus this turn (Espresso adds, Daydreaming takes one away)."""
    if state.scenario not in (*SCENARIOS, *SCENES) or state.outcome not in (
            None, "caught", "escaped") or not _int(state.turn, 0, 2**31) or not _int(state.bonus, -9, 9) \
            or not _int(state.version):
        raise NotWritten("the table")
    if len(set(state.order)) != len(state.order) or not set(state.order) <= set(state.crew):
        raise NotWritten(f"turn order {state.order!r}")
    for user in (state.emp_by, state.loop_by, state.lock_by, state.gymnastics_by, state.invisible):
        if user is not None and user not in state.crew:
            raise NotWritten(f"an effect of {user!r}, who is not in the crew")
    if state.entrances:
        plan = state.plan(1) if 1 in state.floors else None
        if plan is None or not all(e in plan.index and e not in plan.void for e in state.entrances):
            raise NotWritten(f"entrances {state.entrances!r}")


def _squares(state: GameState, floor: int, squares: Any) -> bool:
    plan = state.plan(floor)
    return all(sq in plan.index and sq not in plan.void for sq in squares)


def _cards(state: GameState, cards: Any) -> bool:
    game = RULEBOOKS[state.rules].rules
    return all(c in SQUARE_INDEX[state.size] or c == HIDDEN or c == game.roomless_card or c in game.alike_cards
               for c in cards)


def _place(state: GameState, place: str) -> bool:
    found = _PLACE.fullmatch(place)
    return found is not None and int(found[1]) in state.floors and _squares(state, int(found[1]), [found[2]])


def _floor(state: GameState, n: int, fl: FloorState) -> None:
    """A floor's pieces an exported case does not carry."""
    kept = [*([fl.crow] if fl.crow else []), *fl.cameras_off, *fl.disabled, *fl.numbers]
    if not _squares(state, n, kept) or not _cards(state, [*fl.unseen, *(fl.stacked or [])]):
        raise NotWritten(f"floor {n}: its rooms or cards")
    if not all(_int(v, 0, 99) for v in fl.numbers.values()) or not _int(fl.shuffles, 0, 2**31):
        raise NotWritten(f"floor {n}: its numbers")


def _burglar(state: GameState, name: str, b: Burglar) -> None:
    """A burglar's fields an exported case does not carry (an escaped one is in no case at all)."""
    plan = state.plan(b.floor) if b.floor in state.floors else None
    if plan is None or (b.at is not None and (b.at not in plan.index or b.at in plan.void)):
        raise NotWritten(f"{name} on floor {b.floor!r}, at {b.at!r}")
    if not (_int(b.stealth, 0, MAX_STEALTH) and _int(b.heat, 0, HEAT_LIMIT) and _int(b.alarm_tokens, 0, 1)
            and _int(b.prima_donnas, 0, 9) and (not b.colour or _COLOUR.fullmatch(b.colour))
            and all(_place(state, m) for m in b.motion) and (not b.unsaid or _place(state, b.unsaid))):
        raise NotWritten(f"{name}: a counter, colour or room")
    if not 0 < len(name) <= 20:
        raise NotWritten(f"a burglar named {name!r}")


def _pending(state: GameState, pending: dict[str, Any]) -> None:
    """The question to the table as the engine keeps it (engine/actions.py): the action it interrupted, read as
    the engine reads one, the answers so far, the state before it (checked the same way) and the question."""
    if not _PENDING_KEYS <= pending.keys() <= {*_PENDING_KEYS, "corrected"}:
        raise NotWritten(f"a question with {sorted(pending)}")
    answers, corrected = pending["answers"], pending.get("corrected", [])
    if not (type(answers) is list and len(answers) <= 500 and all(type(a) is str and len(a) <= MAX_TEXT
                                                                    for a in answers)
            and _int(pending["logged"], 0, 10**6) and type(corrected) is list
            and all(_int(c, 0, len(answers)) for c in corrected) and type(pending["before"]) is dict):
        raise NotWritten("a question's answers")
    from_json(pending["action"])
    check_state(GameState.from_json(pending["before"]), pending=False)
    _question(state, pending["question"])


def _question(state: GameState, question: Any) -> None:
    if type(question) is not dict or not question.keys() <= _QUESTION_KEYS or question.get("kind") not in QUESTIONS:
        raise NotWritten("a question of no known kind")
    options, floor = question.get("options"), question.get("floor")
    if type(options) is not list or not 0 < len(options) <= 64 or not all(
            type(o) is str and len(o) <= MAX_TEXT for o in options):
        raise NotWritten("a question's options")
    if (floor is not None and floor not in state.floors) or type(question.get("params", {})) is not dict or any(
            type(question.get(key, "")) is not str for key in ("rule", "default", "prompt")):
        raise NotWritten("a question's floor or words")
    said = [prompt(question), *(option_text(question, o) for o in options)]
    if not all(type(s) is str for s in said):
        raise NotWritten("a question's words")


def check_log(text: Any) -> str:
    """A log as the store keeps it with an action (a list of entries, JSON), each one the log page can say;
    returned as JSON. Raises NotWritten or ValueError."""
    entries = json.loads(text) if type(text) is str else None
    if type(entries) is not list or len(entries) > MAX_ENTRIES:
        raise NotWritten("a log that is no list of entries")
    for e in entries:
        if type(e) is not dict or not e.keys() <= {"kind", "rule", "floor", "square", "data", "ruling", "text"}:
            raise NotWritten("a log entry")
        if "text" in e:  # an entry of a version that wrote sentences, kept as it was (store_upgrades.py)
            if type(e["text"]) is not str or len(e["text"]) > MAX_SENTENCE:
                raise NotWritten("an old log entry")
            continue
        if e.get("kind") not in KINDS or type(e.get("data")) is not dict or type(e.get("rule", "")) is not str \
                or type(e.get("ruling", False)) is not bool or not _TYPES["str | None"](e.get("square")) \
                or not (e.get("floor") is None or _int(e["floor"], 1, 3)):
            raise NotWritten("a log entry of no known kind")
        if type(sentence(LogEntry(**e))) is not str:
            raise NotWritten("a log entry that cannot be said")
    return json.dumps(entries)
