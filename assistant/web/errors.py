"""The pages a refused request gets: plain words, where the person is looking, never a stack trace.
(An unexpected exception is web/bugs.py's.)"""

from __future__ import annotations

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from ..words.i18n import _


def install(app: Flask) -> None:
    @app.errorhandler(404)
    def not_found(err: Exception) -> tuple[str, int]:
        return render_template("error.html", title=_("Not here"),
                               message=_("There is no such page or heist.")), 404

    @app.errorhandler(403)
    def forbidden(err: HTTPException) -> tuple[str, int]:
        return render_template("error.html", title=_("Not from this device"),
                               message=err.description), 403

    @app.errorhandler(429)
    def too_many(err: Exception) -> tuple[str, int]:
        return render_template("error.html", title=_("Too many wrong links"),
                               message=_("This device tried too many links that lead nowhere. Wait a minute, "
                                         "then scan the QR code on the tablet again.")), 429

    @app.errorhandler(CSRFError)
    def csrf_failed(err: CSRFError) -> tuple[str, int]:
        return render_template("error.html", title=_("Page expired"),
                               message=_("This page is out of date. Reload it and try again.")), 400
