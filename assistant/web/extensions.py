"""What every part of the web layer shares, in the Flask tutorial's ``db.py`` manner: the store, CSRF
protection, compression and the wrong-link limiter, attached to the app by :func:`init_app`. Modules import these
from here, never from the package root, so importing one view does not import them all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from flask import Flask, current_app
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

from . import assets
from ..broker import Broker
from ..store import Store
from ..stores import open_store
from .misses import MissLimiter

csrf = CSRFProtect()
compress = Compress()


def init_app(app: Flask) -> None:
    # DATABASE: the SQLite file (the default), or a postgresql:// address (python -m assistant --database)
    app.extensions["store"] = open_store(app.config["DATABASE"], Broker(), Path(app.instance_path))
    app.extensions["misses"] = MissLimiter()
    csrf.init_app(app)
    # every page, partial and asset goes out compressed (brotli where the browser takes it, else gzip) with
    # Vary: Accept-Encoding; the live stream (text/event-stream) is left as it is, so each doorbell is sent at once
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # brotli 3, not Flask-Compress's 4: level 4's larger hash tables are fresh memory at every answer (0.6 ms of an
    # end-turn tap against 0.2 ms), for answers 3% smaller (3.1 against 3.2 KB)
    app.config.setdefault("COMPRESS_BR_LEVEL", 3)
    app.config.setdefault("COMPRESS_CACHE_KEY", assets.cache_key)  # static files: compressed once, at the most
    app.config.setdefault("COMPRESS_CACHE_BACKEND", assets.static_cache(Path(str(app.static_folder))))
    compress.init_app(app)
    app.after_request(assets.close_with_response)
    app.teardown_request(_release_database)


def _release_database(error: BaseException | None) -> None:
    store().release()  # the next request, on whichever thread, takes this connection up


def store() -> Store:
    """This app's store (one per app: tests run several apps on their own databases)."""
    return current_app.extensions["store"]


def instance_secret(instance: Path, name: str, make: Callable[[], str]) -> str:
    """A secret kept in the instance folder, made on first run, so it survives a restart: the session
    key (sessions stay valid) and the host link's key (the tablet's link keeps working)."""
    path = instance / name
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(make())
    return path.read_text().strip()
