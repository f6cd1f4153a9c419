"""What every response carries and what every request may not exceed: security headers, a cap on
the body, and a plain message when the disk under the heists refuses a write.

The headers: a Content-Security-Policy that runs only the app's own script files (no inline script,
no ``eval``: htmx is told not to evaluate attributes), ``frame-ancestors 'none'`` so no other site can
frame the board and trick a tap, ``nosniff``, and ``Referrer-Policy: no-referrer`` because play and
watch links carry their token in the path and must not leak to a site a page links to.
``style-src`` keeps ``'unsafe-inline'``: the floor SVGs carry presentation styles and the board
colours each burglar with a ``style="--c: …"`` attribute; styles cannot run code.

On a hosted service the heists are in PostgreSQL, whose server can refuse a write too (its disk full, a server
turned read-only, a server restarting or out of reach): the same message where the person looks, in words for a
table that cannot reach that machine.

Pages reached through a link token or the host key, and the host's own pages, are never stored by
the browser (``Cache-Control: no-store``): a revoked link or a shared tablet's history must not show
a heist again from the cache.
"""

from __future__ import annotations

import sqlite3

import psycopg
from psycopg import errors as pg_errors

from flask import Flask, render_template, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ..words.i18n import N_, _
from .case_file import IMPORT_LIMIT, too_big

CSP_PARTS = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
CSP = "; ".join(CSP_PARTS)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers too old to read the policy
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# the pages behind a link token (/games/<token>…) or the host key (/host/<key>), and the host's pages
PRIVATE_PATHS = ("/games/", "/host/")
HOST_PAGES = ("home", "setup", "settings", "backups", "club", "league")
# the biggest request the app takes is an import: the file plus the form around it
MAX_BODY = IMPORT_LIMIT + 64 * 1024


def install(app: Flask) -> None:
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None: no limit at all
        app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.after_request(_secure)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(sqlite3.OperationalError, _storage_failed)
    app.register_error_handler(psycopg.OperationalError, _storage_failed)  # a pool's timeout too
    app.register_error_handler(pg_errors.ReadOnlySqlTransaction, _storage_failed)


def _secure(response: Response) -> Response:
    if request.endpoint == "static" and response.status_code < 400 and response.mimetype != "image/svg+xml":
        # a script, a style sheet or a picture is never a page: the page's headers would only weigh on the wire
        # (a missing file's answer is a page, the app's 404)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # nor what a download would need: Cache-Control's max-age says what Expires says, and ranges of a
        # compressed body are not asked for
        for name in ("Content-Disposition", "Expires", "Accept-Ranges"):
            response.headers.pop(name, None)
        return response
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith(PRIVATE_PATHS) or request.blueprint in HOST_PAGES:
        response.headers["Cache-Control"] = "no-store"
    return response


def _too_large(err: RequestEntityTooLarge) -> tuple[str, int]:
    if request.endpoint == "game.import_case":
        from .table.game import import_refused
        return import_refused(_("That file is not a case: %(problem)s", problem=too_big()), 413)
    if request.endpoint == "backups.restore":
        from .setup import backups
        return backups.too_big()
    return render_template("error.html", title=_("Too much at once"),
                           message=_("This page sent far more than any of the app's forms does, so nothing was "
                                     "saved. Go back, reload the page and try again.")), 413


# -- the disk under the heists -------------------------------------------------------------------

STORAGE_PROBLEMS = (
    ("readonly", N_("its folder has become read-only (a locked memory card, a read-only drive or its permissions)")),
    ("disk is full", N_("the disk is full")),
    ("disk i/o error", N_("the disk failed to write (was a drive unplugged?)")),
    ("unable to open", N_("its folder cannot be reached (was a drive unplugged?)")),
)


# PostgreSQL's refusals from outside the app, the most particular first (its errors are classes, by SQLSTATE)
DATABASE_PROBLEMS: tuple[tuple[type[psycopg.Error], str], ...] = (
    (pg_errors.DiskFull, N_("the database's disk is full")),
    (pg_errors.ReadOnlySqlTransaction, N_("the database takes no changes at the moment")),
    (psycopg.OperationalError, N_("the database did not answer")),  # restarting, out of reach, a pool's timeout
)
StorageError = sqlite3.OperationalError | psycopg.OperationalError | pg_errors.ReadOnlySqlTransaction


def storage_problem(err: StorageError) -> str | None:
    """A sentence for the table when the database could not write for a reason outside the app, else None.

    >>> print(storage_problem(sqlite3.OperationalError("attempt to write a readonly database")))
    ... # doctest: +NORMALIZE_WHITESPACE
    The heist could not be saved: its folder has become read-only (a locked memory card, a read-only drive or
    its permissions). Nothing was changed: fix that on the machine running the app, then tap again.
    >>> storage_problem(sqlite3.OperationalError("no such table: games")) is None
    True
    >>> print(storage_problem(pg_errors.ReadOnlySqlTransaction("cannot execute UPDATE in a read-only transaction")))
    ... # doctest: +NORMALIZE_WHITESPACE
    The heist could not be saved: the database takes no changes at the moment. Nothing was changed: tap again in a
    moment, and if it goes on, tell whoever runs the service.
    """
    if isinstance(err, psycopg.Error):
        why = next(why for kind, why in DATABASE_PROBLEMS if isinstance(err, kind))
        return _("The heist could not be saved: %(why)s. Nothing was changed: tap again in a moment, and if it goes "
                 "on, tell whoever runs the service.", why=_(why))
    text = str(err).lower()
    for needle, why in STORAGE_PROBLEMS:
        if needle in text:
            return _("The heist could not be saved: %(why)s. Nothing was changed: fix that on the machine running "
                     "the app, then tap again.", why=_(why))
    return None


def _storage_failed(err: StorageError) -> str | Response | tuple[str, int]:
    """Where the person is looking: the board for an action, the form (as typed) for a form."""
    message = storage_problem(err)
    if message is None:
        raise err  # a real bug: the app's own error page and log deal with it
    from .setup import new_heist as setup
    from .setup import settings
    from .table import game
    key = (request.view_args or {}).get("key")
    if request.blueprint == "game" and key:
        return game.board_with_error(key, message)
    if request.endpoint == "setup.create":
        return setup.form_page(request.form, message), 507
    if request.endpoint == "settings.save":
        return settings.page(request.form.get("public_url", ""), message), 507
    if request.endpoint == "game.import_case":
        return game.import_refused(message, 507)
    return render_template("error.html", title=_("Could not save"), message=message), 507
