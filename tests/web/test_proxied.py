"""Issue 37 §3, the client's address behind a proxy (web/proxied.py): ``X-Forwarded-For`` is believed from a
configured proxy only, and every per-address limit then counts the client it names: the wrong-link limiter
(web/misses.py) and the streams one device may hold on a link (web/phones/live.py)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, request
from flask.testing import FlaskClient

from tests.web.helpers import game, make_app, new_heist
from tests.web.test_live import chunks

PROXY, STRANGER = "10.0.0.2", "198.51.100.7"  # the proxy's address, and a device that reached the app around it
HOST = "burgle.example.org"
GUESSES = 20  # the wrong links an address may try in a minute (MissLimiter's limit)


def app_behind_proxy(tmp_path: Path) -> Flask:
    return make_app(tmp_path / "heists.sqlite3", TRUSTED_PROXIES=f"{PROXY}/32, ::1", LIVE_HEARTBEAT=0.05)


def from_address(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base.update(REMOTE_ADDR=address)
    return client


def guess(client: FlaskClient, forwarded_for: str) -> int:
    return client.get("/games/not-a-link", headers={"Host": HOST, "X-Forwarded-For": forwarded_for}).status_code


def test_a_forged_x_forwarded_for_from_an_untrusted_address_is_ignored_by_the_wrong_link_limiter(
        tmp_path: Path) -> None:
    app = app_behind_proxy(tmp_path)
    stranger = from_address(app, STRANGER)
    # a new made-up address each guess: were it believed, no address would ever reach the limit
    assert [guess(stranger, f"203.0.113.{n}") for n in range(GUESSES)] == [404] * GUESSES
    assert guess(stranger, "203.0.113.250") == 429
    assert guess(from_address(app, PROXY), "203.0.113.1") == 404  # the forged names were never counted


def test_the_wrong_link_limiter_counts_the_client_the_trusted_proxy_forwards_not_the_proxy(tmp_path: Path) -> None:
    app = app_behind_proxy(tmp_path)
    proxy = from_address(app, PROXY)
    # what the client claimed comes first; the proxy's own entry, the last, is the one believed
    assert [guess(proxy, f"6.6.6.{n}, 203.0.113.5") for n in range(GUESSES)] == [404] * GUESSES
    assert guess(proxy, "203.0.113.5") == 429
    assert guess(proxy, "203.0.113.6") == 404  # another device behind the same proxy is not locked out
    assert guess(from_address(app, STRANGER), "203.0.113.6") == 404


def test_the_streams_per_device_count_the_forwarded_address_only_from_the_trusted_proxy(tmp_path: Path) -> None:
    app = app_behind_proxy(tmp_path)
    play = game(app, new_heist(app.test_client())).play_token

    def fifth_ends_the_first(client: FlaskClient, addresses: list[str]) -> bool:
        streams = [chunks(client.get(f"/games/{play}/events", buffered=False,
                                     headers={"Host": HOST, "X-Forwarded-For": address})) for address in addresses]
        for stream in streams:
            next(stream)  # the version now
        return "replaced by a newer stream" in next(streams[0])  # else a heartbeat

    # 4 streams a device on a link: through the proxy, 5 devices hold one each, one device's fifth ends its first
    assert not fifth_ends_the_first(from_address(app, PROXY), [f"203.0.113.{n}" for n in range(5)])
    assert fifth_ends_the_first(from_address(app, PROXY), ["203.0.113.9"] * 5)
    # around the proxy, five made-up addresses are one device: the socket's
    assert fifth_ends_the_first(from_address(app, STRANGER), [f"203.0.113.{n}" for n in range(20, 25)])


def test_the_scheme_comes_from_the_trusted_proxy_and_no_one_else(tmp_path: Path) -> None:
    app = app_behind_proxy(tmp_path)
    seen: list[str] = []

    @app.before_request
    def note_the_scheme() -> None:
        seen.append(request.scheme)

    for address in (PROXY, STRANGER):
        from_address(app, address).get("/", headers={"Host": HOST, "X-Forwarded-Proto": "https",
                                                     "X-Forwarded-For": "203.0.113.5"})
    assert seen == ["https", "http"]


def test_an_app_with_no_trusted_proxy_believes_no_forwarded_header(tmp_path: Path) -> None:
    app = make_app(tmp_path / "heists.sqlite3")
    proxy = from_address(app, PROXY)
    assert [guess(proxy, f"203.0.113.{n}") for n in range(GUESSES)] == [404] * GUESSES
    assert guess(proxy, "203.0.113.99") == 429


def test_a_device_behind_a_proxy_on_the_same_machine_is_never_taken_for_the_laptops_tablet(tmp_path: Path) -> None:
    # the proxy connects from loopback, and a device may send "Host: localhost": the host is the browser on the
    # machine itself, so only the forwarded address may decide
    app = make_app(tmp_path / "heists.sqlite3", TRUSTED_PROXIES="127.0.0.1")
    proxy = from_address(app, "127.0.0.1")
    assert proxy.get("/", headers={"Host": "localhost", "X-Forwarded-For": "203.0.113.5"}).status_code == 403
    assert proxy.get("/", headers={"Host": "localhost"}).status_code == 200  # no one forwarded: the machine itself
