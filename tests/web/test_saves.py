"""Heists saved by earlier versions of the app open, replay and undo after an upgrade (issue 12,
versioned saves). Each fixture in tests/fixtures/saves was written by the version named in its README."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from assistant.engine.log import read_log
from assistant.engine.state import GameState
from assistant.engine.vocabulary import Action
from assistant.engine.upgrades import STATE_FORMAT, SaveFormatError
from assistant.store import Store
from assistant.store_upgrades import SCHEMA_VERSION, backup_name
from assistant.words import sentence
from assistant.words.names import card_name
from tests.web.helpers import HTMX, form_controls, make_app

pytestmark = pytest.mark.sqlite_file  # the heists files of earlier versions, upgraded

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def unpack(name: str, tmp_path: Path) -> Path:
    db = tmp_path / "heists.sqlite3"
    with gzip.open(SAVES / name) as src, open(db, "wb") as out:
        shutil.copyfileobj(src, out)
    return db


def wording_fixed(text: str) -> str:
    text = text.replace("'s stealth set to", "'s Stealth set to")
    text = re.sub(r"^(\w+ on floor \d+) is an? (.+)\.$", r"\1, face up: \2.", text)
    text = re.sub(r"(chose |card: |^)(distracted|workers-move|worker|lost-visual)\b",
                  lambda m: f"{m[1]}{card_name(m[2])}", text)
    return re.sub(r"\b1 (step|move|alarm|card|cube|hack token)s\b", r"1 \1", text)


def explain_ok(store: Store, game_id: str, seq: int) -> bool:
    """Why? can read every action of the heist: the state before it, the action and its log."""
    before, action, log = store.action_at(game_id, seq)
    return isinstance(before, GameState) and isinstance(action, Action) and all(sentence(e) for e in log)


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    return unpack("schema0.sqlite3.gz", tmp_path)


def test_a_database_from_before_versioning_is_upgraded_and_backed_up(old_db: Path):
    store = Store(old_db)
    assert store.upgraded == list(range(1, SCHEMA_VERSION + 1))
    assert Path(backup_name(old_db)).exists()
    assert sqlite3.connect(old_db).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert Store(old_db).upgraded == []  # the second start has nothing left to do


@pytest.mark.parametrize("fixture", ["schema0.sqlite3.gz", "schema1.sqlite3.gz"])
def test_every_saved_heist_renders_replays_undoes_and_offers_play_again(fixture: str, tmp_path: Path):
    app = make_app(unpack(fixture, tmp_path))
    store = app.extensions["store"]
    games = store.games()
    assert len(games) == 6
    client = app.test_client()
    for g in games:
        first = store.setup(g["id"])[1]
        sent = dict(form_controls(client.get(f"/games/{g['id']}/again").get_data(as_text=True))[0])
        assert sent["game"] == first.rules and sent["name1"] == next(iter(first.crew)), g["title"]
        game = store.load(g["id"])
        # the saved state after each action is the record (rules changed since, e.g. the break-in of §1.22,
        # so replaying from the start would not give it); Why? reads each action against it
        for h in store.history(g["id"]):
            assert explain_ok(store, g["id"], h.seq)
        page = client.get(f"/games/{g['id']}")
        assert page.status_code == 200, g["title"]
        assert client.get(f"/games/{g['id']}/log").status_code == 200
        if game.head:
            response = client.post(f"/games/{g['id']}/undo", data={"version": game.version}, headers=HTMX)
            assert response.status_code == 200
            assert store.load(g["id"]).head == game.head - 1


def test_heists_saved_before_the_form_was_kept_play_again_with_what_their_first_position_shows(tmp_path: Path):
    """Database version 1 kept no new-heist settings: the upgrade to 2 leaves them unknown (NULL), and Play again fills
    in what each heist's first position shows; what it cannot show (choke points, the walls' choice of an imported
    position) keeps the form's default."""
    store = Store(unpack("schema1.sqlite3.gz", tmp_path))
    assert store.upgraded == list(range(2, SCHEMA_VERSION + 1))
    app = make_app(store.path)
    client = app.test_client()
    known = {}
    for g in app.extensions["store"].games():
        assert app.extensions["store"].setup(g["id"])[0] is None
        page = client.get(f"/games/{g['id']}/again").get_data(as_text=True)
        assert "saved before the app kept its settings" in page
        known[g["title"]] = [(k, v) for k, v in form_controls(page)[0] if v and not k.startswith("colour")]
    assert known["Fort Knox — Ann & Hacker & Cy"] == [
        ("game", "bb1"), ("scenario", "fort_knox"), ("void", "B2"), ("name1", "Ann"), ("character1", "raven"),
        ("side1", "advanced"), ("name2", "Hacker"), ("character2", "hacker"), ("side2", "basic"), ("name3", "Cy"),
        ("side3", "basic"), ("side4", "basic"), ("difficulty", "easy"), ("walls", "random"),
        ("deck", "table"), ("lost_visual", "on"), ("tiebreak", "bga")]
    office = dict(known["The Office Job — Dee"])
    assert (office["difficulty"], office["walls"], office["deck"], office["character1"]) == \
        ("hard", "default", "app", "rigger")
    assert dict(known["The Bank Job — Eve"])["walls"] == "draw"
    casino = known["The Casino Capers — Fay & Gus"]
    assert [v for k, v in casino if k == "entrance"] == ["D1", "D4"]
    assert (dict(casino)["cards1"], dict(casino)["cards2"], dict(casino)["tiebreak"]) == ("18", "14", "bga")
    assert dict(casino)["character1"] == "The Mole" and dict(known["Future Flip — Hal"])["walls"] == "draw"
    assert dict(known["An imported floor"])["name1"] == "ana"


