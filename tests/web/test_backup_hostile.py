"""Issue 33 §1: a backup is a stranger's file, read as data and never run. Each hostile backup is built here from a
real one; Restore and Add each refuse it in one sentence (or take its heists and nothing else of it), and the heists
here, the schema and every link stay as they were, within a time limit."""

from __future__ import annotations

import gzip
import json
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import backup
from assistant.engine.state import GameState
from tests.engine.helpers import event, floor_case, position
from tests.engine.test_table_bb1 import member, quiet_floor
from tests.pg_cluster import DATABASES
from tests.web.helpers import HTMX, make_app, new_heist
from tests.web.test_backup import SAVES, download, played, send

PLANTED = "PLANTEDplantedPLANTED0"  # the link a hostile file would hand out (a token's shape: 22 characters)
LIMIT = 10.0  # seconds: an answer past it would be a hang


def edited(data: bytes, tmp_path: Path, *sql: str) -> bytes:
    """The backup ``data`` with ``sql`` run on it by whoever made the file."""
    path = tmp_path / "hostile.sqlite3"
    path.unlink(missing_ok=True)
    path.write_bytes(gzip.decompress(data))
    with sqlite3.connect(path) as db:
        for statement in sql:
            db.executescript(statement)
    db.close()
    return gzip.compress(path.read_bytes())


# the tables, columns, indexes, triggers and functions of the PostgreSQL database a test's app runs on
PG_SCHEMA = """SELECT 'column', table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public'
    UNION ALL SELECT 'index', tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'trigger', tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger
        WHERE NOT tgisinternal
    UNION ALL SELECT 'function', proname, '', prosrc FROM pg_proc WHERE pronamespace = 'public'::regnamespace"""


@contextmanager
def heists_of(path: Path) -> Iterator[Any]:
    """The database of the heists file ``path``: the file, or the PostgreSQL database standing for it when the web
    tests run on PostgreSQL (tests/pg_cluster.py)."""
    url = DATABASES.by_path.get(str(path))
    with closing(psycopg.connect(url, autocommit=True) if url else sqlite3.connect(path)) as db:
        yield db


def as_found(path: Path) -> dict[str, list[tuple]]:
    """The heists file as it stands: its schema and every row."""
    with heists_of(path) as db:
        schema = PG_SCHEMA if isinstance(db, psycopg.Connection) else "SELECT type, name, tbl_name, sql FROM " \
            "sqlite_master"
        found = {"schema": sorted(db.execute(schema).fetchall())}
        for table in ("games", "actions", "settings", "campaigns", "campaign_heists"):
            found[table] = sorted(db.execute(f"SELECT * FROM {table}").fetchall())
    return found


def links(path: Path) -> set[str]:
    with heists_of(path) as db:
        return {t for row in db.execute("SELECT play_token, watch_token FROM games").fetchall() for t in row}


def trigger_planting_links(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, f"""CREATE TRIGGER plant AFTER INSERT ON games BEGIN
        UPDATE games SET play_token = '{PLANTED}' WHERE id = NEW.id; END;""")


def trigger_deleting_actions(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, """CREATE TRIGGER wipe AFTER INSERT ON games BEGIN
        DELETE FROM actions WHERE game_id <> NEW.id; END;
        CREATE TRIGGER wipe2 AFTER INSERT ON actions BEGIN DELETE FROM actions WHERE game_id <> NEW.game_id; END;""")


def recursive_view(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, """DROP TABLE actions; DROP TABLE games;
        CREATE VIEW games AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
        SELECT printf('%08x', i) AS id, 't' AS title, '' AS created, '' AS updated, '{}' AS initial, 0 AS head,
        0 AS version, 'a' AS play_token, 'b' AS watch_token, NULL AS setup FROM n;
        CREATE TABLE actions (game_id, seq, action, log, state, created);""")


def virtual_settings(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, "DROP TABLE settings; CREATE VIRTUAL TABLE settings USING fts5(name, value);")


def computed_title(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, """CREATE TABLE g2 (id TEXT PRIMARY KEY, t TEXT, title TEXT GENERATED ALWAYS AS
        (t || printf('%.*c', 1000, 'x')), created, updated, initial, head, version, play_token, watch_token, setup);
        DROP TABLE games; ALTER TABLE g2 RENAME TO games;""")


