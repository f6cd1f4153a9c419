"""The lock files: every dependency that pyproject.toml pins is locked at that version, with hashes, and the
app's lock and the test lock never disagree (./lock.sh regenerates both)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)")


def locked(name: str) -> dict[str, str]:
    text = (ROOT / name).read_text(encoding="utf-8")
    pins = {}
    for entry in re.split(r"\n(?=\S)", text):
        match = PIN.match(entry)
        if match:
            assert "--hash=sha256:" in entry, f"{name}: {match.group(1)} has no hash"
            pins[canonicalize_name(match.group(1))] = match.group(2)
    return pins


def pinned(requirements: list[str]) -> dict[str, str]:
    pins = {}
    for line in requirements:
        requirement = Requirement(line)
        (spec,) = requirement.specifier
        assert spec.operator == "==", f"{line}: pyproject.toml pins exact versions (toolchain.md)"
        pins[canonicalize_name(requirement.name)] = spec.version
    return pins


def test_the_app_lock_holds_every_dependency_at_the_version_pyproject_pins() -> None:
    lock = locked("requirements.lock")
    wanted = pinned(PYPROJECT["project"]["dependencies"])
    assert {name: lock.get(name) for name in wanted} == wanted, "pyproject.toml changed: run ./lock.sh"


def test_the_test_lock_holds_the_test_tools_and_the_app_lock_at_the_same_versions() -> None:
    lock, app = locked("requirements-test.lock"), locked("requirements.lock")
    wanted = pinned(PYPROJECT["project"]["optional-dependencies"]["test"])
    assert {name: lock.get(name) for name in wanted} == wanted, "pyproject.toml changed: run ./lock.sh"
    assert {name: lock.get(name) for name in app} == app


def test_the_build_requirements_are_locked_for_installs_without_build_isolation() -> None:
    # setuptools, and Babel, which setup.py uses to compile the message catalogues
    for backend in PYPROJECT["build-system"]["requires"]:
        requirement = Requirement(backend)
        for name in ("requirements.lock", "requirements-test.lock"):
            version = locked(name).get(canonicalize_name(requirement.name))
            assert version is not None and requirement.specifier.contains(version), (name, backend)
