"""What a phone following a burglar feels (issue 26 §5): the burglars the last action found, read from its log
entries like everything else the board says. A phone that follows one of them vibrates (static/floors.js)."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.log import LogEntry

# found by a guard or a bouncer: a Stealth token discarded (or taken from the Lavatory instead), heat taken,
# caught; a correction made by hand is not news to anyone
FOUND = ("stealth", "heat", "caught")


def found(entries: Iterable[LogEntry]) -> list[str]:
    """Who was found in these entries, each once, in order.

    >>> from assistant.engine.log import LogEntry as E
    >>> found([E("enter", "1.3", 1, "B2"), E("stealth", "1.7", 1, "B2", {"who": "Ana", "left": 0}),
    ...        E("caught", "1.8", 1, "B2", {"who": "Ana"}), E("heat", "bb2 Heat", 1, "B2", {"who": "Bo"})])
    ['Ana', 'Bo']
    """
    names: list[str] = []
    for e in entries:
        who = e.data.get("who")
        if e.kind in FOUND and isinstance(who, str) and who not in names:
            names.append(who)
    return names
