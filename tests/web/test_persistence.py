"""A heist survives a restart of the app on the same database file; CSRF protection is on by default."""

from __future__ import annotations

import re

from tests.web.helpers import (
    HTMX,
    act_ok,
    bank_form,
    break_in,
    errors,
    guard_square,
    make_app,
    new_heist,
    state,
    version,
)


def test_a_heist_survives_a_new_app_instance_on_the_same_database(app, client, db_path):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="camera", number=2)
    act_ok(client, game_id, do="end_turn")
    act_ok(client, game_id, do="end_turn")
    client.post(f"/games/{game_id}/undo", headers=HTMX)
    before = state(app, game_id)
    page_before = client.get(f"/games/{game_id}").get_data(as_text=True)
    app.extensions["store"].close()

    restarted = make_app(db_path)
    try:
        other = restarted.test_client()
        page = other.get(f"/games/{game_id}").get_data(as_text=True)
        assert restarted.extensions["store"].load(game_id).state == before
        assert guard_square(page, 1) == before.floors[1].guard
        assert '<span class="num">2</span>' in page
        assert version(page) == version(page_before)
        assert "Bob's turn" in page
        assert "The Bank Job — Ann &amp; Bob" in other.get("/").get_data(as_text=True)
        # redo still knows the undone turn, and play goes on
        other.post(f"/games/{game_id}/redo", headers=HTMX)
        assert restarted.extensions["store"].load(game_id).head == 5
        act_ok(other, game_id, do="end_turn")
    finally:
        restarted.extensions["store"].close()


def csrf_app(db_path):
    return make_app(db_path, WTF_CSRF_ENABLED=True)


def test_csrf_is_enforced_and_a_missing_token_is_a_friendly_400(db_path):
    app = csrf_app(db_path)
    try:
        client = app.test_client()
        response = client.post("/new", data=bank_form())
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert "Page expired" in page and "Reload it and try again." in page
        assert "Traceback" not in page and "token is missing" not in page

        # the form's own token works
        form = client.get("/new").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
        created = client.post("/new", data=bank_form(csrf_token=token))
        assert created.status_code == 302
        game_id = created.headers["Location"].rsplit("/", 1)[1]

        # htmx buttons send the token the page puts in hx-headers on <body>
        board = client.get(f"/games/{game_id}").get_data(as_text=True)
        header = re.search(r"""<body[^>]* hx-headers='\{"X-CSRFToken": "([^"]+)"\}'""", board).group(1)
        refused = client.post(f"/games/{game_id}/act", data={"do": "start"}, headers=HTMX)
        assert refused.status_code == 400 and "Page expired" in refused.get_data(as_text=True)
        assert app.extensions["store"].load(game_id).head == 0
        ok = client.post(f"/games/{game_id}/act", data={"do": "start"}, headers={**HTMX, "X-CSRFToken": header})
        assert ok.status_code == 200 and errors(ok.get_data(as_text=True)) == []
        assert app.extensions["store"].load(game_id).head == 1

        # every other changing route is protected too
        for path in (f"/games/{game_id}/undo", f"/games/{game_id}/redo", f"/games/{game_id}/delete",
                     "/games/import"):
            assert client.post(path).status_code == 400, path
        assert client.post(f"/games/{game_id}/act", data={"do": "start"},
                           headers={**HTMX, "X-CSRFToken": "forged"}).status_code == 400
        assert app.extensions["store"].load(game_id).head == 1
    finally:
        app.extensions["store"].close()


def test_a_fresh_client_without_the_session_cannot_reuse_a_token(db_path):
    app = csrf_app(db_path)
    try:
        first = app.test_client()
        token = re.search(r'name="csrf_token" value="([^"]+)"', first.get("/new").get_data(as_text=True)).group(1)
        stranger = app.test_client()
        assert stranger.post("/new", data=bank_form(csrf_token=token)).status_code == 400
    finally:
        app.extensions["store"].close()


def test_the_secret_key_comes_from_the_config(app):
    assert app.config["SECRET_KEY"] == "web-tests"
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None  # a heist lasts longer than an hour
