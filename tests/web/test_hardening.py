"""Issue 12, hardening, through the test client: numbers read strictly, text and bodies of bounded
size, imports checked before the engine sees them, security headers on every response, storage
failures said in plain words, a host key that can be changed, and a rate limit that spares the tablet."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import Headers
from werkzeug.test import TestResponse

from assistant.engine.actions import HANDLERS

from tests.web.helpers import HTMX, act, break_in, errors, game, make_app, new_heist, store, version

PHONE = {"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"}


def phone(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.environ_base.update(PHONE)
    return client


@pytest.fixture
def playing(client: FlaskClient) -> str:
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    return game_id


# -- digits ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("query", ["?room=²-A1", "?room=１-A1", "?room=1-" + "A" * 5000, "?floor=²"])
def test_a_number_in_a_query_written_with_other_digits_is_ignored_not_a_500(client: FlaskClient, playing: str,
                                                                            query: str) -> None:
    page = "export.json" if "floor" in query else ""
    response = client.get(f"/games/{playing}/{page}{query}".replace("//", "/").replace("/?", "?"))
    assert response.status_code == 200


@pytest.mark.parametrize("field, value", [("version", "²"), ("version", " 3"), ("floor", "²"), ("floor", "1_0"),
                                          ("number", "٣"), ("target", "²-A1")])
def test_a_number_in_a_form_written_with_other_digits_gets_a_message(app: Flask, client: FlaskClient, playing: str,
                                                                     field: str, value: str) -> None:
    before = game(app, playing).version
    response = client.post(f"/games/{playing}/act", headers=HTMX,
                           data={"do": "reveal", "floor": "1", "at": "C3", "type": "camera", field: value})
    assert response.status_code == 200
    assert errors(response.get_data(as_text=True))
    assert game(app, playing).version == before


@pytest.mark.parametrize("field, value", [("seed", "²"), ("cards1", "²")])
def test_the_new_heist_form_reads_only_ascii_digits(client: FlaskClient, field: str, value: str) -> None:
    form = {"game": "bb2", "name1": "Ann", "walls": "random", field: value}
    response = client.post("/new", data=form)
    assert response.status_code in (302, 422)  # a seed of "²" is no seed (a random one); a deck of "²" is refused
    if field == "cards1":
        assert "patrol deck" in errors(response.get_data(as_text=True))[0]


# -- text length ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "action"), [
    ("type", {"do": "reveal", "floor": 1, "at": "C3", "number": 2}), ("who", {"do": "move", "floor": 1, "to": "C3"}),
    ("name", {"do": "event", "floor": 1}), ("kind", {"do": "loot", "who": "Ann"}), ("choice", {"do": "answer"})])
def test_an_oversized_text_field_is_refused_with_a_message_and_never_stored(app: Flask, client: FlaskClient,
                                                                            playing: str, field: str,
                                                                            action: dict[str, object]) -> None:
    before = game(app, playing)
    fields = {**action, field: "x" * 100_000}
    page = act(client, playing, **fields).get_data(as_text=True)
    assert "no " + field + " is longer than 60" in errors(page)[0]
    assert len(page) < 200_000  # the value is named by its start, not echoed whole
    after = game(app, playing)
    assert (after.version, after.head) == (before.version, before.head)
    assert "x" * 100 not in json.dumps(after.state.to_json())


@pytest.mark.parametrize("field", ["name1", "character1"])
def test_an_oversized_name_on_the_new_heist_form_is_refused_and_what_was_typed_kept(client: FlaskClient,
                                                                                    field: str) -> None:
    form = {"scenario": "bank", "name1": "Ann", "name2": "Bo", "walls": "default", field: "Z" * 30}
    response = client.post("/new", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "too long (20 letters at most)" in errors(page)[0]
    assert 'value="Bo"' in page


def test_a_colour_that_is_not_a_colour_is_not_stored(app: Flask, client: FlaskClient) -> None:
    game_id = new_heist(client, colour1="red; background: url(x)")
    assert game(app, game_id).state.crew["Ann"].colour == ""


def test_an_oversized_address_in_the_settings_is_refused_and_kept_as_typed(client: FlaskClient) -> None:
    typed = "http://192.168.1.20:8000/" + "a" * 300
    response = client.post("/settings", data={"public_url": typed})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "an address is at most 200" in errors(page)[0]
    assert typed in page


def test_a_body_bigger_than_any_form_gets_a_413_with_a_plain_message(client: FlaskClient, playing: str) -> None:
    response = client.post(f"/games/{playing}/act", data={"do": "end_turn", "pad": "x" * 2_000_000})
    assert response.status_code == 413
    assert "far more than any of the app" in response.get_data(as_text=True)


# -- imports --------------------------------------------------------------------------------------

def upload(client: FlaskClient, body: bytes | str) -> tuple[int, str]:
    """The import form posted as a browser does; the body is built here, in memory (werkzeug's test
    builder spools a big one to a temporary file that a refused request never closes)."""
    data = body.encode() if isinstance(body, str) else body
    boundary = "burgle-test-boundary"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"case\"; filename=\"case.json\"\r\n"
            f"Content-Type: application/json\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    response = client.post("/games/import", data=form, content_type=f"multipart/form-data; boundary={boundary}")
    return response.status_code, response.get_data(as_text=True)


def import_error(client: FlaskClient, body: bytes | str) -> str:
    status, page = upload(client, body)
    assert status in (413, 422), page
    assert '<details class="import" open>' in page
    (message,) = errors(page)
    return message


@pytest.mark.parametrize("body, words", [
    ("[" * 100_000 + "]" * 100_000, "nests brackets more than 8 deep"),
    ('{"floors": {"1": {"die": 1e999}}}', "too large a number"),
    ('{"floors": {"1": {"die": NaN}}}', "NaN is not a number"),
    ('{"floors": {"1": {"die": -Infinity}}}', "-Infinity is not a number"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"stealth": "abc"}}}', "crew Ann, stealth: a whole number from 0 to 6"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"stealth": 1000000}}}', "not 1000000"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"stealth": true}}}', "not true"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"heat": -1}}}', "heat: a whole number from 0 to 6"),
    ('{"floors": {"1": {"tiles": {"A1": "' + "x" * 5000 + '"}}}}', "tile A1: 5000 characters"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"loot": ["' + "x" * 500 + '"]}}}', "loot: 500 characters"),
    ('{"floors": {"1": {}}, "crew": {"' + "N" * 40 + '": {}}}', "a burglar name: 40 characters"),
    ('{"floors": {"1": {"alarms": "A1"}}}', 'alarms: a list […], not "A1"'),
    ('{"floors": {"1": {"walls": [' + ",".join(['"A1-B1"'] * 100) + ']}}}', "walls: 100 entries"),
    ('{"floors": [1, 2]}', "floors: a JSON object"),
    ('{"floors": {"1": {"cubes": {"A1": 99}}}}', "cubes in A1: a whole number from 0 to 9"),
    ('{"floors": {"1": {}}, "about": ' + json.dumps("y" * 600) + '}', "about: 600 characters"),
])
def test_an_import_is_checked_for_depth_numbers_types_and_ranges(client: FlaskClient, body: str, words: str) -> None:
    message = import_error(client, body)
    assert message.startswith("That file is not a case: ")
    assert words in message


def test_an_import_bigger_than_a_megabyte_is_refused_beside_the_field(app: Flask, client: FlaskClient) -> None:
    case = {"floors": {"1": {}}, "about": "x", "padding": " " * 1_100_000}
    message = import_error(client, json.dumps(case))
    assert "too big" in message and "at most 1 MB" in message
    assert store(app).games() == []


def test_an_import_just_under_the_limit_is_still_read(app: Flask, client: FlaskClient) -> None:
    body = json.dumps({"floors": {"1": {}}, "about": "padded"}) + " " * 990_000
    status, _ = upload(client, body)
    assert status == 302
    assert [g["title"] for g in store(app).games()] == ["padded"]


# -- security headers -----------------------------------------------------------------------------

def assert_secured(headers: Headers) -> None:
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("path", ["/", "/new", "/settings", "/rules", "/sandbox", "/static/icons.svg", "/nowhere"])
def test_every_page_carries_the_security_headers(client: FlaskClient, path: str) -> None:
    with client.get(path) as response:
        assert_secured(response.headers)


def answer(app: Flask, client: FlaskClient, game_id: str, status: int) -> TestResponse:
    """An error answer of the app's, as a device gets it."""
    if status == 403:  # a host page, from a phone
        return phone(app).get("/settings")
    if status == 429:  # a phone that guessed too many links
        guesser = phone(app)
        for n in range(20):
            guesser.get(f"/games/guess{n}")
        return guesser.get(f"/games/{game(app, game_id).play_token}")
    if status == 413:
        return client.post(f"/games/{game_id}/act", data={"do": "end_turn", "pad": "x" * 2_000_000})
    return client.get("/games/nowhere")


