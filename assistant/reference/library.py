"""All the reference pages, loaded once and cross-checked: every link and "see also" names a real page."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from ..files import ROOT
from . import markup, rulings_table
from .entries import ContentError, Entry, read_entries, translate_entries
from .lookup import RuleIndex

CONTENT = Path(__file__).parent / "content"


@dataclass(frozen=True)
class Library:
    entries: tuple[Entry, ...]
    by_slug: dict[str, Entry]
    titles: dict[str, str]
    texts: dict[str, str]  # each page as plain text: its own words, example notes and table cells
    rule_index: RuleIndex


def _plain(entry: Entry, titles: dict[str, str]) -> str:
    parts = [entry.text, *(e.note for e in entry.examples), entry.summary]
    for section in entry.table:
        parts += [section.title, section.text, *(cell for row in section.rows for cell in row)]
    return " ".join(markup.plain(p, titles) for p in parts if p)


def _check_links(entries: list[Entry], slugs: set[str]) -> None:
    for entry in entries:
        texts = [entry.summary, entry.text, *(e.note for e in entry.examples)]
        texts += [cell for s in entry.table for row in s.rows for cell in row] + [s.text for s in entry.table]
        named = [s for t in texts for s in markup.linked_slugs(t)] + list(entry.see)
        missing = sorted(set(named) - slugs)
        if missing:
            raise ContentError(f"page {entry.slug} links to unknown page(s) {missing}")


def build(folder: Path = CONTENT, root: Path = ROOT, lang: str = "en") -> Library:
    """The reference in ``lang``: the English pages (content/*.toml) with the words of content/<lang>/."""
    entries = read_entries(folder)
    slugs = [e.slug for e in entries]
    twice = sorted({s for s in slugs if slugs.count(s) > 1})
    if twice:
        raise ContentError(f"two pages share the slug(s) {twice}")
    # built from the English pages in every language: the log's codes are English words
    index = RuleIndex(entries)
    if lang != "en":
        entries = translate_entries(entries, folder / lang)
    entries = [replace(e, table=rulings_table.read(root / e.table_file, index.slug_for)) if e.table_file else e
               for e in entries]
    _check_links(entries, set(slugs))
    titles = {e.slug: e.title for e in entries}
    return Library(tuple(entries), {e.slug: e for e in entries}, titles,
                   {e.slug: _plain(e, titles) for e in entries}, index)


def languages(folder: Path = CONTENT) -> tuple[str, ...]:
    """English, then every language with a folder of translations in content/."""
    return ("en", *sorted(d.name for d in folder.iterdir() if d.is_dir() and not d.name.startswith((".", "_"))))


@cache
def library(lang: str = "en") -> Library:
    """The reference as shipped, in ``lang`` (a language without a content folder reads English), read on
    first use."""
    return build(lang=lang if (CONTENT / lang).is_dir() else "en")
