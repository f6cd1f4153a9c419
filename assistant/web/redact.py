"""Link tokens never reach a log. They travel in URL paths (``/games/<token>/...``, ``/host/<key>``),
and both waitress ("Client disconnected while serving /games/...", said for every phone that leaves)
and Flask ("Exception on /games/... [POST]") put the path in their messages. A filter on their
loggers rewrites the key in the path before any handler sees the record.

>>> redact("Client disconnected while serving /games/Zk3-x_9/events")
'Client disconnected while serving /games/…/events'
"""

from __future__ import annotations

import logging
import re

KEY_IN_PATH = re.compile(r"/(games|host)/[^/\s?#\"'\]]+")
LOGGERS = ("assistant", "waitress", "waitress.queue", "werkzeug")


def redact(text: str) -> str:
    return KEY_IN_PATH.sub(r"/\1/…", text)


class RedactKeys(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


_FILTER = RedactKeys()


def install() -> None:
    """Idempotent (addFilter ignores a filter already there), so every app instance may call it."""
    for name in LOGGERS:
        logging.getLogger(name).addFilter(_FILTER)