def rows_expanding(data: bytes, tmp: Path) -> bytes:
    """40 MB of one repeated byte in the file: small once compressed, huge unpacked."""
    return edited(data, tmp, "CREATE TABLE padding (x); INSERT INTO padding VALUES (zeroblob(40 * 1024 * 1024));")


def value_too_big(data: bytes, tmp: Path) -> bytes:
    """A position of 2 MB that does not compress: within every cap on unpacking, past any heist's."""
    return edited(data, tmp, "UPDATE games SET initial = hex(randomblob(1024 * 1024)) WHERE rowid = 1;")


def gzip_bomb(data: bytes, tmp: Path) -> bytes:
    """A real database header saying 200 MB, then zeros: a small file that would unpack to 200 MB."""
    header = bytearray(gzip.decompress(data)[:100])
    pages = 200 * 1024 * 1024 // int.from_bytes(header[16:18], "big")
    header[28:32] = pages.to_bytes(4, "big")
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [packer.compress(bytes(header))]
    zeros = bytes(1024 * 1024)
    out += [packer.compress(zeros) for _ in range(200)]
    return b"".join(out) + packer.flush()


def gzip_bomb_after_the_database(data: bytes, tmp: Path) -> bytes:
    """The real database, then 200 MB of zeros in the same stream: unpacking stops where its header says it ends."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [packer.compress(gzip.decompress(data))]
    zeros = bytes(1024 * 1024)
    out += [packer.compress(zeros) for _ in range(200)]
    return b"".join(out) + packer.flush()


def malformed_action(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, """UPDATE actions SET action = '{"do": "fly", "to": "the moon"}' WHERE seq = 2;""")


def head_past_the_end(data: bytes, tmp: Path) -> bytes:
    return edited(data, tmp, "UPDATE games SET head = head + 3;")


def state_edited(path: str, value: str, seq: int = 3) -> Callable[[bytes, Path], bytes]:
    """The state stored after action ``seq`` of each heist with ``path`` set to ``value`` (SQL) by hand: a position no
    version of the app could have written, which the board would draw or trip over."""
    def edit(data: bytes, tmp: Path) -> bytes:
        return edited(data, tmp, f"UPDATE actions SET state = json_set(state, '{path}', {value}) WHERE seq = {seq};")
    edit.__name__ = f"state_with_{path.replace('$.', '').replace('.', '_').replace(chr(34), '')}"
    return edit


def initial_edited(data: bytes, tmp: Path) -> bytes:
    """A heist's first position with a die of 9: it is not replayed, so it is checked as a stored state is."""
    return edited(data, tmp, """UPDATE games SET initial = json_set(initial, '$.floors."1".die', 9);""")


def log_edited(log: str) -> Callable[[bytes, Path], bytes]:
    """A stored state another than the replay's (a turn further on: one the app could write) with ``log``, which no
    version wrote: a state kept in place of the replay keeps its log, which the log page must be able to say."""
    def edit(data: bytes, tmp: Path) -> bytes:
        return edited(data, tmp, f"UPDATE actions SET state = json_set(state, '$.turn', 7), log = '{log}' "
                                 "WHERE seq = 3;")
    edit.__name__ = f"log_{len(log)}"
    return edit


NOT_WRITTEN = "holds a position at action 3 that this app could not have written: nothing was changed"
HAND_MADE = [
    state_edited('$.floors."1".guard', "'F9'"),  # a guard on a square not on the board
    state_edited('$.floors."1".die', "9"),  # a die of 9
    state_edited("$.crew.Ann.floor", "7"),  # a burglar on floor 7
    state_edited("$.crew.Ann.stealth", "'lots'"),  # a crew member with a broken field
    state_edited("$.crew.Ann.tools", "json('[\"sword\"]')"),  # a tool no box holds
    state_edited("$.pending", """json('{"question": "boo", "action": 1}')"""),  # a question with garbage
    state_edited("$.pending", """json('{"action": {"do": "end_turn"}, "answers": [], "logged": 0, "before": {},
        "question": {"kind": "tie", "options": ["B2"], "floor": 9}}')"""),  # a question on no floor of the heist
    state_edited("$.order", """json('["Ann", "Mallory"]')"""),  # a turn for nobody of the crew
]