def test_an_empty_database_of_version_1_gets_the_settings_column(tmp_path: Path):
    path = tmp_path / "heists.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games DROP COLUMN setup")
    db.execute("PRAGMA user_version = 1")
    db.close()
    store = Store(path)
    assert store.upgraded == list(range(2, SCHEMA_VERSION + 1))
    from assistant.engine.bb1.setup import new_game
    game_id = store.create("Bank", new_game("bank", [{"name": "Ann"}]), [("game", "bb1")])
    assert store.setup(game_id)[0] == [("game", "bb1")]


def test_a_database_of_version_2_gets_one_heist_a_link_and_the_schema_keeps_it(tmp_path: Path):
    """Issue 33 §1: the upgrade to 3 makes each link unique in the schema. A link that two heists shared (a restore
    from a file whose own SQL rewrote links, before this version) stays the first heist's, the later one gets a new
    one; a repeated link can no longer be written."""
    path = unpack("schema2.sqlite3.gz", tmp_path)
    db = sqlite3.connect(path)
    first, second, third = db.execute("SELECT id, play_token, watch_token FROM games ORDER BY created, id").fetchall()
    db.execute("UPDATE games SET play_token = ? WHERE id = ?", (first[1], second[0]))
    db.execute("UPDATE games SET watch_token = ? WHERE id = ?", (first[1], third[0]))
    db.commit()
    db.close()
    store = Store(path)
    assert store.upgraded == list(range(3, SCHEMA_VERSION + 1)) and Path(backup_name(path)).exists()
    rows = store.db().execute("SELECT id, play_token, watch_token FROM games ORDER BY created, id").fetchall()
    assert tuple(rows[0]) == first
    assert rows[1]["watch_token"] == second[2] and rows[1]["play_token"] != first[1]
    assert rows[2]["play_token"] == third[1] and rows[2]["watch_token"] != first[1]
    assert len({t for r in rows for t in (r["play_token"], r["watch_token"])}) == 6
    for column in ("play_token", "watch_token"):
        with pytest.raises(sqlite3.IntegrityError):
            store.db().execute(f"UPDATE games SET {column} = ? WHERE id = ?", (rows[0][column], rows[1]["id"]))
    client = make_app(path).test_client()
    for row in rows:
        assert client.get(f"/games/{row['id']}").status_code == 200
    assert store.load(rows[0]["id"]).head == 4


