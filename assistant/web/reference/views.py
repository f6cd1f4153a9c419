"""The rules reference at /rules: an index grouped by kind with a search box, and one page per rule.

The pages are data (assistant/reference); this module only serves them. Search works as a plain GET
form; with htmx the results list swaps itself as the player types (the same partial the page includes).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, make_response, render_template, request, url_for
from markupsafe import Markup

from ... import reference
from ...reference import markup
from ...engine.log import LogEntry
from ...reference.ruling_rows import ruling_anchor
from ...words.i18n import _
from ..language import current as language

bp = Blueprint("reference", __name__)
RESULTS_ID = "reference-results"


@bp.get("/rules")
def index() -> Response:
    query = request.args.get("q", "").strip()[:100]
    # Only the results list is swapped by htmx; any other request (a reload, history) gets the page.
    template = "partials/_reference_results.html" if request.headers.get("HX-Target") == RESULTS_ID \
        else "reference.html"
    lang = language()
    response = make_response(render_template(template, q=query, hits=reference.search(query, lang) if query else [],
                                             groups=reference.by_kind(lang), kinds=_kinds(),
                                             results_id=RESULTS_ID))
    response.vary.add("HX-Target")  # the same address answers a page or a partial: caches must tell them apart
    return response


@bp.get("/rules/<slug>")
def page(slug: str) -> str:
    entry = reference.get(slug, language())
    if entry is None:
        abort(404)
    return render_template("reference_page.html", entry=entry, kinds=_kinds())


def _kinds() -> dict[str, str]:
    """The headings of the kinds of page, in the reader's language."""
    return {kind: _(label) for kind, label in reference.KINDS.items()}


def _href(slug: str) -> str:
    return url_for("reference.page", slug=slug)


@bp.app_template_global()
def reference_text(text: str) -> Markup:
    """A reference text (paragraphs, lists, links to other pages) as HTML."""
    return markup.blocks(text, _href, reference.library(language()).titles)


@bp.app_template_global()
def reference_inline(text: str) -> Markup:
    return markup.inline(text, _href, reference.library(language()).titles)


@bp.app_template_global()
def sandbox_url(example: reference.Example) -> str:
    """The sandbox opened on an example's position; a plain address while no sandbox is registered, so
    the reference never breaks for want of it."""
    params: dict[str, Any] = dict(example.params)
    if "sandbox.index" in current_app.view_functions:
        return url_for("sandbox.index", **params)
    return "/sandbox?" + urlencode(params, safe=",")


@bp.app_template_global()
def rule_page_url(rule: str, text: str = "") -> str | None:
    """The reference page of a log entry's rule (pass its text too: it narrows rule 1.21 to the event)."""
    slug = reference.reference_slug_for_rule(rule, text)
    return _href(slug) if slug else None


@bp.app_template_global()
def ruling_url(entry: LogEntry) -> str:
    """Where a log line marked as our ruling links: its row of the rulings table, or the table's top when no row
    is known for it; "" for a line no ruling decided."""
    if not entry.ruling:
        return ""
    anchor = ruling_anchor(entry)
    return url_for("reference.page", slug="rulings", _anchor=anchor) if anchor else _href("rulings")


@bp.app_template_global()
def reference_title(slug: str) -> str:
    return reference.library(language()).titles[slug]
