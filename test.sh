#!/usr/bin/env bash
# Installs everything the tests need (Python packages in .venv) and runs the whole suite:
# unit, property and conformance tests, then the conformance checker in ../shared if present.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
.venv/bin/python -m pytest tests assistant "$@"
if [ -f ../shared/conformance/check.py ]; then
    echo "Conformance cases (../shared/conformance/cases):"
    .venv/bin/python ../shared/conformance/check.py
fi
