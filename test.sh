#!/usr/bin/env bash
# Installs everything the tests need and runs the whole suite: the locked Python packages into .venv,
# Debian's Chromium for the browser tests (never a browser download) and its PostgreSQL for the store's tests
# (each test process starts a throw-away server of its own: tests/pg_cluster.py), then lint and types, pytest
# (unit, property, web, browser and packaging tests, in parallel), and the conformance checker in ../shared when
# it is there. The tests that touch a store run on both: the whole suite on SQLite files, then those again on
# PostgreSQL; ASSISTANT_TEST_STORE=sqlite (or =postgresql) runs the whole suite once, on that store only.
# HYPOTHESIS_PROFILE=thorough runs ten times the property-test examples (a scheduled CI run).
set -euo pipefail
cd "$(dirname "$0")"
# Chromium drives the browser tests; zbarimg reads the QR codes they photograph; PostgreSQL holds the hosted store
# (and nginx is its proxy)
MISSING=""
command -v chromium >/dev/null 2>&1 || MISSING="chromium"
command -v zbarimg >/dev/null 2>&1 || MISSING="${MISSING:+$MISSING }zbar-tools"
# PostgreSQL's programs (initdb, pg_ctl) are off the PATH in Debian's package, in /usr/lib/postgresql/N/bin
command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    || MISSING="${MISSING:+$MISSING }postgresql"
# nginx runs deploy/nginx.conf in front of the hosted server (tests/web/test_proxy.py); Debian puts it in /usr/sbin
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || MISSING="${MISSING:+$MISSING }nginx"
if [ -n "$MISSING" ]; then
    echo "Installing $MISSING (Debian packages) for the browser and store tests..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi
# the locked test tools and the app's locked dependencies; pip runs only when the lock changed (venv.sh)
./venv.sh requirements-test.lock
.venv/bin/python -m ruff check assistant tests docs bench
.venv/bin/python -m mypy
# one worker per core (each with its own Chromium, servers, folders and PostgreSQL: tests/test_workers.py);
# loadgroup keeps the wheel tests on one worker so the wheel is built once. Hypothesis profile: tests/profiles.py
PYTEST=(.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist loadgroup)
FAILED=0
if [ -n "${ASSISTANT_TEST_STORE:-}" ]; then
    "${PYTEST[@]}" tests assistant "$@" || FAILED=1
else
    ASSISTANT_TEST_STORE=sqlite "${PYTEST[@]}" tests assistant "$@" || FAILED=1
    # Again on PostgreSQL, the tests whose store ASSISTANT_TEST_STORE puts there: the web tests (make_app; those of
    # the heists file itself, marker sqlite_file, on SQLite again), the browser tests (their live server), the
    # league's and the workers' probe. Not twice: the engine, forecast, words, render and conformance tests and the
    # doctests open no store (the words tests' app only lends them a request); tests/test_store.py runs each of its
    # tests on both databases already; the packaging tests install the app as a laptop has it, on its SQLite file.
    # tests/conftest.py fails this pass if no test in it opened a PostgreSQL database.
    echo "The tests that touch a store, again on PostgreSQL (ASSISTANT_TEST_STORE=postgresql):"
    ASSISTANT_TEST_STORE=postgresql "${PYTEST[@]}" tests/web tests/browser tests/test_league.py tests/test_workers.py \
        "$@" || FAILED=1
fi
if [ -f ../shared/conformance/check.py ]; then
    echo "Conformance cases (../shared/conformance/cases):"
    .venv/bin/python ../shared/conformance/check.py || FAILED=1
fi
exit "$FAILED"
