"""Issue 12, hardening: ``python -m assistant`` checks its data folder before serving (missing, not a
folder, read-only, full, a read-only database) and refuses to be a second server on a folder another
one serves, each with one clear line and a non-zero exit, never a traceback."""

from __future__ import annotations

import errno
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assistant.web import startup
from assistant.web.startup import StartupError, check_database, hold_lock, prepare_folder

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path) -> subprocess.Popen[str]:
    """The app as a person starts it, on loopback only, with its own data folder."""
    return subprocess.Popen([sys.executable, "-m", "assistant", "--host", "127.0.0.1", "--port", str(free_port()),
                             "--instance", str(folder)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def refused(folder: Path) -> str:
    """Start the app on ``folder`` expecting a refusal: its one line on stderr."""
    process = start(folder)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 2, (out, err)
    assert "Traceback" not in err and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Cannot start: "), err
    return lines[0]


def wait_serving(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    for line in process.stdout:
        if "is running at" in line:
            return
        assert time.monotonic() < deadline, "the first server did not start"
    raise AssertionError(f"the first server stopped: {process.stderr.read() if process.stderr else ''}")


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
                        lambda p, **kw: real(f"file:{p}?mode=ro", uri=True, **kw))  # SQLite's own refusal
    with pytest.raises(StartupError, match="Cannot write the heists file .*readonly"):
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