def test_a_database_of_version_3_keeps_a_play_link_apart_from_every_watch_link(tmp_path: Path):
    """Issue 33 §1: the unique indexes of version 3 are per column, so a play link could still be another heist's
    watch link (the store's by_token would open the first it found). The upgrade to 4 gives such a link a new token
    (the heist made first keeps it) and the schema refuses one from then on, however it is written."""
    path = unpack("schema3.sqlite3.gz", tmp_path)
    db = sqlite3.connect(path)
    first, second = db.execute("SELECT id, play_token, watch_token FROM games ORDER BY created, id").fetchall()
    db.execute("UPDATE games SET play_token = ? WHERE id = ?", (first[2], second[0]))
    db.commit()
    db.close()
    store = Store(path)
    assert store.upgraded == list(range(4, SCHEMA_VERSION + 1))
    rows = store.db().execute("SELECT id, play_token, watch_token FROM games ORDER BY created, id").fetchall()
    assert tuple(rows[0]) == first and rows[1]["watch_token"] == second[2]
    assert len({t for r in rows for t in (r["play_token"], r["watch_token"])}) == 4
    taken = rows[0]["watch_token"]
    for sql, args in (("UPDATE games SET play_token = ? WHERE id = ?", (taken, rows[1]["id"])),
                      ("UPDATE games SET watch_token = ? WHERE id = ?", (rows[1]["play_token"], rows[0]["id"])),
                      ("UPDATE games SET play_token = watch_token WHERE id = ?", (rows[0]["id"],)),
                      ("INSERT INTO games (id, title, created, updated, initial, play_token, watch_token) "
                       "VALUES ('0000abcd', 't', '', '', '{}', 'new-play-token', ?)", (rows[1]["play_token"],))):
        with pytest.raises(sqlite3.IntegrityError, match="a link another heist has"):
            store.db().execute(sql, args)
    client = make_app(path).test_client()
    for row in rows:
        assert client.get(f"/games/{row['id']}").status_code == 200
    assert store.load(rows[0]["id"]).head == 3


def test_upgraded_logs_are_data_and_read_as_the_old_sentences(old_db: Path):
    """The upgrade replays each heist's actions to write its log as kinds and parameters; the words shown
    are the ones the old version wrote, but for its wrong plurals ("1 steps"), for card and token names
    now written as printed ("Stealth", "Distracted"), and for a room turned up with no article ("is a slots")."""
    before = {(r[0], r[1]): json.loads(r[2]) for r in
              sqlite3.connect(old_db).execute("SELECT game_id, seq, log FROM actions")}
    store = Store(old_db)
    after = {(r[0], r[1]): json.loads(r[2]) for r in store.db().execute("SELECT game_id, seq, log FROM actions")}
    assert after.keys() == before.keys()
    entries = [e for log in after.values() for e in log]
    assert len(entries) > 500
    # actions whose rules changed since (§1.22: the break-in, bb2 heat and exits...) keep their words; the
    # great majority of entries become data
    assert sum("text" in e for e in entries) < len(entries) / 5
    for key, old in before.items():
        kept = any("text" in e for e in after[key])  # an action replayed differently keeps the words it had
        said = [e["text"] if kept else wording_fixed(e["text"]) for e in old]
        assert [sentence(e) for e in read_log(after[key])] == said, key


def test_an_action_that_cannot_be_replayed_keeps_its_old_words(old_db: Path):
    """An action whose replay differs from what was saved (a rule changed since) keeps its entries' text;
    the actions after it are replayed from the state saved with it."""
    db = sqlite3.connect(old_db)
    game_id, _ = db.execute("SELECT game_id, max(seq) FROM actions GROUP BY game_id LIMIT 1").fetchone()
    db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 3", ('{"do": "nonsense"}', game_id))
    db.commit()
    db.close()
    store = Store(old_db)
    logs = {seq: json.loads(log) for seq, log in
            store.db().execute("SELECT seq, log FROM actions WHERE game_id = ?", (game_id,))}
    assert logs[3] and all("text" in e and sentence(said) == e["text"] for e, said in zip(logs[3], read_log(logs[3]),
                                                                                         strict=True))
    assert all("text" not in e for e in logs[4] + logs[5])


def test_a_database_from_a_newer_version_is_refused_with_a_clear_message(tmp_path: Path):
    path = tmp_path / "heists.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(SaveFormatError, match="newer version of the app"):
        Store(path)


def test_a_state_with_a_field_this_version_does_not_know_is_refused_clearly():
    from assistant.engine.bb1.setup import new_game
    data = new_game("bank", [{"name": "Ann"}]).to_json()
    assert data["format"] == STATE_FORMAT
    data["floors"]["1"]["mystery"] = 1
    with pytest.raises(SaveFormatError, match=r"floor 1 has fields .*mystery"):
        GameState.from_json(data)


def test_a_state_saved_before_formats_existed_reads_as_format_zero():
    from assistant.engine.bb1.setup import new_game
    data = new_game("bank", [{"name": "Ann"}]).to_json()
    del data["format"]
    assert GameState.from_json(data).to_json()["format"] == STATE_FORMAT
