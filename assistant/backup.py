"""Every heist in one file, and back: a backup to keep or to carry to another laptop, restored over this app's heists
or added beside them.

A backup is the heists' SQLite database as SQLite's backup API copies it (a consistent copy while the app runs:
every acknowledged action, whatever sits in the write-ahead log), compressed with gzip. The states after each
action repeat one another, so it compresses about 20 to 30 times (a heist of 100 actions is about 10 kB): a club's
year of heists fits the restore route's cap (``RESTORE_LIMIT``), while every other request keeps the app's 1 MB cap.

A file that comes back is a stranger's, read as data and never run (issue 33): it is unpacked within a cap, opened
read only with none of its own SQL trusted, and only the known columns of the known tables are read, each a plain
table, with plain SELECTs under a time limit. Every value is checked as it is copied row by row into a database the
app makes from its own schema, and every heist is replayed through the engine. An action that gives the state
stored after it is kept as the engine gave it; one that no longer does (a heist played under earlier rulings) keeps
its stored state and log, as the heists file here keeps an old heist's, only if they are ones this app could have
written (``written.py``: the checks of an imported case, and more). Only that copy, all of it checked, ever
replaces or joins the heists here. A refusal is a :class:`BackupError`: an English sentence marked for the
catalogue and its parameters.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sqlite3
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import IO, Any, BinaryIO
from urllib.parse import urlsplit

from .engine.actions import apply
from .engine.errors import RulesError
from .engine.rulesets import rulebook
from .engine.state import GameState
from .engine.upgrades import SaveFormatError
from .engine.vocabulary import from_json
from .engine.bb2.campaign import FINALES, MAX_GEAR_NAME
from .store import ACTION_COLUMNS, GAME_COLUMNS, Store
from .store_clubs import LOCAL
from .store_campaigns import CAMPAIGN_COLUMNS, HEIST_COLUMNS, RESULTS, log_of, meter_of
from .store_upgrades import SCHEMA_VERSION, upgrade
from .words.i18n import N_
from .written import check_log, check_state

RESTORE_LIMIT = 8 * 1024 * 1024  # bytes of a compressed backup: some 800 heists of 100 actions
# what a backup may unpack to, before any check. Its header gives the database's size (a file that is no database
# stops at its first 100 bytes); a backup compresses 18 to 49 times (the fixtures in tests/fixtures/saves; 100 heists
# of 100 actions: 0.8 MB for 40 MB), a gzip bomb a thousand times, so a file may unpack to MAX_RATIO times its size
# (or SMALL_UNPACKED, where a small database's empty pages weigh more), never past MAX_UNPACKED: a backup at
# RESTORE_LIMIT unpacks to some 400 MB
MAX_UNPACKED = 512 * 1024 * 1024
SMALL_UNPACKED = 16 * 1024 * 1024
MAX_RATIO = 128
# to read, copy and replay a whole backup: 0.5 ms of CPU an action (100 heists of 100 actions: 4.4 to 5.5 s), and
# 1 ms more for a stored position kept in place of the replay's (a heist of earlier rules: 37% of the version-0
# fixture's actions), so a backup at RESTORE_LIMIT takes about a minute, on a busy laptop two (bench/backup_check.py)
READ_SECONDS = 120.0
MAX_STATE = 1024 * 1024  # characters of a position's JSON (a heist's is about 3 kB), as the app's 1 MB request cap
MAX_ACTION = 16 * 1024  # characters of an action's JSON (one is under 200)
MAX_TITLE = 500
MAX_SETUP = 64 * 1024
MAX_ADDRESS = 200  # as the settings page takes it (web/setup/settings.py)
# the columns read from a backup of each version: those added since come with the version that added them
SINCE = {"setup": 2}
ACTIONS_READ = ACTION_COLUMNS  # (an action's log is kept only where the replay gives another state: _replay)
TABLES = {"games": GAME_COLUMNS, "actions": ACTIONS_READ, "settings": ("name", "value"),
          "campaigns": CAMPAIGN_COLUMNS, "campaign_heists": HEIST_COLUMNS}
TABLES_SINCE = {"campaigns": 5, "campaign_heists": 5}  # a backup of an earlier version has no campaign
MAX_PLAYERS = 1024  # characters of a log line's players (JSON): four names of 20 letters, with room
MAX_METER = 4096  # characters of a campaign's Suspicion Meter (JSON): ten levels of two floors
SUFFIX = ".sqlite3.gz"
_ID = re.compile(r"[0-9a-f]{8}")  # secrets.token_hex(4), as Store.create makes it
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16)
_SWITCH = re.compile(r"(danger|coach)/([0-9a-f]{8})")  # a heist's switch (web/table/danger.py, coach.py)
_SQLITE = b"SQLite format 3\0"


class BackupError(Exception):
    """A file that is not a backup this app can take back; nothing was changed."""

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params)


def write(store: Store, out: BinaryIO, club: str = LOCAL) -> None:
    """Every heist of ``club`` in ``store`` into ``out``, compressed: its campaigns and settings too, nothing of
    another club's, no club's name or password."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "heists.sqlite3"
        store.copy_to(copy, club)
        with copy.open("rb") as data, gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as packed:
            shutil.copyfileobj(data, packed)


