#!/usr/bin/env bash
# Starts the table app: installs what it needs into .venv (on the first run, and again whenever the locked
# dependencies change: venv.sh), then serves on the table's network and prints the address and a QR code.
# Set PORT to change the port (default 8000).
set -euo pipefail
cd "$(dirname "$0")"
./venv.sh requirements.lock
exec .venv/bin/python -m assistant "$@"