@pytest.mark.parametrize("status", [403, 404, 413, 429])
def test_every_error_answer_carries_the_security_headers(app: Flask, client: FlaskClient, playing: str,
                                                         status: int) -> None:
    response = answer(app, client, playing, status)
    assert response.status_code == status
    assert_secured(response.headers)


def test_a_missing_static_file_is_a_page_with_the_security_headers(client: FlaskClient) -> None:
    response = client.get("/static/nowhere.js")
    assert response.status_code == 404
    assert_secured(response.headers)


def test_the_bug_page_carries_the_security_headers(db_path: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(db_path, PROPAGATE_EXCEPTIONS=False, INSTANCE_PATH=str(tmp_path))
    client = app.test_client()
    game_id = new_heist(client)
    monkeypatch.setitem(HANDLERS, "end_turn", lambda rules, action: {}["deliberate bug"])
    response = client.post(f"/games/{game_id}/act", data={"do": "end_turn"})
    assert response.status_code == 500
    assert_secured(response.headers)


def test_pages_behind_a_link_token_or_the_host_key_are_never_stored(app: Flask, client: FlaskClient,
                                                                   playing: str) -> None:
    heist = game(app, playing)
    private = [f"/games/{heist.play_token}", f"/games/{heist.watch_token}", f"/games/{heist.play_token}/log",
               f"/games/{playing}", f"/games/{playing}/share", f"/host/{app.config['HOST_KEY']}", "/", "/new",
               "/settings", "/games/nowhere"]
    for path in private:
        with phone(app).get(path) if "token" in path else client.get(path) as response:
            assert response.headers["Cache-Control"] == "no-store", path
    acted = phone(app).post(f"/games/{heist.play_token}/act", data={"do": "end_turn"}, headers=HTMX)
    assert acted.headers["Cache-Control"] == "no-store"
    # the rules and a script are the same for everyone: they may be kept
    assert "no-store" not in client.get("/rules").headers.get("Cache-Control", "")
    with client.get("/static/app.js") as script:
        assert "no-store" not in script.headers.get("Cache-Control", "")


@pytest.mark.parametrize("path", ["/static/app.css", "/static/app.js", "/static/icon-192.png"])
def test_a_script_or_style_sheet_carries_only_the_headers_a_file_needs(client: FlaskClient, path: str) -> None:
    """A page's policy does nothing for a file that is never a page (an SVG can be one, so it keeps them): the
    file goes lighter on the wire, and is never sniffed into something else."""
    with client.get(path) as response:
        headers = response.headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in headers and "Referrer-Policy" not in headers
    assert "Accept-Language" not in headers.get("Vary", "")  # the same file for every reader


def test_no_template_holds_an_inline_script_or_event_handler() -> None:
    import re
    from pathlib import Path
    for template in Path("templates").rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), f"inline <script> in {template}"
        assert not re.search(r"\s(on[a-z]+|hx-on[:\w-]*)=", text), f"inline handler in {template}"


