"""Searching the reference: every word of the query must appear; pages naming it in their title first."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .entries import Entry

# Dots inside numbers ("1.6b") are kept; other dots, apostrophes and ! ? vanish, so "E.M.P." reads
# "emp", "Squeak!" "squeak" and "Where's" "wheres".
_SILENT = re.compile(r"(?<!\d)\.|\.(?!\d)|['’!?]")
_SPACE = re.compile(r"[^0-9a-z§.]+")
SNIPPET = 180


def normalise(text: str) -> str:
    """Lower case, punctuation out, single spaces, padded with one space each side for whole-word tests."""
    return " " + " ".join(_SPACE.sub(" ", _SILENT.sub("", text.lower())).split()) + " "


@dataclass(frozen=True)
class Hit:
    entry: Entry
    snippet: str
    score: int


def _snippet(text: str, words: list[str]) -> str:
    """About SNIPPET characters of the page around the first place it mentions the query (its opening
    when ``words`` is empty: a page found by its title is best introduced by its first lines)."""
    low = text.lower()
    at = min((i for i in (low.find(w) for w in words) if i >= 0), default=0)
    start = max(0, at - SNIPPET // 3)
    if start:
        start = text.find(" ", start) + 1
    end = min(len(text), start + SNIPPET)
    if end < len(text):
        end = text.rfind(" ", start, end)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def search(entries: list[Entry], texts: dict[str, str], query: str) -> list[Hit]:
    """Pages mentioning every word of ``query``, best first. ``texts`` holds each page's plain text."""
    phrase = normalise(query).strip()
    words = phrase.split()
    if not words:
        return []
    hits = []
    for order, entry in enumerate(entries):
        names = normalise(" · ".join((entry.title, *entry.aliases)))
        body = normalise(texts[entry.slug])
        if not all(w in names or w in body for w in words):
            continue
        in_title = all(w in names for w in words)
        score = ((100 if normalise(entry.title).strip() == phrase else 0) + (60 if phrase in names else 0)
                 + (30 if in_title else 0) + (10 if phrase in body else 0) + min(body.count(phrase), 5))
        snippet = _snippet(texts[entry.slug], [] if in_title else query.lower().split())
        hits.append((-score, order, Hit(entry, snippet, score)))
    return [h for _, _, h in sorted(hits, key=lambda t: (t[0], t[1]))]
