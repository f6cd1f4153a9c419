"""Text folded for comparison: lower case without accents. People type on phones without accents; the
rulebooks' names carry them."""

from __future__ import annotations

import re
import unicodedata

# Dots inside numbers ("1.6b") are kept; other dots, apostrophes and ! ? vanish, so "E.M.P." reads
# "emp", "Squeak!" "squeak" and "Where's" "wheres".
_SILENT = re.compile(r"(?<!\d)\.|\.(?!\d)|['’!?]")
_SPACE = re.compile(r"[^0-9a-z§.]+")


def fold(text: str) -> str:
    """Lower case without accents, one character for one ("Cámara" → "camara", "Élan" → "elan"), so a
    position in the folded text is the same position in the original.

    >>> fold("Cámara, Détecteur, Pequeño, Œil")
    'camara, detecteur, pequeno, œil'
    """
    # ASCII lowers one character for one; other text goes through a table filled one character at a time
    # (building the search index folds over half a million characters)
    return text.lower() if text.isascii() else text.translate(_FOLDED)


def _fold_char(c: str) -> str:
    base = unicodedata.normalize("NFD", c)[0].lower()
    return base if len(base) == 1 else c


class _Folded(dict[int, str]):
    """Each character's folded form, by code point, worked out the first time str.translate asks for it."""

    def __missing__(self, code: int) -> str:
        folded = self[code] = _fold_char(chr(code))
        return folded


_FOLDED = _Folded()


def normalise(text: str) -> str:
    """Lower case, accents and punctuation out, single spaces, padded with one space each side for whole-word
    tests. "œ" and "æ" are spelt out, as French and Spanish keyboards without them do."""
    text = fold(text).replace("œ", "oe").replace("æ", "ae")
    return " " + " ".join(_SPACE.sub(" ", _SILENT.sub("", text)).split()) + " "
