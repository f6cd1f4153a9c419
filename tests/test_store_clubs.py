"""Clubs in the store (issue 37 §4), on both of its databases: a club signs in by its name and password or a one-time
link, and its heists, campaigns, settings and backups are its own; the laptop's database holds one club, LOCAL."""

from __future__ import annotations

import gzip
import io
import shutil
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from assistant import backup
from assistant.store import LinkTakenError, Store
from assistant.store_clubs import LOCAL, ClubTakenError
from assistant.stores import open_store
from tests.test_store import broken_in, fresh

SAVES = Path(__file__).resolve().parent / "fixtures" / "saves"


def test_a_club_signs_in_by_its_name_in_any_case_and_its_password_alone(store: Store) -> None:
    club = store.create_club("  Café   Club ", "open sesame")
    assert club.name == "Café Club" and "open sesame" not in club.password
    assert store.signed_in("café club", "open sesame") == club
    assert store.signed_in("Café Club", "Open sesame") is None
    assert store.signed_in("No Such Club", "open sesame") is None
    assert store.signed_in("", "") is None  # the laptop's own club has no password: nobody signs in to it
    with pytest.raises(ClubTakenError):
        store.create_club("CAFÉ CLUB", "another")


def test_a_sign_in_link_opens_its_club_once(store: Store) -> None:
    club = store.create_club("Lockpickers", "pw one")
    token = store.make_sign_in_link(club.id)
    assert token not in str(store.db().execute("SELECT * FROM club_links").fetchall())  # kept as its digest
    assert store.use_sign_in_link(token) == club
    assert store.use_sign_in_link(token) is None
    assert store.use_sign_in_link("never-made") is None


def test_an_expired_sign_in_link_opens_nothing(store: Store) -> None:
    club = store.create_club("Lockpickers", "pw one")
    assert store.use_sign_in_link(store.make_sign_in_link(club.id, lifetime=timedelta(seconds=-1))) is None


def test_a_new_password_changes_the_mark_of_signed_in_devices_and_forgets_the_links(store: Store) -> None:
    club = store.create_club("Lockpickers", "pw one")
    token = store.make_sign_in_link(club.id)
    changed = store.set_password(club.id, "pw two")
    assert changed.mark != club.mark
    assert store.signed_in("Lockpickers", "pw one") is None and store.signed_in("Lockpickers", "pw two") == changed
    assert store.use_sign_in_link(token) is None


def test_each_club_lists_and_sets_only_its_own_heists_and_settings(store: Store) -> None:
    ours, theirs = store.create_club("Ours", "pw ours"), store.create_club("Theirs", "pw theirs")
    mine = store.create("The Bank Job", fresh(), club=ours.id)
    other = store.create("The Bank Job", fresh(), club=theirs.id)
    local = broken_in(store)
    assert [g["id"] for g in store.games(ours.id)] == [mine]
    assert [g["id"] for g in store.games()] == [local]
    assert store.load(other).club == theirs.id and store.load(local).club == LOCAL
    store.set_setting("public_url", "http://ours.example/", ours.id)
    assert store.setting("public_url", theirs.id) is None and store.setting("public_url") is None
    store.set_setting(f"danger/{mine}", "on", ours.id)
    assert store.settings_on([f"danger/{mine}"], theirs.id) == set()
    assert store.settings_on([f"danger/{mine}"], ours.id) == {f"danger/{mine}"}


def club_backup(store: Store, club: str) -> bytes:
    out = io.BytesIO()
    backup.write(store, out, club)
    return out.getvalue()


def test_a_clubs_backup_holds_its_heists_and_nothing_of_another_club(store: Store) -> None:
    ours, theirs = store.create_club("Ours", "pw ours"), store.create_club("Theirs", "pw theirs")
    mine = store.create("Our Bank Job", fresh(), club=ours.id)
    other = store.create("Their Secret Job", fresh(), club=theirs.id)
    store.set_setting("public_url", "http://theirs.example/", theirs.id)
    raw = gzip.decompress(club_backup(store, ours.id))
    for secret in (b"Their Secret Job", b"theirs.example", other.encode(), theirs.password.encode(),
                   ours.password.encode(), b"Theirs"):
        assert secret not in raw
    with backup.checked(io.BytesIO(club_backup(store, ours.id))) as checked:
        assert [row[0] for row in sqlite3.connect(checked).execute("SELECT id FROM games")] == [mine]


