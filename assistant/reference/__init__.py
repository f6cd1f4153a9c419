"""The in-app rules reference: one page per guard rule, event, tool, character, room and ruling, written
in our own words, kept as data in content/*.toml (see entries.py for the fields).

>>> reference_slug_for_rule("§2")
'clockwise'
>>> reference_slug_for_rule("1.21", log_words({"kind": "event", "data": {"how": "squeak"}}))
'squeak'
"""

from __future__ import annotations

from ..words.i18n import _
from .entries import KINDS, ContentError, Entry, Example
from .library import Library, library
from .lookup import log_words
from .search import Hit

__all__ = ["KINDS", "ContentError", "Entry", "Example", "Hit", "Library", "by_kind", "entries", "get", "library",
           "log_words", "reference_slug_for_rule", "search"]


def entries(lang: str = "en") -> tuple[Entry, ...]:
    return library(lang).entries


def get(slug: str, lang: str = "en") -> Entry | None:
    return library(lang).by_slug.get(slug)


def search(query: str, lang: str = "en") -> list[Hit]:
    """Pages mentioning every word of the query (any case, with or without accents), the best first."""
    return library(lang).search(query)


def by_kind(lang: str = "en") -> list[tuple[str, str, list[Entry]]]:
    """(kind, its heading, its pages) in the order of KINDS, for the index page."""
    groups = [(kind, _(label), [e for e in entries(lang) if e.kind == kind]) for kind, label in KINDS.items()]
    return [g for g in groups if g[2]]


def reference_slug_for_rule(rule: str, words: str = "") -> str | None:
    """The page explaining a log entry's rule number ("1.6b", "§2", "bb2 Hunting"), or None.

    Pass the log entry's codes too when you have them (:func:`log_words`): rule 1.21 covers every
    event, and the entry says which one (how "shift_change" → "shift-change").
    """
    return library().rule_index.slug_for(rule, words)
