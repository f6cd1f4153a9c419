"""A phone that trusts the laptop installs the app and keeps its screen on (issue 35 §5), end to end: the tablet makes
the laptop trusted from Settings, the trust page's codes are read back from the screen, and a Chromium told to accept
the laptop's server key (``--ignore-certificate-errors-spki-list``, what trusting the authority does for a real
phone) opens a heist's play link over https as ``<hostname>.local``: its service worker registers, the wake lock is
granted, and with the laptop out of reach the installed app says so, in the phone's language."""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from playwright.sync_api import BrowserType, Page, expect

from assistant import authority, secure_serving, serving
from assistant.web import create_app
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.test_accessibility import serious
from tests.browser.test_live import zbarimg  # noqa: F401 (a fixture)
from tests.web.live_server import stop_serving
from tests.web.test_live_server import heist

LOCAL = authority.local_name() or "laptop.local"
# a phone in Spanish: the trust page's steps and the page for a laptop out of reach come in its language
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "es-ES"}


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[tuple[Any, Any, secure_serving.Https]]:
    """The app as ``python -m assistant`` serves it: http, and https beside it once trusted."""
    app = create_app({"DATABASE": str(tmp_path / "heists.sqlite3"), "INSTANCE_PATH": str(tmp_path),
                      "SECRET_KEY": "browser-tests", "LIVE_HEARTBEAT": 0.5})
    server = serving.create(app, host="127.0.0.1", port=0, threads=8)
    https = secure_serving.attach(app, server, "127.0.0.1", 0, {})
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    yield app, server, https
    stop_serving(server, loop)
    app.extensions["store"].close()


def read_qr(page: Page, label: str, zbarimg: str, shot: Path) -> str:  # noqa: F811
    page.get_by_role("img", name=label).screenshot(path=str(shot))
    found = subprocess.run([zbarimg, "-q", "--raw", str(shot)], capture_output=True, text=True, timeout=30,
                           check=False)
    return found.stdout.strip()


def spki(cert: Path) -> str:
    """What --ignore-certificate-errors-spki-list takes: the base64 SHA-256 of the server key's SubjectPublicKeyInfo."""
    key = x509.load_pem_x509_certificate(cert.read_bytes()).public_key()
    der = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def test_a_phone_that_trusts_the_laptop_installs_the_app_and_keeps_its_screen_on(
        laptop: tuple[Any, Any, secure_serving.Https], page: Page, browser_type: BrowserType, zbarimg: str,  # noqa: F811
        tmp_path: Path) -> None:
    app, server, https = laptop
    page.goto(f"http://127.0.0.1:{server.effective_port}/settings")  # the tablet, on the laptop itself
    assert serious(page) == []
    page.get_by_role("button", name="Make this laptop trusted").click()
    expect(page.get_by_role("heading", name="Trust this laptop")).to_be_visible()
    expect(page.get_by_role("link", name="Open over https")).to_be_visible()  # https opened at once
    assert serious(page) == []

    here = read_qr(page, "QR code of this page", zbarimg, tmp_path / "here.png")
    assert re.fullmatch(rf"http://[0-9.]+:{server.effective_port}/trust", here), here
    opened = read_qr(page, "QR code of the https address", zbarimg, tmp_path / "https.png")
    assert re.fullmatch(rf"https://[0-9.]+:{https.port}/trust", opened), opened

    ca = authority.load(Path(app.instance_path))
    assert ca is not None
    trusting = browser_type.launch(executable_path=CHROMIUM, args=[
        *(a for a in CHROMIUM_ARGS if not a.startswith("--host-resolver-rules")),
        f"--host-resolver-rules=MAP {LOCAL} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={spki(Path(app.instance_path) / authority.LEAF_CERT)}"])
    try:
        context = trusting.new_context(**PHONE)  # type: ignore[arg-type]
        phone = context.new_page()
        # the phone opens the trust page from the tablet's code (by the laptop's name: it is not the tablet) in its
        # own language, and downloads the certificate
        phone.goto(here.replace(here.split("/")[2], f"{LOCAL}:{server.effective_port}"))
        expect(phone.get_by_role("heading", name="iPhone y iPad")).to_be_visible()
        assert serious(phone) == []
        with phone.expect_download() as downloading:
            phone.get_by_role("link", name="Descargar el certificado").click()
        assert downloading.value.suggested_filename == "burgle-guard-assistant.crt"
        assert Path(downloading.value.path()).read_bytes() == ca.pem

        game_id = heist(app)
        token = app.extensions["store"].load(game_id).play_token
        phone.goto(f"https://{LOCAL}:{https.port}/games/{token}")
        expect(phone.locator("#game")).to_be_visible()
        assert phone.evaluate("window.isSecureContext") is True
        scope = phone.evaluate("navigator.serviceWorker.ready.then((r) => r.active && r.scope)")
        assert scope == f"https://{LOCAL}:{https.port}/"
        expect(phone.locator("html")).to_have_attribute("data-installable", "1")
        expect(phone.locator("#live")).to_have_attribute("data-wake", "on")
        expect(phone.locator("#wake-hint")).to_be_hidden()

        context.set_offline(True)  # the laptop out of reach: the installed app says so, not the browser
        phone.goto(f"https://{LOCAL}:{https.port}/games/{token}")
        expect(phone.get_by_role("heading", name="No se puede llegar al portátil")).to_be_visible()
        context.close()
    finally:
        trusting.close()
