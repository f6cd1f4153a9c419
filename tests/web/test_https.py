"""The app over https on a second port once the laptop is trusted (issue 35 §5), in a real waitress server: a device
that trusts the laptop's authority (Python's ssl with it as the only root) is served every page, and a form posts
with its token; plain http goes on beside it, and a device that does not trust it is refused without harm."""

from __future__ import annotations

import contextlib
import http.client
import re
import signal
import socket
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from assistant import authority, secure_serving
from tests.web.helpers import make_app
from tests.web.live_server import free_port, request, serving, start, stop, wait_serving, wait_until
from tests.web.test_live_server import heist


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    app = make_app(db_path, LIVE_HEARTBEAT=0.05, INSTANCE_PATH=str(db_path.parent), WTF_CSRF_ENABLED=True,
                   TESTING=False)
    yield app
    app.extensions["store"].close()


@pytest.fixture
def both(app: Flask) -> Iterator[tuple[Any, secure_serving.Https]]:
    authority.make(Path(app.instance_path), secure_serving.current_names())
    with serving(app) as server:
        yield server, secure_serving.attach(app, server, "127.0.0.1", 0, {})


def trusting(app: Flask) -> ssl.SSLContext:
    """A device that trusts this laptop's authority, and only it."""
    ca = authority.load(Path(app.instance_path))
    assert ca is not None
    return ssl.create_default_context(cadata=ca.pem.decode())


