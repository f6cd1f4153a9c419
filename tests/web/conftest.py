"""Fixtures for the Flask test-client tests, as in the Flask tutorial: an app on a fresh SQLite file
in a temporary folder, and a client for it. CSRF is off here (test_persistence turns it on)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import make_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "heists.sqlite3"


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    app = make_app(db_path)
    yield app
    app.extensions["store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
