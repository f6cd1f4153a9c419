"""What a phone following a burglar feels (issue 26 §5): the burglars the last action found, read from its log
entries like everything else the board says. A phone that follows one of them vibrates (static/floors.js)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# found by a guard or a bouncer: a Stealth token discarded (or taken from the Lavatory instead), heat taken,
# caught; a correction made by hand is not news to anyone
FOUND = ("stealth", "heat", "caught")


def found(entries: Iterable[dict[str, Any]]) -> list[str]:
    """Who was found in these entries, each once, in order.

    >>> found([{"kind": "enter", "data": {}}, {"kind": "stealth", "data": {"who": "Ana", "left": 0}},
    ...        {"kind": "caught", "data": {"who": "Ana"}}, {"kind": "heat", "data": {"who": "Bo"}}])
    ['Ana', 'Bo']
    """
    names: list[str] = []
    for e in entries:
        who = (e.get("data") or {}).get("who")
        if e.get("kind") in FOUND and isinstance(who, str) and who not in names:
            names.append(who)
    return names