def get(https: secure_serving.Https, context: ssl.SSLContext, path: str, host: str = "127.0.0.1",
        headers: dict[str, str] | None = None) -> tuple[int, str]:
    conn = http.client.HTTPSConnection(host, https.port, context=context, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def test_a_trusting_device_is_served_over_https_while_http_goes_on(app: Flask, both: tuple[Any, Any]) -> None:
    server, https = both
    assert https.port != server.effective_port
    status, body = get(https, trusting(app), "/sandbox")
    assert status == 200 and len(body) > 16384 and body.rstrip().endswith("</html>")  # more than one TLS record
    assert request(server.effective_port, "GET", "/sandbox")[0] == 200
    assert get(https, trusting(app), "/rules", host="localhost")[0] == 200  # the laptop's own browser's name


def test_a_form_posts_over_https_with_its_token(app: Flask, both: tuple[Any, Any]) -> None:
    _, https = both
    conn = http.client.HTTPSConnection("localhost", https.port, context=trusting(app), timeout=10)
    conn.request("GET", "/new")  # the tablet's form (the host: loopback by name)
    answer = conn.getresponse()
    page = answer.read().decode()
    cookie = answer.headers["Set-Cookie"].split(";", 1)[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert answer.status == 200 and token
    # the fields after 50 kB of padding: the heist is made only if the body was read whole, record after record
    fields = ("scenario=bank&name1=Ann&colour1=%23e4572e&difficulty=normal&walls=default&deck=app"
              "&tiebreak=rulebook")
    form = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    conn.request("POST", "/new", body=f"pad={'x' * 50000}&csrf_token={token.group(1)}&{fields}", headers=form)
    made = conn.getresponse()
    made.read()
    assert made.status == 302 and made.headers["Location"].startswith("/games/")
    conn.request("POST", "/new", body=fields, headers=form)
    refused = conn.getresponse()
    refused.read()
    conn.close()
    assert refused.status == 400  # no token: refused as over http


def test_a_device_following_live_hears_over_https(app: Flask, both: tuple[Any, Any]) -> None:
    _, https = both
    store = app.extensions["store"]
    game_id = heist(app)
    conn = http.client.HTTPSConnection("127.0.0.1", https.port, context=trusting(app), timeout=10)
    conn.request("GET", f"/games/{store.load(game_id).watch_token}/events", headers={"Accept": "text/event-stream"})
    answer = conn.getresponse()
    assert answer.status == 200
    store.act(game_id, {"do": "end_turn"})
    seen = b""
    while b"event: changed" not in seen:
        line = answer.readline()
        assert line, "the stream ended"
        seen += line
    conn.close()


def test_a_device_that_does_not_trust_the_laptop_is_refused_and_the_next_is_served(
        app: Flask, both: tuple[Any, Any]) -> None:
    _, https = both
    stranger = ssl.create_default_context()  # the public roots only
    with pytest.raises(ssl.SSLCertVerificationError):
        get(https, stranger, "/rules")
    with socket.create_connection(("127.0.0.1", https.port), timeout=5) as plain:  # plain http to the https port
        plain.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\n\r\n")
        with contextlib.suppress(ConnectionResetError):  # refused outright, or
            assert b"HTTP/1.1" not in plain.recv(100)
    assert get(https, trusting(app), "/rules")[0] == 200


def test_https_opens_only_once_the_laptop_is_trusted(app: Flask) -> None:
    with serving(app) as server:
        https = secure_serving.attach(app, server, "127.0.0.1", 0, {})
        assert https.listener is None and not https.trusted
        authority.make(Path(app.instance_path), secure_serving.current_names())
        assert https.start_soon()  # as the trust page does, from a request's thread
        assert get(https, trusting(app), "/rules")[0] == 200


def test_a_stream_over_https_gives_its_place_back_when_the_phone_hangs_up(app: Flask, both: tuple[Any, Any]) -> None:
    """serving.py's watch for a hang-up, under TLS: the socket's own bytes are peeked at."""
    _, https = both
    app.config["LIVE_HEARTBEAT"] = 30.0  # no heartbeat tells the server in time: only the watch can
    game_id = heist(app)
    key = app.extensions["store"].load(game_id).watch_token
    wrapped = trusting(app).wrap_socket(socket.create_connection(("127.0.0.1", https.port)),
                                        server_hostname="127.0.0.1")
    wrapped.sendall(f"GET /games/{key}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Accept: text/event-stream\r\n\r\n".encode())
    assert wrapped.recv(100).startswith(b"HTTP/1.1 200")
    channels = https.listener.active_channels if https.listener else {}
    assert wait_until(lambda: any(c.requests for c in channels.values()))
    socket.socket.close(wrapped)  # gone at once, no TLS goodbye
    assert wait_until(lambda: not any(isinstance(c, secure_serving._TlsChannel) for c in channels.values()), 2)


def test_the_app_started_as_a_person_starts_it_serves_https_once_trusted_and_says_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "instance"
    folder.mkdir()
    port, secure_port = free_port(), free_port()
    monkeypatch.setenv("HTTPS_PORT", str(secure_port))
    plain = start(folder, port=port)  # never trusted: http alone, as ever
    try:
        wait_serving(plain, port)
        assert not wait_until(lambda: listening(secure_port), timeout=0.5)
        plain.send_signal(signal.SIGINT)
        out, _ = plain.communicate(timeout=60)
    finally:
        stop(plain)
    assert "https" not in out
    ca = authority.make(folder, secure_serving.current_names())
    trusted = start(folder, port=port)
    try:
        wait_serving(trusted, port)
        assert trusted.stdout is not None
        said = next(line for line in trusted.stdout if "over https" in line)
        assert re.search(rf"https://[0-9.]+:{secure_port}/$", said.strip()) or f"localhost:{secure_port}" in said
        context = ssl.create_default_context(cadata=ca.pem.decode())
        conn = http.client.HTTPSConnection("127.0.0.1", secure_port, context=context, timeout=10)
        conn.request("GET", "/rules")
        assert conn.getresponse().status == 200
        conn.close()
        assert request(port, "GET", "/rules")[0] == 200
        trusted.send_signal(signal.SIGINT)
        _, err = trusted.communicate(timeout=60)
    finally:
        stop(trusted)
    assert trusted.returncode == 0 and "Traceback" not in err, err


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_connection_its_certificate_fails_for_is_lost_never_the_port(app: Flask, both: tuple[Any, Any]) -> None:
    _, https = both
    site, device = https.listener.site, trusting(app)
    key = Path(app.instance_path) / authority.CA_KEY
    kept = key.read_bytes()
    key.unlink()  # the authority gone from the data folder: no certificate can be made
    site._checked = float("-inf")  # looked at again at the next connection
    with pytest.raises((ssl.SSLError, ConnectionError)):
        get(https, device, "/rules")
    key.write_bytes(kept)
    site._checked = float("-inf")
    assert get(https, device, "/rules")[0] == 200


def test_a_new_lan_address_gets_a_new_certificate_for_the_next_connections(app: Flask, both: tuple[Any, Any]) -> None:
    _, https = both
    site, device = https.listener.site, trusting(app)

    def served_names() -> set[str]:
        with socket.create_connection(("127.0.0.1", https.port), timeout=5) as raw, \
                device.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
            return {value for _, value in tls.getpeercert()["subjectAltName"]}
    at_start = served_names()
    site._names = lambda: authority.laptop_names([])  # the laptop off its Wi-Fi: loopback and its .local name only
    assert served_names() == at_start  # looked at again only every REFRESH seconds
    site._checked -= secure_serving.REFRESH + 1
    assert served_names() == {"localhost", "127.0.0.1", *(n for n in at_start if n.endswith(".local"))}


def test_a_tablet_on_https_shows_phones_https_links(app: Flask, both: tuple[Any, Any]) -> None:
    server, https = both
    game_id = heist(app)
    token = app.extensions["store"].load(game_id).play_token
    status, panel = get(https, trusting(app), f"/games/{game_id}/share?kind=play", host="localhost")
    assert status == 200 and re.search(rf"<code>https://[0-9.]+:{https.port}/games/{token}</code>", panel), panel
    status, panel = request(server.effective_port, "GET", f"/games/{game_id}/share?kind=play", host="localhost")
    assert status == 200 and re.search(rf"<code>http://[0-9.]+:{server.effective_port}/games/{token}</code>", panel)
