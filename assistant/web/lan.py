"""The address phones use to reach the tablet: its private LAN IPv4, never localhost."""

from __future__ import annotations

import ipaddress

import ifaddr

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


def public_url(port: int, override: str | None = None) -> str:
    """http://<LAN address>:<port>/ (or the override from the settings)."""
    if override:
        return override if override.endswith("/") else override + "/"
    addrs = lan_addresses()
    host = addrs[0] if addrs else "127.0.0.1"
    return f"http://{host}:{port}/"
