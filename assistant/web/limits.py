"""What a request may send: numbers written with the digits 0-9 only, and text no longer than any
field needs. Every view reads numbers and text through these, so a garbled or oversized value
becomes a plain message (or is ignored where the value is only a hint), never a 500 or a megabyte
stored in a heist.

>>> whole_number("42"), whole_number("²"), whole_number(" 7"), whole_number("1_000"), whole_number("-1")
(42, None, None, None, None)
>>> whole_number("-1", signed=True)
-1
"""

from __future__ import annotations

import re

# ASCII digits only: str.isdigit() is true for "²" and "١" and int() then fails or reads a digit no
# keyboard at the table sends; int() also takes " 7 " and "1_000", and slows down on thousands of
# digits. Thirty digits hold any seed and let the engine say "floor 99999… does not exist".
_WHOLE = re.compile(r"[0-9]{1,30}")
_SIGNED = re.compile(r"-?[0-9]{1,30}")

# the longest value a button or form of ours sends is a name (20 letters) or a key like
# "change_of_plans": 60 characters leave room, and nothing longer is ever stored
MAX_TEXT = 60
MAX_NAME = 20
MAX_LIST = 25  # the most items a form sends under one name (rooms ticked for Shoplifting)
MAX_SEARCH = 200  # a search of the rules reference (not stored, but searched on every keystroke)


def whole_number(text: str | None, *, signed: bool = False) -> int | None:
    """``text`` as a whole number written in ASCII digits (with a leading minus if ``signed``), else None."""
    if text is None or not (_SIGNED if signed else _WHOLE).fullmatch(text):
        return None
    return int(text)


def shorten(text: str, most: int = 24) -> str:
    """The start of an oversized value, to name it in a message without echoing all of it."""
    return text if len(text) <= most else text[:most] + "…"
