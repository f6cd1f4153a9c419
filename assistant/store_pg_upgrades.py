"""The PostgreSQL database of an earlier version of the app, brought up to this one's at start (store_upgrades.py is
SQLite's).

The version is the row of ``schema_version``, counted as SQLite's ``user_version`` is: the same number means the
same tables. PostgreSQL came at version 5 (``FIRST``: schema_pg.sql makes its tables), so its steps start there;
each later SQLite step comes with its PostgreSQL twin in ``STEPS`` (a test holds the two lists together). Each step
runs in one transaction with the version it reaches. A database server keeps its own backups (point-in-time
recovery), so no copy is made before a step, as SQLite's file is copied.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from .engine.errors import N_
from .engine.upgrades import SaveFormatError
from .store_clubs import LOCAL
from .store_upgrades import SCHEMA_VERSION

if TYPE_CHECKING:
    from .store_sql import Database

FIRST = 5


def _clubs(db: Database) -> None:
    """Version 5 to 6 (SQLite's store_upgrades._clubs): clubs and their one-time sign-in links; every heist, campaign
    and setting carries its club's id, those made before the laptop's own club's (``LOCAL``); settings are kept by
    club and name."""
    db.execute("""CREATE TABLE IF NOT EXISTS clubs (id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL, created TEXT COLLATE "C" NOT NULL)""")
    db.execute("""CREATE TABLE IF NOT EXISTS club_links (digest TEXT PRIMARY KEY,
        club TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE, expires TEXT COLLATE "C" NOT NULL)""")
    db.execute("INSERT INTO clubs (id, name, key, password, created) VALUES (?, '', '', '', ?) ON CONFLICT DO NOTHING",
               (LOCAL, datetime.now(UTC).isoformat(timespec="seconds")))
    for table in ("games", "campaigns", "settings"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS club TEXT NOT NULL DEFAULT '{LOCAL}'")
    db.execute("ALTER TABLE settings DROP CONSTRAINT IF EXISTS settings_pkey")
    db.execute("ALTER TABLE settings ADD PRIMARY KEY (club, name)")
    db.execute("CREATE INDEX IF NOT EXISTS games_club ON games (club, updated)")
    db.execute("CREATE INDEX IF NOT EXISTS campaigns_club ON campaigns (club, updated)")


# version N to N + 1, for each N from FIRST
STEPS: dict[int, Callable[[Database], None]] = {5: _clubs}


def upgrade(db: Database, where: str) -> list[int]:
    """Run the steps this database still needs (the caller holds the lock that keeps other processes from upgrading
    at once); returns the versions it went through. SaveFormatError for a database of a newer version of the app."""
    row = db.execute("SELECT version FROM schema_version").fetchone()
    if row is None:  # a new database: schema_pg.sql just made it at FIRST
        with db:
            db.execute("INSERT INTO schema_version (version) VALUES (?)", (FIRST,))
        version = FIRST
    else:
        version = int(row[0])
    if version > SCHEMA_VERSION:
        raise SaveFormatError(N_("%(path)s was written by a newer version of the app (database version %(version)s, "
                                 "this one knows up to %(known)s): update the app, or start it with another folder"),
                              path=where, version=version, known=SCHEMA_VERSION)
    done = []
    while version < SCHEMA_VERSION:
        with db:
            STEPS[version](db)
            version += 1
            db.execute("UPDATE schema_version SET version = ?", (version,))
        done.append(version)
    return done
