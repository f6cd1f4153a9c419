"""Which store a database address means: an SQLite file for a path (the default, nothing to set up), PostgreSQL for a
``postgresql://`` address (a hosted service of several processes, issue 37)."""

from __future__ import annotations

from pathlib import Path

from .broker import Broker
from .store import Store


def open_store(target: str | Path, broker: Broker | None = None, folder: Path | None = None) -> Store:
    """The store at ``target``: an SQLite file for a path (the default, nothing to set up), a PostgreSQL database for
    a ``postgresql://`` address (store_pg.py; ``folder``: where its backups' files wait, the data folder)."""
    if str(target).startswith(("postgresql://", "postgres://")):
        from .store_pg import PgStore  # psycopg is imported only by a hosted service
        return PgStore(str(target), broker, folder)
    return Store(target, broker)
