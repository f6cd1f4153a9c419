"""One build step on top of pyproject.toml: the wheel carries the app's top-level files.

templates/, static/ and docs/rulings.md stay at the top of the checkout (design.md asks for that layout),
but an installed package has no checkout around it, so the wheel gets copies inside the package, under
assistant/bundled/, where assistant.files finds them. An editable install copies nothing: it reads them
from the checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUNDLED = ("templates", "static", "docs/rulings.md")  # keep in step with MANIFEST.in (the sdist needs them too)


class BuildWithBundledFiles(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "assistant" / "bundled"
        for name in BUNDLED:
            source, copy = HERE / name, target / name
            if source.is_dir():
                shutil.copytree(source, copy, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", ".*"))
            else:
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy)


setup(cmdclass={"build_py": BuildWithBundledFiles})