def test_a_restore_replaces_the_clubs_own_heists_and_never_another_clubs(store: Store) -> None:
    ours, theirs = store.create_club("Ours", "pw ours"), store.create_club("Theirs", "pw theirs")
    kept = store.create("Our Bank Job", fresh(), club=ours.id)
    packed = club_backup(store, ours.id)
    replaced = store.create("Our Office Job", fresh(), club=ours.id)
    other = store.create("Their Bank Job", fresh(), club=theirs.id)
    with backup.checked(io.BytesIO(packed)) as checked:
        store.replace_with(checked, ours.id)
    assert [g["id"] for g in store.games(ours.id)] == [kept]
    assert [g["id"] for g in store.games(theirs.id)] == [other] and replaced not in {g["id"] for g in store.games()}
    # the other club restoring our backup cannot take our heists: refused, nothing changed on either side
    with backup.checked(io.BytesIO(packed)) as checked, pytest.raises(LinkTakenError):
        store.replace_with(checked, theirs.id)
    with backup.checked(io.BytesIO(packed)) as checked, pytest.raises(LinkTakenError):
        store.add_from(checked, theirs.id)
    assert [g["id"] for g in store.games(theirs.id)] == [other] and store.load(kept).club == ours.id


def test_a_backup_added_goes_into_the_club_that_adds_it(store: Store, tmp_path: Path) -> None:
    laptop = Store(tmp_path / "laptop.sqlite3")
    carried = broken_in(laptop, turns=1)
    ours = store.create_club("Ours", "pw ours")
    with backup.checked(io.BytesIO(club_backup(laptop, LOCAL))) as checked:
        assert store.add_from(checked, ours.id) == (1, [])
        assert store.add_from(checked, ours.id) == (0, [carried])
    assert [g["id"] for g in store.games(ours.id)] == [carried] and store.games() == []
    assert store.load(carried).state == laptop.load(carried).state
    laptop.close()


def test_a_database_of_version_5_gives_every_heist_and_setting_to_the_laptops_club(tmp_path: Path) -> None:
    path = tmp_path / "heists.sqlite3"
    with gzip.open(SAVES / "schema5.sqlite3.gz") as packed, path.open("wb") as out:
        shutil.copyfileobj(packed, out)
    store = open_store(path)
    try:
        assert store.upgraded == [6]
        heists = [g["id"] for g in store.games()]
        assert len(heists) == 2 and all(store.load(g).club == LOCAL for g in heists)
        assert store.setting("public_url") == "http://192.168.1.20:8000/"
        assert len(store.settings_on([f"danger/{g}" for g in heists])) == 1
        assert store.campaigns() == []
        store.set_setting("public_url", "http://other.example/", "some-club")  # two clubs may share a name now
        assert store.setting("public_url") == "http://192.168.1.20:8000/"
    finally:
        store.shutdown()


def test_a_postgresql_database_of_version_5_gives_its_heists_and_settings_to_the_laptops_club(pg_url: str,
                                                                                              tmp_path: Path) -> None:
    from importlib import resources

    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:  # the tables as version 5 made them, one heist in them
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")
        conn.execute(resources.files("assistant").joinpath("schema_pg.sql").read_text(encoding="utf-8").encode())
        conn.execute("INSERT INTO schema_version (version) VALUES (5)")
        laptop = Store(tmp_path / "laptop.sqlite3")
        game_id = laptop.create("The Bank Job", fresh())  # not started: its one row is the whole heist
        row = laptop.db().execute("SELECT id, title, created, updated, initial, head, version, play_token, "
                                  "watch_token, setup FROM games").fetchone()
        conn.execute("INSERT INTO games (id, title, created, updated, initial, head, version, play_token, watch_token,"
                     " setup) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", tuple(row))
        conn.execute("INSERT INTO settings (name, value) VALUES ('public_url', 'http://club.example/')")
        laptop.close()
    store = open_store(pg_url, folder=tmp_path)
    try:
        assert store.upgraded == [6]
        assert [g["id"] for g in store.games()] == [game_id] and store.load(game_id).club == LOCAL
        assert store.setting("public_url") == "http://club.example/"
        store.set_setting("public_url", "http://other.example/", "some-club")  # (club, name) is the key now
        assert store.setting("public_url") == "http://club.example/"
    finally:
        store.shutdown()


def test_a_backup_holding_another_clubs_campaign_changes_nothing(store: Store) -> None:
    from assistant.engine.bb2.campaign import Meter
    from assistant.engine.bb2.setup import new_bb2_game
    ours, theirs = store.create_club("Ours", "pw ours"), store.create_club("Theirs", "pw theirs")
    crew = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}]
    campaign, heist = store.create_campaign_heist(None, "Our campaign", "Casino",
                                                  new_bb2_game(crew, entrances=["A1", "D4"], seed=3), [],
                                                  ["Ann", "Bob"], Meter.from_json([[0, 0], [0, 0]]), club=ours.id)
    store.delete(heist)  # its line stays in the log, with no heist: the backup holds the campaign alone
    packed = club_backup(store, ours.id)
    kept = store.create("Their Bank Job", fresh(), club=theirs.id)
    with backup.checked(io.BytesIO(packed)) as checked, pytest.raises(LinkTakenError):
        store.replace_with(checked, theirs.id)
    with backup.checked(io.BytesIO(packed)) as checked, pytest.raises(LinkTakenError):
        store.add_from(checked, theirs.id)
    assert [g["id"] for g in store.games(theirs.id)] == [kept] and store.campaigns(theirs.id) == []
    assert [c.id for c in store.campaigns(ours.id)] == [campaign]
