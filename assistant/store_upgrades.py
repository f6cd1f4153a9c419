"""The database of an earlier version of the app, brought up to this one's at start.

The schema version lives in SQLite's ``user_version``. Each step takes the database from its version
to the next inside one transaction, so a step that fails leaves the file as it was; a copy of the file
is kept beside it before the first step runs. Each step comes with a fixture written by the version
before (tests/fixtures/saves) and a test that opens it.
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .engine.actions import apply
from .engine.errors import N_, RulesError
from .engine.state import GameState
from .engine.upgrades import SaveFormatError
from .store_clubs import LOCAL


def _log_as_data(db: sqlite3.Connection) -> None:
    """Version 0 to 1: log entries and questions to the table were sentences; now they are a kind plus
    parameters. Each action is applied again to the state saved before it, to write its entries and its
    state anew; an action whose result differs from the state saved with it (a rule changed since) keeps
    its old entries, which keep their English text."""
    for (game_id, initial) in db.execute("SELECT id, initial FROM games").fetchall():
        before = GameState.from_json(json.loads(initial))
        rows = db.execute("SELECT seq, action, state FROM actions WHERE game_id = ? ORDER BY seq",
                          (game_id,)).fetchall()
        for seq, action, saved in rows:
            saved_state = GameState.from_json(json.loads(saved))
            try:
                result = apply(before, json.loads(action))
                same = _same(result.state.to_json(), saved_state.to_json())
            except (RulesError, ValueError, TypeError, KeyError):
                same = False
            if same:
                db.execute("UPDATE actions SET log = ?, state = ? WHERE game_id = ? AND seq = ?",
                           (json.dumps([e.as_dict() for e in result.log]), json.dumps(result.state.to_json()),
                            game_id, seq))
            before = result.state if same else saved_state


def _same(replayed: dict[str, Any], saved: dict[str, Any]) -> bool:
    """The same position, the wording of a pending question aside (it was a sentence, now data), and the flag
    saying her actions are over (§1.22 Thermo: set by an event card), which no version-0 save could hold."""
    def core(state: dict[str, Any]) -> dict[str, Any]:
        pending = state.get("pending")
        if pending:
            question = {k: v for k, v in pending["question"].items() if k not in ("prompt", "params")}
            pending = {**pending, "question": question,
                       "before": core(GameState.from_json(pending["before"]).to_json())}
        return {**state, "pending": pending, "actions_over": None}
    return core(replayed) == core(saved)


def _setup_kept(db: sqlite3.Connection) -> None:
    """Version 1 to 2: a heist keeps the new-heist form's settings it was set up with (Play again). Those saved
    before have none (NULL): Play again fills in what their first position shows. A new database has the column
    from schema.sql already."""
    if "setup" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:
        db.execute("ALTER TABLE games ADD COLUMN setup TEXT")


def _links_unique(db: sqlite3.Connection) -> None:
    """Version 2 to 3: no two heists share a play link or a watch link (a unique index on each). Tokens are random,
    so only a copied row could repeat one (a restored backup whose own SQL rewrote links, issue 33): the heist made
    first keeps the link, a later one gets a new one (its devices open it again from the board's QR code)."""
    seen: set[str] = set()
    for game_id, play, watch in db.execute("SELECT id, play_token, watch_token FROM games "
                                           "ORDER BY created, id").fetchall():
        for column, token in (("play_token", play), ("watch_token", watch)):
            if token in seen:
                token = secrets.token_urlsafe(16)
                db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (token, game_id))
            seen.add(token)
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS games_play_token ON games (play_token)")
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS games_watch_token ON games (watch_token)")


def _links_apart(db: sqlite3.Connection) -> None:
    """Version 3 to 4: no heist's play link is another's watch link either (a link leads to one heist, and
    ``Store.by_token`` would open the first found), in the schema as each column's uniqueness is: the unique indexes
    are per column, so two triggers refuse a link either column of another heist has. A link repeated across the
    columns before (none is made so, but a file may hold one) is given a new token, as in version 3."""
    seen: set[str] = set()
    for game_id, play, watch in db.execute("SELECT id, play_token, watch_token FROM games "
                                           "ORDER BY created, id").fetchall():
        for column, token in (("play_token", play), ("watch_token", watch)):
            if token in seen:
                db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (secrets.token_urlsafe(16), game_id))
            seen.add(token)
    for event, other in (("INSERT", ""), ("UPDATE OF play_token, watch_token", "id <> NEW.id AND ")):
        name = event.split()[0].lower()
        db.execute(f"""CREATE TRIGGER IF NOT EXISTS games_links_apart_{name} BEFORE {event} ON games
            WHEN NEW.play_token = NEW.watch_token OR EXISTS (SELECT 1 FROM games WHERE {other}
                (play_token = NEW.watch_token OR watch_token = NEW.play_token))
            BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: a link another heist has'); END""")


