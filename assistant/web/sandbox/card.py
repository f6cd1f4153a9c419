"""The dispute card: one sandbox position made to settle an argument at the table. A link and its QR code
open the same position in the sandbox on any phone; the page itself prints on one sheet with the floor,
the guard's path, the tied routes and the rule in words, in the reader's language.

The link is the sandbox's own address, so it holds only what the sandbox shows: walls, the guard, his
die, the alarms and the patrol cards the players set themselves. A position taken from a heist never
carries its face-down deck (link.position_of leaves it out).
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ...why import RuleText, fork_sentence, rule_text
from ...words.i18n import _
from ..phones.share import qr_svg
from .link import Position
from .routes import Routes, routes


@dataclass(frozen=True)
class DisputeCard:
    link: str  # the sandbox on this position, as a phone at the table opens it
    qr: Markup
    forks: tuple[str, ...]  # each fork of his route in words: the tied branches and the rule that chose one
    rules: tuple[RuleText, ...]  # the rules that decide this position, in our words
    reading: str  # the tie-break reading the position uses, in words


def dispute_card(position: Position, link: str) -> DisputeCard:
    found = routes(position)
    return DisputeCard(link, qr_svg(link), _forks(position, found), _rules(position, found),
                       _("the rulebook's clockwise rule") if position.reading != "bga"
                       else _("the BGA-compatible reading"))


def _forks(position: Position, found: Routes | None) -> tuple[str, ...]:
    exp = found.reading(position.reading).explanation if found else None
    if exp is None:
        return ()
    plan = position.plan()
    return tuple(fork_sentence(exp, fork, plan) for fork in exp.forks)


def _rules(position: Position, found: Routes | None) -> tuple[RuleText, ...]:
    """The speed (1.2), the shortest way (1.3), the tie-break when routes tie (§2 or §2.2), and the nearest
    alarm (1.9) when there are alarms."""
    ids = ["1.2", "1.3"]
    if found and found.count > 1:
        ids.append("§2.2" if position.reading == "bga" else "§2")
    if position.alarms:
        ids.append("1.9")
    return tuple(rule_text(rule) for rule in ids)
