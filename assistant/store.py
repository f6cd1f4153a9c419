"""SQLite storage: games, their action logs and the state after each action.

The state after action N is what replaying actions 1..N from the initial state gives; it is kept
so a page load does not replay the whole game. Undo moves ``head`` back one action, redo forward;
a new action after an undo drops the undone ones. Every change bumps ``version``, and a change made
on an older version is refused (two devices acting at once, or a double tap).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import weakref
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from .broker import Broker, Event
from .engine.actions import apply
from .engine.cases import Step
from .engine.log import LogEntry, read_log
from .engine.rulesets import Rulebook, rulebook
from .engine.state import GameState
from .engine.vocabulary import Action, from_json
from .store_campaigns import CampaignStore
from .store_clubs import LOCAL, ClubStore
from .store_sql import Database
from .store_upgrades import upgrade


GAME_COLUMNS = ("id", "title", "created", "updated", "initial", "head", "version", "play_token", "watch_token", "setup")
ACTION_COLUMNS = ("game_id", "seq", "action", "log", "state", "created")


class StaleVersionError(Exception):
    """The board changed since the page that sent this action was drawn."""


class NotFoundError(Exception):
    """No such game (or a wrong token)."""


class UnreachableError(Exception):
    """The database server refused the store or cannot be reached: its address (no password) and why."""


class LinkTakenError(Exception):
    """A heist of a backup has a link that a heist here already has; its title is the argument."""


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    created: str
    updated: str
    head: int
    version: int
    play_token: str
    watch_token: str
    state: GameState
    can_redo: bool
    rulebook: Rulebook  # the game it is a heist of, looked up once by the name its state holds, as it is opened
    made: str = ""  # when the action at the head was first applied ("" at head 0)
    club: str = LOCAL  # the club whose heist it is (store_clubs.py)

    @property
    def fresh(self) -> bool:
        """The head is an action just applied, not one undo or redo brought back (each change sets ``updated``):
        Read aloud says only a fresh move."""
        return bool(self.head) and self.made == self.updated


@dataclass(frozen=True)
class Played:
    """One action in effect, as the store keeps it: its number in the heist, the action, its log and when."""

    seq: int
    action: Action
    log: list[LogEntry]
    created: str


class _Connection(sqlite3.Connection):
    """A connection the store can hold a weak reference to (sqlite3's own cannot be)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# connections kept for the next requests: more than the requests a club night's server answers at once (a
# change's tap and its phones' fetches queue behind one interpreter anyway)
IDLE_CONNECTIONS = 8


def club_channel(club: str) -> str:
    """The broker's name for a club's own doorbell: rung ("added" and the heist's id) when a heist of the club appears
    (made, or from a backup), so its club page's stream, which follows the club's heists it knew of, follows the new
    one from then on."""
    return f"club/{club}"


class Store(CampaignStore, ClubStore):
    """All database access (a campaign's Heist Log: store_campaigns.py). One connection per thread at a time (sqlite3
    objects are not shared): a request's thread gives its connection back when the request ends (``release``), and
    the next request on any thread takes it up. Each connection keeps its own page and statement caches; one per
    thread kept them for each of waitress's 224 threads in turn, and memory crept up for as long as new threads got
    their first request (issue 33 §3).

    The SQL is the subset PostgreSQL speaks too (store_pg.PgStore runs the same methods over psycopg); where the two
    differ, the class attributes below say it in each one's words.

    Every change rings ``broker`` inside the write lock, so devices hear versions in order (unless the caller holds
    the doorbell until its own answer is drawn: ``Broker.holding``)."""

    # the greater of two values, and a text field of a JSON column (SQL of the class's database)
    GREATEST = "max"
    JSON_FIELD = "json_extract({column}, '$.{key}')"

    def __init__(self, path: str | Path, broker: Broker | None = None):
        self.path = str(path)
        self.broker = broker if broker is not None else Broker()
        self._local = threading.local()
        self._write = threading.Lock()
        # every thread's open connection, so a stop can close them all; weak, so a thread's connection still
        # closes when the thread ends
        self._opened: weakref.WeakSet[_Connection] = weakref.WeakSet()
        self._opening = threading.Lock()
        self._idle: list[_Connection] = []  # given back by requests that ended, at most IDLE_CONNECTIONS
        self._stopped = False
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.init()

    @property
    def folder(self) -> Path:
        """The data folder: where the files of a backup being restored wait (web/setup/backups.py)."""
        return Path(self.path).parent

    # -- connections --------------------------------------------------------------------------
    def db(self) -> Database:
        return self._sqlite()

    def _sqlite(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            with self._opening:
                conn = self._idle.pop() if self._idle else None
            if conn is not None:
                self._local.conn = conn
                return conn
            conn = sqlite3.connect(self.path, timeout=10, check_same_thread=False, factory=_Connection)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")  # an acknowledged action survives a power cut
            self._local.conn = conn
            with self._opening:
                self._opened.add(conn)
        return conn

    def release(self) -> None:
        """This thread is done with the database for now (its request ended): its connection waits for the next."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        if conn.in_transaction:
            conn.rollback()  # a request cut short mid-write: nothing of it is kept, as when a connection closes
        self._give_back(conn)

    def _give_back(self, conn: Any) -> None:
        """A connection no thread holds: kept for the next request, or closed (PgStore: back into its pool)."""
        with self._opening:
            if len(self._idle) < IDLE_CONNECTIONS and not self._stopped:
                self._idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def shutdown(self) -> None:
        """The server is stopping: every acknowledged action goes from the write-ahead log into the
        database file itself, and every connection closes (the last one removes the ``-wal`` and
        ``-shm`` files), so copying ``heists.sqlite3`` alone copies every heist. A write that comes
        after waits for ever: the process is ending, and its tap was never acknowledged."""
        if self.path == ":memory:" or self._stopped:
            return
        self._write.acquire()  # kept: no action is half written while the log is folded in
        self._stopped = True
        checkpoint = sqlite3.connect(self.path, timeout=10)
        try:
            checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            checkpoint.close()
        with self._opening:
            for conn in list(self._opened):
                conn.close()  # opened with check_same_thread=False: any thread may close it
            self._opened.clear()
            self._idle.clear()

    def init(self) -> None:
        """Create the tables of a new database, or bring an earlier version's up to date (store_upgrades)."""
        schema = resources.files("assistant").joinpath("schema.sql").read_text(encoding="utf-8")
        self._sqlite().executescript(schema)
        self.upgraded = upgrade(self._sqlite(), self.path)

    # -- games ------------------------------------------------------------------------------------
    def create(self, title: str, state: GameState, setup: Sequence[tuple[str, str]] | None = None,
               steps: Sequence[Step] = (), club: str = LOCAL) -> str:
        """A new heist from ``state``; ``setup``: the new-heist form's fields it was set up with (Play again), none
        for a position imported or built otherwise. ``steps``: actions already played from ``state`` (an imported
        case's, engine/cases.replay), kept as the heist's first actions: the heist opens after them, its log shows
        them and Undo takes them back one by one. ``club``: whose heist it is."""
        with self._write:
            with self.db() as db:
                game_id = self._insert_game(db, title, state, setup, steps, club)
            self.broker.publish(game_id, Event("changed", "0"))  # a new heist's version: the club page lists it now
            self.broker.publish(club_channel(club), Event("added", game_id))
        return game_id

    def _insert_game(self, db: Database, title: str, state: GameState,
                     setup: Sequence[tuple[str, str]] | None, steps: Sequence[Step] = (), club: str = LOCAL) -> str:
        """A new heist's rows, in the caller's transaction (a campaign's heist comes with its line of the log)."""
        game_id = secrets.token_hex(4)
        now = _now()
        db.execute("INSERT INTO games (id, title, created, updated, initial, head, play_token, watch_token, setup, "
                   "club) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (game_id, title, now, now, json.dumps(state.to_json()), len(steps), secrets.token_urlsafe(16),
                    secrets.token_urlsafe(16), None if setup is None else json.dumps(list(setup)), club))
        db.executemany("INSERT INTO actions (game_id, seq, action, log, state, created) VALUES (?, ?, ?, ?, ?, ?)",
                       [(game_id, seq, json.dumps(step.action.to_json()),
                         json.dumps([e.as_dict() for e in step.log]), json.dumps(step.state.to_json()), now)
                        for seq, step in enumerate(steps, start=1)])
        return game_id

    def setup(self, game_id: str) -> tuple[list[tuple[str, str]] | None, GameState, Rulebook]:
        """How a heist was set up: the new-heist form's fields (None for a heist saved before database version 2, or
        imported), its first position and its game."""
        row = self.db().execute("SELECT setup, initial FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFoundError(game_id)
        setup = None if row["setup"] is None else [(name, value) for name, value in json.loads(row["setup"])]
        first = GameState.from_text(row["initial"])
        return setup, first, rulebook(first.rules)

    def games(self, club: str = LOCAL) -> list[dict[str, Any]]:
        """Every heist of ``club``, the last played first, with its guard moves (``turns``: the ends of turns in
        effect), its ``outcome`` ("escaped", "caught" or None) and its ``version`` (what a count kept per heist is
        keyed by)."""
        rows = self.db().execute(
            "SELECT g.id, g.title, g.created, g.updated, g.head, g.version, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id AND a.seq <= g.head "
            f" AND {self.JSON_FIELD.format(column='a.action', key='do')} = 'end_turn') AS turns, "
            f"(SELECT {self.JSON_FIELD.format(column='a.state', key='outcome')} FROM actions a WHERE a.game_id = g.id "
            "AND a.seq = g.head) AS outcome FROM games g WHERE g.club = ? ORDER BY g.updated DESC", (club,))
        return [dict(r) for r in rows]

    def delete(self, game_id: str) -> None:
        with self._write:
            with self.db() as db:
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self.broker.publish(game_id, Event("revoked", "all"))  # after the commit: a reload finds it gone

    def load(self, game_id: str) -> Game:
        # one statement (every tap loads its heist): the game, the state at its head, whether an action is left to redo
        row = self.db().execute(
            "SELECT g.*, a.state AS head_state, a.created AS head_made, EXISTS (SELECT 1 FROM actions r "
            "WHERE r.game_id = g.id AND r.seq = g.head + 1) AS redo FROM games g "
            "LEFT JOIN actions a ON a.game_id = g.id AND a.seq = g.head WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFoundError(game_id)
        state = GameState.from_text(row["head_state"] if row["head"] else row["initial"])
        return Game(row["id"], row["title"], row["created"], row["updated"], row["head"], row["version"],
                    row["play_token"], row["watch_token"], state, bool(row["redo"]), rulebook(state.rules),
                    row["head_made"] or "", row["club"])

    def by_token(self, token: str) -> tuple[str, str]:
        """(game id, "play" or "watch") for a link token."""
        row = self.db().execute("SELECT id, play_token FROM games WHERE play_token = ? OR watch_token = ?",
                                (token, token)).fetchone()
        if row is None:
            raise NotFoundError("no heist has this link")  # never the token: exceptions end up in logs
        return row["id"], "play" if row["play_token"] == token else "watch"

    def version(self, game_id: str) -> int:
        row = self.db().execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFoundError(game_id)
        return int(row["version"])

    def new_token(self, game_id: str, kind: str) -> None:
        column = {"play": "play_token", "watch": "watch_token"}[kind]
        with self._write:
            with self.db() as db:
                db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (secrets.token_urlsafe(16), game_id))
            self.broker.publish(game_id, Event("revoked", kind))

    # -- every heist of a club at once: backups (assistant/backup.py) ----------------------------------------------
    def copy_to(self, path: Path, club: str | None = None) -> None:
        """A consistent copy of the database at ``path`` (SQLite's backup API: the log folded in), a file complete in
        itself (no write-ahead log of its own); ``club``: only that club's heists, campaigns and settings, and no
        club's name or password (None: the whole database)."""
        with closing(sqlite3.connect(path)) as copy:
            self._sqlite().backup(copy)
            if club is not None:
                only_club(copy, club)
            copy.execute("PRAGMA journal_mode = DELETE")

    def _ring_club(self, club: str, before: Sequence[str], added: Sequence[str]) -> None:
        """After a restore: every device of a heist that was here is sent back to its link (it finds the heist again
        if the backup holds it); after a restore or an add, the club page hears of each heist that came."""
        for game_id in before:
            self.broker.publish(game_id, Event("revoked", "all"))
        for game_id in added:
            self.broker.publish(club_channel(club), Event("added", game_id))

    def replace_with(self, path: Path, club: str = LOCAL) -> None:
        """Every heist, campaign and setting of ``club`` becomes ``path``'s (a checked backup), in one transaction;
        no other club's is touched. A heist or campaign of the backup that another club has (its id or a link) is a
        LinkTakenError, and nothing is changed."""
        heists = (*GAME_COLUMNS, "club")
        with self._write, closing(sqlite3.connect(path)) as source:
            with self.db() as db:
                before = [row[0] for row in db.execute("SELECT id FROM games WHERE club = ?", (club,))]
                for row in source.execute("SELECT id, title, play_token, watch_token FROM games").fetchall():
                    if db.execute("SELECT 1 FROM games WHERE club <> ? AND (id = ? OR play_token IN (?, ?) "
                                  "OR watch_token IN (?, ?))", (club, row[0], *row[2:], *row[2:])).fetchone():
                        raise LinkTakenError(row[1])
                self._campaigns_free(source, db, club)
                db.execute("DELETE FROM campaigns WHERE club = ?", (club,))
                db.execute("DELETE FROM games WHERE club = ?", (club,))  # and their actions
                db.execute("DELETE FROM settings WHERE club = ?", (club,))
                db.executemany(f"INSERT INTO games ({', '.join(heists)}) VALUES ({', '.join('?' * len(heists))})",
                               [(*row, club) for row in source.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games")])
                db.executemany(f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) "
                               f"VALUES ({', '.join('?' * len(ACTION_COLUMNS))})",
                               source.execute(f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions"))
                db.executemany("INSERT INTO settings (club, name, value) VALUES (?, ?, ?)",
                               [(club, *row) for row in source.execute("SELECT name, value FROM settings")])
                self._add_campaigns_from(source, db, club)
                added = [row[0] for row in source.execute("SELECT id FROM games")]
            self._folded()
            self._ring_club(club, before, added)

    def _campaigns_free(self, source: sqlite3.Connection, db: Database, club: str) -> None:
        """LinkTakenError when a campaign of ``source`` is another club's: the caller's transaction writes nothing."""
        taken = self._campaign_taken(source, db, club)
        if taken is not None:
            raise LinkTakenError(taken)

    def _folded(self) -> None:
        """After a restore: into the file at once (a -wal holding a smaller database than its file is another's,
        wal.py)."""
        self._sqlite().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def add_from(self, path: Path, club: str = LOCAL) -> tuple[int, list[str]]:
        """The heists of ``path`` (a backup checked into this app's own schema: backup.checked) that ``club`` has not,
        added to it with their links, and its campaigns that are not here; the settings stay the club's. Returns how
        many were added and the ids of those the club has already. A heist whose link (or id) a heist of any club
        here has is a LinkTakenError, and nothing is added: a link leads to one heist."""
        added: list[str] = []
        here: list[str] = []
        games, actions = (", ".join(columns) for columns in (GAME_COLUMNS, ACTION_COLUMNS))
        with self._write, closing(sqlite3.connect(path)) as source, self.db() as db:  # every heist of it or none
            for row in source.execute(f"SELECT {games} FROM games").fetchall():
                game = dict(zip(GAME_COLUMNS, row, strict=True))
                whose = db.execute("SELECT club FROM games WHERE id = ?", (game["id"],)).fetchone()
                if whose is not None and whose[0] == club:
                    here.append(game["id"])
                    continue
                links = (game["play_token"], game["watch_token"]) * 2
                if whose is not None or db.execute("SELECT 1 FROM games WHERE play_token IN (?, ?) OR watch_token "
                                                   "IN (?, ?)", links).fetchone():
                    raise LinkTakenError(game["title"])
                db.execute(f"INSERT INTO games ({games}, club) VALUES ({', '.join('?' * len(GAME_COLUMNS))}, ?)",
                           (*row, club))
                db.executemany(f"INSERT INTO actions ({actions}) VALUES ({', '.join('?' * len(ACTION_COLUMNS))})",
                               source.execute(f"SELECT {actions} FROM actions WHERE game_id = ?", (game["id"],)))
                added.append(game["id"])
            self._campaigns_free(source, db, club)
            self._add_campaigns_from(source, db, club)
        self._ring_club(club, (), added)
        return len(added), here

    def further_on(self, path: Path, game_id: str) -> tuple[str, int, int] | None:
        """(title, its actions, the actions here) when ``path`` (a checked backup) holds heist ``game_id`` further
        on than here: the same first position and every action here in effect, then more."""
        with closing(sqlite3.connect(path)) as source:
            return self._further_on(source, game_id)

    def _further_on(self, source: sqlite3.Connection, game_id: str) -> tuple[str, int, int] | None:
        theirs = source.execute("SELECT title, initial, head FROM games WHERE id = ?", (game_id,)).fetchone()
        ours = self.db().execute("SELECT initial, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if theirs is None or ours is None or theirs[2] <= ours["head"] or \
                json.loads(theirs[1]) != json.loads(ours["initial"]):
            return None
        query = "SELECT action FROM actions WHERE game_id = ? AND seq <= ? ORDER BY seq"
        here = [json.loads(r[0]) for r in self.db().execute(query, (game_id, ours["head"]))]
        there = [json.loads(r[0]) for r in source.execute(query, (game_id, ours["head"]))]
        return (theirs[0], theirs[2], ours["head"]) if here == there else None

    def take_longer(self, path: Path, game_id: str) -> int | None:
        """Heist ``game_id`` becomes the one in ``path`` (a checked backup), when it is further on there
        (further_on); its links stay this table's. Returns its new head, or None when it is not further on (any
        more). Every device on it hears the change."""
        actions = ", ".join(ACTION_COLUMNS)
        with self._write, closing(sqlite3.connect(path)) as source:
            if self._further_on(source, game_id) is None:
                return None
            head, version = source.execute("SELECT head, version FROM games WHERE id = ?", (game_id,)).fetchone()
            with self.db() as db:
                db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
                db.executemany(f"INSERT INTO actions ({actions}) VALUES ({', '.join('?' * len(ACTION_COLUMNS))})",
                               source.execute(f"SELECT {actions} FROM actions WHERE game_id = ?", (game_id,)))
                # past both versions: a page drawn from either is told the board changed
                db.execute(f"UPDATE games SET head = ?, updated = ?, version = {self.GREATEST}(version, ?) + 1 "
                           "WHERE id = ?",
                           (head, _now(), version, game_id))
            self.broker.publish(game_id, Event("changed", str(self.version(game_id))))
        return int(head)

    # -- settings of each club (e.g. the address phones use, a heist's switches) ------------------------------------
    def setting(self, name: str, club: str = LOCAL) -> str | None:
        row = self.db().execute("SELECT value FROM settings WHERE club = ? AND name = ?", (club, name)).fetchone()
        return row["value"] if row else None

    def settings_on(self, names: Sequence[str], club: str = LOCAL) -> set[str]:
        """Which of the club's settings ``names`` are "on" (a heist's switches), in one query."""
        if not names:
            return set()
        marks = ", ".join("?" * len(names))
        rows = self.db().execute(f"SELECT name FROM settings WHERE club = ? AND value = 'on' AND name IN ({marks})",
                                 (club, *names))
        return {r["name"] for r in rows}

    def set_setting(self, name: str, value: str | None, club: str = LOCAL) -> None:
        """Keep ``value`` under ``name`` for ``club``; None forgets it (back to the default)."""
        with self._write, self.db() as db:
            if value is None:
                db.execute("DELETE FROM settings WHERE club = ? AND name = ?", (club, name))
            else:
                db.execute("INSERT INTO settings (club, name, value) VALUES (?, ?, ?) "
                           "ON CONFLICT (club, name) DO UPDATE SET value = excluded.value", (club, name, value))

    # a heist's own settings (its switches, Teach me's steps) are its club's, found by the heist's id
    HEIST_CLUB = "(SELECT club FROM games WHERE id = ?)"

    def heist_setting(self, game_id: str, name: str) -> str | None:
        row = self.db().execute(f"SELECT value FROM settings WHERE club = {self.HEIST_CLUB} AND name = ?",
                                (game_id, name)).fetchone()
        return row["value"] if row else None

    def heist_settings_on(self, game_id: str, names: Sequence[str]) -> set[str]:
        """Which of heist ``game_id``'s settings ``names`` are "on" (its switches), in one query."""
        marks = ", ".join("?" * len(names))
        rows = self.db().execute(f"SELECT name FROM settings WHERE club = {self.HEIST_CLUB} AND value = 'on' "
                                 f"AND name IN ({marks})", (game_id, *names))
        return {r["name"] for r in rows}

    def write_heist_setting(self, db: Database, game_id: str, name: str, value: str | None) -> None:
        """Heist ``game_id``'s setting ``name`` set (None: removed), in the caller's transaction."""
        if value is None:
            db.execute(f"DELETE FROM settings WHERE club = {self.HEIST_CLUB} AND name = ?", (game_id, name))
        else:
            db.execute("INSERT INTO settings (club, name, value) SELECT club, ?, ? FROM games WHERE id = ? "
                       "ON CONFLICT (club, name) DO UPDATE SET value = excluded.value", (name, value, game_id))

    def set_heist_setting(self, game_id: str, name: str, value: str | None) -> None:
        with self._write, self.db() as db:
            self.write_heist_setting(db, game_id, name, value)

    # -- actions ------------------------------------------------------------------------------------
    def act(self, game_id: str, action: Action | dict[str, Any], version: int | None = None,
            loaded: Game | None = None) -> tuple[Game, list[LogEntry]]:
        """Apply an action and persist it (as its JSON) before anyone sees it; the game after it and its log. Raises
        RulesError or StaleVersionError. ``loaded``: the game as the caller read it; it is used when nothing changed
        since (every change moves the version), instead of reading and parsing the state again."""
        action = from_json(action)
        with self._write:
            game = loaded if loaded is not None and loaded.version == self.version(game_id) else self.load(game_id)
            self._check_version(game, version)
            result = apply(game.state, action, game.rulebook)
            seq = game.head + 1
            now = _now()
            with self.db() as db:
                self._bump(db, game, seq, now)
                db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq))
                db.execute("INSERT INTO actions (game_id, seq, action, log, state, created) VALUES (?, ?, ?, ?, ?, ?)",
                           (game_id, seq, json.dumps(action.to_json()), json.dumps([e.as_dict() for e in result.log]),
                            json.dumps(result.state.to_json()), now))
            self.broker.publish(game_id, Event("changed", str(game.version + 1)))
        # what load() would read back: the new action is the head, nothing is left to redo
        return replace(game, head=seq, version=game.version + 1, updated=now, state=result.state,
                       can_redo=False, made=now), result.log

    def undo(self, game_id: str, version: int | None = None) -> Game:
        return self._move_head(game_id, -1, version)

    def redo(self, game_id: str, version: int | None = None) -> Game:
        return self._move_head(game_id, +1, version)

    def _move_head(self, game_id: str, delta: int, version: int | None) -> Game:
        with self._write:
            game = self.load(game_id)
            self._check_version(game, version)
            target = game.head + delta
            if target < 0 or (delta > 0 and not game.can_redo):
                return game
            with self.db() as db:
                self._bump(db, game, target, _now())
            self.broker.publish(game_id, Event("changed", str(game.version + 1)))
        return self.load(game_id)

    @staticmethod
    def _bump(db: Database, game: Game, head: int, now: str) -> None:
        """The heist's head moved and its version bumped, first in the change's transaction, if its version is still
        the one ``game`` was read at: the lock keeps this process's writers apart, this the writers of every process
        on one PostgreSQL database (the row stays locked until the change commits)."""
        if not db.execute("UPDATE games SET head = ?, version = version + 1, updated = ? WHERE id = ? AND version = ?",
                          (head, now, game.id, game.version)).rowcount:
            raise StaleVersionError(game.id)

    @staticmethod
    def _check_version(game: Game, version: int | None) -> None:
        if version is not None and version != game.version:
            raise StaleVersionError(game.id)

    def history(self, game_id: str) -> list[Played]:
        """Every action in effect, oldest first, with its log."""
        db = self.db()
        head = db.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
        if head is None:
            raise NotFoundError(game_id)
        rows = db.execute("SELECT seq, action, log, created FROM actions WHERE game_id = ? AND seq <= ? ORDER BY seq",
                          (game_id, head["head"]))
        return [Played(r["seq"], from_json(json.loads(r["action"])), read_log(json.loads(r["log"])), r["created"])
                for r in rows]

    def timeline(self, game_id: str) -> tuple[GameState, list[tuple[Action, list[LogEntry], GameState]]]:
        """The heist's first state and every action in effect, oldest first, with its log and the state after it
        (the story of the heist reads them all)."""
        db = self.db()
        game = db.execute("SELECT initial, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if game is None:
            raise NotFoundError(game_id)
        rows = db.execute("SELECT action, log, state FROM actions WHERE game_id = ? AND seq <= ? ORDER BY seq",
                          (game_id, game["head"]))
        return (GameState.from_text(game["initial"]),
                [(from_json(json.loads(r["action"])), read_log(json.loads(r["log"])), GameState.from_text(r["state"]))
                 for r in rows])

    def last_log(self, game_id: str, head: int) -> list[LogEntry]:
        """The log of action ``head`` (none before the first)."""
        if not head:
            return []
        row = self.db().execute("SELECT log FROM actions WHERE game_id = ? AND seq = ?", (game_id, head)).fetchone()
        return read_log(json.loads(row["log"])) if row else []

    def action_at(self, game_id: str, seq: int) -> tuple[GameState, Action, list[LogEntry]]:
        """An action still in effect, with the state it was applied to and its log (for the why-view).
        NotFoundError when ``seq`` is not between 1 and the head."""
        db = self.db()
        game = db.execute("SELECT initial, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if game is None or not 1 <= seq <= game["head"]:
            raise NotFoundError(f"{game_id}: no action {seq}")
        rows = {r["seq"]: r for r in db.execute(
            "SELECT seq, action, log, state FROM actions WHERE game_id = ? AND seq IN (?, ?)", (game_id, seq - 1, seq))}
        before = rows[seq - 1]["state"] if seq > 1 else game["initial"]
        return (GameState.from_text(before), from_json(json.loads(rows[seq]["action"])),
                read_log(json.loads(rows[seq]["log"])))

    def replay(self, game_id: str) -> GameState:
        """The current state recomputed from the initial one (what undo means; used to check the cache)."""
        db = self.db()
        row = db.execute("SELECT initial FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFoundError(game_id)
        state = GameState.from_text(row["initial"])
        game = rulebook(state.rules)
        for played in self.history(game_id):
            state = apply(state, played.action, game).state
        return state


def only_club(copy: sqlite3.Connection, club: str) -> None:
    """A copy of the whole database (``copy``) cut down to ``club``'s heists, campaigns and settings, with no club's
    name, password or sign-in link, its freed pages written over (VACUUM): a club's backup holds nothing of another."""
    copy.execute("PRAGMA foreign_keys = ON")
    with copy:
        copy.execute("DELETE FROM campaigns WHERE club <> ?", (club,))
        copy.execute("DELETE FROM games WHERE club <> ?", (club,))  # and their actions
        copy.execute("DELETE FROM settings WHERE club <> ?", (club,))
        copy.execute("DELETE FROM club_links")
        copy.execute("DELETE FROM clubs")
    copy.execute("VACUUM")
