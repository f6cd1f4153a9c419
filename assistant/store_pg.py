"""The store on PostgreSQL, for a service that runs the app in several processes (docs/scaling.md): the same
``Store`` and the same meaning (one row per action, a head for undo and redo, a version for every change, a change
made on an older version refused), over psycopg 3 and its connection pool.

The Store's SQL is the subset both databases speak; :class:`PgConnection` gives it a pooled connection that speaks
it the way sqlite3 does (``?`` placeholders, rows read by column name or by place, ``with`` for a transaction). What
differs is here: the schema (schema_pg.sql, store_pg_upgrades.py), and a backup, which stays the SQLite file a
laptop's is (a club carries its heists from one to the other), copied to and from the tables row by row.
"""

from __future__ import annotations

import functools
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, closing
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar, Self, SupportsIndex, overload
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import pq
from psycopg.rows import RowMaker, tuple_row
from psycopg_pool import ConnectionPool

from .broker import Broker
from .doorbell_pg import PgDoorbell
from .store import ACTION_COLUMNS, GAME_COLUMNS, Store, UnreachableError
from .store_campaigns import CAMPAIGN_COLUMNS, HEIST_COLUMNS
from .store_pg_upgrades import upgrade
from .store_upgrades import upgrade as upgrade_sqlite

# connections each process keeps open at most: a request holds one while it runs (streams give theirs back at once,
# as with SQLite), and the one interpreter runs a handful at a time; PostgreSQL's default max_connections, 100, is
# then room for several processes
POOL_CONNECTIONS = 16
CONNECT_SECONDS = 10
SCHEMA_LOCK = 0x6275726731  # pg_advisory_xact_lock's key: processes starting at once make the tables one at a time
# every table of a backup, each before those that refer to it
TABLES = (("games", GAME_COLUMNS), ("actions", ACTION_COLUMNS), ("settings", ("name", "value")),
          ("campaigns", CAMPAIGN_COLUMNS), ("campaign_heists", HEIST_COLUMNS))


class Row(tuple[Any, ...]):
    """A row read by place or by column name, as sqlite3.Row is (``dict(row)`` too)."""

    _index: ClassVar[dict[str, int]] = {}

    @overload
    def __getitem__(self, key: SupportsIndex | str) -> Any: ...

    @overload
    def __getitem__(self, key: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, key: SupportsIndex | str | slice) -> Any:
        return super().__getitem__(self._index[key] if isinstance(key, str) else key)

    def keys(self) -> list[str]:
        return list(self._index)


@functools.lru_cache(maxsize=256)
def _row_class(names: tuple[str, ...]) -> type[Row]:
    return type("Row", (Row,), {"_index": {name: place for place, name in enumerate(names)}})


def _rows(cursor: Any) -> RowMaker[Row]:
    """psycopg's row factory: each row of this statement a Row of its columns."""
    return _row_class(tuple(column.name for column in cursor.description or ()))


@functools.lru_cache(maxsize=1024)
def _placeholders(sql: str) -> str:
    """sqlite3's ``?`` as psycopg's ``%s`` (the store's SQL has no ``?`` or ``%`` of its own)."""
    return sql.replace("?", "%s")


class PgConnection:
    """A pooled psycopg connection (autocommit: each statement on its own) speaking the Store's sqlite3 subset: a
    ``with`` block is one transaction, and one inside it a savepoint."""

    def __init__(self, conn: psycopg.Connection[Row]):
        self.conn = conn
        self._transactions: list[AbstractContextManager[Any]] = []

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Row]:
        return self.conn.execute(_placeholders(sql), parameters)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> psycopg.Cursor[Row]:
        cursor = self.conn.cursor()
        cursor.executemany(_placeholders(sql), parameters)
        return cursor

    @property
    def in_transaction(self) -> bool:
        # a lost connection (UNKNOWN) holds no transaction any more: nothing to roll back, the pool drops it
        return self.conn.info.transaction_status not in (pq.TransactionStatus.IDLE, pq.TransactionStatus.UNKNOWN)

    def rollback(self) -> None:
        self.conn.rollback()

    def __enter__(self) -> Self:
        transaction = self.conn.transaction()
        transaction.__enter__()
        self._transactions.append(transaction)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None,
                 /) -> bool | None:
        return self._transactions.pop().__exit__(kind, error, trace)


def shown(url: str) -> str:
    """The database's address without its password, for messages and logs.

    >>> shown("postgresql://burgle:secret@db.example:5432/heists")
    'postgresql://burgle@db.example:5432/heists'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    where = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}@{where}" if parts.username else where))


class _WriteLock:
    """The write lock, taken with this thread's connection in hand: a writer holding the lock never waits for one of
    the pool's connections while every connection is held by a thread waiting for the lock."""

    def __init__(self, store: PgStore):
        self._store, self._lock = store, threading.Lock()

    def acquire(self) -> bool:
        return self._lock.acquire()

    def __enter__(self) -> bool:
        self._store.db()
        return self._lock.acquire()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None,
                 /) -> None:
        self._lock.release()


