"""The client's address behind a reverse proxy (issue 37 §3): trusted from the proxy alone.

Behind nginx or Caddy (deploy/) every connection comes from the proxy, so every per-address limit (the wrong-link
limiter, web/misses.py; the streams per device and the fair share of places, web/phones/live.py and broker.py) would
count the whole service as one device. The proxy says who it serves in ``X-Forwarded-For``, but anyone can send that
header: it is believed only on a connection from one of the configured proxy addresses (``TRUSTED_PROXIES``), and
then only its last entry, the one that proxy wrote (what came before it is whatever the client claimed). The address
found replaces ``REMOTE_ADDR`` before Flask sees the request, so everything that reads ``request.remote_addr`` reads
the client's. ``X-Forwarded-Proto`` from the same proxy gives the scheme the client used (TLS ends at the proxy).

>>> seen = {}
>>> def app(environ, start_response):
...     seen.update(addr=environ["REMOTE_ADDR"], scheme=environ["wsgi.url_scheme"])
...     return []
>>> proxied = TrustedProxy(app, parse_proxies("127.0.0.1"))
>>> _ = proxied({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.9",
...              "HTTP_X_FORWARDED_PROTO": "https", "wsgi.url_scheme": "http"}, None)
>>> seen
{'addr': '203.0.113.9', 'scheme': 'https'}
>>> _ = proxied({"REMOTE_ADDR": "198.51.100.4", "HTTP_X_FORWARDED_FOR": "127.0.0.1", "wsgi.url_scheme": "http"}, None)
>>> seen
{'addr': '198.51.100.4', 'scheme': 'http'}
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
FORWARDED_BY = "burgle.forwarded_by"  # the proxy's own address, kept beside the client's


def parse_proxies(text: str | Iterable[str]) -> tuple[Network, ...]:
    """``"127.0.0.1, 10.0.0.0/8"`` (or a list of them) as networks; a wrong one raises ValueError at start-up, not
    at the first request."""
    items = text.replace(",", " ").split() if isinstance(text, str) else [str(item) for item in text]
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip().strip("[]")))
    except ValueError:
        return None  # "unknown", a port glued to it, or junk: the proxy's own address stays


class TrustedProxy:
    """WSGI middleware: a request from one of ``proxies`` takes its client's address from the last
    ``X-Forwarded-For`` entry and its scheme from ``X-Forwarded-Proto``; any other request is left as it came."""

    def __init__(self, app: Any, proxies: tuple[Network, ...]):
        self.app, self.proxies = app, proxies

    def trusted(self, peer: str | None) -> bool:
        found = _address(peer or "")
        return found is not None and any(ipaddress.ip_address(found) in net for net in self.proxies)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        peer = environ.get("REMOTE_ADDR")
        if self.trusted(peer):
            client = _address(environ.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1])
            if client is not None:
                environ[FORWARDED_BY], environ["REMOTE_ADDR"] = peer, client
            scheme = environ.get("HTTP_X_FORWARDED_PROTO", "").rsplit(",", 1)[-1].strip().lower()
            if scheme in ("http", "https"):
                environ["wsgi.url_scheme"] = scheme
        return self.app(environ, start_response)


def install(app: Any) -> None:
    """Wrap ``app``'s WSGI entry when ``TRUSTED_PROXIES`` names any proxy (the hosted server sets it from
    ``--trusted-proxy``); a laptop's app, with none, reads the socket's address as always."""
    proxies = parse_proxies(app.config.get("TRUSTED_PROXIES") or "")
    if proxies:
        app.wsgi_app = TrustedProxy(app.wsgi_app, proxies)
