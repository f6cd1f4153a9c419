"""Searching the reference with SQLite's full-text engine (FTS5, in Python's own sqlite3).

One in-memory index, built once per process, holds a row per sentence of every page in every language,
each row carrying the page's title in that language and every name the page goes by (its names in the
three languages, the other books' names, abbreviations: names.py). A query matches when any of its words
does, with or without accents ("camara" finds "Cámara"), in its plural ("alarm" finds "alarms"), through
a synonym ("guardia" finds "guarda"), and for the word still being typed as the start of a longer one
("detec"); a plural in the query also finds the singular ("doors", "door"), and a longer word no page
holds finds the words that share its stem ("ventriloquie" finds "ventriloque", "escaping" "escape"). The
words of a question that name no topic ("how", "cuántos", "peut-on": names.toml's fillers) find nothing
while the query has another word. A page named by the query
comes first, then pages holding more of its words (a rare word counting more than a common one, a word
in one of the page's names twice), then bm25, a title counting more than a name and a name more than a
sentence. Each hit shows its best
sentence (FTS5's snippet()) with the words found marked.

Measured on the shipped pages (3 languages, about 2,800 sentence rows): the index builds in about 0.15 s
on the first search, once the pages are read; a query takes 0.1 to 7 ms.
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from markupsafe import Markup, escape

from .entries import Entry
from .folding import fold
from .names import Names
from .sentences import sentences

TOKEN = re.compile(r"[^\W_]+")  # what the unicode61 tokenizer calls a word: letters and digits
WEIGHTS = (0.0, 10.0, 5.0, 1.0)  # bm25 per column: slug, title, names, sentence
COMMON = 0.6  # a word on more than this share of a language's pages tells none of them apart
PREFIX = 3  # a word being typed this long or longer also matches as the start of a longer word
INFLECTIONS = ("", "s", "es", "x")  # endings under which a word still counts as itself: its plurals
STEM_FROM = 6  # a word no page holds, this long or longer, finds the words sharing all but its last letters
STEM_MIN, STEM_CUT, STEM_FORMS = 5, 3, 8  # the stem keeps 5 letters or more and drops 3 at most; 8 words at most
EXACT, PREFIX_ONLY = 2, 1  # how a page holds a word (_Page.holds)
MAX_WORDS = 12
SNIPPET_TOKENS = 28
LOOKUPS = 8  # snippets of this many rows or fewer are looked up by rowid; more, in one pass over the match
DOTTED = re.compile(r"\b(?:\w\.){2,}")
_OPEN, _CLOSE = "\x02", "\x03"  # marks around the words found, turned into <mark> once the text is escaped


@dataclass(frozen=True)
class Hit:
    entry: Entry
    sentence: Markup  # the sentence that matched, escaped, the words found in <mark>
    score: float  # higher is better
    lang: str = "en"  # the sentence's language: another than the reader's when theirs matched nothing


def words(text: str) -> list[str]:
    """The words of a text as the index reads them: lower case, accents off.

    >>> words("Pasarela: ¡caer a la planta de abajo! E.M.P.")
    ['pasarela', 'caer', 'a', 'la', 'planta', 'de', 'abajo', 'e', 'm', 'p']
    """
    return TOKEN.findall(fold(text))


def query_words(text: str) -> list[str]:
    """The words of a query or a name, each once: "E.M.P." is one word, "emp", and single letters go
    when there are longer words ("Where's the guard" reads "where the guard").

    >>> query_words("Where's the E.M.P.?")
    ['where', 'the', 'emp']
    """
    found = words(undotted(text))
    longer = [w for w in found if len(w) > 1 or w.isdigit()]
    return list(dict.fromkeys(longer or found))


def undotted(text: str) -> str:
    """ "E.M.P." as "EMP": the tokenizer would read three one-letter words."""
    return DOTTED.sub(lambda m: m.group(0).replace(".", ""), text)


@dataclass(frozen=True)
class _Page:
    """What the index knows of one page in one language, to rank it beyond bm25."""

    entry: Entry
    tokens: tuple[str, ...]  # every word of its names and text, sorted, for looking up the start of a word
    names: tuple[tuple[str, ...], ...]  # the words of each of its names
    name_tokens: tuple[str, ...]  # the words of all its names, sorted
    first: int  # the rowid of its first sentence, which introduces a page found by its name only
    name_set: frozenset[str] = frozenset()  # name_tokens as a set: a query with another word names no name

    def holds(self, forms: Iterable[str], prefix: bool = False) -> int:
        """EXACT if the page has one of the forms as a word (or its plural); with ``prefix``,
        PREFIX_ONLY if it has one only as the start of a longer word ("detec" in "detector"); else 0."""
        return _held(self.tokens, forms, prefix)

    def names_hold(self, forms: Iterable[str]) -> bool:
        return _held(self.name_tokens, forms, False) == EXACT

    def named(self, query: tuple[str, ...]) -> int:
        """2 if one of its names is the query, 1 if one holds the query's words in a row, else 0."""
        if query in self.names:
            return 2
        if not self.name_set.issuperset(query):
            return 0  # a word none of its names has: no name holds the query (most pages, cheaply)
        n = len(query)
        return int(any(name[i:i + n] == query for name in self.names for i in range(len(name) - n + 1)))


