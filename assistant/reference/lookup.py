"""From a rule number in the game log to the reference page that explains it."""

from __future__ import annotations

from .entries import Entry
from .search import normalise


class RuleIndex:
    """Which pages explain each rule number.

    Several pages may share a number (every event is rule 1.21); the first page read claims it (the
    overview), and the log line's own words pick a more precise page when they name one ("Squeak!: the
    guard takes one step…" goes to Squeak!).
    """

    def __init__(self, entries: list[Entry]):
        self._pages: dict[str, list[Entry]] = {}
        for entry in entries:
            for rule in entry.rules:
                self._pages.setdefault(rule, []).append(entry)

    def rules(self) -> list[str]:
        return sorted(self._pages)

    def slug_for(self, rule: str, text: str = "") -> str | None:
        pages = self._pages.get(rule.strip())
        if not pages:
            return None
        best, best_len = pages[0], 0
        said = normalise(text)
        for entry in pages[1:]:
            for name in (entry.title, *entry.aliases, *entry.log_words):
                words = normalise(name)
                if len(words) > best_len and words.strip() and words in said:
                    best, best_len = entry, len(words)
        return best.slug
