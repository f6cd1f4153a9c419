"""The engine's refusals in the reader's language.

The engine raises a ``RulesError`` as data (``engine/errors.py``): its English message, marked for the
catalogue, and the parameters. Here the message goes through the catalogue and each parameter is said
by what its name says it is: room types, cards, tools, loot and computers through ``names``, a phrase
(``what``) through the catalogue, what a correction counts (``counter``: Stealth, heat, cubes, workers) by its
own word, a nested refusal (``problem``) in turn. Any other error (a form's own
check, already in the reader's words) reads as it is.

>>> from assistant.engine.errors import IllegalActionError, N_
>>> refusal(IllegalActionError(N_("a tool is one of: %(tools)s"), tools=["emp", "virus"]))
'a tool is one of: E.M.P., Virus'
>>> refusal(ValueError("a plain sentence"))
'a plain sentence'
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import RulesError
from .i18n import _
from .names import card_title, computer_name, loot_name, room_name, tool_name


def _figure(kind: str) -> str:
    return _("bouncer") if kind == "bouncer" else _("guard")


def _phrase(text: str) -> str:
    return _(text)


def _counter(kind: str) -> str:
    """What the table counts on a burglar or a room (the field a correction sets)."""
    said = {"stealth": lambda: _("Stealth"), "heat": lambda: _("heat"), "cubes": lambda: _("counting cubes"),
            "workers": lambda: _("workers")}.get(kind)
    return said() if said else kind


# how a parameter is said, by its name (engine/errors.py lists the names the engine uses this way)
SAID: dict[str, Callable[[str], str]] = {
    "room": room_name, "rooms": room_name, "card": card_title, "character": card_title, "tool": tool_name,
    "tools": tool_name, "loot": loot_name, "computer": computer_name, "figure": _figure, "what": _phrase,
    "counter": _counter,
}


def refusal(err: BaseException) -> str:
    """What ``err`` says, in the reader's language (English outside a request)."""
    if not isinstance(err, RulesError):
        return str(err)
    params = {name: _said(name, value) for name, value in err.params.items()}
    return _(err.message, **params)


def refusal_sentence(err: BaseException) -> str:
    """The refusal as a sentence on its own: starting with a capital letter."""
    text = refusal(err)
    return text[:1].upper() + text[1:]


def _said(name: str, value: object) -> object:
    if isinstance(value, BaseException):
        return refusal(value)
    say = SAID.get(name)
    if isinstance(value, (list, tuple)):
        return ", ".join(say(str(v)) if say else str(v) for v in value)
    if say is not None and isinstance(value, str):
        return say(value)
    return value
