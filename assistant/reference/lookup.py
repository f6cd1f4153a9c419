"""From a rule number in the game log to the reference page that explains it."""

from __future__ import annotations

from ..engine.log import LogEntry
from .entries import Entry
from .folding import normalise

CODES = ("kind", "how", "why", "reason", "cause", "question", "card")


def log_words(entry: LogEntry) -> str:
    """A log entry's codes as words ("event squeak"), to match against page titles, aliases and log_words."""
    codes = [entry.kind] + [entry.data.get(key) for key in CODES[1:]]
    return " ".join(str(code).replace("_", " ") for code in codes if isinstance(code, str) and code)


class RuleIndex:
    """Which pages explain each rule number.

    Several pages may share a number (every event is rule 1.21); the first page read claims it (the
    overview), and the log line's codes pick a more precise page when they name one (an entry of kind
    "event" with how "squeak" goes to Squeak!): see :func:`log_words`.
    """

    def __init__(self, entries: list[Entry]):
        self._pages: dict[str, list[Entry]] = {}
        for entry in entries:
            for rule in entry.rules:
                self._pages.setdefault(rule, []).append(entry)

    def rules(self) -> list[str]:
        return sorted(self._pages)

    def slug_for(self, rule: str, words: str = "") -> str | None:
        pages = self._pages.get(rule.strip())
        if not pages:
            return None
        best, best_len = pages[0], 0
        said = normalise(words)
        for entry in pages[1:]:
            for name in (entry.title, *entry.aliases, *entry.log_words):
                words = normalise(name)
                if len(words) > best_len and words.strip() and words in said:
                    best, best_len = entry, len(words)
        return best.slug
