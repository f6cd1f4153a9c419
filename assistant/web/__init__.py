"""The table app: a Flask application factory wiring the store, CSRF and the blueprints."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from .. import words
from ..broker import Broker
from ..files import INSTALLED
from ..files import ROOT as FILES
from ..store import Store
from . import bugs, hardening, redact

# the default data folder is ROOT / "instance": in the checkout, or for an installed wheel in its
# environment (<venv>/instance, a folder that exists, as startup.prepare_folder wants), never site-packages
ROOT = Path(sys.prefix) if INSTALLED else Path(__file__).resolve().parents[2]
csrf = CSRFProtect()


def instance_secret(instance: Path, name: str, make: Callable[[], str]) -> str:
    """A secret kept in the instance folder, made on first run, so it survives a restart: the session
    key (sessions stay valid) and the host link's key (the tablet's link keeps working)."""
    path = instance / name
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(make())
    return path.read_text().strip()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    # INSTANCE_PATH: the data folder (``python -m assistant --instance``); Flask fixes it at construction
    instance = (config or {}).get("INSTANCE_PATH") or ROOT / "instance"
    app = Flask("assistant", template_folder=str(FILES / "templates"), static_folder=str(FILES / "static"),
                instance_path=str(Path(instance).resolve()))
    app.config.update(DATABASE=str(Path(app.instance_path) / "heists.sqlite3"), WTF_CSRF_TIME_LIMIT=None,
                      SESSION_COOKIE_SAMESITE="Lax", PUBLIC_URL=None, SEND_FILE_MAX_AGE_DEFAULT=3600)
    # live streams (web/live.py): each holds a server thread, so at most 24 of waitress's 32 (__main__)
    app.config.update(LIVE_HEARTBEAT=5.0, LIVE_MAX_STREAMS=24, LIVE_BUSY_RETRY_MS=15000)
    if config:
        app.config.update(config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path), "secret_key", lambda: secrets.token_hex(32))
    if not app.config.get("HOST_KEY"):
        app.config["HOST_KEY"] = instance_secret(Path(app.instance_path), "host_key", lambda: secrets.token_urlsafe(16))
    from .access import MissLimiter
    from .offer_words import form_vals, offer_words
    app.extensions["store"] = Store(app.config["DATABASE"], Broker())
    app.extensions["misses"] = MissLimiter()
    csrf.init_app(app)
    # log entries and questions are data: put into words here, for the reader (assistant/words)
    app.jinja_env.globals.update(say=words.sentence, ask_text=words.prompt, option_text=words.option_text,
                                 offer_words=offer_words, form_vals=form_vals)
    redact.install()
    hardening.install(app)
    bugs.install(app)

    from . import game, home, setup
    app.register_blueprint(home.bp)
    app.register_blueprint(setup.bp)
    app.register_blueprint(game.bp)
    from . import live, settings, share
    app.register_blueprint(live.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(settings.bp)
    from . import sandbox
    app.register_blueprint(sandbox.bp)
    from . import reference
    app.register_blueprint(reference.bp)
    from . import why
    app.register_blueprint(why.bp)
    from . import danger
    app.register_blueprint(danger.bp)

    @app.errorhandler(404)
    def not_found(err: Exception) -> tuple[str, int]:
        return render_template("error.html", title="Not here", message="There is no such page or heist."), 404

    @app.errorhandler(403)
    def forbidden(err: HTTPException) -> tuple[str, int]:
        return render_template("error.html", title="Not from this device", message=err.description), 403

    @app.errorhandler(429)
    def too_many(err: Exception) -> tuple[str, int]:
        return render_template("error.html", title="Too many wrong links",
                               message="This device tried too many links that lead nowhere. Wait a minute, "
                                       "then scan the QR code on the tablet again."), 429

    @app.errorhandler(CSRFError)
    def csrf_failed(err: CSRFError) -> tuple[str, int]:
        return render_template("error.html", title="Page expired",
                               message="This page is out of date. Reload it and try again."), 400

    return app


def store() -> Store:
    from flask import current_app
    return current_app.extensions["store"]
