#!/usr/bin/env bash
# Installs everything the tests need and runs the whole suite: Python packages into .venv, Debian's
# Chromium for the browser tests (never a browser download), then pytest (unit, property, web and
# browser tests), lint and types, and the conformance checker in ../shared when it is there.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
# Chromium drives the browser tests; zbarimg reads the QR codes they photograph
MISSING=""
command -v chromium >/dev/null 2>&1 || MISSING="chromium"
command -v zbarimg >/dev/null 2>&1 || MISSING="${MISSING:+$MISSING }zbar-tools"
if [ -n "$MISSING" ]; then
    echo "Installing $MISSING (Debian packages) for the browser tests..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
.venv/bin/python -m ruff check assistant tests docs bench
.venv/bin/python -m mypy
.venv/bin/python -m pytest tests assistant "$@"
if [ -f ../shared/conformance/check.py ]; then
    echo "Conformance cases (../shared/conformance/cases):"
    .venv/bin/python ../shared/conformance/check.py
fi
