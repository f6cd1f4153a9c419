"""What ``python -m assistant`` prints in the terminal, in the machine's language.

A browser says which language its reader wants; a terminal has no browser, so its words follow the
locale the way gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, then LANG: ``es_ES.UTF-8`` reads
Spanish). A language without a catalogue, or none set, reads English. The messages are marked with
``N_`` where they are written and come from the same catalogues as the app's pages.

>>> Terminal("en").say("Cannot start: %(problem)s", problem="no room")
'Cannot start: no room'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from babel.support import NullTranslations, Translations

CATALOGUES = Path(__file__).resolve().parents[1] / "translations"
LANGUAGES = ("es", "fr")


def locale_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the locale's first set variable, as gettext looks them up ("en" when none of ours)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


class Terminal:
    """The terminal's words in one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._catalogue: NullTranslations = (Translations.load(str(CATALOGUES), [language])
                                             if language in LANGUAGES else NullTranslations())

    def say(self, message: str, **params: object) -> str:
        text = self._catalogue.gettext(message)
        return text % params if params else text