def _campaigns(db: sqlite3.Connection) -> None:
    """Version 4 to 5: Burgle Bros 2 campaigns (issue 36 §1), each a Heist Log of heists by their finale's number;
    a heist is in one campaign at most. Portable SQL, as schema.sql has it (which made them already in a database
    this app started)."""
    db.execute("""CREATE TABLE IF NOT EXISTS campaigns (id TEXT PRIMARY KEY, name TEXT NOT NULL, created TEXT NOT NULL,
        updated TEXT NOT NULL, meter TEXT NOT NULL)""")
    db.execute("""CREATE TABLE IF NOT EXISTS campaign_heists (
        campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE, finale INTEGER NOT NULL,
        game_id TEXT REFERENCES games(id) ON DELETE SET NULL, players TEXT NOT NULL, meter TEXT, result TEXT,
        gear TEXT NOT NULL, created TEXT NOT NULL, PRIMARY KEY (campaign_id, finale))""")
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS campaign_heists_game ON campaign_heists (game_id)")


def _clubs(db: sqlite3.Connection) -> None:
    """Version 5 to 6: clubs (issue 37 §4). Every heist, campaign and setting carries its club's id, and those of a
    database made before are the laptop's own club's (``LOCAL``); settings are kept per club (their key becomes the
    club and the name, so the table is made anew). A new database has the columns from schema.sql already."""
    db.execute("""CREATE TABLE IF NOT EXISTS clubs (id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL, created TEXT NOT NULL)""")
    db.execute("""CREATE TABLE IF NOT EXISTS club_links (digest TEXT PRIMARY KEY,
        club TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE, expires TEXT NOT NULL)""")
    db.execute("INSERT INTO clubs (id, name, key, password, created) VALUES (?, '', '', '', ?) ON CONFLICT DO NOTHING",
               (LOCAL, datetime.now(UTC).isoformat(timespec="seconds")))
    for table in ("games", "campaigns"):
        if "club" not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}:
            db.execute(f"ALTER TABLE {table} ADD COLUMN club TEXT NOT NULL DEFAULT '{LOCAL}'")
    if "club" not in {row[1] for row in db.execute("PRAGMA table_info(settings)")}:
        db.execute(f"""CREATE TABLE settings_by_club (club TEXT NOT NULL DEFAULT '{LOCAL}', name TEXT NOT NULL,
            value TEXT NOT NULL, PRIMARY KEY (club, name))""")
        db.execute("INSERT INTO settings_by_club (name, value) SELECT name, value FROM settings")
        db.execute("DROP TABLE settings")
        db.execute("ALTER TABLE settings_by_club RENAME TO settings")
    db.execute("CREATE INDEX IF NOT EXISTS games_club ON games (club, updated)")
    db.execute("CREATE INDEX IF NOT EXISTS campaigns_club ON campaigns (club, updated)")


STEPS: list[Callable[[sqlite3.Connection], None]] = [_log_as_data, _setup_kept, _links_unique, _links_apart,
                                                     _campaigns, _clubs]
SCHEMA_VERSION = len(STEPS)


def upgrade(db: sqlite3.Connection, path: str, keep_copy: bool = True) -> list[int]:
    """Run the steps this database still needs; returns the versions it went through. Raises
    SaveFormatError for a database written by a newer version of the app. ``keep_copy``: copy a database
    holding heists aside first (not for one the app has just made itself)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise SaveFormatError(N_("%(path)s was written by a newer version of the app (database version %(version)s, "
                                 "this one knows up to %(known)s): update the app, or start it with another folder"),
                              path=path, version=version, known=SCHEMA_VERSION)
    if version == SCHEMA_VERSION:
        return []
    has_games = db.execute("SELECT count(*) FROM games").fetchone()[0]
    if has_games and keep_copy and path != ":memory:":
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copyfile(path, backup_name(path))
    done = []
    while version < SCHEMA_VERSION:
        with db:
            STEPS[version](db)  # on an empty database too: a step may change the tables themselves
            version += 1
            db.execute(f"PRAGMA user_version = {version}")
        done.append(version)
    return done


def backup_name(path: str | Path) -> str:
    """Where the database is copied before its first upgrade step."""
    return f"{path}.before-v{SCHEMA_VERSION}"
