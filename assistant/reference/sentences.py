"""A page cut into the sentences a search hit shows: its text, its examples' notes and its table, as a
reader sees them (markup out, links under their titles)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from . import markup
from .entries import Entry

# a sentence ends at . ! ? or … followed by a capital or a number; "the E.M.P. (no alarm" runs on
_END = re.compile(r"(?<=[.!?…])\s+(?=[¿¡«\"“(]?[A-ZÀ-ÖØ-Þ0-9])")


def blocks(text: str) -> list[str]:
    """The paragraphs and list items of a text in the reference markup, each on one line."""
    out: list[str] = []
    in_item = False
    for raw in text.strip().splitlines():
        line = raw.strip()
        if line.startswith("- ") or (in_item and line and not raw.startswith("  ")):
            out.append(line.removeprefix("- "))
            in_item = line.startswith("- ")
        elif line and out:
            out[-1] = f"{out[-1]} {line}".strip()  # a paragraph or a list item going on
        else:
            out.append(line)  # a blank line ends a paragraph; an empty block is dropped below
            in_item = False
    return [b for b in out if b]


def sentences(entry: Entry, titles: Mapping[str, str]) -> list[str]:
    parts = [*blocks(entry.text), *(b for ex in entry.examples for b in blocks(ex.note))]
    for section in entry.table:
        parts += [section.title, *blocks(section.text), *(cell for row in section.rows for cell in row)]
    return [s for part in parts for s in _END.split(markup.plain(part, titles)) if s.strip()]
