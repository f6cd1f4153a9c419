"""The project's habits: a version number that moves with a CHANGELOG section for it, and a pre-commit
configuration that runs the same checks as test.sh."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import assistant

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_the_package_says_pyprojects_version() -> None:
    assert assistant.__version__ == PYPROJECT_VERSION


def test_the_changelog_has_a_section_for_this_version() -> None:
    headings = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert PYPROJECT_VERSION in headings
    assert headings[0] == PYPROJECT_VERSION, "the newest section comes first"


def test_python_m_assistant_prints_the_version() -> None:
    out = subprocess.run([sys.executable, "-m", "assistant", "--version"], capture_output=True, text=True,
                         check=True, cwd=ROOT, timeout=60).stdout
    assert out.strip().endswith(PYPROJECT_VERSION)


def _checks(text: str, pattern: str) -> list[str]:
    return sorted(line.strip() for line in re.findall(pattern, text, re.MULTILINE) if "ruff" in line or "mypy" in line)


def test_pre_commit_runs_the_ruff_and_mypy_commands_test_sh_runs() -> None:
    in_test_sh = _checks((ROOT / "test.sh").read_text(encoding="utf-8"), r"^(\.venv/bin/python -m \S+.*)$")
    hooks = _checks((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"), r"^\s*entry:\s*(.+)$")
    assert len(in_test_sh) == 2 and hooks == in_test_sh


def test_the_command_line_tools_start_without_looking_the_version_up() -> None:
    """The resolver and the forecast CLI start once per call (the conformance checker runs them often): the
    version is looked up only when asked for, since importlib.metadata alone takes some 20 ms to import."""
    code = "import sys, assistant.resolve, assistant.forecast.__main__; print('importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         timeout=60).stdout
    assert out.strip() == "False"
