"""The lines of "What just happened" (the last action's log) as the panel shows them: each sentence in the
reader's language, its rule and whether it was our ruling, a correction tag, and its Why? link. Worked out
here in one pass, so the template only lays the lines out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ... import words
from ...engine.log import LogEntry
from ...why import has_why
from ...words.i18n import _
from ..language import rule_label
from ..links import url_for
from ..reference.views import ruling_url


@dataclass(frozen=True)
class LogLine:
    kind: str
    text: str
    rule: str  # its label ("1.7", a card's name); "" when it names none
    rule_title: str
    ruling_url: str  # the row of the rulings table that decided it, "" when no ruling did
    correction: bool  # the table set this by hand
    why: str  # the address of its Why?, "" when there is nothing to explain


def log_lines(entries: Sequence[LogEntry], key: str, seq: int) -> list[LogLine]:
    why_base = url_for("why.show", key=key, seq=seq, index=0).removesuffix("0")
    lines = []
    for index, e in enumerate(entries):
        label = rule_label(e.rule) if e.rule else ""
        title = (_("rule %(rule)s (our ruling)", rule=label) if e.ruling else _("rule %(rule)s", rule=label)
                 if label else "")
        lines.append(LogLine(e.kind, words.sentence(e), label, title, ruling_url(e),
                             e.kind == "set" or bool(e.data.get("correction")),
                             f"{why_base}{index}" if has_why(e) else ""))
    return lines
