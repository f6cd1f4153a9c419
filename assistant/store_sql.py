"""What the store asks of a database connection: the part of sqlite3's that its SQL is written for, which the
PostgreSQL store's connections speak too (store_pg.PgConnection). Apart from store.py so that the store's modules
(campaigns, upgrades, PostgreSQL) name it without importing the store."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, Self


class Rows(Protocol):
    """What a statement gives back, in sqlite3's terms: rows readable by column name and by place."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class WriteLock(Protocol):
    """The store's write lock: ``with`` it, one writer of this process at a time."""

    def acquire(self) -> bool: ...

    def __enter__(self) -> Any: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None,
                 /) -> bool | None: ...


class Database(Protocol):
    """A connection: ``?`` placeholders, and ``with`` it, one transaction (a savepoint inside another)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Rows: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Rows: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None,
                 /) -> bool | None: ...
