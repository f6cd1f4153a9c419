"""The two calls every sentence of the app goes through, so message catalogues can translate them.

Until a catalogue is active they give the English text; both take ``%(name)s`` parameters, the
format Babel's extractor and translators expect.
"""

from __future__ import annotations

from typing import Any


def _(message: str, **params: Any) -> str:
    return message % params if params else message


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """The singular or plural form for ``n`` (given to the message as ``num``)."""
    return (singular if n == 1 else plural) % {"num": n, **params}
