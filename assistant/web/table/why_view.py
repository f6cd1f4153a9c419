"""A why for the page: the engine-level explanation (assistant.why) with its floors drawn as SVG and
links to the rules reference and the sandbox, when those parts of the app are there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, current_app, url_for
from markupsafe import Markup

from ...engine.log import LogEntry
from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...reference import log_words, reference_slug_for_rule
from ...render import floor_svg
from ...store import Game, NotFoundError
from ...why import Picture, Why, explain_entry
from ...words.i18n import _
from ..extensions import store
from ..sandbox.link import sandbox_query


@dataclass(frozen=True)
class WhyView:
    why: Why
    seq: int
    index: int
    pictures: tuple[tuple[Markup, str], ...]
    rule_url: str | None
    sandbox_url: str | None
    card_url: str | None  # the dispute card of the same position: a link and QR for the phones, a page to print


def why_view(game: Game, seq: int, index: int) -> WhyView:
    """The why of line ``index`` of action ``seq``; 404 for an action or line that is not there or
    has nothing to explain (a hand-edited address)."""
    try:
        before, action, log = store().action_at(game.id, seq)
    except NotFoundError:
        abort(404)
    why = explain_entry(log, index, before, game.rulebook, action)
    if why is None:
        abort(404)
    spot = _sandbox_query(why, before)
    pictures = tuple(_draw(p, before, game.rulebook) for p in why.pictures)
    return WhyView(why, seq, index, pictures, _rule_url(why, log[index]),
                   None if spot is None else url_for("sandbox.index", **spot),
                   None if spot is None else url_for("sandbox.card", **spot))


def _draw(picture: Picture, state: GameState, book: Rulebook) -> tuple[Markup, str]:
    fl = state.floors[picture.floor]
    caption = picture.caption or _("Floor %(n)s", n=picture.floor)
    svg = floor_svg(state.size, state.void, fl.walls, guard=picture.guard, destination=picture.destination,
                    die=fl.die if book.rules.uses_die else None, alarms=picture.alarms, routes=picture.routes,
                    marks=picture.marks, cell=80, title=caption, pictograms=True)
    return Markup(svg), caption  # floor_svg escapes every text it writes


def _rule_url(why: Why, entry: LogEntry) -> str | None:
    if "reference.page" not in current_app.view_functions:
        return None
    slug = reference_slug_for_rule(why.rule.id, log_words(entry))
    return url_for("reference.page", slug=slug) if slug else None


def _sandbox_query(why: Why, before: GameState) -> dict[str, Any] | None:
    """The floor as it was at that step, guard and destination placed, to replay in the sandbox (its patrol
    deck left out: sandbox_query never shows a face-down card)."""
    spot = why.sandbox
    if spot is None or "sandbox.index" not in current_app.view_functions:
        return None
    moment = before.copy()
    fl = moment.floors[spot.floor]
    fl.guard, fl.destination = spot.guard, spot.target
    return dict(sandbox_query(moment, spot.floor))
