"""Issue 12, hardening: ``python -m assistant`` checks its data folder before serving (missing, not a
folder, read-only, full, a read-only database) and refuses to be a second server on a folder another
one serves, or a database from a newer version of the app, each with one clear line and a non-zero exit,
never a traceback; the terminal speaks the machine's language (issue 15)."""

from __future__ import annotations

import errno
import hashlib
import shutil
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.store_upgrades import SCHEMA_VERSION
from assistant.wal import foreign
from assistant.web import startup
from assistant.web.startup import StartupError, check_database, hold_lock, prepare_folder
from assistant.words.terminal import Terminal, locale_language
from tests.web.helpers import act_ok, break_in, make_app, new_heist
from tests.web.live_server import start, wait_serving

pytestmark = pytest.mark.sqlite_file  # the checks of the heists file and its -wal at the start

def refused(folder: Path, lang: str = "C.UTF-8", said: str = "Cannot start: ") -> str:
    """Start the app on ``folder`` expecting a refusal: its one line on stderr."""
    process = start(folder, lang)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 2, (out, err)
    assert "Traceback" not in err and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(said), err
    return lines[0]


@pytest.mark.skipif(sys.platform == "win32", reason="terminate() is not a polite stop on Windows")
def test_a_second_server_on_the_same_data_folder_refuses_to_start(tmp_path: Path) -> None:
    first = start(tmp_path)
    try:
        wait_serving(first)
        line = refused(tmp_path)
        assert f"already running on the data folder {tmp_path} (process {first.pid})" in line
    finally:
        first.terminate()
        first.communicate(timeout=30)
    # the lock ends with the process that held it: a new server starts on the folder
    again = start(tmp_path)
    try:
        wait_serving(again)
    finally:
        again.terminate()
        again.communicate(timeout=30)


def test_a_data_folder_whose_parent_is_missing_is_a_clear_line(tmp_path: Path) -> None:
    line = refused(tmp_path / "unplugged" / "instance")
    assert "is missing and so is" in line and "is the drive plugged in?" in line


def test_a_database_from_a_newer_version_of_the_app_is_a_clear_line(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "heists.sqlite3")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    line = refused(tmp_path)
    assert f"was written by a newer version of the app (database version {SCHEMA_VERSION + 1}" in line


@pytest.mark.parametrize(("lang", "said", "words"), [
    ("es_ES.UTF-8", "No se puede arrancar: ", "falta la carpeta de datos"),
    ("fr_FR.UTF-8", "Impossible de démarrer\u202f: ", "le dossier de données"),
])
def test_the_terminal_speaks_the_machines_language(tmp_path: Path, lang: str, said: str, words: str) -> None:
    line = refused(tmp_path / "unplugged" / "instance", lang, said)
    assert words in line.lower() and str(tmp_path / "unplugged") in line


def test_the_terminal_language_is_the_locales_as_gettext_reads_it() -> None:
    assert locale_language({"LANG": "es_ES.UTF-8"}) == "es"
    assert locale_language({"LANG": "es_ES.UTF-8", "LC_ALL": "fr_CA.UTF-8"}) == "fr"
    assert locale_language({"LANGUAGE": "fr:es", "LANG": "es_ES.UTF-8"}) == "fr"
    assert locale_language({"LANG": "de_DE.UTF-8"}) == locale_language({}) == locale_language({"LANG": "C"}) == "en"
    assert Terminal("es").say("Stop it with Ctrl+C; every heist is saved as you play.") != \
        Terminal("en").say("Stop it with Ctrl+C; every heist is saved as you play.")


def test_a_file_given_as_the_data_folder_is_a_clear_line(tmp_path: Path) -> None:
    (tmp_path / "heists").write_text("not a folder")
    assert "is a file, not a folder" in refused(tmp_path / "heists")


def test_a_missing_data_folder_in_an_existing_one_is_made(tmp_path: Path) -> None:
    prepare_folder(tmp_path / "instance")
    assert (tmp_path / "instance").is_dir()


def test_a_read_only_data_folder_is_said_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(**kwargs: object) -> None:  # what a read-only mount answers (root ignores permissions)
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(startup.tempfile, "TemporaryFile", read_only)
    with pytest.raises(StartupError, match=r"Cannot write in the data folder .* \(Read-only file system\)"):
        prepare_folder(tmp_path)


def test_a_full_disk_is_said_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(startup.shutil, "disk_usage", lambda path: type("Usage", (), {"free": 4096})())
    with pytest.raises(StartupError, match=r"is full \(4 kB free\)"):
        prepare_folder(tmp_path)


def test_a_read_only_database_file_is_said_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "heists.sqlite3"
    sqlite3.connect(path).close()
    real = sqlite3.connect
    monkeypatch.setattr(startup.sqlite3, "connect",
                        lambda p, **kw: real(p, **kw) if kw.get("uri") else  # the read-only quick_check
                        real(f"file:{p}?mode=ro", uri=True, **kw))  # SQLite's own refusal
    with pytest.raises(StartupError, match=r"Cannot write the heists file .*readonly"):
        check_database(path)


