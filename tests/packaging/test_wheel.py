"""The built package, away from the checkout: the sdist and the wheel carry everything the app reads at run
time (templates, static files, the schema, the rules reference and docs/rulings.md), and a fresh virtual
environment that installs the wheel serves the whole app with ``python -m assistant``.

Kept fast and offline after the first run: the wheel is built with the test environment's own (locked)
setuptools, and its dependencies come from a wheelhouse of requirements.lock kept beside the test venv."""

from __future__ import annotations

import hashlib
import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock"
# one worker builds and serves the wheel once for all the tests here (pytest -n with --dist loadgroup)
pytestmark = [pytest.mark.packaging, pytest.mark.xdist_group("wheel")]
# what an installed app must find, relative to its package folder
SHIPPED = ["schema.sql", "reference/content/rules.toml", "translations/es/LC_MESSAGES/messages.mo",
           "translations/fr/LC_MESSAGES/messages.mo", "bundled/templates/base.html",
           "bundled/templates/partials/_game.html", "bundled/static/app.css", "bundled/docs/rulings.md"]


def run(*args: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in args], check=False, cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=clean_env())
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def clean_env() -> dict[str, str]:
    # nothing may lead the installed app back to the checkout
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def wheelhouse() -> Path:
    """The locked dependencies as wheels, downloaded once per version of the lock and kept in the test venv."""
    digest = hashlib.sha256(LOCK.read_bytes()).hexdigest()[:16]
    folder = Path(sys.prefix) / "wheelhouse" / digest
    if not folder.is_dir():
        partial = folder.with_name(f"{digest}.partial-{os.getpid()}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--only-binary=:all:",
            "--require-hashes", "-r", LOCK, "-d", partial)
        try:
            partial.rename(folder)
        except OSError:  # another run got there first
            shutil.rmtree(partial, ignore_errors=True)
    return folder


def build(tmp: Path) -> tuple[Path, Path]:
    """sdist from a copy of the checkout, then the wheel from the unpacked sdist, as `python -m build` does.
    The copy leaves out what git ignores, and keeps in-tree build folders of other runs out of the way."""
    source = tmp / "checkout"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.egg-info", "build", "dist",
                                                                "instance", "node_modules"))
    dist = tmp / "dist"
    hook = "import sys; from setuptools import build_meta as b; print(getattr(b, sys.argv[1])(sys.argv[2]))"
    sdist = dist / run(sys.executable, "-c", hook, "build_sdist", dist, cwd=source).strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    unpacked = next((tmp / "unpacked").iterdir())
    wheel = dist / run(sys.executable, "-c", hook, "build_wheel", dist, cwd=unpacked).strip().splitlines()[-1]
    return sdist, wheel


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(the fresh venv's python, the wheel) with the wheel installed from the wheelhouse alone."""
    tmp = tmp_path_factory.mktemp("wheel")
    _, wheel = build(tmp)
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    # the test venv's pip installs into the new one: quicker than bootstrapping a pip there
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--disable-pip-version-check",
        "--no-index", "--find-links", wheelhouse(), wheel)
    yield python, wheel


def test_the_wheel_carries_the_templates_static_files_schema_and_rules(installed: tuple[Path, Path]) -> None:
    python, _ = installed
    package = Path(run(python, "-c", "import assistant; print(assistant.__file__)", cwd=python.parent).strip()).parent
    assert package.is_relative_to(python.parents[1]), f"{package} is not the installed copy"
    missing = [name for name in SHIPPED if not (package / name).is_file()]
    assert missing == []
    assert (package / "bundled" / "docs" / "rulings.md").read_bytes() == (ROOT / "docs" / "rulings.md").read_bytes()


class Table:
    """A browser's worth of HTTP: cookies kept, redirects followed."""

    def __init__(self, port: int, venv: Path):
        self.venv = venv
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> tuple[int, str, str]:
        with self.opener.open(self.base + path, timeout=10) as response:
            body = response.read()
            kind = response.headers.get_content_type()
            # pictures (the app's icons) are checked for being served, not read as text
            return response.status, kind, body.decode() if not kind.startswith("image/png") else f"<{len(body)} bytes>"

    def post(self, path: str, form: dict[str, str], headers: dict[str, str] | None = None) -> tuple[str, str]:
        data = urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        with self.opener.open(request, timeout=10) as response:
            return response.url, response.read().decode()


@pytest.fixture(scope="module")
def table(installed: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    python, _ = installed
    port = free_port()
    away = tmp_path_factory.mktemp("table")  # the working folder: nowhere near the checkout
    server = subprocess.Popen([python, "-m", "assistant", "--host", "127.0.0.1", "--port", str(port)], cwd=away,
                              env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, f"the server stopped:\n{server.communicate()[0]}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the installed app did not start listening in 30 s"
                time.sleep(0.05)
        yield Table(port, python.parents[1])
    finally:
        server.terminate()
        output = server.communicate(timeout=10)[0]
    assert "Traceback" not in output, output


def test_the_installed_app_serves_its_pages_and_static_files(table: Table) -> None:
    status, _, home = table.get("/")
    assert status == 200 and "<html" in home
    assets = sorted(set(re.findall(r'(?:href|src)="(/static/[^"?]+)', home)))
    assert any(a.endswith(".css") for a in assets) and any(a.endswith(".js") for a in assets), assets
    for asset in assets:
        status, kind, body = table.get(asset)
        assert status == 200 and body, asset
        assert kind in ("text/css", "text/javascript", "application/javascript", "image/svg+xml", "image/png",
                        "application/manifest+json", "application/json"), (asset, kind)


def test_the_installed_app_serves_the_rules_reference_and_the_rulings_from_docs(table: Table) -> None:
    status, _, index = table.get("/rules")
    assert status == 200 and 'href="/rules/' in index
    _, _, rulings = table.get("/rules/rulings")
    first_heading = re.search(r"^## (.+)$", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"),
                              re.MULTILINE)
    assert first_heading and first_heading.group(1) in rulings


def test_a_heist_started_on_the_installed_app_is_saved_and_plays(table: Table) -> None:
    _, _, form = table.get("/new")
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token, "the new-heist form has no CSRF token"
    heist = {"scenario": "bank", "name1": "Ann", "colour1": "#e4572e", "name2": "Bob", "colour2": "#29a3e6",
             "difficulty": "normal", "walls": "default", "deck": "app", "tiebreak": "rulebook", "seed": "4242",
             "csrf_token": token.group(1)}
    url, board = table.post("/new", heist)
    assert re.search(r"/games/[0-9a-f]+$", url), url
    assert 'id="game"' in board
    path = urllib.parse.urlparse(url).path
    _, page = table.post(f"{path}/act", {"do": "start", "csrf_token": token.group(1)}, {"HX-Request": "true"})
    assert 'role="alert"' not in page
    _, _, again = table.get(path)  # read back from the database the installed app made
    assert re.search(r'data-version="[1-9]', again), "the action was not saved"
    # without --instance, the heists live in the virtual environment, not in site-packages or the checkout
    assert (table.venv / "instance" / "heists.sqlite3").is_file()
