"""The log is typed from the engine to the page (issue 34 §4): ``LogEntry`` values everywhere above the store, read
from its JSON at the store's boundary only (``engine/log.read_log``), and that JSON kept byte for byte."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import replay, state_from_case
from assistant.engine.errors import RulesError
from assistant.engine.log import LogEntry, read_log
from assistant.store import Played, Store
from tests.web.helpers import HTMX, break_in, new_heist, store
from tests.web.test_saves import unpack

CASES = sorted((Path(__file__).resolve().parents[2] / ".." / "shared" / "conformance" / "cases").glob("*/*.json"))


def stored_logs(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("SELECT log FROM actions ORDER BY game_id, seq")]


def test_every_public_case_is_stored_and_read_back_as_the_same_entries_and_the_same_bytes(tmp_path: Path) -> None:
    assert len(CASES) > 50
    db = tmp_path / "heists.sqlite3"
    heists = Store(db)
    played = []
    for path in CASES:
        case = json.loads(path.read_text(encoding="utf-8"))
        try:
            start = state_from_case(case)
            steps = replay(case, start).steps
        except RulesError:
            continue  # a case the engine refuses, as it should: nothing to store
        played.append((heists.create(path.stem, start, steps=steps), steps))
    assert len(played) > 50
    for game_id, steps in played:
        assert [p.log for p in heists.history(game_id)] == [list(step.log) for step in steps]
    heists.close()
    raw = stored_logs(db)
    assert sum(len(json.loads(r)) for r in raw) > 500
    for text in raw:
        assert json.dumps([e.as_dict() for e in read_log(json.loads(text))]) == text


@pytest.mark.parametrize("fixture", ["schema0.sqlite3.gz", "schema1.sqlite3.gz", "schema4.sqlite3.gz"])
def test_every_log_of_a_saved_database_reads_as_entries_and_writes_as_the_same_bytes(fixture: str,
                                                                                     tmp_path: Path) -> None:
    """Version 0's sentences (``text``, kept where an action could not be replayed) as well as data."""
    db = unpack(fixture, tmp_path)
    Store(db).close()  # brought up to date, as the app opens it
    raw = stored_logs(db)
    assert raw
    for text in raw:
        entries = read_log(json.loads(text))
        assert all(isinstance(e, LogEntry) for e in entries)
        assert json.dumps([e.as_dict() for e in entries]) == text
    if fixture == "schema0.sqlite3.gz":
        assert any(e.text for text in raw for e in read_log(json.loads(text)))


def test_the_history_is_typed_rows_with_their_actions_and_logs(app: Flask, client: FlaskClient) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    history = store(app).history(game_id)
    assert [type(p) for p in history] == [Played] * len(history) and [p.action.do for p in history] == [
        "start", "entrance"]
    assert all(isinstance(e, LogEntry) for p in history for e in p.log)


def test_the_answer_to_a_tap_draws_the_log_act_returned_without_reading_it_back(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = new_heist(client)
    break_in(client, game_id)
    version = store(app).version(game_id)

    def read_back(*_args: object) -> list[LogEntry]:
        raise AssertionError("the log of the action just applied was read back from SQLite")

    monkeypatch.setattr(Store, "last_log", read_back)
    page = client.post(f"/games/{game_id}/act", data={"do": "end_turn", "version": version}, headers=HTMX)
    assert page.status_code == 200
    assert "guard" in page.get_data(as_text=True)
