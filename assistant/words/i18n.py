"""The two calls every sentence of the app goes through, so message catalogues can translate them.

Inside a request of the web app they go through Flask-Babel, which picks the reader's language
(``web/language.py``); anywhere else (the engine's tests, ``python -m assistant.resolve``, the Why?
package run alone) they give the English text. This module never imports Flask: it only asks whether
the app has already loaded Flask-Babel, so the words stay usable without the web layer installed.
Both take ``%(name)s`` parameters, the format Babel's extractor and translators expect.

>>> _("Floor %(n)s", n=2), ngettext("%(num)s alarm", "%(num)s alarms", 2)
('Floor 2', '2 alarms')
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Protocol, TypeVar


KEPT = 8192  # translations kept per catalogue: far more than the app's messages
T = TypeVar("T")


class Catalogue(Protocol):
    """What the words read of a catalogue (Babel's ``Translations``, as Flask-Babel loads it)."""

    def ugettext(self, message: str) -> str: ...

    def ungettext(self, singular: str, plural: str, n: int) -> str: ...


def catalogue() -> Catalogue | None:
    """The reader's catalogue when a request is being answered (there is a reader, so a language), else None.

    Flask-Babel picks it (the locale selector, its cache of loaded catalogues); it is kept on the request's
    context for the rest of the request: a board is a few hundred messages, and Flask-Babel's own ``gettext``
    looks the locale and catalogue up again for each (a third of a board's drawing time)."""
    flask_globals = sys.modules.get("flask.globals")
    babel = sys.modules.get("flask_babel")
    if flask_globals is None or babel is None:
        return None
    # the request's context itself, read from Flask's context variable (what flask.has_request_context and
    # flask.g read through two proxies: this runs a hundred times for every board drawn)
    request = flask_globals._cv_request.get(None)
    if request is None:
        return None
    found: Catalogue | None = request.__dict__.get("burgle_catalogue")
    if found is None:
        found = request.burgle_catalogue = babel.get_translations()
    return found


def translated(message: str) -> str:
    """The message in the reader's language, its parameters not filled in (the templates' ``_``: Jinja fills
    them). Each translation is kept with its catalogue: a board asks for a hundred, mostly the same at every tap."""
    said = catalogue()
    return message if said is None else kept_with(said, "burgle_translated", message, said.ugettext)


def kept_with(said: Catalogue, name: str, message: str, make: Callable[[str], T], limit: int = KEPT) -> T:
    """``make(message)``, kept with the catalogue ``said`` in its dict ``name``: what is made from a translation is the
    same at every tap in that language. At most ``limit`` are kept: the app's own messages; one made of a reader's
    text is not kept once they fill it."""
    kept: dict[str, T] | None = getattr(said, name, None)
    if kept is None:
        kept = {}
        setattr(said, name, kept)
    found = kept.get(message)
    if found is None:
        found = make(message)
        if len(kept) < limit:
            kept[message] = found
    return found


def translated_plural(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the reader's language, its parameters not filled in."""
    said = catalogue()
    return said.ungettext(singular, plural, n) if said is not None else singular if n == 1 else plural


def _(message: str, **params: object) -> str:
    message = translated(message)
    return message % params if params else message


def ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural form for ``n`` (given to the message as ``num``), by the language's own rule."""
    return translated_plural(singular, plural, n) % {"num": n, **params}


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; it is translated where it is shown."""
    return message
