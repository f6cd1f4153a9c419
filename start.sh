#!/usr/bin/env bash
# Starts the table app: installs what it needs into .venv on first run, then serves on the table's
# network and prints the address and a QR code. Set PORT to change the port (default 8000).
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -c "import assistant.web, waitress, qrcode, ifaddr" 2>/dev/null \
    || .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/python -m assistant "$@"
