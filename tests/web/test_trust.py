"""*Make this laptop trusted* (issue 35 §5): the tablet makes the authority once, by a form; any device then downloads
its certificate from /trust and reads the steps for Android and iOS in its own language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import authority
from tests.web.helpers import make_app
from tests.web.test_access import phone


@pytest.fixture
def app(db_path: Path) -> Flask:
    app = make_app(db_path, INSTANCE_PATH=str(db_path.parent))
    yield app
    app.extensions["store"].close()


def test_the_tablet_is_offered_to_make_the_laptop_trusted_and_a_phone_is_told_where(app: Flask,
                                                                                     client: FlaskClient) -> None:
    for path in ("/trust", "/settings"):
        page = client.get(path).get_data(as_text=True)
        assert 'action="/trust"' in page and "Make this laptop trusted" in page, path
    page = phone(app).get("/trust").get_data(as_text=True)
    assert 'action="/trust"' not in page and "open Settings and tap Make this laptop trusted" in page
    assert phone(app).post("/trust").status_code == 403
    assert authority.load(Path(app.instance_path)) is None
    assert phone(app).get(f"/trust/{'burgle-guard-assistant.crt'}").status_code == 303  # nothing to download yet


def test_making_it_keeps_the_authority_beside_the_heists_once(app: Flask, client: FlaskClient) -> None:
    answer = client.post("/trust")
    assert answer.status_code == 303 and answer.headers["Location"] == "/trust"
    ca = authority.load(Path(app.instance_path))
    assert ca is not None
    client.post("/trust")
    assert authority.load(Path(app.instance_path)) == ca  # every device that trusts it goes on trusting it
    assert "Trust this laptop on a device" in client.get("/settings").get_data(as_text=True)


def test_any_device_downloads_the_certificate_it_installs(app: Flask, client: FlaskClient) -> None:
    client.post("/trust")
    ca = authority.load(Path(app.instance_path))
    assert ca is not None
    page = phone(app).get("/trust").get_data(as_text=True)
    assert re.search(r"<code>http://[0-9.]+:[0-9]+/trust</code>", page)  # where a phone opens this page, on the LAN
    assert 'href="/trust/burgle-guard-assistant.crt" download' in page
    assert ca.fingerprint in page and page.count("<svg") == 1  # the https address has its code once https serves
    answer = phone(app).get("/trust/burgle-guard-assistant.crt")
    assert answer.status_code == 200 and answer.mimetype == "application/x-x509-ca-cert"
    assert answer.headers["Content-Disposition"] == "attachment; filename=burgle-guard-assistant.crt"
    assert answer.data == ca.pem and b"PRIVATE" not in answer.data


@pytest.mark.parametrize(("language", "android", "ios"), [
    ("es", "Certificado de CA", "Ajustes"),
    ("fr", "Certificat CA", "Réglages"),
])
def test_the_steps_are_in_the_devices_language(app: Flask, client: FlaskClient, language: str, android: str,
                                               ios: str) -> None:
    client.post("/trust")
    page = phone(app).get("/trust", headers={"Accept-Language": language}).get_data(as_text=True)
    assert android in page and ios in page
    assert "Install anyway" not in page and "Certificate Trust Settings" not in page