class PgStore(Store):
    """The Store on the PostgreSQL database at ``url`` (``postgresql://user:password@host:port/database``);
    ``folder``: the data folder, where a backup being restored waits.

    A request's thread takes a connection from the pool at its first query and gives it back as the request ends
    (``release``), as the SQLite store's does. The write lock keeps this process's writers apart; the version in each
    change's ``UPDATE … WHERE version = ?`` keeps every process's apart (Store._bump). Every change rings this
    process's devices through ``broker`` as the SQLite store's does, and every other process's through PostgreSQL
    (doorbell_pg.py): this process's connections carry its ``name``, so its listener skips what it rang itself."""

    GREATEST = "GREATEST"
    JSON_FIELD = "({column}::json ->> '{key}')"

    def __init__(self, url: str, broker: Broker | None = None, folder: Path | None = None,
                 connections: int = POOL_CONNECTIONS):
        self.path = shown(url)
        self.broker = broker if broker is not None else Broker()
        self._url = url
        self._folder = folder if folder is not None else Path.cwd()
        self._local = threading.local()
        self._write = _WriteLock(self)
        self._stopped = False
        self.name = f"burgle {secrets.token_hex(6)}"
        self.init()
        self._pool: ConnectionPool[psycopg.Connection[Row]] = ConnectionPool(
            url, min_size=1, max_size=connections, open=True, name="heists", check=ConnectionPool.check_connection,
            kwargs={"autocommit": True, "row_factory": _rows, "application_name": self.name}, timeout=30)
        self._doorbell = PgDoorbell(url, self.broker, self.name)
        self._doorbell.start()

    @property
    def folder(self) -> Path:
        return self._folder

    # -- connections --------------------------------------------------------------------------
    def db(self) -> PgConnection:
        conn = getattr(self._local, "conn", None)
        if conn is not None and conn.conn.broken:  # the server ended it (a restart): the pool drops it, a new one
            self.release()
            conn = None
        if conn is None:
            conn = self._local.conn = PgConnection(self._pool.getconn())
        return conn

    def _give_back(self, conn: PgConnection) -> None:
        self._pool.putconn(conn.conn)

    def close(self) -> None:
        self.release()

    def shutdown(self) -> None:
        """The server is stopping: every connection closes. Every acknowledged action is committed already; a write
        that comes after waits for ever, as with SQLite (the process is ending)."""
        if self._stopped:
            return
        self._write.acquire()
        self._stopped = True
        self._doorbell.stop()
        self.release()
        self._pool.close()

    def init(self) -> None:
        """The tables of a new database, or an earlier version's brought up to date (store_pg_upgrades), by one
        process at a time."""
        schema = resources.files("assistant").joinpath("schema_pg.sql").read_text(encoding="utf-8")
        try:
            conn = psycopg.connect(self._url, autocommit=True, row_factory=_rows, connect_timeout=CONNECT_SECONDS)
        except psycopg.OperationalError as err:
            raise UnreachableError(self.path, " ".join(line.strip() for line in str(err).splitlines())) from None
        with conn:
            db = PgConnection(conn)
            with db:
                db.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
                conn.execute(schema.encode())  # several statements, no parameters
                self.upgraded = upgrade(db, self.path)

    # -- a club's heists at once: a backup is an SQLite file (assistant/backup.py) -----------------------------------
    def copy_to(self, path: Path, club: str | None = None) -> None:
        """Every heist, campaign and setting of ``club`` (None: of every club) of one moment, copied into a new SQLite
        file of this version at ``path``; no club's name or password goes with them."""
        with closing(sqlite3.connect(path)) as copy:
            copy.executescript(resources.files("assistant").joinpath("schema.sql").read_text(encoding="utf-8"))
            upgrade_sqlite(copy, str(path), keep_copy=False)
            copy.execute("DELETE FROM clubs")  # the upgrade's own row of the laptop's club: a backup names no club
            with copy, self.db() as db:
                db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")  # one snapshot for all
                for table, columns in TABLES:
                    listed = ", ".join(columns)
                    where, values = _of_club(table, club)
                    # a server-side cursor: the rows come a few at a time, never the whole club's heists at once
                    with db.conn.cursor(f"copy_{table}", row_factory=tuple_row) as rows:
                        rows.execute(f"SELECT {listed} FROM {table}{where}", values)
                        copy.executemany(f"INSERT INTO {table} ({listed}) VALUES ({', '.join('?' * len(columns))})",
                                         rows)

    def _folded(self) -> None:
        """A restore is committed: nothing to fold (SQLite's write-ahead log)."""


def _of_club(table: str, club: str | None) -> tuple[str, tuple[str, ...]]:
    """The WHERE clause of ``table``'s rows of ``club`` (none for every club's), and its values."""
    if club is None:
        return "", ()
    return {"actions": (" WHERE game_id IN (SELECT id FROM games WHERE club = %s)", (club,)),
            "campaign_heists": (" WHERE campaign_id IN (SELECT id FROM campaigns WHERE club = %s)", (club,))}.get(
        table, (" WHERE club = %s", (club,)))
