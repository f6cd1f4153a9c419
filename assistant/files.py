"""Where the app's own files are: templates/, static/ and docs/rulings.md.

A checkout keeps them at its top level (design.md asks for that layout); an installed wheel has no
checkout around it and carries copies inside the package, under bundled/ (setup.py puts them there)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "bundled"
INSTALLED = BUNDLED.is_dir()  # from a wheel, not a checkout (an editable install counts as a checkout)
# the folder that holds templates/, static/ and docs/: the installed copy if there is one, else the checkout
ROOT = BUNDLED if INSTALLED else PACKAGE.parent