# -- the disk under the heists --------------------------------------------------------------------

@pytest.mark.sqlite_file  # the file's own pragma: on PostgreSQL durability is the server's (fsync, its own config)
def test_every_commit_is_synced_to_the_disk(app: Flask) -> None:
    # FULL (2): in WAL mode NORMAL may lose the last acknowledged actions on a power cut
    assert store(app).db().execute("PRAGMA synchronous").fetchone()[0] == 2


@pytest.mark.sqlite_file  # a file on a drive turned read-only (the sentence names the folder): SQLite's error
def test_a_read_only_database_shows_a_message_on_the_board_and_loses_nothing(app: Flask, client: FlaskClient,
                                                                             playing: str) -> None:
    before = game(app, playing)
    store(app).db().execute("PRAGMA query_only = ON")  # SQLite's own "attempt to write a readonly database"
    try:
        response = act(client, playing, do="alarm", floor=1, at="C3", version=before.version)
        page = response.get_data(as_text=True)
        assert response.status_code == 200
        assert "could not be saved: its folder has become read-only" in errors(page)[0]
        assert version(page) == before.version  # the board as it is, ready to tap again
    finally:
        store(app).db().execute("PRAGMA query_only = OFF")
    assert game(app, playing).head == before.head
    assert act(client, playing, do="alarm", floor=1, at="C3", version=before.version).status_code == 200
    assert game(app, playing).head == before.head + 1


