"""Checks before ``python -m assistant`` serves anything: the data folder exists (or can be made), it
can be written and has room, no other copy of the app is serving from it, and the heists file is whole
and writable.

Two servers on one folder each keep their own idea of a heist's version and would silently lose
each other's actions, so the first one holds an operating-system lock on ``server.lock`` for its
whole life; the OS lets go of it when the process ends, however it ends (no stale lock after a
crash or a flat battery). Each problem is a :class:`StartupError` whose message is one line for
the terminal: an English message marked for the catalogue and its parameters, said in the machine's
language by ``words/terminal.py``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from ..wal import foreign
from ..words.i18n import N_

LOCK_NAME = "server.lock"
MIN_FREE = 20 * 1024 * 1024  # bytes: a heist is a few hundred kB; below this a game could stop saving


class StartupError(Exception):
    """The app cannot serve from this folder; the message says why and what to do, in one line."""

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params)


def prepare_folder(folder: Path) -> None:
    """The data folder, made if missing (its parent must exist: a missing parent is usually a drive
    that is not plugged in, where a fresh empty folder would hide every saved heist)."""
    if folder.exists() and not folder.is_dir():
        raise StartupError(N_("%(folder)s is a file, not a folder: give --instance a folder for the heists."),
                           folder=folder)
    if not folder.exists():
        if not folder.parent.is_dir():
            raise StartupError(N_("The data folder %(folder)s is missing and so is %(parent)s: is the drive plugged "
                                  "in? Create the folder or give --instance another one."),
                               folder=folder, parent=folder.parent)
        try:
            folder.mkdir()
        except OSError as err:
            raise StartupError(N_("Cannot create the data folder %(folder)s (%(reason)s): give --instance a folder "
                                  "this user can write."), folder=folder, reason=err.strerror) from None
    _check_writable(folder)
    _check_room(folder)


def _check_writable(folder: Path) -> None:
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise StartupError(N_("Cannot write in the data folder %(folder)s (%(reason)s): a read-only drive, a locked "
                              "memory card or its permissions. Fix that, or give --instance another folder."),
                           folder=folder, reason=err.strerror) from None


def _check_room(folder: Path) -> None:
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE:
        raise StartupError(N_("The disk holding %(folder)s is full (%(kb)s kB free): free some space so every "
                              "action can be saved, then start again."), folder=folder, kb=free // 1024)


def check_database(path: Path) -> None:
    """An existing database file is whole, with the write-ahead log beside it, and opens for writing."""
    if not path.exists():
        return
    _check_log(path)
    _check_whole(path)
    _check_database_writable(path)


def _check_log(path: Path) -> None:
    """The ``-wal`` beside the file is its own, read from the bytes of both before SQLite opens them (wal.py): SQLite
    would apply another database's log, or an older one's, to the file, and that cannot be undone."""
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and foreign(path, wal):
        raise StartupError(N_("The %(wal)s beside the heists file %(path)s is not that file's write-ahead log (it is "
                              "another database's, or an older one): nothing was changed; move %(wal)s aside, then "
                              "start again to use the file as it is."), path=path, wal=wal.name)


def _check_whole(path: Path) -> None:
    """``PRAGMA quick_check`` on the file as the app would read it: through its ``-wal``, if any.

    Read only, so nothing is written: a connection that may write folds the ``-wal`` into the file
    when it closes, and a ``-wal`` that does not belong to the file (an older copy of the file put back
    beside it) would then damage the file for good. Such a mix reads as damaged; the file alone
    (``immutable=1``: SQLite then leaves the ``-wal`` out, and makes no ``-wal`` or ``-shm`` file)
    tells which of the two is at fault."""
    wal = path.with_name(path.name + "-wal")
    with_wal = wal.exists() and wal.stat().st_size > 0
    problem = _quick_check_through(path, wal) if with_wal else _quick_check(path, "immutable=1")
    if problem is None:
        return
    if with_wal and _quick_check(path, "immutable=1") is None:
        raise StartupError(N_("The heists file %(path)s does not belong with the %(wal)s beside it (was an older copy "
                              "put back?). Nothing was changed: move %(wal)s aside, then start again to use the file "
                              "as it is."), path=path, wal=wal.name)
    raise StartupError(N_("The heists file %(path)s is damaged (%(problem)s). Nothing was changed: move it aside, "
                          "then put a backup in its place or start again without it."), path=path, problem=problem)


def _quick_check_through(path: Path, wal: Path) -> str | None:
    """``_quick_check`` through the ``-wal``, on a copy of the pair: SQLite makes a ``-shm`` beside a file it reads
    through its log, and the data folder stays as it was until the pair is known to be whole (a disk too full for
    the copy reads the pair where it is)."""
    try:
        with tempfile.TemporaryDirectory(dir=path.parent, prefix=".startup-check-") as tmp:
            copy = Path(tmp) / path.name
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, Path(tmp) / wal.name)
            return _quick_check(copy, "mode=ro")
    except OSError:
        return _quick_check(path, "mode=ro")


def _quick_check(path: Path, mode: str) -> str | None:
    """What SQLite finds wrong in ``path`` opened in ``mode``, or None when it is whole (or when it cannot
    be opened at all: the write check that follows says why)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, timeout=5)
    try:
        rows = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as err:
        if err.sqlite_errorcode in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return str(err)
        return None
    finally:
        conn.close()
    if rows == ["ok"]:
        return None
    # the first problem, on one line (SQLite's report spreads it over several, headed "*** in database main ***")
    return "; ".join(line for line in rows[0].splitlines() if not line.startswith("***"))


def _check_database_writable(path: Path) -> None:
    conn = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        # a write that is rolled back: SQLite opens a file it may not write read-only, without a word
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE startup_write_check (x)")
        conn.execute("ROLLBACK")
    except sqlite3.OperationalError as err:
        raise StartupError(N_("Cannot write the heists file %(path)s (%(reason)s): make it writable, then start "
                              "again."), path=path, reason=err) from None
    finally:
        conn.close()


def hold_lock(folder: Path) -> IO[str]:
    """Lock ``folder`` for this process's life (keep the returned file open); a StartupError when
    another copy of the app holds it."""
    path = folder / LOCK_NAME
    handle = open(path, "a+")  # noqa: SIM115 - held open on purpose until the process ends
    try:
        _lock(handle)
    except OSError:
        other = _holder(handle)
        handle.close()
        raise StartupError(N_("The app is already running on the data folder %(folder)s (process %(process)s). Two "
                              "copies would lose each other's actions: use the one that runs, or stop it first.")
                           if other.isdigit() else
                           N_("The app is already running on the data folder %(folder)s. Two copies would lose "
                              "each other's actions: use the one that runs, or stop it first."),
                           folder=folder, process=other) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))  # for the message above, and for a person looking at the folder
    handle.flush()
    return handle


def _holder(handle: IO[str]) -> str:
    """The process id the running copy wrote, if it can be read (Windows refuses a locked byte)."""
    try:
        handle.seek(0)
        return handle.read().strip()
    except OSError:
        return ""


def _lock(handle: IO[str]) -> None:
    """An exclusive lock that fails at once (OSError) rather than waiting."""
    if sys.platform == "win32":
        import msvcrt
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
