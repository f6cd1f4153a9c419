"""Reading an imported case file (home page, *Open an exported position*) before the engine sees it.

The engine's ``state_from_case`` checks the rules (squares, walls, a floor in one piece); this checks
what a file from anywhere can do to the server: its size, how deeply it nests (Python's JSON parser
recurses, so 100,000 nested brackets crash it), numbers JSON cannot hold (``NaN``, ``Infinity``,
``1e999``), and the type and range of every field a position keeps, so a case can store nothing a
table could not have made. Each problem is one sentence naming the culprit.

>>> read_case(b'{"floors": {"1": {}}, "crew": {"Ann": {"stealth": 9}}}')
Traceback (most recent call last):
...
assistant.web.case_file.CaseFileError: crew Ann, stealth: a whole number from 0 to 6, not 9
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..words.i18n import N_, _

IMPORT_LIMIT = 1_000_000  # bytes: an exported three-floor heist is about 5 kB
MAX_DEPTH = 8  # a case nests 5 deep (case > floors > floor > tiles > type); 8 leaves room
MAX_ITEMS = 64  # the most entries any list or map of a case needs (a bb3 floor's alarm cubes, say)
MAX_ACTIONS = 500  # a case's actions, and its answers, all played at import: a long heist's, with room to spare
MAX_WORD = 60  # a square, room type, loot or rules name
MAX_ABOUT = 500  # the free text of a case ("about"), cut to a title when imported
TOO_BIG = N_("the file is too big: an exported heist is a few kB, and at most %(mb)s MB is read")

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class CaseFileError(ValueError):
    """The file is not a case this app can open; the message says why, for the page, in the reader's
    language (the culprit's place in the file, "crew Ann, stealth", keeps the file's own English keys)."""


def too_big() -> str:
    return _(TOO_BIG, mb=IMPORT_LIMIT // 1_000_000)


def read_case(raw: bytes) -> dict[str, Any]:
    """The case in ``raw`` (a JSON file), checked for size, depth, numbers and field types."""
    if len(raw) > IMPORT_LIMIT:
        raise CaseFileError(too_big())
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CaseFileError(_("the file is not text (UTF-8): choose a .json file the app exported")) from None
    _check_depth(text)
    try:
        case = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as err:
        # the place, not the parser's own English words for what it expected there
        raise CaseFileError(_("the file is not JSON: it breaks off at line %(line)s, column %(column)s",
                              line=err.lineno, column=err.colno)) from None
    check_case(case)
    return case


def _check_depth(text: str) -> None:
    """Count brackets outside strings before parsing: the parser itself would recurse into them."""
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise CaseFileError(_("the file nests brackets more than %(most)s deep; a case never does", most=MAX_DEPTH))


def _no_constant(name: str) -> float:
    raise CaseFileError(_("%(name)s is not a number a case can hold", name=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise CaseFileError(_("%(number)s is too large a number for a case", number=text[:20]))
    return value


# -- field types and ranges ------------------------------------------------------------------------

def check_case(case: Any) -> None:
    """Every field a position keeps has its type and a sensible size or range."""
    _map(case, "the case", 32)
    for key in ("id", "about"):
        if case.get(key) is not None:
            _text(case[key], key, MAX_ABOUT)
    for key in ("rules", "tiebreak"):  # their values, and size, players and each die, the engine checks
        if key in case:
            _text(case[key], key)
    if "seed" in case:
        _int(case["seed"], "seed", 0, 2**63)
    _words(case.get("void", []), "void")
    for key, spec in _map(case.get("floors", {}), "floors", 3).items():
        _floor(spec, f"floor {_text(key, 'a floor number', 2)}")
    for name, spec in _map(case.get("crew", {}), "crew", 4).items():
        _burglar(spec, f"crew {_text(name, 'a burglar name', 20)}")
    for key, order in _map(case.get("reshuffle", {}), "reshuffle", 3).items():
        _words(order, f"reshuffle {_text(key, 'a floor number', 2)}")
    for key, squares in _map(case.get("holes", {}), "holes", 3).items():
        _words(squares, f"holes {_text(key, 'a floor number', 2)}")
    for key in ("actions", "choices"):  # what each says, the engine reads; how many are played, this bounds
        _list(case.get(key) or [], key, MAX_ACTIONS)


def _floor(spec: Any, where: str) -> None:
    _map(spec, where, 32)
    for key in ("walls", "alarms", "patrol", "face_down", "discard", "crowd", "even"):
        _words(spec.get(key, []), f"{where}, {key}")
    for key in ("guard", "destination"):
        if spec.get(key) is not None:
            _text(spec[key], f"{where}, {key}", 3)
    if "suspicion" in spec:
        _int(spec["suspicion"], f"{where}, suspicion", 0, 6)
    for square, kind in _map(spec.get("tiles", {}), f"{where}, tiles", MAX_ITEMS).items():
        _text(kind, f"{where}, tile {_text(square, 'a square', 3)}")
    for key in ("cubes", "workers"):
        for square, count in _map(spec.get(key, {}), f"{where}, {key}", MAX_ITEMS).items():
            _int(count, f"{where}, {key} in {_text(square, 'a square', 3)}", 0, 9)


def _burglar(spec: Any, where: str) -> None:
    _map(spec, where, 16)
    if "floor" in spec:
        _int(spec["floor"], f"{where}, floor", 1, 3)
    if spec.get("at") is not None:
        _text(spec["at"], f"{where}, at", 3)
    for key in ("stealth", "heat"):
        if key in spec:
            _int(spec[key], f"{where}, {key}", 0, 6)
    _words(spec.get("loot", []), f"{where}, loot")
    if "geared" in spec and not isinstance(spec["geared"], bool):
        raise CaseFileError(_("%(where)s, %(key)s: %(yes)s or %(no)s, not %(value)s", where=where, key="geared",
                              yes="true", no="false", value=_show(spec["geared"])))


def _map(value: Any, where: str, most: int) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CaseFileError(_("%(where)s: a JSON object {…}, not %(value)s", where=where, value=_show(value)))
    if len(value) > most:
        raise CaseFileError(_("%(where)s: %(n)s entries; a case has at most %(most)s", where=where, n=len(value),
                              most=most))
    return value


def _words(value: Any, where: str) -> None:
    for item in _list(value, where, MAX_ITEMS):
        _text(item, where)


def _list(value: Any, where: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise CaseFileError(_("%(where)s: a list […], not %(value)s", where=where, value=_show(value)))
    if len(value) > most:
        raise CaseFileError(_("%(where)s: %(n)s entries; a case has at most %(most)s", where=where, n=len(value),
                              most=most))
    return value


def _text(value: Any, where: str, most: int = MAX_WORD) -> str:
    if not isinstance(value, str):
        raise CaseFileError(_("%(where)s: text in quotes, not %(value)s", where=where, value=_show(value)))
    if len(value) > most:
        raise CaseFileError(_("%(where)s: %(n)s characters; at most %(most)s", where=where, n=len(value), most=most))
    return value


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise CaseFileError(_("%(where)s: a whole number from %(lo)s to %(hi)s, not %(value)s", where=where, lo=lo,
                              hi=hi, value=_show(value)))
    return value


def _show(value: Any) -> str:
    shown = json.dumps(value)
    return shown if len(shown) <= 24 else shown[:24] + "…"
