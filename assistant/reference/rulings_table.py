"""The rulings page reads docs/rulings.md itself, so the table the players see in the app and the one in
the docs can never disagree."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .folding import normalise

MD_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
PARENS = re.compile(r"\(([^()]*)\)")
RULE_NUMBER = re.compile(r"(?<![\w.§])(1\.\d{1,2}b?|§\d)(?![\w.])")
NOT_IN_IDS = str.maketrans(".§", "  ")
DOC_PAGES = {"guard-movement.md": "clockwise", "rulings.md": "rulings"}  # docs that have a page here
# a row's closing "Tested: <test files and names>" is for developers: the page the players read leaves it out
# (test names would also be words the search matched)
TESTED = re.compile(r"\s*Tested: .*$")


@dataclass(frozen=True)
class RulingSection:
    """One part of the rulings document: a heading, its prose (in the reference markup) and its table."""

    title: str
    text: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    anchors: tuple[str, ...] = ()  # each row's id on the page (:func:`row_anchor` of its topic)


def row_anchor(topic: str) -> str:
    """The id of a row of the rulings page, from its topic as the document writes it, the same in every
    language (the table is the English document's): a log line's ruling badge links there.

    >>> row_anchor("First arrival on a floor that also triggers an alarm")
    'first-arrival-on-a-floor-that-also-triggers-an-alarm'
    >>> row_anchor("bb2: a player jumps (Prima Donna, Drunk)")
    'bb2-a-player-jumps-prima-donna-drunk'
    """
    return "-".join(normalise(MD_LINK.sub(r"\1", topic).replace("`", "")).translate(NOT_IN_IDS).split())


def to_markup(md: str, slug_for_rule: Callable[[str], str | None]) -> str:
    """A line of the document's Markdown in the reference markup, its rule numbers linked to their pages."""

    def doc_link(m: re.Match[str]) -> str:
        slug = DOC_PAGES.get(Path(m.group(2)).name)
        return f"[[{slug}]]" if slug else m.group(1)

    def numbers(m: re.Match[str]) -> str:
        def one(n: re.Match[str]) -> str:
            slug = slug_for_rule(n.group(1))
            return f"[[{slug}|{n.group(1)}]]" if slug else n.group(1)
        return "(" + RULE_NUMBER.sub(one, m.group(1)) + ")"

    return PARENS.sub(numbers, MD_LINK.sub(doc_link, md.replace("`", "")))


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def read(path: Path, slug_for_rule: Callable[[str], str | None]) -> tuple[RulingSection, ...]:
    """Every titled section of the document, in order. The introduction before the first heading is left
    out: the page has its own."""
    sections: list[RulingSection] = []
    title = ""
    prose: list[str] = []
    table: list[list[str]] = []
    topics: list[str] = []

    def close() -> None:
        if title and (prose or table):
            header = tuple(table[0]) if table else ()
            rows = tuple(tuple(r) for r in table[1:])
            sections.append(RulingSection(title, "\n".join(prose).strip(), header, rows,
                                          tuple(row_anchor(t) for t in topics[1:])))

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            continue
        if line.startswith("## "):
            close()
            title, prose, table, topics = line[3:].strip(), [], [], []
        elif line.startswith("|"):
            if not set(line) <= set("|-: "):  # the row under the header is only dashes
                table.append([to_markup(TESTED.sub("", c), slug_for_rule) for c in _cells(line)])
                topics.append(_cells(line)[0])
        elif line.lstrip().startswith("* "):
            prose.append("- " + to_markup(line.lstrip()[2:], slug_for_rule))
        else:
            prose.append(to_markup(line.rstrip(), slug_for_rule))  # indentation continues a list item
    close()
    return tuple(sections)
