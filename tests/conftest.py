"""Fixtures for the whole suite: the Hypothesis profile (tests/profiles.py) and, for every test, an
instance folder of its own worker instead of the checkout's instance/ (where the app keeps its keys and
bug log), so that parallel workers (pytest-xdist) and a developer's running app never share one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

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


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=thorough for ten times the examples)"