def _held(tokens: tuple[str, ...], forms: Iterable[str], prefix: bool) -> int:
    level = 0
    for form in forms:
        at = bisect_left(tokens, form)
        while at < len(tokens) and tokens[at].startswith(form):
            if tokens[at][len(form):] in INFLECTIONS:
                return EXACT
            level = PREFIX_ONLY if prefix else level
            at += 1
    return level


class SearchIndex:
    def __init__(self, entries: Mapping[str, Sequence[Entry]], titles: Mapping[str, Mapping[str, str]],
                 names: Names):
        """``entries`` and ``titles`` per language (the first language is the one to fall back on first)."""
        self._langs = tuple(entries)
        self._synonyms = names.synonyms
        self._fillers = names.fillers
        self._pages: dict[str, dict[str, _Page]] = {}
        self._lock = threading.Lock()  # one connection serves every request thread
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        # one table per language: a query reads only its own language's rows (a third of the index)
        for lang in self._langs:
            self._db.execute(f"CREATE VIRTUAL TABLE {_table(lang)} USING fts5(slug UNINDEXED, title, names, sentence, "
                             "tokenize = 'unicode61 remove_diacritics 2')")
        every_name = _every_name(entries, names)
        # a page's names are the same in every language: read once, not once per language
        names_read = {slug: ("\n".join(known), set(words(" ".join(known))), tuple(tuple(query_words(n)) for n in known))
                      for slug, known in every_name.items()}
        rowid = 0
        for lang, pages in entries.items():
            self._pages[lang] = {}
            rows: list[tuple[int, str, str, str, str]] = []
            for entry in pages:
                said = sentences(entry, titles[lang]) or [entry.title]
                joined, known_words, known_named = names_read[entry.slug]
                first = rowid + 1
                rows += [(first + i, entry.slug, entry.title, joined, s) for i, s in enumerate(said)]
                rowid += len(said)
                tokens = sorted(known_words.union(words(" ".join((entry.title, *said)))))
                named = (tuple(query_words(entry.title)), *known_named)
                name_tokens = tuple(sorted({w for n in named for w in n}))
                self._pages[lang][entry.slug] = _Page(entry, tuple(tokens), named, name_tokens, first,
                                                      frozenset(name_tokens))
            self._db.executemany(f"INSERT INTO {_table(lang)}(rowid, slug, title, names, sentence) "
                                 "VALUES (?, ?, ?, ?, ?)", rows)
        self._vocabulary = frozenset(t for pages in self._pages.values() for p in pages.values() for t in p.tokens)
        # each language's words, sorted, for the words a query's word begins or shares a stem with
        self._words_of = {lang: tuple(sorted({t for p in pages.values() for t in p.tokens}))
                          for lang, pages in self._pages.items()}

    def search(self, query: str, lang: str) -> list[Hit]:
        """The pages answering ``query`` in ``lang``; when none does, in the other languages (a French
        reader typing English words still finds the page, titled in French, with the English sentence)."""
        said = tuple(query_words(query)[:MAX_WORDS])
        if not said:
            return []
        for language in [lang] * (lang in self._pages) + [other for other in self._langs if other != lang]:
            hits = self._search_in(language, said)
            if hits:
                if language == lang:
                    return hits
                reader = self._pages.get(lang, {})
                return [replace(h, entry=reader[h.entry.slug].entry) if h.entry.slug in reader else h for h in hits]
        return []

    def _search_in(self, lang: str, said: tuple[str, ...]) -> list[Hit]:
        """Ranked by: a name that is the query, then one holding it; the words (or their synonyms) the
        page holds whole, each weighing log(pages / pages holding it), twice in a name; bm25 of its best
        sentence. Words most pages hold ("the", "guard")
        neither find nor mark anything while the query has a rarer word (then words some page lacks, then
        any); they still count among the words a page holds."""
        vocabulary = self._words_of[lang]
        groups = [self._forms(w, vocabulary) for w in said]
        # the last word, when no page holds it but a page of this language holds a longer word it begins, is
        # still being typed (a prefix finding nothing more than the word's plurals would only slow snippets down)
        last = said[-1]
        typing = (last if len(last) >= PREFIX and last not in self._vocabulary and _begins_longer(vocabulary, last)
                  else "")
        pages = self._pages[lang]
        # the words that may find and rank pages: a question's fillers only when it has nothing else
        topical = [i for i, w in enumerate(said) if w not in self._fillers] or list(range(len(said)))

        # how each page holds each word (its forms), worked out once: counted over every page, read again to rank
        holding = {slug: [p.holds(g, prefix=g[0] == typing) if i in topical else 0 for i, g in enumerate(groups)]
                   for slug, p in pages.items()}
        held = [sum(bool(h[i]) for h in holding.values()) for i in range(len(groups))]
        telling = ([i for i in topical if 0 < held[i] <= COMMON * len(pages)]
                   or [i for i in topical if 0 < held[i] < len(pages)]
                   or [i for i in topical if held[i]])
        if not telling:
            return []
        match = " OR ".join(f'"{form}{end}"' for i in telling for form in groups[i] for end in INFLECTIONS)
        if typing and any(groups[i][0] == typing for i in telling):
            match += f' OR "{typing}"*'
        with self._lock:
            table = _table(lang)
            rows = self._db.execute(f"SELECT rowid, slug, bm25({table}, {', '.join(map(str, WEIGHTS))}) AS score "
                                    f"FROM {table} WHERE {table} MATCH ? ORDER BY score, rowid", (match,)).fetchall()
        best: dict[str, tuple[int, float]] = {}
        for rowid, slug, bm25 in rows:
            best.setdefault(slug, (rowid, -bm25))  # the page's best sentence, the first one on a tie
        ranked = []
        for slug, (rowid, score) in best.items():
            page, holds = pages[slug], holding[slug]
            if any(holds[i] for i in telling):
                # the words the page holds whole, each counting the more the fewer pages hold it, and
                # twice when one of its names holds it
                whole = sum(math.log(len(pages) / held[i]) * (1 + page.names_hold(groups[i]))
                            for i in topical if holds[i] == EXACT)
                ranked.append((-page.named(said), -round(whole, 1), -score, rowid, page))
        ranked.sort(key=lambda r: r[:4])
        snippets = self._snippets(lang, match, [r[3] for r in ranked])
        # a page found by a name only shows its opening, which says what the page is about
        by_name = {r[3]: r[4].first for r in ranked if "<mark>" not in snippets[r[3]]}
        openings = self._snippets(lang, match, list(by_name.values()))
        return [Hit(page.entry, openings.get(by_name.get(rowid, -1), snippets[rowid]), -score, lang)
                for *_, score, rowid, page in ranked]

    def _forms(self, word: str, vocabulary: tuple[str, ...]) -> tuple[str, ...]:
        """The word, its singular when it looks plural ("doors", "puertas", "jeux"), and their synonyms;
        for a long word no page holds, the words sharing its stem."""
        forms = [word]
        if len(word) > 3 and word[-1] in "sx":
            forms += [word[:-1], word[:-2]] if word.endswith("es") else [word[:-1]]
        known = tuple(dict.fromkeys(f for form in forms for f in (form, *self._synonyms.get(form, ()))))
        if len(word) < STEM_FROM or any(_starts_a_word(vocabulary, f) for f in known):
            return known
        return tuple(dict.fromkeys((*known, *(f for stem in _stem_words(vocabulary, word)
                                              for f in (stem, *self._synonyms.get(stem, ()))))))

    def _snippets(self, lang: str, match: str, rowids: list[int]) -> dict[int, Markup]:
        if not rowids:
            return {}
        table = _table(lang)
        # SQLite hands a rowid list to FTS5 as one lookup per rowid, each running the whole match again: for a
        # few rows that is quickest, for many (every page of a common word) one pass over the match with the
        # list as a filter ("+rowid" keeps it out of the table's hands) is three times as fast
        rowid = "rowid" if len(rowids) <= LOOKUPS else "+rowid"
        with self._lock:
            rows = self._db.execute(
                f"SELECT rowid, snippet({table}, 3, ?, ?, '…', {SNIPPET_TOKENS}) FROM {table} "
                f"WHERE {table} MATCH ? AND {rowid} IN ({', '.join('?' * len(rowids))})",
                (_OPEN, _CLOSE, match, *rowids)).fetchall()
        return {rowid: marked(text) for rowid, text in rows}


