"""Two build steps on top of pyproject.toml: the wheel carries the app's top-level files, and the compiled
message catalogues.

templates/, static/ and docs/rulings.md stay at the top of the checkout (design.md asks for that layout),
but an installed package has no checkout around it, so the wheel gets copies inside the package, under
assistant/bundled/, where assistant.files finds them. An editable install copies nothing: it reads them
from the checkout.

The translations live as .po files in assistant/translations/ (the text people review); Flask-Babel reads
the compiled .mo beside each. They are compiled here rather than committed, so a .mo can never disagree
with its .po: into the wheel for a real install, into the checkout for an editable one (venv.sh installs
again whenever a .po changes)."""

from __future__ import annotations

import shutil
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUNDLED = ("templates", "static", "docs/rulings.md")  # keep in step with MANIFEST.in (the sdist needs them too)


CATALOGUES = HERE / "assistant" / "translations"


def compile_catalogues(into: Path) -> None:
    """Every assistant/translations/<lang>/LC_MESSAGES/messages.po as messages.mo under ``into``.
    Fuzzy entries are left out, as msgfmt does: a guess never reaches the players (the tests reject them)."""
    for po in sorted(CATALOGUES.glob("*/LC_MESSAGES/*.po")):
        mo = into / po.relative_to(CATALOGUES).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source)
        with mo.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)


class BuildWithBundledFiles(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            compile_catalogues(CATALOGUES)
            return
        compile_catalogues(Path(self.build_lib) / "assistant" / "translations")
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