def duplicate_link(data: bytes, tmp: Path) -> bytes:
    """A heist's play link that is another's watch link, written past the schema's triggers, which the file's maker
    dropped first."""
    return edited(data, tmp, """DROP TRIGGER games_links_apart_update;
        UPDATE games SET play_token = (SELECT watch_token FROM games ORDER BY id LIMIT 1)
        WHERE id = (SELECT id FROM games ORDER BY id DESC LIMIT 1);""")


REFUSED: list[tuple[Callable[[bytes, Path], bytes], str]] = [
    (recursive_view, "That file is not a backup of this app: its games is not a plain table"),
    (virtual_settings, "That file is not a backup of this app: its settings is not a plain table"),
    (computed_title, "That file is not a backup of this app: its games is not a plain table"),
    (rows_expanding, "That file is not a backup of this app: it unpacks to more than"),
    (value_too_big, "That backup holds a value far bigger than any heist"),
    (gzip_bomb, "That file is not a backup of this app: it unpacks to more than"),
    (gzip_bomb_after_the_database, "That file is not a backup of this app: it unpacks to more than"),
    (malformed_action, "That backup cannot be read, as the heist The Bank Job — Ann &amp; Bob in it is damaged"),
    (head_past_the_end, "That backup cannot be read, as the heist The Bank Job — Ann &amp; Bob in it is damaged"),
    *[(make, NOT_WRITTEN) for make in HAND_MADE],
    (initial_edited, "holds a position at action 0 that this app could not have written"),
    (log_edited('[{"kind": "teleport", "data": {}}]'), NOT_WRITTEN),  # an entry of no known kind
    (log_edited('[{"kind": "prima_donna", "data": {"who": "Ann", "count": 1e400}}]'), NOT_WRITTEN),  # a count no
    # number holds, which the log's words would have to say
    (duplicate_link, "That backup cannot be taken back, as two links in it are the same"),
]


def timed(client: FlaskClient, data: bytes, mode: str) -> tuple[int, str]:
    started = time.monotonic()
    answer = send(client, data, mode)
    assert time.monotonic() - started < LIMIT
    return answer


def the_pages_work(client: FlaskClient, app: Flask) -> None:
    """The heists page and every board answer, and a new heist gets links of its own."""
    assert client.get("/").status_code == 200
    for game in app.extensions["store"].games():
        assert client.get(f"/games/{game['id']}").status_code == 200
    made = app.extensions["store"].load(new_heist(client))
    assert PLANTED not in (made.play_token, made.watch_token)


@pytest.fixture
def hostile_source(tmp_path: Path) -> bytes:
    """A real backup of another laptop, two heists played (the one hostile files are made from)."""
    other = make_app(tmp_path / "other" / "heists.sqlite3")
    client = other.test_client()
    played(client, turns=2)
    played(client, turns=1)
    data = download(client)
    other.extensions["store"].close()
    return data


@pytest.mark.parametrize("mode", ["replace", "add"])
@pytest.mark.parametrize(("make", "words"), REFUSED, ids=[make.__name__ for make, _w in REFUSED])
def test_a_hostile_backup_is_refused_in_one_sentence_and_nothing_here_changes(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, hostile_source: bytes,
        monkeypatch: pytest.MonkeyPatch, make: Callable[[bytes, Path], bytes], words: str, mode: str) -> None:
    played(client, turns=3)
    before = as_found(db_path)
    unpacked: list[int] = []
    real_unpack = backup._unpack

    def measured(upload, path):  # what unpacking wrote to disk, refused or not
        try:
            real_unpack(upload, path)
        finally:
            unpacked.append(path.stat().st_size if path.exists() else 0)
    monkeypatch.setattr(backup, "_unpack", measured)
    status, page = timed(client, make(hostile_source, tmp_path), mode)
    assert status == 422, page
    assert words in page and 'role="alert"' in page
    [alert] = [line for line in page.splitlines() if 'role="alert"' in line]
    assert alert.count(". ") == 0 and alert.count(": ") <= 2  # one sentence
    assert as_found(db_path) == before
    assert not list(db_path.parent.glob("heists-before-restore-*"))
    assert unpacked and max(unpacked) <= backup.SMALL_UNPACKED  # far under the 200 MB a bomb says it holds
    the_pages_work(client, app)


