"""The other names players look pages up by, words they use for one another, and the words of a question
that say nothing about its topic, read from content/names.toml (see the file for what goes in it). A name
for a page that does not exist, a synonym group of one word or a filler that is not a single word raises
ContentError when the index is built."""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from .entries import ContentError
from .folding import fold


@dataclass(frozen=True)
class Names:
    pages: dict[str, tuple[str, ...]]  # slug -> more names the page goes by
    synonyms: dict[str, tuple[str, ...]]  # a word (folded) -> the words that mean the same
    fillers: frozenset[str] = frozenset()  # question words (folded) that tell no page apart: "how", "combien"


def read_names(path: Path, slugs: Collection[str]) -> Names:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    unknown = sorted(set(data) - {"names", "synonyms", "fillers"})
    if unknown:
        raise ContentError(f"{path.name}: unknown table(s) {unknown}")
    pages: dict[str, tuple[str, ...]] = {}
    for slug, said in data.get("names", {}).items():
        if slug not in slugs:
            raise ContentError(f"{path.name}: names for {slug!r}, but there is no page with this slug")
        if not isinstance(said, list) or not said or not all(isinstance(n, str) and n.strip() for n in said):
            raise ContentError(f"{path.name}: the names of {slug!r} must be a list of words")
        pages[slug] = tuple(said)
    synonyms: dict[str, tuple[str, ...]] = {}
    for group in data.get("synonyms", {}).get("groups", []):
        if not isinstance(group, list) or len(group) < 2 or not all(
                isinstance(w, str) and w.isalpha() for w in group):
            raise ContentError(f"{path.name}: a synonym group is two or more single words, not {group!r}")
        folded = [fold(w) for w in group]
        for word in folded:
            synonyms[word] = tuple(dict.fromkeys((*synonyms.get(word, ()), *(w for w in folded if w != word))))
    fillers = data.get("fillers", {}).get("words", [])
    if not isinstance(fillers, list) or not all(isinstance(w, str) and w.isalpha() for w in fillers):
        raise ContentError(f"{path.name}: fillers are single words, not {fillers!r}")
    return Names(pages, synonyms, frozenset(fold(w) for w in fillers))
