"""venv.sh, which start.sh and test.sh run first: it installs from the lock on the first run and whenever
the lock, pyproject.toml or setup.py change, and skips pip entirely otherwise. Checked with a stand-in
for .venv's python that records what pip was asked to do."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAKE_PYTHON = """#!/usr/bin/env bash
if [ "$1" = "-c" ]; then echo "3.11.0 (stand-in)"; exit 0; fi
echo "$*" >> "$(dirname "$0")/../pip-calls"
[ -e "$(dirname "$0")/../pip-fails" ] && exit 1
exit 0
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    for name in ("venv.sh", "pyproject.toml", "setup.py", "requirements.lock", "requirements-test.lock"):
        shutil.copy2(ROOT / name, tmp_path / name)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def installs(checkout: Path, lock: str = "requirements.lock") -> list[str]:
    """What venv.sh asked pip to do this time."""
    calls = checkout / ".venv" / "pip-calls"
    calls.unlink(missing_ok=True)
    done = subprocess.run(["bash", str(checkout / "venv.sh"), lock], check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return calls.read_text().splitlines() if calls.exists() else []


def test_the_first_run_installs_the_lock_with_hashes_then_the_checkout(checkout: Path) -> None:
    calls = installs(checkout)
    assert any("--require-hashes -r requirements.lock" in c for c in calls), calls
    assert any("--no-deps --no-build-isolation -e ." in c for c in calls), calls


def test_an_unchanged_checkout_starts_without_pip(checkout: Path) -> None:
    installs(checkout)
    assert installs(checkout) == []


@pytest.mark.parametrize("changed", ["requirements.lock", "pyproject.toml", "setup.py"])
def test_a_changed_lock_or_project_file_installs_again(checkout: Path, changed: str) -> None:
    installs(checkout)
    with (checkout / changed).open("a") as f:
        f.write("\n# changed\n")
    assert any("-r requirements.lock" in c for c in installs(checkout))


def test_the_test_lock_is_recorded_apart_from_the_app_lock(checkout: Path) -> None:
    installs(checkout)
    assert any("-r requirements-test.lock" in c for c in installs(checkout, "requirements-test.lock"))
    assert installs(checkout) == []


def test_a_failed_install_is_tried_again_at_the_next_start(checkout: Path) -> None:
    (checkout / ".venv" / "pip-fails").touch()
    failed = subprocess.run(["bash", str(checkout / "venv.sh"), "requirements.lock"], check=False,
                            capture_output=True, text=True)
    assert failed.returncode != 0
    (checkout / ".venv" / "pip-fails").unlink()
    assert any("-r requirements.lock" in c for c in installs(checkout))


def test_a_changed_message_catalogue_installs_again_so_setup_py_compiles_it(checkout: Path) -> None:
    po = checkout / "assistant" / "translations" / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Floor %(n)s"\nmsgstr "Planta %(n)s"\n')
    installs(checkout)
    assert installs(checkout) == []
    po.write_text('msgid "Floor %(n)s"\nmsgstr "Piso %(n)s"\n')
    assert any("-e ." in c for c in installs(checkout))


def test_a_checkout_without_catalogues_still_installs(checkout: Path) -> None:
    assert any("-r requirements.lock" in c for c in installs(checkout))
