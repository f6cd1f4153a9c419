"""Fixtures for the whole suite: the Hypothesis profile (tests/profiles.py), the message catalogues compiled
when a plain clone has none (or a .po changed since), and, for every test, an instance folder of its own worker
instead of the checkout's instance/ (where the app keeps its keys and bug log), so that parallel workers
(pytest-xdist) and a developer's running app never share one; the store on each database (``store``, SQLite and
PostgreSQL: tests/pg_cluster.py), each test's PostgreSQL databases dropped as it ends."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import settings

from tests.pg_cluster import DATABASES, STORE, MissingPostgres
from tests.profiles import PROFILE, SCALES, examples

for name in SCALES:
    settings.register_profile(name, max_examples=examples(100, name))
settings.load_profile(PROFILE)


@pytest.fixture(scope="session")
def worker_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this worker's own (pytest's temporary folders are per worker under xdist)."""
    return tmp_path_factory.mktemp("worker")


@pytest.fixture(autouse=True, scope="session")
def instance_folder_of_the_worker(worker_root: Path) -> Iterator[Path]:
    # create_app's default instance folder is ROOT / "instance": point ROOT at the worker's folder, so an
    # app made without INSTANCE_PATH writes there (setattr fails loudly if ROOT is ever renamed). Imported
    # here, not at the top: a web package broken halfway through an edit fails the web tests, not the engine's
    try:
        import assistant.web
    except (ImportError, SyntaxError):  # the web tests say what is wrong
        yield worker_root / "instance"
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(assistant.web, "ROOT", worker_root)
        yield worker_root / "instance"


@pytest.fixture(autouse=True)
def postgresql_databases_dropped(request: pytest.FixtureRequest) -> Iterator[None]:
    """The PostgreSQL stores a test opened are shut and their databases dropped as it ends (nothing, for a test on
    SQLite). A test marked ``sqlite_file`` stays on SQLite when the web tests run on PostgreSQL."""
    DATABASES.sqlite_file = request.node.get_closest_marker("sqlite_file") is not None
    DATABASES.in_test = True
    yield
    DATABASES.end()
    DATABASES.in_test = DATABASES.sqlite_file = False  # a module's fixture made before the next test: on PostgreSQL


@pytest.fixture
def pg_url() -> str:
    """A new empty database on this worker's throw-away PostgreSQL; a missing PostgreSQL fails, never skips."""
    try:
        return DATABASES.for_path(f"pg_url {len(DATABASES.by_path)}")
    except MissingPostgres as err:
        pytest.fail(str(err))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The store on each of its databases: an SQLite file, a PostgreSQL database (the same tests, the same meaning)."""
    from assistant.stores import open_store  # here: a store broken halfway through an edit fails its own tests only
    target = str(tmp_path / "heists.sqlite3") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    opened = open_store(target, folder=tmp_path)
    yield opened
    opened.shutdown()


CATALOGUES = Path(__file__).resolve().parents[1] / "assistant" / "translations"
COMPILED: list[str] = []  # the catalogues this run compiled, said in the report's header


def compile_stale_catalogues(root: Path = CATALOGUES) -> list[str]:
    """Each messages.po whose .mo is missing or older, compiled beside it as setup.py does (fuzzy entries left
    out): a plain clone has no .mo (they are not committed), and the app and the catalogue tests read them. Each is
    written whole and then moved into place, so a test reading one never sees half a file."""
    compiled = []
    for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        part = mo.with_suffix(f".mo.{os.getpid()}")
        with part.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        part.replace(mo)
        compiled.append(po.relative_to(root).parts[0])
    return compiled


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # once, before any pytest-xdist worker starts
        COMPILED.extend(compile_stale_catalogues())


ON_PG_BY_WORKERS: list[int] = []  # how many tests each pytest-xdist worker ran on PostgreSQL, said as it ended
ON_PG = pytest.StashKey[int]()  # and all of them, for the summary


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    ON_PG_BY_WORKERS.append(getattr(node, "workeroutput", {}).get("tests_on_pg", 0))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A PostgreSQL run (ASSISTANT_TEST_STORE=postgresql, test.sh's second pass) in which no test opened a
    PostgreSQL database fails: it would pass while testing SQLite only (the variable not reaching the tests, a
    selection of tests that touch no store). Each worker hands its count to the process that started it."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["tests_on_pg"] = DATABASES.tests_on_pg
        return
    on_pg = session.config.stash[ON_PG] = DATABASES.tests_on_pg + sum(ON_PG_BY_WORKERS)
    if STORE == "postgresql" and session.testscollected and not on_pg and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if STORE != "postgresql" or hasattr(config, "workerinput"):
        return
    on_pg = config.stash.get(ON_PG, 0)
    if on_pg:
        terminalreporter.write_line(f"store: {on_pg} tests opened a PostgreSQL database "
                                    "(ASSISTANT_TEST_STORE=postgresql), the others none or an SQLite file")
    else:
        terminalreporter.write_line("store: ASSISTANT_TEST_STORE=postgresql, yet no test opened a PostgreSQL "
                                    "database: this run tested SQLite only, and fails", red=True, bold=True)


def pytest_report_header() -> list[str]:
    said = [f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=thorough for ten times the examples)",
            f"store of the web and browser tests: {STORE} (ASSISTANT_TEST_STORE)"]
    if COMPILED:
        said.append(f"message catalogues compiled (a .mo missing or older than its .po): {', '.join(COMPILED)}")
    return said