def _starts_a_word(vocabulary: tuple[str, ...], form: str) -> bool:
    """The sorted ``vocabulary`` holds the form, or a word it begins (the word may still be being typed)."""
    at = bisect_left(vocabulary, form)
    return at < len(vocabulary) and vocabulary[at].startswith(form)


def _begins_longer(vocabulary: tuple[str, ...], form: str) -> bool:
    """The sorted ``vocabulary`` has a word that ``form`` begins, other than the form with a plural ending."""
    at = bisect_left(vocabulary, form)
    while at < len(vocabulary) and vocabulary[at].startswith(form):
        if vocabulary[at][len(form):] not in INFLECTIONS:
            return True
        at += 1
    return False


def _stem_words(vocabulary: tuple[str, ...], word: str) -> list[str]:
    """The words of the sorted ``vocabulary`` that begin as ``word`` does but for its last letters: other
    endings of the same word ("ventriloquie", "ventriloque"; "escaping", "escape"), the shortest first.
    Asked only for a word that neither a page nor a synonym has, so a word the pages use keeps its meaning."""
    stem = word[:max(STEM_MIN, len(word) - STEM_CUT)]
    found = []
    at = bisect_left(vocabulary, stem)
    while at < len(vocabulary) and vocabulary[at].startswith(stem):
        if len(vocabulary[at]) <= len(word) + STEM_CUT:
            found.append(vocabulary[at])
        at += 1
    return sorted(found, key=len)[:STEM_FORMS]


def _table(lang: str) -> str:
    """The full-text table of one language (a language code is letters only: safe in a table's name)."""
    assert lang.isalpha(), lang
    return f"pages_{lang}"


def marked(snippet: str) -> Markup:
    """The snippet escaped, its marked words in <mark>.

    >>> marked("a \\x02<b>\\x03 & c")
    Markup('a <mark>&lt;b&gt;</mark> &amp; c')
    """
    return Markup(str(escape(snippet)).replace(_OPEN, "<mark>").replace(_CLOSE, "</mark>"))


def _every_name(entries: Mapping[str, Sequence[Entry]], names: Names) -> dict[str, tuple[str, ...]]:
    """Per page, every name it goes by in any language, dotted abbreviations also without their dots."""
    known: dict[str, list[str]] = {}
    for pages in entries.values():
        for entry in pages:
            known.setdefault(entry.slug, []).extend((entry.title, *entry.aliases))
    for slug, extra in names.pages.items():
        known[slug].extend(extra)
    return {slug: tuple(dict.fromkeys([*said, *(undotted(n) for n in said)])) for slug, said in known.items()}
