"""The hidden fields of a form a tap posts, so that every button that changes a heist is a real form: it
works before htmx has taken over the page (a tap in the first moment after a load, a slow phone) as after,
when htmx posts the same form and swaps its answer (web/table/game.py answers a plain post with the board).

A template writes the form and lets this fill it::

    <form class="tap" method="post" action="{{ act }}" hx-post="{{ act }}">{{ tap_fields({"do": "end_turn"}) }}
      <button class="button">…</button></form>

``static/app.css`` shows ``form.tap`` as ``display: contents``: its button lays out as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from flask import current_app, g, request
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from ...store import Game


@pass_context
def tap_fields(context: Context, vals: Mapping[str, object] | None = None) -> Markup:
    """The CSRF token (when CSRF is on); the board's version when the page shows a heist (``game``, or the table
    page's ``page.game``: a tap on an older board is refused as a double tap, as htmx's posts are); the room whose
    menu is open (``tap_room``, set by _room_menu.html: a refused tap shows its message in that menu); then
    ``vals``, the action's fields."""
    token = _token()
    fields: dict[str, object] = {"csrf_token": token} if token else {}
    game = context.get("game") or getattr(context.get("page"), "game", None)
    if isinstance(game, Game):
        fields["version"] = game.version
    room = context.get("tap_room")
    if room:
        fields["room"] = room
    fields.update(vals or {})
    # joined as text, each escaped by the standard library's escape, not markupsafe's (each of whose results is a
    # Markup made in Python): an end-turn answer draws a dozen of these (bench/end_turn.py); names are the code's own
    return Markup("".join(f'<input type="hidden" name="{name}" value="{escape(str(value))}">'
                          for name, value in fields.items()))


def _token() -> str | None:
    """This request's CSRF token, made once: a post CSRFProtect has just let through carries a good one already
    (signing a new one is most of what these fields cost); none when CSRF is off (tests, the bench)."""
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return None
    if "tap_csrf" not in g:
        sent = (request.form.get("csrf_token") or request.headers.get("X-CSRFToken")) if g.get("csrf_valid") else None
        g.tap_csrf = sent or generate_csrf()
    return str(g.tap_csrf)
