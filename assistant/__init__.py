"""Burgle Bros guard assistant: a rules engine for the guards and a table app around it."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

DISTRIBUTION = "burgle-guard-assistant"  # pyproject's [project] name


def _version() -> str:
    """The installed package's version; in a source checkout that was never installed, pyproject's."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        with pyproject.open("rb") as fh:
            return str(tomllib.load(fh)["project"]["version"])


__version__ = _version()
