"""The in-app rules reference: one page per guard rule, event, tool, character, room and ruling, written
in our own words, kept as data in content/*.toml (see entries.py for the fields).

>>> reference_slug_for_rule("§2")
'clockwise'
>>> from assistant.engine.log import LogEntry
>>> reference_slug_for_rule("1.21", log_words(LogEntry("event", "1.21", 1, None, {"how": "squeak"})))
'squeak'
"""

from __future__ import annotations

from functools import cache

from ..words.i18n import _
from .entries import KINDS, ContentError, Entry, Example
from .library import CONTENT, Library, languages, library
from .lookup import log_words
from .names import read_names
from .search import Hit, SearchIndex

__all__ = ["KINDS", "ContentError", "Entry", "Example", "Hit", "Library", "by_kind", "entries", "get", "languages",
           "library", "log_words", "reference_slug_for_rule", "search", "search_index"]


def entries(lang: str = "en") -> tuple[Entry, ...]:
    return library(lang).entries


def get(slug: str, lang: str = "en") -> Entry | None:
    return library(lang).by_slug.get(slug)


def search(query: str, lang: str = "en") -> list[Hit]:
    """Pages answering any of the query's words (with or without accents, by any of their names), the best
    first, each with the sentence that matched: see search.py."""
    return search_index().search(query, lang)


@cache
def search_index() -> SearchIndex:
    """The search index over every page in every language, built on the first search."""
    libraries = {lang: library(lang) for lang in languages()}  # English first: the first fallback
    names = read_names(CONTENT / "names.toml", libraries["en"].by_slug)
    return SearchIndex({lang: lib.entries for lang, lib in libraries.items()},
                       {lang: lib.titles for lang, lib in libraries.items()}, names)


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
