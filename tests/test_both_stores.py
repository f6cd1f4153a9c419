"""The suite runs on both stores (issue 37): test.sh runs the whole suite on SQLite files, then the tests that touch a
store again on PostgreSQL, and a PostgreSQL pass in which no test opened a PostgreSQL database fails instead of
passing on SQLite alone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# what test.sh runs, played by a stand-in that writes down its store and arguments (and fails when told to)
PYTHON = """#!/usr/bin/env bash
echo "${ASSISTANT_TEST_STORE:-unset} $*" >> "$RUNS"
case "${FAIL_STORE:-none} $*" in "$ASSISTANT_TEST_STORE -m pytest"*) exit 1 ;; esac
"""


def played(tmp_path: Path, **env: str) -> tuple[int, list[str]]:
    """test.sh run in a copy of the checkout's top whose tools are stand-ins: its return code, and each command it
    ran through .venv/bin/python as ``store arguments``."""
    (tmp_path / "checkout").mkdir()
    checkout = tmp_path / "checkout"
    shutil.copy(ROOT / "test.sh", checkout / "test.sh")
    (checkout / "venv.sh").write_text("#!/usr/bin/env bash\n")
    (checkout / ".venv" / "bin").mkdir(parents=True)
    (checkout / ".venv" / "bin" / "python").write_text(PYTHON)
    tools = tmp_path / "tools"  # what test.sh would install otherwise
    tools.mkdir()
    for name in ("chromium", "zbarimg", "initdb"):
        (tools / name).write_text("#!/bin/sh\n")
    for script in (checkout / "venv.sh", checkout / ".venv" / "bin" / "python", *tools.iterdir()):
        script.chmod(0o755)
    runs = tmp_path / "runs"
    environment = {key: value for key, value in os.environ.items() if key != "ASSISTANT_TEST_STORE"}
    done = subprocess.run(["bash", str(checkout / "test.sh")], cwd=checkout, capture_output=True, text=True, timeout=60,
                          check=False, env={**environment, "PATH": f"{tools}:{environment['PATH']}", "RUNS": str(runs),
                                            **env})
    return done.returncode, runs.read_text().splitlines() if runs.exists() else []


def pytest_runs(runs: list[str]) -> list[tuple[str, list[str]]]:
    return [(store, arguments.split()) for store, arguments in (run.split(" ", 1) for run in runs)
            if arguments.startswith("-m pytest")]


def test_test_sh_runs_the_whole_suite_on_sqlite_then_the_tests_that_touch_a_store_on_postgresql(tmp_path: Path):
    code, runs = played(tmp_path)
    assert code == 0
    [(first, whole), (second, again)] = pytest_runs(runs)
    assert first == "sqlite" and {"tests", "assistant"} <= set(whole)
    assert second == "postgresql" and {"tests/web", "tests/browser", "tests/test_league.py"} <= set(again)
    assert "tests" not in again and "tests/engine" not in again  # the engine's tests need not run twice


def test_a_failing_sqlite_pass_still_runs_the_postgresql_pass_and_fails_the_run(tmp_path: Path):
    code, runs = played(tmp_path, FAIL_STORE="sqlite")
    assert code == 1 and [store for store, _ in pytest_runs(runs)] == ["sqlite", "postgresql"]


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_asking_for_one_store_runs_the_whole_suite_once_on_it(tmp_path: Path, store: str):
    code, runs = played(tmp_path, ASSISTANT_TEST_STORE=store)
    assert code == 0 and [(s, {"tests", "assistant"} <= set(a)) for s, a in pytest_runs(runs)] == [(store, True)]


PROBE = '''
from tests.web.helpers import make_app


def test_probe(tmp_path):
    if {opens}:
        make_app(tmp_path / "heists.sqlite3")
'''


@pytest.mark.parametrize("opens", [True, False])
def test_a_postgresql_run_fails_when_no_test_in_it_opened_a_postgresql_database(tmp_path: Path, opens: bool):
    (tmp_path / "test_probe.py").write_text(PROBE.format(opens=opens))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--basetemp", str(tmp_path / "tmp"),
         "-p", "tests.conftest", str(tmp_path / "test_probe.py")], check=False, cwd=ROOT, capture_output=True,
        text=True, timeout=120, env={**os.environ, "ASSISTANT_TEST_STORE": "postgresql"})
    if opens:
        assert done.returncode == 0, done.stdout + done.stderr
        assert "store: 1 tests opened a PostgreSQL database" in done.stdout
    else:
        assert done.returncode == 1, done.stdout + done.stderr
        assert "1 passed" in done.stdout and "no test opened a PostgreSQL database" in done.stdout
