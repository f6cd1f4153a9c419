"""Issue 24 §3: however the app is stopped (Ctrl+C, SIGTERM from a service manager or ``kill``, SIGHUP
when its terminal window is closed), ``heists.sqlite3`` alone then holds every acknowledged action:
copying that one file, as the README says, copies every heist."""

from __future__ import annotations

import http.cookiejar
import re
import shutil
import signal
import sqlite3
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.web.helpers import bank_form, errors
from tests.web.live_server import free_port, start, stop, wait_serving

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

HEISTS, ACTIONS = 2, 15  # 30 actions in all, as in the issue; a heist of end_turns only is lost after 18


class Tablet:
    """A browser on the machine running the app (so the host), with its cookies and CSRF token."""

    def __init__(self, port: int):
        self.base = f"http://localhost:{port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.get("/new")
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token, page
        self.token = token.group(1)

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, **fields: str) -> tuple[str, str]:
        """The address answered (after redirects) and the page."""
        body = urllib.parse.urlencode({"csrf_token": self.token, **fields}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"HX-Request": "true"})
        with self.opener.open(request, timeout=30) as response:
            return response.url, response.read().decode()


def play(tablet: Tablet) -> str:
    """A heist with ACTIONS acknowledged actions, made through HTTP; its id."""
    url, _ = tablet.post("/new", **bank_form())
    game_id = url.rsplit("/", 1)[1]
    tablet.post(f"/games/{game_id}/act", do="start")
    tablet.post(f"/games/{game_id}/act", do="entrance", at="B2")
    for _turn in range(ACTIONS - 2):
        _, page = tablet.post(f"/games/{game_id}/act", do="end_turn")
        assert errors(page) == []
    return game_id


def actions_in_the_file_alone(database: Path, elsewhere: Path) -> dict[str, tuple[int, int]]:
    """Each heist's (head, actions) as a copy of ``database`` alone, in another folder, reads them."""
    elsewhere.mkdir()
    copy = shutil.copy(database, elsewhere / database.name)
    conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    try:
        return {game_id: (head, count) for game_id, head, count in conn.execute(
            "SELECT id, head, (SELECT count(*) FROM actions WHERE game_id = id) FROM games")}
    finally:
        conn.close()


@pytest.mark.parametrize("how", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM), signal.SIGINT],
                         ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stopped_server_leaves_every_action_in_the_database_file_alone(tmp_path: Path,
                                                                         how: signal.Signals) -> None:
    folder = tmp_path / "instance"
    port = free_port()
    server = start(folder, port=port)
    try:
        wait_serving(server, port)
        tablet = Tablet(port)
        heists = [play(tablet) for _heist in range(HEISTS)]
        server.send_signal(how)
        _out, err = server.communicate(timeout=60)
    finally:
        stop(server)
    assert server.returncode == 0, err
    assert "Traceback" not in err
    assert not (folder / "heists.sqlite3-wal").exists()
    assert actions_in_the_file_alone(folder / "heists.sqlite3", tmp_path / "laptop") == \
        {game_id: (ACTIONS, ACTIONS) for game_id in heists}