def test_a_full_disk_on_the_new_heist_form_keeps_what_was_typed(app: Flask, client: FlaskClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")  # SQLite's words for SQLITE_FULL
    monkeypatch.setattr(store(app), "create", full)
    response = client.post("/new", data={"scenario": "bank", "name1": "Ann", "name2": "Bartholomew",
                                         "walls": "default"})
    assert response.status_code == 507
    page = response.get_data(as_text=True)
    assert "the disk is full" in errors(page)[0]
    assert 'value="Bartholomew"' in page


def test_a_database_bug_is_not_dressed_up_as_a_disk_problem(app: Flask, client: FlaskClient, playing: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("no such column: nope")
    monkeypatch.setattr(store(app), "act", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = act(client, playing, do="alarm", floor=1, at="C3")
    page = response.get_data(as_text=True)
    assert "could not be saved" not in page
    assert "The app hit a bug: nothing was applied" in page  # said on the board (web/bugs.py)


# -- the host key ---------------------------------------------------------------------------------

def test_a_new_host_link_ends_the_old_ones_privilege_but_not_the_tablets(app: Flask, client: FlaskClient) -> None:
    game_id = new_heist(client)
    old_key = app.config["HOST_KEY"]
    other, tablet = phone(app), app.test_client()
    tablet.environ_base.update({"REMOTE_ADDR": "192.168.1.40", "HTTP_HOST": "192.168.1.10:8000"})
    for device in (other, tablet):
        assert device.get(f"/host/{old_key}").status_code == 302
        assert device.get("/").status_code == 200
    page = tablet.post("/settings/host-link").get_data(as_text=True)
    new_key = app.config["HOST_KEY"]
    assert new_key != old_key
    assert f"/host/{new_key}" in page and "<svg" in page  # the new link and its QR, to scan
    assert tablet.get("/").status_code == 200 and tablet.get(f"/games/{game_id}").status_code == 200
    assert other.get("/").status_code == 403
    assert other.get(f"/games/{game_id}").status_code == 404
    assert other.get(f"/host/{old_key}").status_code == 404
    assert other.get(f"/host/{new_key}").status_code == 302 and other.get("/").status_code == 200


def test_a_new_host_link_is_kept_in_the_instance_folder(tmp_path: object) -> None:
    from pathlib import Path

    from tests.web.helpers import make_app
    folder = Path(str(tmp_path)) / "data"
    app = make_app(folder / "heists.sqlite3", INSTANCE_PATH=folder, HOST_KEY=None)
    old = (folder / "host_key").read_text()
    app.test_client().post("/settings/host-link")
    assert (folder / "host_key").read_text() == app.config["HOST_KEY"] != old
    assert make_app(folder / "heists.sqlite3", INSTANCE_PATH=folder, HOST_KEY=None).config["HOST_KEY"] != old


def test_only_the_tablet_may_make_a_new_host_link(app: Flask) -> None:
    key = app.config["HOST_KEY"]
    assert phone(app).post("/settings/host-link").status_code == 403
    assert app.config["HOST_KEY"] == key


# -- the rate limit -------------------------------------------------------------------------------

def test_wrong_keys_never_lock_out_the_tablet_on_this_machine(app: Flask, client: FlaskClient) -> None:
    game_id = new_heist(client)
    for n in range(40):
        assert client.get(f"/games/guess{n}").status_code == 404
    assert client.get(f"/games/{game_id}").status_code == 200


def test_wrong_keys_never_lock_out_a_tablet_that_came_by_the_host_link(app: Flask) -> None:
    game_id = new_heist(app.test_client())
    tablet = phone(app)
    tablet.get(f"/host/{app.config['HOST_KEY']}")
    for n in range(40):
        assert tablet.get(f"/games/guess{n}").status_code == 404
    assert tablet.get(f"/games/{game_id}").status_code == 200
    guesser = app.test_client()
    guesser.environ_base.update({"REMOTE_ADDR": "192.168.1.99", "HTTP_HOST": "192.168.1.10:8000"})
    for n in range(20):
        guesser.get(f"/games/guess{n}")
    assert guesser.get(f"/games/{game(app, game_id).play_token}").status_code == 429  # phones still are limited


def test_a_static_file_served_from_the_compressed_copy_closes_its_file(client: FlaskClient) -> None:
    """The second ask is answered from the copy compressed once (web/assets.py): the file opened for the answer
    is closed all the same (an open handle left behind is a ResourceWarning, an error here)."""
    import gc
    for _ in range(2):
        with client.get("/static/app.js", headers={"Accept-Encoding": "br"}) as response:
            assert response.headers["Content-Encoding"] == "br"
    gc.collect()