@pytest.mark.parametrize("mode", ["replace", "add"])
@pytest.mark.parametrize("make", [trigger_planting_links, trigger_deleting_actions])
def test_a_backups_triggers_never_run_and_never_come_here(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, hostile_source: bytes,
        make: Callable[[bytes, Path], bytes], mode: str) -> None:
    """Its heists are data and are taken; its triggers are SQL and are left behind: the schema here stays this
    app's, no heist here loses an action, no link of the file's making is handed out."""
    mine = played(client, turns=3)
    before = as_found(db_path)
    status, page = timed(client, make(hostile_source, tmp_path), mode)
    assert status == 200, page
    after = as_found(db_path)
    assert after["schema"] == before["schema"]
    source = tmp_path / "source.sqlite3"
    source.write_bytes(gzip.decompress(hostile_source))
    theirs = as_found(source)
    assert [g for g in after["games"] if g[0] != mine] == theirs["games"]
    if mode == "add":
        assert set(before["actions"]) <= set(after["actions"]) and set(before["games"]) <= set(after["games"])
    assert PLANTED not in links(db_path)
    the_pages_work(client, app)
    assert PLANTED not in links(db_path)


def test_add_never_puts_a_second_heist_on_a_link_here(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, hostile_source: bytes) -> None:
    mine = app.extensions["store"].load(played(client))
    data = edited(hostile_source, tmp_path, f"UPDATE games SET watch_token = '{mine.play_token}' WHERE rowid = 1;")
    before = as_found(db_path)
    status, page = timed(client, data, "add")
    assert status == 422
    assert "in that backup has a link a heist here already has: nothing was added." in page
    assert as_found(db_path) == before


def test_a_backup_heist_further_on_than_here_is_offered_and_its_button_takes_it(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path) -> None:
    """The same heist, played on after the backup here was made elsewhere: Add says so, and takes the longer one
    only when asked; the links here stay."""
    game_id = played(client, turns=1)
    here = app.extensions["store"].load(game_id)
    other = make_app(tmp_path / "other" / "heists.sqlite3")
    send(other.test_client(), download(client), "replace")
    for _turn in range(2):
        other.test_client().post(f"/games/{game_id}/act", data={"do": "end_turn"}, headers=HTMX)
    longer = other.extensions["store"].load(game_id)
    status, page = send(client, download(other.test_client()), "add")
    assert status == 200 and "0 heists added from the backup; 1 were here already." in page
    assert f"further on, at action {longer.head} (here at {here.head})." in page
    assert app.extensions["store"].load(game_id).head == here.head  # nothing taken yet
    offer = page.split('name="offer" value="')[1].split('"')[0]
    taken = client.post("/restore/longer", data={"offer": offer, "game": game_id})
    assert taken.status_code == 200 and f"is now as in the backup, at action {longer.head}." in taken.get_data(True)
    now = app.extensions["store"].load(game_id)
    assert (now.head, now.state, now.play_token) == (longer.head, longer.state, here.play_token)
    assert now.version > max(here.version, longer.version)
    again = client.post("/restore/longer", data={"offer": offer, "game": game_id})
    assert again.status_code == 409 and "no longer further on" in again.get_data(True)
    assert client.post("/restore/longer", data={"offer": "forged", "game": game_id}).status_code == 409
    other.extensions["store"].close()


