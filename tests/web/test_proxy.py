"""Issue 37 §3 through the real proxy: deploy/nginx.conf as shipped (only its ports, certificate and pid file made
the test's own) in front of the hosted server trusting it. A live stream over TLS hears a change at once (nothing
buffered), and the wrong-link limiter counts each device behind the proxy by its own address, whatever
``X-Forwarded-For`` the device itself sent. Needs nginx (Debian's package, which ./test.sh installs)."""

from __future__ import annotations

import http.client
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from assistant import authority
from tests.web.live_server import ROOT, Stream, free_port, wait_until
from tests.web.test_hosted import hosted
from tests.web.test_processes import Phone, broken_in

HOST = "localhost"  # the name the test certificate is for, and the test's nginx serves (its server_name)
GUESSES = 20  # MissLimiter's limit a minute


def configured(app_port: int, https_port: int, http_port: int, folder: Path) -> Path:
    """deploy/nginx.conf with the test's ports, certificate and pid file: every other line as shipped."""
    ca = authority.make(folder / "ca", authority.Names((HOST,), ("127.0.0.1",)))
    cert, key = ca.leaf(authority.Names((HOST,), ("127.0.0.1",)))
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    for old, new in (("server 127.0.0.1:8000;", f"server 127.0.0.1:{app_port};"),
                     ("listen 443 ssl http2", f"listen 127.0.0.1:{https_port} ssl http2"),
                     ("listen 80 ", f"listen 127.0.0.1:{http_port} "),
                     ("server_name burgle.example.org;", f"server_name {HOST};"),
                     ("/etc/ssl/burgle/fullchain.pem", str(cert)), ("/etc/ssl/burgle/privkey.pem", str(key)),
                     ("/run/nginx-burgle.pid", str(folder / "nginx.pid"))):
        assert old in text, old
        text = text.replace(old, new)
    text = "\n".join(line for line in text.splitlines() if "listen [::]" not in line)  # loopback only
    path = folder / "nginx.conf"
    path.write_text(text)
    return path


@contextmanager
def nginx(conf: Path, port: int) -> Iterator[None]:
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        pytest.fail("nginx is not on this machine: the proxy's test needs it (./test.sh installs it: "
                    "apt-get install nginx)")
    temp = conf.parent / "nginx"
    temp.mkdir()
    proxy = subprocess.Popen([binary, "-p", str(temp), "-e", "stderr", "-c", str(conf), "-g", "daemon off;"],
                             stderr=subprocess.PIPE, text=True)
    try:
        assert wait_until(lambda: proxy.poll() is not None or _listening(port), timeout=20), "nginx did not start"
        assert proxy.poll() is None, proxy.communicate()[1]
        yield
    finally:
        proxy.terminate()
        proxy.communicate(timeout=20)


def _listening(port: int) -> bool:
    import socket
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # the test's own certificate
    return context


def guess(port: int, source: str, forwarded_for: str) -> int:
    conn = http.client.HTTPSConnection(HOST, port, timeout=10, source_address=(source, 0), context=tls())
    try:
        conn.request("GET", "/games/not-a-link", headers={"Host": f"{HOST}:{port}", "X-Forwarded-For": forwarded_for})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


class TlsStream(Stream):
    def __init__(self, port: int, path: str, name: str = HOST):  # Stream's, over https to ``name`` (its SNI)
        self.conn = http.client.HTTPSConnection(name, port, timeout=10, context=tls())
        self.conn.request("GET", path, headers={"Host": f"{HOST}:{port}", "Accept": "text/event-stream"})
        self.sock = self.conn.sock
        self.response = self.conn.getresponse()
        self.retry = None


def test_behind_nginx_a_stream_hears_a_change_at_once_and_the_limiter_counts_each_device_not_the_proxy(
        pg_url: str, tmp_path: Path) -> None:
    game = broken_in(pg_url, tmp_path)
    https_port, http_port = free_port(), free_port()
    with hosted(pg_url, tmp_path / "instance", 1, "--trusted-proxy", "127.0.0.1") as (app_port, _), \
            nginx(configured(app_port, https_port, http_port, tmp_path), https_port):
        stream = TlsStream(https_port, f"/games/{game.play_token}/events")
        try:
            assert stream.event() == ("changed", str(game.version))
            Phone(app_port, game).end_turn(app_port, game.version)
            made = time.monotonic()
            assert stream.event() == ("changed", str(game.version + 1))
            assert time.monotonic() - made < 1.0  # a buffer would hold it until it filled
        finally:
            stream.close()
        # a connection that names no host (nor the service's) gets no certificate and no answer: only the service's
        # name reaches the app
        with pytest.raises(ssl.SSLError):
            TlsStream(https_port, f"/games/{game.play_token}/events", name="127.0.0.1")
        # a device's own X-Forwarded-For is replaced by nginx with the address it came from
        assert [guess(https_port, "127.0.0.5", f"203.0.113.{n}") for n in range(GUESSES)] == [404] * GUESSES
        assert guess(https_port, "127.0.0.5", "203.0.113.200") == 429
        assert guess(https_port, "127.0.0.6", "127.0.0.5") == 404  # another device behind the same proxy
