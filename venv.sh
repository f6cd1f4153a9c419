#!/usr/bin/env bash
# Used by start.sh and test.sh: makes .venv and installs the locked dependencies of the given lock file
# (requirements.lock or requirements-test.lock) and this checkout (editable), then records a hash of what it
# installed from. The next run installs again only when that hash changes, so a dependency added to the
# lock (./lock.sh) is installed at the next start, and an unchanged checkout starts without pip.
set -euo pipefail
cd "$(dirname "$0")"
LOCK=${1:?usage: venv.sh requirements.lock|requirements-test.lock}
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
# setup.py shapes the install too (it copies files into the wheel); the Python version decides the wheels
# and so do the message catalogues: setup.py compiles them, so a changed .po installs (and compiles) again
shopt -s nullglob
catalogues=(assistant/translations/*/LC_MESSAGES/*.po)
want=$(cat pyproject.toml setup.py "$LOCK" "${catalogues[@]}" | sha256sum | cut -d' ' -f1)-$(.venv/bin/python -c 'import sys; print(sys.version)' | sha256sum | cut -c1-12)
stamp=".venv/installed-from-$LOCK.sha256"
[ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && exit 0
install() {
    rm -f "$stamp"  # a run cut short installs again next time
    pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
    # --require-hashes: every package, transitive ones included, is the exact file the lock names
    "${pip[@]}" --require-hashes -r "$LOCK"
    # the build backend comes from the lock too (no isolated build fetching whatever setuptools is newest)
    "${pip[@]}" --no-deps --no-build-isolation -e .
    # a dependency added to pyproject.toml but not to the lock shows up here, not as an ImportError later
    .venv/bin/python -m pip check >/dev/null || { .venv/bin/python -m pip check; echo "run ./lock.sh" >&2; exit 1; }
    echo "$want" > "$stamp"
}
if command -v flock >/dev/null 2>&1; then
    # start.sh and test.sh may run at once on one checkout: one pip at a time in .venv
    exec 9>.venv/install.lock
    flock 9
    [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] || install
else
    install
fi
