"""One reference page as data, and reading the pages from the TOML files in content/.

Each file holds ``[[entry]]`` tables (see content/rules.toml for the fields). Mistakes in a file (a
missing field, an unknown kind, a misspelt key) raise ContentError when the app starts, naming the
file and the page, rather than showing a broken page to the players later.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..words.i18n import N_
from .rulings_table import RulingSection

# headings in English, marked for the catalogue: the pages show them in the reader's language
KINDS: dict[str, str] = {
    "rule": N_("How the guard works"),
    "event": N_("Events"),
    "tool": N_("Tools"),
    "loot": N_("Loot"),
    "ability": N_("Characters"),
    "room": N_("Rooms"),
    "ruling": N_("Our rulings"),
    "bb2": N_("Burgle Bros 2: bouncers"),
    "bb3": N_("Burgle Bros 3: guards"),
}
# The order files are read in is also the order a rule number looks for its page (lookup.py).
FILES = ("rules", "rooms", "events", "tools", "loot", "abilities", "rulings", "bb2", "bb3")
# A sandbox position, in the order its query string is written.
EXAMPLE_KEYS = ("size", "walls", "void", "guard", "target", "die", "alarms", "patrol", "reading")
ENTRY_KEYS = {"slug", "title", "kind", "text", "sources", "rules", "aliases", "log_words", "see", "example",
              "table", "summary"}


# What a translation file (content/<lang>/<file>.toml) may give a page; everything else (kind, rules,
# links, examples' positions) is the English page's, so the languages can never disagree on a rule.
TRANSLATED_KEYS = {"slug", "title", "text", "sources", "aliases", "notes", "summary"}


class ContentError(ValueError):
    """A reference file is not as the loader expects."""


@dataclass(frozen=True)
class Example:
    """A position for the sandbox that shows the rule, and what the guard does there.

    ``route`` lists the rooms the guard enters on his way from ``guard`` to ``target``; ``walk``, when
    given, every room he enters in the whole turn the sandbox plays (on past his die toward the next
    alarm or the ``patrol`` cards). The tests check both against the engine, so a note can never
    describe a walk the app would not take.
    """

    params: tuple[tuple[str, str], ...]
    note: str
    route: tuple[str, ...] = ()
    walk: tuple[str, ...] = ()

    def get(self, key: str, default: str = "") -> str:
        return dict(self.params).get(key, default)

    def summary(self) -> str:
        """The position in a few words, for people."""
        p = dict(self.params)
        parts = [f"guard {p['guard']}", f"die in {p['target']}" + (f" showing {p['die']}" if "die" in p else "")]
        if "alarms" in p:
            parts.append("alarms " + p["alarms"].replace(",", ", "))
        if "patrol" in p:
            parts.append("next patrol cards " + p["patrol"].replace(",", ", "))
        walls = len(p["walls"].split(",")) if p.get("walls") else 0
        parts.append(f"{walls} wall{'' if walls == 1 else 's'}" if walls else "no walls")
        if p.get("void"):
            parts.append(f"empty square {p['void']}")
        if p.get("reading") == "bga":
            parts.append("BGA-compatible reading")
        return f"{p.get('size', '4')}×{p.get('size', '4')} floor: " + ", ".join(parts)


@dataclass(frozen=True)
class Entry:
    """One page of the reference.

    ``rules`` are the rule numbers of the game log this page explains ("1.7", "§2", "bb2 Hunting");
    ``log_words`` are words of a log line that single this page out among several sharing a number.
    """

    slug: str
    title: str
    kind: str
    text: str
    sources: tuple[str, ...]
    rules: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    log_words: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    table_file: str = ""
    table: tuple[RulingSection, ...] = ()
    lang: str = "en"  # the language its words are in: a page not yet translated keeps the English ones
    summary: str = ""  # the rule in a line or two, atop the page; Teach me says it at the table (web/table/teach.py)


def _strings(raw: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ContentError(f"{where}: '{key}' must be a list of words")
    return tuple(value)


def _example(raw: dict[str, Any], where: str) -> Example:
    unknown = set(raw) - set(EXAMPLE_KEYS) - {"note", "route", "walk"}
    if unknown:
        raise ContentError(f"{where}: unknown example field(s) {sorted(unknown)}")
    for key in ("guard", "target", "note"):
        if not raw.get(key):
            raise ContentError(f"{where}: an example needs '{key}'")

    def text(value: Any) -> str:
        return ",".join(value) if isinstance(value, list) else str(value)

    params = tuple((k, text(raw[k])) for k in EXAMPLE_KEYS if k in raw and raw[k] != [])
    return Example(params, str(raw["note"]).strip(), _strings(raw, "route", where), _strings(raw, "walk", where))


def _entry(raw: dict[str, Any], where: str) -> Entry:
    unknown = set(raw) - ENTRY_KEYS
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {sorted(unknown)}")
    for key in ("slug", "title", "kind", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise ContentError(f"{where}: '{key}' is missing")
    where = f"{where} ({raw['slug']})"
    if raw["kind"] not in KINDS:
        raise ContentError(f"{where}: kind {raw['kind']!r} is not one of {', '.join(KINDS)}")
    sources = _strings(raw, "sources", where)
    if not sources:
        raise ContentError(f"{where}: say where the rule comes from in 'sources'")
    examples = raw.get("example", [])
    return Entry(slug=raw["slug"], title=raw["title"], kind=raw["kind"], text=raw["text"].strip(),
                 sources=sources, rules=_strings(raw, "rules", where), aliases=_strings(raw, "aliases", where),
                 log_words=_strings(raw, "log_words", where), see=_strings(raw, "see", where),
                 examples=tuple(_example(e, where) for e in examples), table_file=str(raw.get("table", "")),
                 summary=_summary(raw, where))


def _summary(raw: dict[str, Any], where: str) -> str:
    value = raw.get("summary", "")
    if not isinstance(value, str):
        raise ContentError(f"{where}: 'summary' must be a line of text")
    return " ".join(value.split())


def read_entries(folder: Path) -> list[Entry]:
    """Every page of every file, in file order."""
    out: list[Entry] = []
    for name in FILES:
        path = folder / f"{name}.toml"
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for i, raw in enumerate(data.get("entry", [])):
            out.append(_entry(raw, f"{path.name}, entry {i + 1}"))
    return out


def _translate(entry: Entry, raw: dict[str, Any], lang: str, where: str) -> Entry:
    """The page in another language: its words from ``raw``, the rest from the English page."""
    unknown = set(raw) - TRANSLATED_KEYS
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {sorted(unknown)}")
    for key in ("title", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise ContentError(f"{where}: '{key}' is missing")
    sources = _strings(raw, "sources", where)
    if len(sources) != len(entry.sources):
        raise ContentError(f"{where}: give each of the {len(entry.sources)} sources in this language")
    notes = _strings(raw, "notes", where)
    if len(notes) != len(entry.examples):
        raise ContentError(f"{where}: give a note for each of the page's {len(entry.examples)} examples")
    examples = tuple(replace(ex, note=note.strip()) for ex, note in zip(entry.examples, notes, strict=False))
    summary = _summary(raw, where)
    if bool(summary) != bool(entry.summary):  # Teach me reads it in every language: none may lack it, or add one
        raise ContentError(f"{where}: give the summary exactly when the English page has one")
    return replace(entry, title=raw["title"], text=raw["text"].strip(), sources=sources, examples=examples,
                   summary=summary,
                   aliases=(*entry.aliases, entry.title, *_strings(raw, "aliases", where)), lang=lang)


def translate_entries(entries: list[Entry], folder: Path) -> list[Entry]:
    """``entries`` with the words of every page that ``folder`` (content/<lang>/) translates.

    A translation names its page by slug and gives title, text, sources and one note per example;
    aliases add to the English ones, so a search in either language's words finds the page. Pages it
    does not name stay in English. The English title becomes an alias: a table with the English cards
    still finds the page by the name printed on them."""
    lang = folder.name
    pages = {e.slug: e for e in entries}
    words: dict[str, Entry] = {}
    for name in FILES:
        path = folder / f"{name}.toml"
        if not path.exists():
            continue
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for i, raw in enumerate(data.get("entry", [])):
            where = f"{lang}/{path.name}, entry {i + 1} ({raw.get('slug')})"
            if raw.get("slug") not in pages:
                raise ContentError(f"{where}: there is no English page with this slug")
            if raw["slug"] in words:
                raise ContentError(f"{where}: the page is translated twice")
            words[raw["slug"]] = _translate(pages[raw["slug"]], raw, lang, where)
    return [words.get(e.slug, e) for e in entries]
