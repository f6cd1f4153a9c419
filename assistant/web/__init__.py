"""The table app: a Flask application factory wiring the shared extensions and the blueprints.

The views live by area: ``table`` (a heist's board, menus, log, Why?), ``phones`` (live updates and
share links), ``sandbox``, ``setup`` (the tablet's own pages) and ``reference`` (the rules pages); what
they share is in ``extensions``, ``access``, ``forms`` and the error handlers.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Any

from flask import Flask

from .. import words
from ..engine.questions import question_highlights_rooms
from ..files import INSTALLED
from ..files import ROOT as FILES
from . import bugs, errors, extensions, hardening, language, links, proxied, redact, rendering
from .extensions import instance_secret

# the default data folder is ROOT / "instance": in the checkout, or for an installed wheel in its
# environment (<venv>/instance, a folder that exists, as startup.prepare_folder wants), never site-packages
ROOT = Path(sys.prefix) if INSTALLED else Path(__file__).resolve().parents[2]


def create_app(config: dict[str, Any] | None = None) -> Flask:
    # INSTANCE_PATH: the data folder (``python -m assistant --instance``); Flask fixes it at construction
    instance = (config or {}).get("INSTANCE_PATH") or ROOT / "instance"
    app = Flask("assistant", template_folder=str(FILES / "templates"), static_folder=str(FILES / "static"),
                instance_path=str(Path(instance).resolve()))
    app.config.update(DATABASE=str(Path(app.instance_path) / "heists.sqlite3"), WTF_CSRF_TIME_LIMIT=None,
                      SESSION_COOKIE_SAMESITE="Lax", PUBLIC_URL=None, SEND_FILE_MAX_AGE_DEFAULT=3600,
                      # the same forms post over http and https (secure_serving.py): Flask-WTF's https check wants a
                      # Referer, and every page sends none (web/hardening.py); the token alone is the check
                      WTF_CSRF_SSL_STRICT=False)
    # live streams (web/phones/live.py): each holds a server thread, so at most 24 of waitress's 32 (__main__);
    # a device past them waits for a place while the page still counts it alive (it gives up after two heartbeats
    # and a second unheard, static/app.js), then asks again soon
    app.config.update(LIVE_HEARTBEAT=5.0, LIVE_MAX_STREAMS=24, LIVE_WAIT=5.0, LIVE_WAITERS=4, LIVE_BUSY_RETRY_MS=2000)
    if config:
        app.config.update(config)
    # HOSTED: a hosted service (issue 37 §4): clubs sign in, no loopback host and no host link (web/club_session.py);
    # ``python -m assistant --database postgresql://…`` starts one. SIGNUP: anyone may start a club there
    # (``--no-signup``: only ``python -m assistant club add`` makes them)
    app.config.setdefault("HOSTED", False)
    app.config.setdefault("SIGNUP", True)
    # the session key (sessions survive a restart) and the host link's key, made on the first run
    for key, make in (("SECRET_KEY", lambda: secrets.token_hex(32)), ("HOST_KEY", lambda: secrets.token_urlsafe(16))):
        if not app.config.get(key):
            app.config[key] = instance_secret(Path(app.instance_path), key.lower(), make)
    rendering.install(app)
    extensions.init_app(app)
    language.install(app)  # before anything draws words: they go through the reader's catalogue
    _words(app)
    redact.install()
    hardening.install(app)
    bugs.install(app)
    errors.install(app)
    _blueprints(app)
    proxied.install(app)  # outermost: every limit reads the client's address, not the proxy's
    return app


def _words(app: Flask) -> None:
    """Log entries, questions and offers are data: templates put them into words for the reader."""
    from .table.offer_words import form_vals, offer_words, pick_offer
    from .table.tap_fields import tap_fields
    app.jinja_env.globals.update(say=words.sentence, ask_text=words.prompt, option_text=words.option_text,
                                 question_highlights_rooms=question_highlights_rooms, offer_words=offer_words,
                                 form_vals=form_vals, pick_offer=pick_offer, tap_fields=tap_fields,
                                 url_for=links.url_for)


def _blueprints(app: Flask) -> None:
    from . import installable
    from .phones import live, share
    from .reference import views as reference
    from .sandbox import views as sandbox
    from .setup import backups, campaigns, club, home, league, new_heist, settings, signin, trust
    from .table import coach, danger, display, floor_words, game, keys, report, teach, why
    for area in (home, backups, campaigns, club, league, new_heist, game, display, keys, live, share, settings, signin,
                 sandbox, reference, why, danger, coach, report, teach, floor_words, trust, installable):
        app.register_blueprint(area.bp)
