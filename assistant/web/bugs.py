"""When the app itself fails: the table is told plainly that nothing was applied, and the traceback goes
to a rotating log file in the data folder, never to the page and never blamed on what was entered.

Only a ``RulesError`` is the table's business (an action the rules refuse); anything else raised while
applying an action is a bug. ``Store.act`` writes nothing before the engine has finished, so a bug
never leaves half an action behind.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from flask import Flask, render_template, request
from werkzeug.exceptions import InternalServerError
from werkzeug.wrappers import Response

from ..words.i18n import N_, _
from . import redact

BUG = N_("The app hit a bug: nothing was applied. The heist is as it was; undo or export it if this happens "
         "again. The details are in the app's log file (%(log)s).")
LOG_NAME = "assistant.log"


def install(app: Flask) -> None:
    """Write the app's errors to ``LOG_FILE`` (default: ``assistant.log`` in the data folder), 3 files of
    1 MB at most, and answer every unexpected exception with :data:`BUG` where the person is looking."""
    path = Path(app.config.get("LOG_FILE") or Path(app.instance_path) / LOG_NAME)
    app.config["LOG_FILE"] = str(path)
    for old in [h for h in app.logger.handlers if getattr(h, "burgle_log", False)]:
        app.logger.removeHandler(old)  # another app in this process (tests) had its own file
        old.close()
    handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, delay=True, encoding="utf-8")
    handler.burgle_log = True  # type: ignore[attr-defined]
    handler.setLevel(logging.ERROR)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    handler.addFilter(redact.RedactKeys())  # link tokens never reach the file either
    app.logger.addHandler(handler)
    app.register_error_handler(InternalServerError, _bug)


def _bug(err: InternalServerError) -> tuple[str, int] | Response | str:
    """Flask has already logged the exception (with its traceback) when this runs."""
    from flask import current_app
    message = _(BUG, log=current_app.config["LOG_FILE"])
    key = (request.view_args or {}).get("key")
    if request.blueprint == "game" and key and request.method == "POST" and request.headers.get("HX-Request"):
        from .table.game import board_with_error
        try:
            # 200: htmx swaps only successful answers, and the message must reach the board
            return board_with_error(key, message)
        except Exception:  # the board itself cannot be drawn: the plain page below still says what happened
            current_app.logger.exception("drawing the board after a bug failed too")
    return render_template("error.html", title=_("The app hit a bug"), message=message), 500
