"""Burgle Bros guard assistant: a rules engine for the guards and a table app around it."""

from __future__ import annotations

from functools import cache

DISTRIBUTION = "burgle-guard-assistant"  # pyproject's [project] name


@cache
def current_version() -> str:
    """The installed package's version; in a source checkout that was never installed, pyproject's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        with pyproject.open("rb") as fh:
            return str(tomllib.load(fh)["project"]["version"])


def __getattr__(name: str) -> str:
    """``__version__``, looked up when first asked for: importlib.metadata takes some 20 ms to import, which every
    run of the resolver and the forecast CLI would pay for nothing."""
    if name == "__version__":
        return current_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
