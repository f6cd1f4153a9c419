"""The address phones use to reach the tablet: its private LAN IPv4, never localhost."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import ifaddr

from ...words.i18n import _

SKIP_ADAPTERS = ("docker", "veth", "br-", "virbr", "vmnet", "lo")


def lan_addresses() -> list[str]:
    """Private IPv4 addresses of real network adapters, best first."""
    found = []
    for adapter in ifaddr.get_adapters():
        name = (adapter.nice_name or adapter.name or "").lower()
        if name.startswith(SKIP_ADAPTERS):
            continue
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_private and not addr.is_loopback and not addr.is_link_local:
                found.append(str(addr))
    return sorted(set(found), key=lambda a: (not a.startswith("192.168."), a))


def lan_url(port: int, scheme: str = "http") -> str | None:
    """http://<LAN address>:<port>/ (or ``scheme``), or None when this machine is on no network."""
    addrs = lan_addresses()
    return f"{scheme}://{addrs[0]}:{port}/" if addrs else None


def public_url(port: int, override: str | None = None) -> str:
    """http://<LAN address>:<port>/ (or the override from the settings)."""
    if override:
        return override if override.endswith("/") else override + "/"
    return lan_url(port) or f"http://127.0.0.1:{port}/"


def check_address(text: str) -> str | None:
    """The address phones should use, as typed in the settings, checked and ending in "/"; None for
    an empty field (find it automatically). A ValueError says what is wrong, in words for the page.

    >>> check_address("http://192.168.1.20:8000")
    'http://192.168.1.20:8000/'
    >>> check_address("burgle.lan:8000")
    Traceback (most recent call last):
    ...
    ValueError: Start the address with http:// or https:// (for example http://192.168.1.20:8000/).
    """
    text = text.strip()
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(_("Start the address with http:// or https:// (for example http://192.168.1.20:8000/)."))
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise ValueError(_("The port after the colon must be a number from 1 to 65535."))
    host = (parts.hostname or "").lower()
    if not host or any(c.isspace() for c in text):
        raise ValueError(_("That is not an address: it needs a machine name or number and no spaces."))
    if host == "localhost" or _is_loopback(host):
        raise ValueError(_("%(host)s is this machine's own name for itself: phones cannot reach it. Use the "
                           "tablet's address on the table's network (for example http://192.168.1.20:8000/).",
                           host=host))
    if parts.query or parts.fragment or "@" in parts.netloc:
        raise ValueError(_("Give only the address and port, with nothing after ? or # and no name@."))
    return text if text.endswith("/") else text + "/"


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
