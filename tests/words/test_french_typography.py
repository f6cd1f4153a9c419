"""French typography (issue 35 §4): every French sentence has a narrow no-break space (U+202F) before a colon,
semicolon, exclamation or question mark, as French is printed ("Soirée club : tous les casses"); never a plain
space, which lets a line break before the mark, and never none. Read from the compiled catalogue the app serves;
./translations.sh puts the spaces in."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.mofile import read_mo

MO = Path(__file__).resolve().parents[2] / "assistant" / "translations" / "fr" / "LC_MESSAGES" / "messages.mo"
NARROW = "\u202f"
# an address or a clock is no sentence: http://192.168.1.20:8000/, https://…, 20:15
NOT_PROSE = re.compile(r"\w+://\S*|\b\d+:\d+\b")
# a mark, and what stands before it when it is not the narrow space (another mark, as in "?!")
BAD = re.compile(rf"(?<![{NARROW}:;!?])[:;!?]")


def french() -> list[str]:
    with MO.open("rb") as fh:
        found = [m.string for m in read_mo(fh) if m.id]
    return [s for string in found for s in ((string,) if isinstance(string, str) else string)]


def misprinted(text: str) -> list[str]:
    prose = NOT_PROSE.sub(" ", text)
    return [prose[max(0, m.start() - 12):m.end()] for m in BAD.finditer(prose)]


def test_the_check_finds_a_plain_space_and_no_space_and_passes_the_narrow_one():
    assert misprinted("Soirée club : tous") == ["Soirée club :"]
    assert misprinted("Où est-il?") == ["Où est-il?"]
    assert misprinted(f"Soirée club{NARROW}: tous les casses{NARROW}!? par http://192.168.1.20:8000/ à 20:15") == []


def test_every_french_sentence_has_a_narrow_no_break_space_before_its_colons_and_marks():
    sentences = french()
    assert len(sentences) > 1000 and any(NARROW + ":" in s for s in sentences)
    assert {s: misprinted(s) for s in sentences if misprinted(s)} == {}
