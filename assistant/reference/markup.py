"""The small markup of the reference texts, turned into HTML or plain text.

Blank lines separate paragraphs; lines starting with "- " form a list; ``**bold**`` and ``*italic*``;
``[[slug]]`` links to another page under its title and ``[[slug|words]]`` under those words. Kept this
small on purpose: the texts stay readable as plain files, and nothing in them can inject HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from markupsafe import Markup, escape


LINK = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![*\w])\*(?!\*)(.+?)(?<!\*)\*(?![*\w])")

Href = Callable[[str], str]


def linked_slugs(text: str) -> list[str]:
    """The pages a text links to, in order."""
    return [m.group(1) for m in LINK.finditer(text)]


def plain(text: str, titles: Mapping[str, str]) -> str:
    """The text as a reader sees it, without markup: what search looks through."""
    text = LINK.sub(lambda m: m.group(2) or titles.get(m.group(1), m.group(1)), text)
    text = BOLD.sub(r"\1", text)
    text = ITALIC.sub(r"\1", text)
    lines = (line.strip().removeprefix("- ") for line in text.splitlines())
    return " ".join(" ".join(lines).split())


def inline(text: str, href: Href, titles: Mapping[str, str]) -> Markup:
    """One line of markup as HTML (escaped first, so only our own tags come out)."""
    html = str(escape(text))

    def link(m: re.Match[str]) -> str:
        label = m.group(2) or str(escape(titles.get(m.group(1), m.group(1))))
        return f'<a href="{escape(href(m.group(1)))}">{label}</a>'

    html = LINK.sub(link, html)
    html = BOLD.sub(r"<strong>\1</strong>", html)
    html = ITALIC.sub(r"<em>\1</em>", html)
    return Markup(html)


def blocks(text: str, href: Href, titles: Mapping[str, str]) -> Markup:
    """A whole text as paragraphs and lists."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para), href, titles)}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i, href, titles)}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("- "):
            if para:
                flush()
            items.append(line[2:])
        elif items and raw.startswith("  "):
            items[-1] += " " + line  # a list item continued on an indented line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return Markup("\n".join(out))