def test_a_heist_that_went_another_way_here_is_not_offered(
        app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    game_id = played(client, turns=1)
    other = make_app(tmp_path / "other" / "heists.sqlite3")
    send(other.test_client(), download(client), "replace")
    other.test_client().post(f"/games/{game_id}/act", data={"do": "end_turn"}, headers=HTMX)
    client.post(f"/games/{game_id}/undo", headers=HTMX)
    client.post(f"/games/{game_id}/act", data={"do": "set", "who": "Ann", "field": "stealth", "value": "1"},
                headers=HTMX)
    status, page = send(client, download(other.test_client()), "add")
    assert status == 200 and "further on" not in page
    other.extensions["store"].close()


@pytest.mark.parametrize("mode", ["replace", "add"])
def test_reading_a_backup_stops_at_its_time_limit(
        client: FlaskClient, db_path: Path, hostile_source: bytes, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """Every statement on the file and the replay stop at the deadline (a huge table, a loop in a damaged file)."""
    played(client)
    before = as_found(db_path)
    monkeypatch.setattr(backup, "READ_SECONDS", 0.0)
    status, page = timed(client, hostile_source, mode)
    assert status == 422 and "That backup took more than 0 seconds to read" in page
    assert as_found(db_path) == before


def stored(path: Path) -> dict[tuple[str, int], Any]:
    """Each heist's stored positions, by heist and action (0: its first), as this version reads them."""
    with heists_of(path) as db:
        found = {(g, 0): state for g, state in db.execute("SELECT id, initial FROM games").fetchall()}
        found.update({(g, seq): state for g, seq, state in db.execute("SELECT game_id, seq, state FROM actions")
                      .fetchall()})
    return {key: json.loads(json.dumps(GameState.from_text(text).to_json())) for key, text in found.items()}


@pytest.mark.parametrize("mode", ["replace", "add"])
def test_a_backup_whose_heists_were_played_under_earlier_rules_is_taken_with_its_stored_positions(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, mode: str) -> None:
    """The version-0 fixture's heists no longer replay to what they stored (§1.22's break-in among the rulings
    changed since): each stored position is one the app wrote, so the heists are taken with their stored positions
    kept, as the heists file here keeps an old heist's, and each one opens."""
    mine = played(client)
    data = (SAVES / "schema0.sqlite3.gz").read_bytes()
    source = tmp_path / "schema0.sqlite3"
    source.write_bytes(gzip.decompress(data))
    status, page = timed(client, data, mode)
    assert status == 200, page
    theirs = stored(source)
    assert {key: state for key, state in stored(db_path).items() if key[0] != mine} == theirs
    for game in app.extensions["store"].games():
        assert client.get(f"/games/{game['id']}").status_code == 200
        assert client.get(f"/games/{game['id']}/log").status_code == 200


def heist_of_earlier_rules(tmp_path: Path) -> tuple[bytes, str]:
    """A backup of a heist played under the turn-3 ruling (§1.22 "Sight after any placement (changed, turn 4)"
    replaces it): the Freight Elevator put Ann into the floor-2 guard's room and it cost her 1 Stealth, so the state
    stored after it has Stealth 2 (today's engine gives 3); her turn was then ended."""
    other = make_app(tmp_path / "earlier" / "heists.sqlite3", laptop=True)
    store = other.extensions["store"]
    start = position(quiet_floor(), floor_case("B2", "D4", 1, patrol=["D1", "D2", "C4"]),
                     crew={"Ann": member("B2"), "Bob": member("A1")})
    game_id = store.create("Freight Elevator", start)
    store.act(game_id, event("freight_elevator", floor=1, who="Ann"))
    store.act(game_id, {"do": "end_turn"})
    assert store.load(game_id).state.crew["Ann"].stealth == 3  # as today's ruling plays it
    db = store.db()
    db.execute("UPDATE actions SET state = json_set(state, '$.crew.Ann.stealth', 2) WHERE game_id = ?", (game_id,))
    db.commit()
    data = download(other.test_client())
    store.close()
    return data, game_id


@pytest.mark.parametrize("mode", ["replace", "add"])
def test_a_heist_stored_under_the_turn_3_freight_elevator_ruling_keeps_its_stealth(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, mode: str) -> None:
    """§1.22 "Sight after any placement (changed, turn 4)": today the Freight Elevator into the guard's room costs no
    Stealth (the FR card text: it is not entering), so the heist no longer replays; its stored positions (Stealth 2
    after the card and after the end of her turn) are kept, and its board shows them."""
    data, game_id = heist_of_earlier_rules(tmp_path)
    status, page = timed(client, data, mode)
    assert status == 200, page
    game = app.extensions["store"].load(game_id)
    assert game.head == 2 and game.state.crew["Ann"].stealth == 2 and game.state.crew["Ann"].floor == 2
    assert [app.extensions["store"].action_at(game_id, seq)[0].crew["Ann"].stealth for seq in (1, 2)] == [3, 2]
    assert client.get(f"/games/{game_id}").status_code == 200


@pytest.mark.parametrize("mode", ["replace", "add"])
def test_an_empty_file_is_said_to_be_empty(client: FlaskClient, mode: str) -> None:
    """Issue 33 §4: an empty file, or an empty one compressed, is not "a database of something else"."""
    for data in (b"", gzip.compress(b"")):
        status, page = send(client, data, mode)
        assert status == 422 and "That file is empty: it holds no heists" in page