def test_the_lock_is_held_until_it_is_let_go(tmp_path: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("a second lock from the same process is allowed by msvcrt")
    held = hold_lock(tmp_path)
    try:
        with pytest.raises(StartupError, match="already running"):
            hold_lock(tmp_path)
    finally:
        held.close()
    hold_lock(tmp_path).close()


# -- a damaged heists file, or a write-ahead log that is not its own (issue 24 §3) --------------------------

def heists_file(folder: Path, heists: int = 2) -> Path:
    """A heists file with a few heists of a few actions each, as the app leaves it when it stops."""
    path = folder / "heists.sqlite3"
    app = make_app(path)
    client = app.test_client()
    for _heist in range(heists):
        game_id = new_heist(client)
        break_in(client, game_id)
        act_ok(client, game_id, do="end_turn")
    app.extensions["store"].shutdown()
    return path


def crashed(source: Path, folder: Path) -> Path:
    """``folder`` as a crash would leave the app's files (a pulled plug: the newest actions only in the -wal)."""
    folder.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy(f"{source}{suffix}", folder / f"heists.sqlite3{suffix}")
    return folder / "heists.sqlite3"


def as_found(folder: Path) -> dict[str, bytes]:
    """The heists file and its -wal, byte for byte (not the -shm: an index of the -wal that SQLite makes
    and remakes as it reads)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name in ("heists.sqlite3", "heists.sqlite3-wal")}


@pytest.mark.parametrize("damage", [
    pytest.param(lambda data: data[:len(data) // 2], id="truncated"),
    pytest.param(lambda data: data[:8192] + b"\xa5" * 4096 + data[12288:], id="garbage in the middle"),
    pytest.param(lambda data: b"these are not the heists\n" * 40, id="not a database"),
])
def test_a_damaged_heists_file_is_refused_in_one_line_and_left_as_it_was(
        tmp_path: Path, damage: Callable[[bytes], bytes]) -> None:
    path = heists_file(tmp_path)
    path.write_bytes(damage(path.read_bytes()))
    before = as_found(tmp_path)
    line = refused(tmp_path)
    assert f"The heists file {path} is damaged (" in line
    assert "move it aside, then put a backup in its place" in line
    assert as_found(tmp_path) == before


def test_an_older_copy_put_back_beside_a_newer_wal_is_refused_and_the_wal_named(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    path = heists_file(live, heists=1)
    older = shutil.copy(path, tmp_path / "older.sqlite3")  # the copy a person made, at rest
    app = make_app(path)
    client = app.test_client()
    for _heist in range(2):
        app.extensions["store"].db().execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log starts again
        game_id = new_heist(client)
        break_in(client, game_id)
    put_back = crashed(path, tmp_path / "instance")
    app.extensions["store"].shutdown()
    shutil.copy(older, put_back)
    before = as_found(put_back.parent)
    line = refused(put_back.parent)
    assert f"The heists file {put_back} does not belong with the heists.sqlite3-wal beside it" in line
    assert "move heists.sqlite3-wal aside" in line
    assert as_found(put_back.parent) == before
    # what the line says to do works: the file alone is the older copy
    (put_back.parent / "heists.sqlite3-wal").rename(tmp_path / "aside-wal")
    check_database(put_back)
    assert len(make_app(put_back).extensions["store"].games()) == 1


def test_the_wal_of_a_crashed_server_is_its_own_and_every_action_in_it_is_kept(tmp_path: Path) -> None:
    path = heists_file(tmp_path / "live")
    app = make_app(path)
    game_id = new_heist(app.test_client())
    break_in(app.test_client(), game_id)
    after_crash = crashed(path, tmp_path / "instance")
    app.extensions["store"].shutdown()
    assert (tmp_path / "instance" / "heists.sqlite3-wal").stat().st_size > 0
    check_database(after_crash)
    assert make_app(after_crash).extensions["store"].load(game_id).head == 2


def test_the_damaged_file_is_said_in_the_machines_language(tmp_path: Path) -> None:
    heists_file(tmp_path).write_bytes(b"these are not the heists\n" * 40)
    line = refused(tmp_path, "es_ES.UTF-8", "No se puede arrancar: ")
    assert f"El archivo de golpes {tmp_path / 'heists.sqlite3'} está dañado (file is not a database)" in line


# -- another database's -wal, or an older one, beside a good heists file (issue 33 §2) ------------------------------

def hashed(folder: Path) -> dict[str, str]:
    """Every file in the data folder but the lock, by its SHA-256: what a refusal must leave as it was."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()
            if p.is_file() and p.name != startup.LOCK_NAME}


