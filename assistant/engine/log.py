"""Log entries: what happened, in order, each naming the rule that made it happen."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log.

    ``kind`` is stable for programs ("enter", "draw", "alarm", "stealth", ...); ``text`` is the plain
    sentence for people; ``rule`` points at guard-rules.md (e.g. "1.7") or a rulebook section;
    ``ruling`` marks our own decision where the books are silent.
    """

    kind: str
    text: str
    rule: str = ""
    floor: int | None = None
    square: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    ruling: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
