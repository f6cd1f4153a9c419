"""Searching the reference: every word of the query must appear; pages naming it in their title first.
Accents do not count: "camara" finds "Cámara", and "detecteur" finds "Détecteur"."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .entries import Entry

# Dots inside numbers ("1.6b") are kept; other dots, apostrophes and ! ? vanish, so "E.M.P." reads
# "emp", "Squeak!" "squeak" and "Where's" "wheres".
_SILENT = re.compile(r"(?<!\d)\.|\.(?!\d)|['’!?]")
_SPACE = re.compile(r"[^0-9a-z§.]+")
SNIPPET = 180


def fold(text: str) -> str:
    """Lower case without accents, one character for one ("Cámara" → "camara", "Élan" → "elan"), so a
    position in the folded text is the same position in the original: search and highlighting rely on it.
    People type on phones without accents; the rulebooks' names carry them.

    >>> fold("Cámara, Détecteur, Pequeño, Œil")
    'camara, detecteur, pequeno, œil'
    """
    return "".join(_fold_char(c) for c in text)


def _fold_char(c: str) -> str:
    base = unicodedata.normalize("NFD", c)[0].lower()
    return base if len(base) == 1 else c


def normalise(text: str) -> str:
    """Lower case, accents and punctuation out, single spaces, padded with one space each side for whole-word
    tests. "œ" and "æ" are spelt out, as French and Spanish keyboards without them do."""
    text = fold(text).replace("œ", "oe").replace("æ", "ae")
    return " " + " ".join(_SPACE.sub(" ", _SILENT.sub("", text)).split()) + " "


@dataclass(frozen=True)
class Hit:
    entry: Entry
    snippet: str
    score: int


def _snippet(text: str, words: list[str]) -> str:
    """About SNIPPET characters of the page around the first place it mentions the query (its opening
    when ``words`` is empty: a page found by its title is best introduced by its first lines)."""
    low = fold(text)
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
        # a page named exactly so comes first; a translated page still answers to its English name (an alias)
        exact = normalise(entry.title).strip() == phrase or (entry.lang != "en" and phrase in (
            normalise(a).strip() for a in entry.aliases))
        score = ((100 if exact else 0) + (60 if phrase in names else 0)
                 + (30 if in_title else 0) + (10 if phrase in body else 0) + min(body.count(phrase), 5))
        snippet = _snippet(texts[entry.slug], [] if in_title else fold(query).split())
        hits.append((-score, order, Hit(entry, snippet, score)))
    return [h for _, _, h in sorted(hits, key=lambda t: (t[0], t[1]))]
