"""Every heist in one file, and back: a backup to keep or to carry to another laptop, restored over this app's heists
or added beside them.

A backup is the heists' SQLite database as SQLite's backup API copies it (a consistent copy while the app runs:
every acknowledged action, whatever sits in the write-ahead log), compressed with gzip. The states after each
action repeat one another, so it compresses about 30 times (a heist of 100 actions is about 10 kB): a club's year of
heists fits the restore route's cap (``RESTORE_LIMIT``), while every other request keeps the app's 1 MB cap.

A file that comes back is checked whole before anything here is touched: it must unpack (within ``MAX_UNPACKED``),
be an SQLite database that ``PRAGMA quick_check`` finds whole, hold this app's tables, be from this version of the
app or an earlier one (brought up to date in the copy, as at start), and every heist's position must read. A refusal
is a :class:`BackupError`: an English message marked for the catalogue and its parameters.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO

from .engine.state import GameState
from .engine.upgrades import SaveFormatError
from .store import ACTION_COLUMNS, GAME_COLUMNS, Store
from .store_upgrades import upgrade
from .words.i18n import N_

RESTORE_LIMIT = 8 * 1024 * 1024  # bytes of a compressed backup: some 800 heists of 100 actions
MAX_UNPACKED = 512 * 1024 * 1024  # what a backup may unpack to: a file that unpacks further is not ours
# the columns a backup of any version holds: those added since (games.setup, database version 2) come with the
# upgrade the check runs
TABLES = {"games": set(GAME_COLUMNS) - {"setup"}, "actions": set(ACTION_COLUMNS), "settings": {"name", "value"}}
SUFFIX = ".sqlite3.gz"


class BackupError(Exception):
    """A file that is not a backup this app can take back; nothing was changed."""

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params)


def write(store: Store, out: BinaryIO) -> None:
    """Every heist of ``store`` into ``out``, compressed."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "heists.sqlite3"
        store.copy_to(copy)
        with copy.open("rb") as data, gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as packed:
            shutil.copyfileobj(data, packed)


@contextmanager
def checked(upload: IO[bytes]) -> Iterator[Path]:
    """The backup in ``upload`` unpacked into a temporary database, checked and brought up to this version; it is
    deleted on leaving. Raises BackupError."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "backup.sqlite3"
        _unpack(upload, path)
        _check(path)
        yield path


def _unpack(upload: IO[bytes], path: Path) -> None:
    try:
        with gzip.GzipFile(fileobj=upload, mode="rb") as packed, path.open("wb") as out:
            while chunk := packed.read(1024 * 1024):
                out.write(chunk)
                if out.tell() > MAX_UNPACKED:
                    raise BackupError(N_("That file is not a backup of this app: it unpacks to more than %(mb)s MB."),
                                      mb=MAX_UNPACKED // (1024 * 1024))
    except (OSError, EOFError, zlib.error):  # gzip.BadGzipFile is an OSError
        raise BackupError(N_("That file is not a backup of this app (one is a .sqlite3.gz file made by Back up "
                             "every heist), or it was cut short.")) from None


def _check(path: Path) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        try:
            problems = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as err:
            if err.sqlite_errorcode == sqlite3.SQLITE_CORRUPT:
                problems = [str(err)]
            else:
                raise BackupError(N_("That file is not a backup of this app: it holds no heists database.")) from None
        if problems != ["ok"]:
            raise BackupError(N_("That backup is damaged (%(problem)s): nothing was changed. Try an older backup."),
                              problem=problems[0].splitlines()[-1])
        for table, columns in TABLES.items():
            found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            if not columns <= found:
                raise BackupError(N_("That file is not a backup of this app: it is a database of something else."))
        try:
            upgrade(db, str(path))
        except SaveFormatError as err:
            raise BackupError(N_("That backup was made by a newer version of the app (database version %(version)s):"
                                 " update this one first."), version=err.params["version"]) from None
        _check_positions(db)


def _check_positions(db: sqlite3.Connection) -> None:
    """Every heist's position where it stands (its head), read as the board will read it."""
    rows = db.execute("SELECT g.title, coalesce(a.state, g.initial) FROM games g LEFT JOIN actions a "
                      "ON a.game_id = g.id AND a.seq = g.head")
    for title, state in rows:
        try:
            GameState.from_json(json.loads(state))
        except (ValueError, TypeError, KeyError, AttributeError, SaveFormatError):
            raise BackupError(N_("That backup cannot be read: the heist %(title)s in it is damaged. Nothing was "
                                 "changed."), title=title) from None
