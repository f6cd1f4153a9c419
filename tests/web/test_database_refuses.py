"""A hosted service's PostgreSQL refusing a write (issue 37; the bar: bad news where the person is looking, never a
stack trace, nothing entered lost): the server turned read-only for a while, as a fail-over to a standby does. The
database is a real one of this worker's throw-away PostgreSQL; its sessions are ended from outside, as a server
restart ends them, so the app's pool opens new ones that take the database's new setting."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from flask import Flask

from assistant.store import Game

from tests.web.helpers import act, break_in, errors, make_app, new_heist, version


def sessions_restarted(url: str, read_only: bool) -> None:
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE")  # a new session takes the setting
        database = admin.execute("SELECT current_database()").fetchone()[0]  # type: ignore[index]
        admin.execute(f'ALTER DATABASE "{database}" SET default_transaction_read_only = {"on" if read_only else "off"}')
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def game(app: Flask, game_id: str) -> Game:
    """The heist as stored, read as a request reads it: the connection goes back to the pool after."""
    heist = app.extensions["store"].load(game_id)
    app.extensions["store"].release()
    return heist


@pytest.fixture
def hosted_app(pg_url: str) -> Iterator[Flask]:
    app = make_app(pg_url, laptop=True)  # this very database, whichever store the other web tests run on
    yield app
    sessions_restarted(pg_url, read_only=False)
    app.extensions["store"].shutdown()


def test_a_read_only_database_server_is_said_on_the_board_and_the_tap_works_once_it_takes_changes(
        hosted_app: Flask, pg_url: str) -> None:
    client = hosted_app.test_client()
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    before = game(hosted_app, game_id)
    sessions_restarted(pg_url, read_only=True)
    response = act(client, game_id, do="alarm", floor=1, at="C3", version=before.version)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert errors(page) == ["The heist could not be saved: the database takes no changes at the moment. Nothing was "
                            "changed: tap again in a moment, and if it goes on, tell whoever runs the service."]
    assert version(page) == before.version  # the board as it stands, ready for the same tap
    sessions_restarted(pg_url, read_only=False)
    assert game(hosted_app, game_id).head == before.head
    assert act(client, game_id, do="alarm", floor=1, at="C3", version=before.version).status_code == 200
    assert game(hosted_app, game_id).head == before.head + 1


def test_a_new_heist_refused_by_a_read_only_server_keeps_the_form_as_typed(hosted_app: Flask, pg_url: str) -> None:
    client = hosted_app.test_client()
    sessions_restarted(pg_url, read_only=True)
    response = client.post("/new", data={"scenario": "bank", "name1": "Ann", "name2": "Bartholomew",
                                         "walls": "default"})
    page = response.get_data(as_text=True)
    assert response.status_code == 507
    assert "the database takes no changes at the moment" in errors(page)[0]
    assert 'value="Bartholomew"' in page
