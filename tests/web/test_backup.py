"""Issue 24 §3: every heist backed up into one file (SQLite's backup API, compressed), restored from it or added
beside the heists here (moving them to another laptop); a damaged or foreign file is refused in words and nothing
here changes."""

from __future__ import annotations

import gzip
import io
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import backup
from tests.web.helpers import HTMX, make_app, new_heist

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
PHONE = {"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"}


def played(client: FlaskClient, turns: int = 2) -> str:
    game_id = new_heist(client)
    for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}):
        client.post(f"/games/{game_id}/act", data=action, headers=HTMX)
    for _ in range(turns):
        client.post(f"/games/{game_id}/act", data={"do": "end_turn"}, headers=HTMX)
    return game_id


def download(client: FlaskClient) -> bytes:
    response = client.get("/backup")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/gzip"
    assert response.headers["Content-Disposition"].endswith('.sqlite3.gz"') or ".sqlite3.gz" in \
        response.headers["Content-Disposition"]
    return response.get_data()


def send(client: FlaskClient, data: bytes, mode: str = "replace") -> tuple[int, str]:
    # the body built here, in memory: the test client would spool a big one to a temporary file it never closes
    boundary = "backupboundary"
    body = b"".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in (("mode", mode), ("confirm", "on")))
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="backup"; filename="b.gz"\r\n'
             f"Content-Type: application/gzip\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    response = client.post("/restore", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    return response.status_code, response.get_data(as_text=True)


def heists(app: Flask) -> list[tuple[str, int, int]]:
    store = app.extensions["store"]
    return sorted((g["id"], g["head"], store.load(g["id"]).version) for g in store.games())


def test_a_backup_restored_brings_back_every_heist_as_it_was_and_keeps_the_replaced_ones(
        app: Flask, client: FlaskClient, db_path: Path) -> None:
    first, second = played(client), played(client, turns=3)
    saved = heists(app)
    state = app.extensions["store"].load(second).state
    data = download(client)
    client.post(f"/games/{first}/delete")
    client.post(f"/games/{second}/act", data={"do": "end_turn"}, headers=HTMX)
    status, page = send(client, data)
    assert status == 200 and "Every heist was restored from the backup" in page
    assert heists(app) == saved
    assert app.extensions["store"].load(second).state == state
    [kept] = db_path.parent.glob("heists-before-restore-*.sqlite3")
    with sqlite3.connect(kept) as db:  # what the restore replaced: one heist, one turn further
        assert db.execute("SELECT id, head FROM games").fetchall() == [(second, 6)]


def test_the_heists_of_a_backup_are_added_beside_those_of_another_laptop_once(tmp_path: Path) -> None:
    old, new = make_app(tmp_path / "old.sqlite3"), make_app(tmp_path / "new.sqlite3")
    moved = [played(old.test_client()), played(old.test_client(), turns=1)]
    data = download(old.test_client())
    here = played(new.test_client())
    status, page = send(new.test_client(), data, mode="add")
    assert status == 200 and "2 heists added from the backup; 0 were here already." in page
    assert {g[0] for g in heists(new)} == {*moved, here}
    assert [g for g in heists(new) if g[0] in moved] == heists(old)
    assert app_store_token_works(new, moved[0])
    assert "0 heists added from the backup; 2 were here already." in send(new.test_client(), data, mode="add")[1]
    for app in (old, new):
        app.extensions["store"].close()


@pytest.mark.parametrize("mode", ["add", "replace"])
def test_a_backup_of_an_earlier_version_is_taken_back_and_its_heists_play_again(tmp_path: Path, mode: str) -> None:
    """A backup made before heists kept their new-heist settings (database version 1): brought up to date in the
    copy, its heists come with no settings, and Play again fills in what they show; the settings of heists set up
    here since are kept."""
    app = make_app(tmp_path / "here.sqlite3")
    client = app.test_client()
    here = new_heist(client, difficulty="hard")
    status, page = send(client, (SAVES / "schema1.sqlite3.gz").read_bytes(), mode=mode)
    assert status == 200, page
    store = app.extensions["store"]
    games = store.games()
    assert len(games) == 6 + (mode == "add")
    for g in games:
        assert client.get(f"/games/{g['id']}/again").status_code == 200
        assert (store.setup(g["id"])[0] is not None) == (g["id"] == here)
    if mode == "add":
        assert ("difficulty", "hard") in (store.setup(here)[0] or [])
    store.close()


