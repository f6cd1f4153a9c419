"""A bug in the app is said to be one (issue 12, honest errors): the board says nothing was applied,
the heist is unchanged, and the traceback is in the log file in the data folder, never on the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.engine.actions import HANDLERS
from tests.web.helpers import act, errors, make_app, new_heist, state


def broken(rules: Any, action: Any) -> None:
    raise KeyError("deliberate bug")


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    app = make_app(tmp_path / "heists.sqlite3", PROPAGATE_EXCEPTIONS=False, INSTANCE_PATH=str(tmp_path))
    client = app.test_client()
    game_id = new_heist(client)
    monkeypatch.setitem(HANDLERS, "end_turn", broken)
    return app, client, game_id, tmp_path


def test_a_bug_during_an_action_is_said_on_the_board_and_nothing_is_applied(setup):
    app, client, game_id, _ = setup
    before = state(app, game_id).to_json()
    response = act(client, game_id, do="end_turn")
    assert response.status_code == 200  # htmx swaps it in, so the message reaches the board
    [message] = errors(response.get_data(as_text=True))
    assert message.startswith("The app hit a bug: nothing was applied.")
    assert "deliberate bug" not in response.get_data(as_text=True)
    assert state(app, game_id).to_json() == before


def test_the_traceback_goes_to_the_log_file_with_link_keys_hidden(setup):
    _, client, game_id, tmp_path = setup
    act(client, game_id, do="end_turn")
    log = (tmp_path / "assistant.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "KeyError: 'deliberate bug'" in log
    assert f"/games/{game_id}" not in log


def test_a_bug_on_a_plain_page_shows_the_bug_page_not_a_stack_trace(setup):
    _, client, game_id, _ = setup
    response = client.post(f"/games/{game_id}/act", data={"do": "end_turn"})
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert "The app hit a bug" in page and "Traceback" not in page
