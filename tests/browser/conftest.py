"""Browser tests: the real app in a real threaded server (waitress, as in production) on a temporary
database, driven by Debian's Chromium through Playwright (never a downloaded browser: toolchain.md).

Without /usr/bin/chromium these tests fail when CI is set (CI must install it) and skip elsewhere."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, got_request_exception
from waitress.server import create_server

from assistant.web import create_app
from tests.pg_cluster import DATABASES, STORE
from tests.web.live_server import stop_serving

CHROMIUM = "/usr/bin/chromium"
# burgle.lan is the app too, reached by name from loopback: a phone on the table's network (not the host,
# an insecure context) while the traffic stays on this machine
PHONE_HOST = "burgle.lan"
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--host-resolver-rules=MAP {PHONE_HOST} 127.0.0.1"]


class LiveServer:
    """The app served by waitress in a daemon thread; ``restart`` stops it and serves a new app instance
    on the same database file and port (what a tablet does after its battery ran flat). With
    ASSISTANT_TEST_STORE=postgresql its heists are in a PostgreSQL database standing for that file, the same one
    across restarts (tests/pg_cluster.py)."""

    def __init__(self, database: Path, **config: Any):
        self.database = database
        self.config = config  # the app's settings beyond these tests' own (HOSTED: a hosted service)
        self.target = DATABASES.for_server(str(database)) if STORE == "postgresql" else str(database)
        self.errors: list[BaseException] = []
        self.port = 0
        self.app: Flask | None = None
        self.server: Any = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def phone_url(self) -> str:
        return f"http://{PHONE_HOST}:{self.port}"

    def start(self) -> None:
        # CSRF stays on, as in production; a fixed key plays the instance folder's key file, so a
        # page drawn before a restart still sends a valid token after it
        # a short heartbeat: a closed page's live stream gives its server thread back within a second
        # the instance folder beside the database: this worker's own (its host key and bug log)
        self.app = create_app({"DATABASE": self.target, "INSTANCE_PATH": str(self.database.parent / "instance"),
                               "SECRET_KEY": "browser-tests", "LIVE_HEARTBEAT": 0.5, **self.config})
        got_request_exception.connect(self._record, self.app)
        self.server = create_server(self.app, host="127.0.0.1", port=self.port, threads=8)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, name=f"waitress-{self.port}", daemon=True)
        self.thread.start()

    def _record(self, sender: Flask, exception: BaseException, **extra: Any) -> None:
        self.errors.append(exception)

    def stop(self) -> None:
        server, thread = self.server, self.thread
        assert server is not None and thread is not None
        stop_serving(server, thread)
        assert self.app is not None
        got_request_exception.disconnect(self._record, self.app)
        if self.target == str(self.database):
            self.app.extensions["store"].close()  # the file as a process cut short leaves it (its -wal unfolded)
        else:
            self.app.extensions["store"].shutdown()  # a process ending closes its pool and its listener with it
        self.server = self.thread = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def store(self) -> Any:
        assert self.app is not None
        return self.app.extensions["store"]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("browser") / "heists.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    """pytest-base-url's fixture, pointed at the live server: page.goto("/") opens the home page."""
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        message = (f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), "
                   "never `playwright install`")
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def sized_context(browser: Any, live_server: LiveServer, viewport: dict[str, int]) -> Any:
    """A browser context at ``viewport``, with touch below 600 px wide (a phone). The tests' own ``device``
    fixtures open their page in one (that name cannot live here: pytest-playwright's session has a ``device``)."""
    phone = viewport["width"] < 600
    return browser.new_context(viewport=viewport, base_url=live_server.url, has_touch=phone, is_mobile=phone)


@pytest.fixture(autouse=True)
def no_server_errors(live_server: LiveServer) -> Iterator[None]:
    """Any exception inside a request fails the test that caused it (the page only shows a polite 500)."""
    live_server.errors.clear()
    if live_server.target != str(live_server.database):
        DATABASES.touched = True  # this test's app is on PostgreSQL (said in the run's summary: tests/conftest.py)
    yield
    assert live_server.errors == [], f"the server raised: {live_server.errors!r}"