@contextmanager
def checked(upload: IO[bytes]) -> Iterator[Path]:
    """The backup in ``upload`` copied, checked, into a database of this app's own schema and version; it is deleted
    on leaving. Raises BackupError."""
    with tempfile.TemporaryDirectory() as tmp:
        unpacked, copy = Path(tmp) / "backup.sqlite3", Path(tmp) / "checked.sqlite3"
        _unpack(upload, unpacked)
        deadline = time.monotonic() + READ_SECONDS
        _copy_checked(unpacked, copy, deadline)
        unpacked.unlink()
        yield copy


# -- unpacking, within a cap ----------------------------------------------------------------------------------------

def _cap(upload: IO[bytes]) -> int:
    try:
        size = upload.seek(0, 2)
        upload.seek(0)
    except (OSError, AttributeError):
        size = RESTORE_LIMIT
    return min(MAX_UNPACKED, max(size * MAX_RATIO, SMALL_UNPACKED))


def _too_big(cap: int) -> BackupError:
    return BackupError(N_("That file is not a backup of this app: it unpacks to more than %(mb)s MB."),
                       mb=-(-cap // (1024 * 1024)))


def _declared_size(header: bytes, cap: int) -> int:
    """The size the database's own header gives (page size times page count, the file format's offsets 16 and 28),
    so that nothing past it is written; a file that is no SQLite database stops at its first 100 bytes."""
    if len(header) < 100 or not header.startswith(_SQLITE):
        raise BackupError(N_("That file is not a backup of this app: it holds no heists database."))
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if page_size < 512 or page_size & (page_size - 1) or not pages or header[92:96] != header[24:28]:
        raise BackupError(N_("That file is not a backup of this app: it holds no heists database."))
    if page_size * pages > cap:
        raise _too_big(cap)
    return page_size * pages


def _unpack(upload: IO[bytes], path: Path) -> None:
    cap = _cap(upload)
    try:
        with gzip.GzipFile(fileobj=upload, mode="rb") as packed, path.open("wb") as out:
            header = packed.read(100)
            if not header:
                raise BackupError(N_("That file is empty: it holds no heists (a backup is a .sqlite3.gz file made "
                                     "by Back up every heist)."))
            size = _declared_size(header, cap)
            out.write(header)
            while chunk := packed.read(min(1024 * 1024, size - out.tell() + 1)):
                out.write(chunk)
                if out.tell() > size:
                    raise _too_big(min(cap, size))
    except (OSError, EOFError, zlib.error):  # gzip.BadGzipFile is an OSError
        raise BackupError(N_("That file is not a backup of this app (one is a .sqlite3.gz file made by Back up "
                             "every heist), or it was cut short.")) from None
    if path.stat().st_size < size:
        raise BackupError(N_("That file is not a backup of this app (one is a .sqlite3.gz file made by Back up "
                             "every heist), or it was cut short."))


# -- reading the stranger's file: data only ---------------------------------------------------------------------------

def _open_read_only(path: Path, deadline: float) -> sqlite3.Connection:
    """``path`` read only and immutable (no journal, no -wal, nothing written), with nothing of its schema trusted
    (no function it names runs), no value longer than a position may be, and every statement stopped at the
    deadline."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, isolation_level=None)
    db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_STATE)
    db.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    db.execute("PRAGMA trusted_schema = OFF")
    db.execute("PRAGMA query_only = ON")
    return db


def _columns(db: sqlite3.Connection, version: int) -> dict[str, tuple[str, ...]]:
    """The columns to read from each known table, checked to be a plain table's stored columns: a view, a virtual
    table or a computed column would run SQL of the file's own when read."""
    objects = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    if not objects:
        raise BackupError(N_("That file is not a backup of this app: it is an empty database."))
    found = {}
    for table, wanted in TABLES.items():
        if TABLES_SINCE.get(table, 0) > version:
            continue
        named = [(kind, sql) for kind, name, sql in objects if str(name).lower() == table]
        if not named:
            raise BackupError(N_("That file is not a backup of this app: it is a database of something else."))
        kind, sql = named[0]
        plain = len(named) == 1 and kind == "table" and not str(sql).lstrip().upper().startswith("CREATE VIRTUAL")
        # asked only of a plain table: hidden is 2 or 3 for a computed column
        stored = {str(row[1]): row[6] for row in db.execute(f'PRAGMA table_xinfo("{table}")')} if plain else {}
        if not plain or any(hidden for hidden in stored.values()):
            raise BackupError(N_("That file is not a backup of this app: its %(table)s is not a plain table, and "
                                 "the app reads nothing else."), table=table)
        columns = tuple(c for c in wanted if SINCE.get(c, 0) <= version)
        if not set(columns) <= set(stored):
            raise BackupError(N_("That file is not a backup of this app: it is a database of something else."))
        found[table] = columns
    return found


def _rows(db: sqlite3.Connection, table: str, columns: tuple[str, ...], wanted: tuple[str, ...]) -> Iterator[dict]:
    """Every row of ``table`` (a plain table, checked), the columns it lacks as None: one plain SELECT, no index or
    order of the file's chosen."""
    listed = ", ".join(f'"{c}"' for c in columns)
    for row in db.execute(f'SELECT {listed} FROM "{table}"'):
        values = dict(zip(columns, row, strict=True))
        yield {c: values.get(c) for c in wanted}


def _copy_checked(path: Path, copy: Path, deadline: float) -> None:
    try:
        with closing(_open_read_only(path, deadline)) as source, closing(_made_here(copy)) as target:
            version = source.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise BackupError(N_("That backup was made by a newer version of the app (database version "
                                     "%(version)s): update this one first."), version=version)
            columns = _columns(source, version)
            titles = _copy_games(source, target, columns["games"])
            _copy_actions(source, target, columns["actions"], titles)
            _copy_settings(source, target, columns["settings"], titles)
            if "campaigns" in columns:
                _copy_campaigns(source, target, columns, titles)
            _replay(target, titles, deadline)
            target.commit()
    except sqlite3.DatabaseError as err:
        if time.monotonic() > deadline:
            raise BackupError(N_("That backup took more than %(seconds)s seconds to read, far longer than any backup "
                                 "does: nothing was changed."), seconds=int(READ_SECONDS)) from None
        if err.sqlite_errorcode == sqlite3.SQLITE_TOOBIG:
            raise BackupError(N_("That backup holds a value far bigger than any heist's: nothing was changed.")) \
                from None
        raise BackupError(N_("That backup is damaged (%(problem)s): nothing was changed. Try an older backup."),
                          problem=str(err).splitlines()[-1]) from None


def _made_here(path: Path) -> sqlite3.Connection:
    """A new database of this app's own schema and version, with a table where the backup's actions wait to be
    replayed."""
    db = sqlite3.connect(path)
    db.executescript(resources.files("assistant").joinpath("schema.sql").read_text(encoding="utf-8"))
    upgrade(db, str(path), keep_copy=False)
    db.execute("CREATE TEMP TABLE staged (game_id TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL, "
               "log TEXT, state TEXT NOT NULL, created TEXT NOT NULL, PRIMARY KEY (game_id, seq))")
    return db


def _damaged(title: str) -> BackupError:
    return BackupError(N_("That backup cannot be read, as the heist %(title)s in it is damaged: nothing was changed."),
                       title=title)


def _text(value: Any, most: int, pattern: re.Pattern[str] | None = None) -> bool:
    return isinstance(value, str) and 0 < len(value) <= most and (pattern is None or bool(pattern.fullmatch(value)))


def _count(value: Any) -> bool:
    return isinstance(value, int) and 0 <= value < 2 ** 53


def _moment(value: Any) -> bool:
    if not _text(value, 40):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _position(text: Any) -> str:
    """A position's JSON as this version writes it; ValueError (and the engine's own errors) when it does not read."""
    if not _text(text, MAX_STATE):
        raise ValueError("not a position")
    return json.dumps(GameState.from_text(text).to_json())


def _plain(state: GameState) -> Any:
    """A position as its JSON reads back (lists, not tuples), to compare two that differ as values."""
    return json.loads(json.dumps(state.to_json()))


def _setup(text: Any) -> str | None:
    if text is None:
        return None
    fields = json.loads(text) if _text(text, MAX_SETUP) else None
    if not isinstance(fields, list) or not all(
            isinstance(f, list) and len(f) == 2 and all(isinstance(v, str) for v in f) for f in fields):
        raise ValueError("not a heist's settings")
    return json.dumps(fields)


READ_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, ArithmeticError,
               RulesError, SaveFormatError)


def _copy_games(source: sqlite3.Connection, target: sqlite3.Connection, columns: tuple[str, ...]) -> dict[str, str]:
    """The heists, each value checked; returns each one's title by its id."""
    titles: dict[str, str] = {}
    links: set[str] = set()
    for game in _rows(source, "games", columns, GAME_COLUMNS):
        title = game["title"] if _text(game["title"], MAX_TITLE) else str(game["id"])[:20]
        if not (_text(game["id"], 8, _ID) and _text(game["title"], MAX_TITLE) and _moment(game["created"])
                and _moment(game["updated"]) and _count(game["head"]) and _count(game["version"])
                and _text(game["play_token"], 22, _TOKEN) and _text(game["watch_token"], 22, _TOKEN)):
            raise _damaged(title)
        if game["id"] in titles:
            raise _damaged(title)
        if {game["play_token"], game["watch_token"]} & links or game["play_token"] == game["watch_token"]:
            raise BackupError(N_("That backup cannot be taken back, as two links in it are the same (%(title)s "
                                 "shares one): nothing was changed."), title=title)
        links |= {game["play_token"], game["watch_token"]}
        try:
            game["initial"], game["setup"] = _position(game["initial"]), _setup(game["setup"])
        except READ_ERRORS:
            raise _damaged(title) from None
        target.execute(f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
                       [game[c] for c in GAME_COLUMNS])
        titles[game["id"]] = game["title"]
    return titles


def _copy_actions(source: sqlite3.Connection, target: sqlite3.Connection, columns: tuple[str, ...],
                  titles: dict[str, str]) -> None:
    """Each heist's actions, read in the file's order and kept aside to be replayed in their own."""
    for row in _rows(source, "actions", columns, ACTIONS_READ):
        title = titles.get(row["game_id"])
        if title is None:
            raise BackupError(N_("That backup cannot be read, as it holds actions of no heist in it: nothing was "
                                 "changed."))
        if not (isinstance(row["seq"], int) and 1 <= row["seq"] < 2 ** 31 and _text(row["action"], MAX_ACTION)
                and _text(row["state"], MAX_STATE) and _moment(row["created"])):
            raise _damaged(title)
        try:
            action = json.dumps(from_json(json.loads(row["action"])).to_json())
            target.execute("INSERT INTO staged (game_id, seq, action, log, state, created) VALUES (?, ?, ?, ?, ?, ?)",
                           (row["game_id"], row["seq"], action, row["log"], row["state"], row["created"]))
        except (*READ_ERRORS, sqlite3.IntegrityError):
            raise _damaged(title) from None


def _copy_settings(source: sqlite3.Connection, target: sqlite3.Connection, columns: tuple[str, ...],
                   titles: dict[str, str]) -> None:
    """This table's settings: the address phones are shown, and each heist's switches."""
    for row in _rows(source, "settings", columns, ("name", "value")):
        name, value = row["name"], row["value"]
        switch = _SWITCH.fullmatch(name) if isinstance(name, str) else None
        if name == "public_url":
            parts = urlsplit(value) if _text(value, MAX_ADDRESS) and value.isprintable() and " " not in value \
                else None
            known = parts is not None and parts.scheme in ("http", "https") and bool(parts.netloc)
        else:
            known = switch is not None and switch[2] in titles and value == "on"
        # a name twice: a file of version 6 keys its settings by club and name, and a club's backup has one club
        if not known or target.execute("SELECT 1 FROM settings WHERE name = ?", (name,)).fetchone():
            raise BackupError(N_("That backup cannot be read, as one of its settings is none of this app's: "
                                 "nothing was changed."))
        target.execute("INSERT INTO settings (name, value) VALUES (?, ?)", (name, value))


def _copy_campaigns(source: sqlite3.Connection, target: sqlite3.Connection, columns: dict[str, tuple[str, ...]],
                    titles: dict[str, str]) -> None:
    """The campaigns and their Heist Logs, each value checked, each log one the engine's arithmetic reads (its
    finales 1, 2, 3… in order, no heist after one with no result), each line's heist one of the backup's."""
    names: dict[str, str] = {}
    for row in _rows(source, "campaigns", columns["campaigns"], CAMPAIGN_COLUMNS):
        name = row["name"] if _text(row["name"], MAX_TITLE) else str(row["id"])[:20]
        if not (_text(row["id"], 8, _ID) and _text(row["name"], MAX_TITLE) and _moment(row["created"])
                and _moment(row["updated"]) and _text(row["meter"], MAX_METER)) or row["id"] in names:
            raise _damaged_campaign(name)
        try:
            meter_of(row["meter"])
        except READ_ERRORS:
            raise _damaged_campaign(name) from None
        target.execute(f"INSERT INTO campaigns ({', '.join(CAMPAIGN_COLUMNS)}) VALUES "
                       f"({', '.join('?' * len(CAMPAIGN_COLUMNS))})", [row[c] for c in CAMPAIGN_COLUMNS])
        names[row["id"]] = name
    for line in _rows(source, "campaign_heists", columns["campaign_heists"], HEIST_COLUMNS):
        name = names.get(line["campaign_id"])
        if name is None:
            raise BackupError(N_("That backup cannot be read, as it holds a Heist Log line of no campaign in it: "
                                 "nothing was changed."))
        if not (isinstance(line["finale"], int) and 1 <= line["finale"] <= FINALES
                and (line["game_id"] is None or line["game_id"] in titles) and _text(line["players"], MAX_PLAYERS)
                and (line["meter"] is None or _text(line["meter"], MAX_METER)) and line["result"] in RESULTS
                and isinstance(line["gear"], str) and len(line["gear"]) <= MAX_GEAR_NAME
                and _moment(line["created"])):
            raise _damaged_campaign(name)
        try:
            target.execute(f"INSERT INTO campaign_heists ({', '.join(HEIST_COLUMNS)}) VALUES "
                           f"({', '.join('?' * len(HEIST_COLUMNS))})", [line[c] for c in HEIST_COLUMNS])
        except sqlite3.IntegrityError:  # a finale twice in a campaign, or a heist in two campaigns
            raise _damaged_campaign(name) from None
    for campaign_id, name in names.items():
        rows = target.execute("SELECT finale, players, result, gear, meter FROM campaign_heists WHERE campaign_id = ? "
                              "ORDER BY finale", (campaign_id,)).fetchall()
        try:
            if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
                raise ValueError("finales out of order")
            log_of([r[1:] for r in rows])
        except READ_ERRORS:
            raise _damaged_campaign(name) from None


def _damaged_campaign(name: str) -> BackupError:
    return BackupError(N_("That backup cannot be read, as the campaign %(name)s in it is damaged: nothing was "
                          "changed."), name=name)


def _replay(target: sqlite3.Connection, titles: dict[str, str], deadline: float) -> None:
    """Every heist replayed through the engine from its first position, and its head standing on an action of the
    heist. Where an action gives the state stored after it, what is kept is what the engine gave, its log written
    anew. Where it gives another (or is refused now: a ruling changed since the heist was played), the stored
    state and log are kept as the live heists file keeps an old heist's, provided each is one this app could have
    written (written.py); the next action is replayed from it."""
    for game_id, initial, head in target.execute("SELECT id, initial, head FROM games").fetchall():
        title = titles[game_id]
        state = GameState.from_text(initial)
        _could_write(state, title, 0)
        game = rulebook(state.rules)  # a backup's heist, opened: its first position names its game (checked above)
        seq = 0
        for seq_read, action, log, stored, created in target.execute(
                "SELECT seq, action, log, state, created FROM staged WHERE game_id = ? ORDER BY seq", (game_id,)):
            seq += 1
            if time.monotonic() > deadline:
                raise sqlite3.OperationalError("interrupted")
            if seq_read != seq:
                raise _damaged(title)
            try:
                saved = GameState.from_text(stored)
            except READ_ERRORS:
                raise _not_written(title, seq) from None
            try:
                result = apply(state, json.loads(action), game)
                same = result.state == saved or _plain(result.state) == _plain(saved)
            except READ_ERRORS:
                same = False
            if same:
                state, entries = result.state, json.dumps([e.as_dict() for e in result.log])
            else:
                state, entries = saved, _could_write(saved, title, seq, log)
            target.execute("INSERT INTO actions (game_id, seq, action, log, state, created) VALUES (?, ?, ?, ?, ?, ?)",
                           (game_id, seq, action, entries, json.dumps(state.to_json()), created))
        if head > seq:
            raise _damaged(title)


def _not_written(title: str, seq: int) -> BackupError:
    return BackupError(N_("That backup cannot be taken back, as the heist %(title)s in it holds a position at "
                          "action %(seq)s that this app could not have written: nothing was changed."),
                       title=title, seq=seq)


def _could_write(state: GameState, title: str, seq: int, log: Any = "[]") -> str:
    """The log kept with a stored state (JSON) when the state and the log are ones this app could have written;
    BackupError otherwise."""
    try:
        check_state(state)
        return check_log(log)
    except READ_ERRORS:
        raise _not_written(title, seq) from None
