"""A throw-away PostgreSQL server for the tests, from the machine's own packages (Debian's ``postgresql``, which
./test.sh installs as it installs Chromium): one cluster per test process (each pytest-xdist worker its own), made
with initdb in a temporary folder and listening on a unix socket there only (no port to clash with anyone's), with
a database of its own for each test. A machine without PostgreSQL fails the tests that need it, with a sentence
saying what to install: nothing is skipped.

``ASSISTANT_TEST_STORE=postgresql`` runs the web tests on it (tests/web/helpers.make_app): each database file a
test names becomes a database of its own, the same one each time the test opens that file again (a restart).
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from glob import glob
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg

STORES = ("sqlite", "postgresql")
STORE = os.environ.get("ASSISTANT_TEST_STORE", "sqlite")
if STORE not in STORES:  # a misspelt name would otherwise run everything on SQLite, and look like a PostgreSQL run
    raise SystemExit(f"ASSISTANT_TEST_STORE={STORE}: the tests run on {' or '.join(STORES)}")
USER = "burgle"  # the cluster's superuser
TEMPLATE = "heists_template"
SERVER_OPTIONS = ("-c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                  "-c max_connections=300")


class MissingPostgres(RuntimeError):
    pass


def _binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise MissingPostgres(f"PostgreSQL's {name} is not on this machine: the tests of the PostgreSQL store need "
                              "it (./test.sh installs it: apt-get install postgresql)")
    return found


def _as_owner() -> list[str]:
    """The command prefix that runs the server as a user that may (PostgreSQL refuses to run as root): Debian's
    package makes the user ``postgres``."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise MissingPostgres("the tests run as root and there is no user postgres to run PostgreSQL as "
                              "(Debian's package makes it: apt-get install postgresql)") from None
    return ["runuser", "-u", "postgres", "--"]


class Cluster:
    """A PostgreSQL server in ``folder`` (its data, its socket and its log), stopped at the end of the process."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="burgle-pg-"))  # short: a socket's path has a limit of 107
        owner = _as_owner()
        if owner:
            shutil.chown(self.folder, "postgres")
        self._run([*owner, _binary("initdb"), "-D", str(self.folder / "data"), "-U", USER, "--auth=trust",
                           "--no-sync", "-E", "UTF8", "--locale=C"])
        self._run([*owner, _binary("pg_ctl"), "-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w",
                           "-o", f"-k {self.folder} {SERVER_OPTIONS}", "start"])
        self._owner = owner
        self._names = itertools.count(1)
        self._lock = threading.Lock()
        self._templated = False
        atexit.register(self.stop)

    @staticmethod
    def _run(command: list[str]) -> None:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            raise MissingPostgres(f"{' '.join(command)} failed: {done.stderr or done.stdout}")

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@/{database}?host={self.folder}"

    def admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url("postgres"), autocommit=True)

    def create(self) -> str:
        """A new empty database's address."""
        with self._lock:
            name = f"heists_{os.getpid()}_{next(self._names)}"
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {self._template()} STRATEGY file_copy")
        return self.url(name)

    def _template(self) -> str:
        """A database with the store's tables made, copied for each test (its schema's statements take longer than
        the copy)."""
        if not self._templated:
            from assistant.store_pg import PgStore
            with self.admin() as conn:
                conn.execute(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0")
            PgStore(self.url(TEMPLATE)).shutdown()
            self._templated = True
        return TEMPLATE

    def drop(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        with self.admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        if self.folder.exists():
            subprocess.run([*self._owner, _binary("pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate",
                                          "stop"], capture_output=True, check=False)
            shutil.rmtree(self.folder, ignore_errors=True)


_cluster: Cluster | None = None
_starting = threading.Lock()


def cluster() -> Cluster:
    """This process's cluster, started the first time a test needs it."""
    global _cluster
    with _starting:
        if _cluster is None:
            _cluster = Cluster()
        return _cluster


class Databases:
    """The databases and stores one test made (tests/conftest.py drops them as it ends): a database file the test
    names maps to one database, the same each time it is named."""

    def __init__(self) -> None:
        self.by_path: dict[str, str] = {}
        self.stores: list[Any] = []
        self.sqlite_file = False  # this test is about the SQLite file itself (the marker sqlite_file)
        self.in_test = False  # a test is running: outside one, a database is a module's or session's fixture's
        self.touched = False  # this test used a PostgreSQL database
        self.tests_on_pg = 0  # tests of this process that did (tests/conftest.py sums them up)
        self.lasting: dict[str, str] = {}  # the databases of apps that outlive a test (for_server)
        self._emptied: list[str] = []  # databases of earlier tests, every row gone: a copy takes 0.2-0.5 s

    def for_path(self, path: str) -> str:
        if path not in self.by_path:
            self.by_path[path] = self._emptied.pop() if self._emptied else cluster().create()
        self.touched = True
        return self.by_path[path]

    def for_server(self, path: str) -> str:
        """The database standing for the file of an app that outlives a test (the browser tests' live server, a
        module's app): never emptied nor dropped, it goes with the cluster as the test process ends."""
        if path not in self.lasting:
            self.lasting[path] = cluster().create()
        self.touched = True
        return self.lasting[path]

    def end(self) -> None:
        self.tests_on_pg += self.touched
        self.touched = False
        for store in self.stores:
            store.shutdown()
        for url in self.by_path.values():
            if not self._emptied_again(url):
                cluster().drop(url)
        self.by_path.clear()
        self.stores.clear()

    def _emptied_again(self, url: str) -> bool:
        """The database as the template has it again (the store's tables, no row), or False when the test changed
        more than its rows (then it is dropped)."""
        from assistant.store_upgrades import SCHEMA_VERSION
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("SET lock_timeout = '2s'")
                with conn.transaction():
                    conn.execute("TRUNCATE games, actions, settings, campaigns, campaign_heists, club_links")
                    conn.execute("DELETE FROM clubs WHERE id <> 'local'")  # the laptop's club is the template's
                    conn.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION,))
                others = (conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                      "AND pid <> pg_backend_pid() AND application_name NOT LIKE '% doorbell'")
                          .fetchone())  # a stopped store's listener goes within a second, and it only listens
        except psycopg.Error:
            return False
        if others is None or others[0]:
            return False  # a connection the test left open
        self._emptied.append(url)
        return True


DATABASES = Databases()