def app_store_token_works(app: Flask, game_id: str) -> bool:
    """A phone that joined on the old laptop keeps its link: the tokens moved with the heist."""
    token = app.extensions["store"].load(game_id).play_token
    phone = app.test_client()
    phone.environ_base.update(PHONE)
    return phone.get(f"/games/{token}").status_code == 200


def foreign_database(tmp_path: Path) -> bytes:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    return gzip.compress(path.read_bytes())


def newer_backup(data: bytes, tmp_path: Path) -> bytes:
    path = tmp_path / "newer.sqlite3"
    path.write_bytes(gzip.decompress(data))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    return gzip.compress(path.read_bytes())


def damaged(data: bytes) -> bytes:
    raw = bytearray(gzip.decompress(data))
    page = 4096
    raw[page * 2:page * 4] = bytes(range(256)) * (page * 2 // 256)  # two pages of the tables overwritten
    return gzip.compress(bytes(raw))


@pytest.mark.parametrize("mode", ["replace", "add"])
@pytest.mark.parametrize(("make", "words"), [
    (lambda data, tmp: b"these are not heists", "That file is not a backup of this app (one is a .sqlite3.gz file"),
    (lambda data, tmp: data[: len(data) // 2], "or it was cut short"),
    (lambda data, tmp: gzip.compress(b"just text, compressed"), "it holds no heists database"),
    (lambda data, tmp: foreign_database(tmp), "it is a database of something else"),
    (lambda data, tmp: damaged(data), "That backup is damaged"),
    (newer_backup, "That backup was made by a newer version of the app (database version 99)"),
], ids=["not-gzip", "cut-short", "not-sqlite", "foreign", "damaged", "newer"])
def test_a_damaged_or_foreign_file_is_refused_in_words_and_nothing_here_changes(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, make, words: str, mode: str) -> None:
    for turns in (2, 6):
        played(client, turns)
    before, file_before = heists(app), heists(app)
    status, page = send(client, make(download(client), tmp_path), mode)
    assert status == 422
    assert words in page and 'role="alert"' in page
    assert heists(app) == before == file_before
    assert not list(db_path.parent.glob("heists-before-restore-*"))


def test_only_the_host_backs_up_or_restores(app: Flask, client: FlaskClient) -> None:
    played(client)
    data = download(client)
    phone = app.test_client()
    phone.environ_base.update(PHONE)
    assert phone.get("/backup").status_code == 403
    assert send(phone, data)[0] == 403


def test_a_backup_bigger_than_the_restore_cap_is_refused_unread_and_the_cap_holds_only_for_restore(
        app: Flask, client: FlaskClient) -> None:
    played(client)
    # refused by its Content-Length, before a byte of it is read
    response = client.post("/restore", data={"mode": "replace", "backup": (io.BytesIO(b"x"), "b.gz")},
                           content_type="multipart/form-data",
                           environ_overrides={"CONTENT_LENGTH": str(backup.RESTORE_LIMIT + 128 * 1024)})
    assert response.status_code == 413
    assert "bigger than any backup the app takes back (8 MB)" in response.get_data(as_text=True)
    big_but_allowed = b"\0" * (2 * 1024 * 1024)  # over the app's 1 MB, under the restore cap: read, then refused
    assert send(client, big_but_allowed)[0] == 422
    imported = client.post("/games/import", data={"case": (io.BytesIO(b"{}"), "c.json")},
                           content_type="multipart/form-data",
                           environ_overrides={"CONTENT_LENGTH": str(len(big_but_allowed))})
    assert imported.status_code == 413


def test_restore_checks_the_csrf_token_itself(db_path: Path) -> None:
    app = make_app(db_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    data = download(client)
    response = client.post("/restore", data={"mode": "add", "backup": (io.BytesIO(data), "b.gz")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    app.extensions["store"].close()