def heists_through(path: Path, wal: Path) -> int:
    """How many heists SQLite finds in a copy of ``path`` with ``wal`` beside it (what the app would serve)."""
    copy = path.parent.parent / "as-sqlite-reads" / path.name
    copy.parent.mkdir()
    shutil.copy(path, copy)
    shutil.copy(wal, f"{copy}-wal")
    with sqlite3.connect(copy) as db:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])


def refused_as_foreign(folder: Path) -> None:
    before = hashed(folder)
    line = refused(folder)
    path = folder / "heists.sqlite3"
    assert f"The heists.sqlite3-wal beside the heists file {path} is not that file's write-ahead log" in line
    assert "nothing was changed; move heists.sqlite3-wal aside, then start again" in line
    assert hashed(folder) == before and not (folder / "heists.sqlite3-shm").exists()


def test_another_databases_wal_beside_a_good_heists_file_is_refused_before_sqlite_opens_them(tmp_path: Path) -> None:
    (tmp_path / "instance").mkdir()
    good = heists_file(tmp_path / "instance", heists=4)
    other = make_app(tmp_path / "other" / "heists.sqlite3")  # another table's app, stopped by a pulled plug
    break_in(other.test_client(), new_heist(other.test_client()))
    shutil.copy(tmp_path / "other" / "heists.sqlite3-wal", f"{good}-wal")
    other.extensions["store"].shutdown()
    assert heists_through(good, Path(f"{good}-wal")) == 1  # what SQLite would make of the pair: 4 heists gone
    refused_as_foreign(good.parent)
    # what the line says to do works: the file alone has its four heists
    Path(f"{good}-wal").rename(tmp_path / "aside-wal")
    check_database(good)
    assert len(make_app(good).extensions["store"].games()) == 4


def test_an_older_wal_of_the_same_file_put_back_beside_it_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "instance"
    folder.mkdir()
    path = heists_file(folder, heists=1)
    app = make_app(path)
    client = app.test_client()
    break_in(client, new_heist(client))
    stale = shutil.copy(f"{path}-wal", tmp_path / "stale-wal")  # a copy of the folder while the app ran
    for _heist in range(3):
        act_ok(client, new_heist(client), do="start")
    app.extensions["store"].shutdown()  # every action in the file, the -wal gone
    shutil.copy(stale, f"{path}-wal")
    refused_as_foreign(folder)


def own_wal(tmp_path: Path) -> tuple[Path, bytes]:
    """A heists file and the -wal of its crashed server: its own log."""
    path = heists_file(tmp_path / "live")
    app = make_app(path)
    break_in(app.test_client(), new_heist(app.test_client()))
    after_crash = crashed(path, tmp_path / "instance")
    app.extensions["store"].shutdown()
    return after_crash, Path(f"{after_crash}-wal").read_bytes()


@pytest.mark.parametrize("damage", [
    pytest.param(lambda wal: wal[:8] + (8192).to_bytes(4, "big") + wal[12:], id="another page size"),
    pytest.param(lambda wal: wal[:16] + bytes(4) + wal[20:], id="another salt"),
    pytest.param(lambda wal: wal[:24] + bytes(8) + wal[32:], id="header checksum"),
    pytest.param(lambda wal: wal[:32 + 8] + bytes(8) + wal[48:], id="first frame of another log"),
    pytest.param(lambda wal: b"\x37\x7f\x06", id="cut inside its header"),
])
def test_a_wal_whose_header_or_frames_do_not_match_is_foreign(tmp_path: Path, damage: Callable[[bytes], bytes]) -> None:
    path, wal = own_wal(tmp_path)
    assert not foreign(path, Path(f"{path}-wal"))
    Path(f"{path}-wal").write_bytes(damage(wal))
    assert foreign(path, Path(f"{path}-wal"))
    with pytest.raises(StartupError, match="is not that file's write-ahead log"):
        check_database(path)


@pytest.mark.parametrize("theirs", [1, 6], ids=["smaller", "bigger"])
def test_another_laptops_heists_file_copied_in_beside_a_crashs_wal_is_refused(tmp_path: Path, theirs: int) -> None:
    """Issue 33 §2: the file is another laptop's, the -wal this one's, left by a pulled plug."""
    mine = heists_file(tmp_path / "live", heists=3)
    app = make_app(mine)
    break_in(app.test_client(), new_heist(app.test_client()))
    after_crash = crashed(mine, tmp_path / "instance")
    app.extensions["store"].shutdown()
    (tmp_path / "laptop").mkdir()
    shutil.copy(heists_file(tmp_path / "laptop", heists=theirs), after_crash)
    before = hashed(after_crash.parent)
    line = refused(after_crash.parent)
    assert "heists.sqlite3-wal" in line and str(after_crash) in line and "aside" in line
    assert hashed(after_crash.parent) == before
