"""This laptop's own certificate authority (issue 35 §5): made at first use in the data folder, its key readable by
its owner only, constrained to the laptop's own names, and the server's certificate signed by it."""

from __future__ import annotations

import datetime
import ipaddress
import stat
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.x509 import verification

from assistant import authority
from assistant.authority import Names, laptop_names

NAMES = laptop_names(["192.168.1.20"], hostname="table-laptop")


def verify(ca: authority.Authority, cert_path: Path, name: x509.GeneralName) -> None:
    """As a device that trusts ``ca`` checks the server's certificate for ``name`` (a ValueError if it fails)."""
    store = verification.Store([ca.certificate])
    verifier = verification.PolicyBuilder().store(store).build_server_verifier(name)
    verifier.verify(x509.load_pem_x509_certificate(cert_path.read_bytes()), [])


def test_the_laptops_names_are_its_local_name_localhost_its_lan_addresses_and_loopback() -> None:
    assert Names(("table-laptop.local", "localhost"), ("192.168.1.20", "127.0.0.1")) == NAMES


def test_the_authority_may_vouch_only_for_the_laptops_own_names_and_says_so_critically(tmp_path: Path) -> None:
    ca = authority.make(tmp_path, NAMES)
    constraints = ca.certificate.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    assert set(constraints.value.permitted_subtrees or []) == {
        x509.DNSName("table-laptop.local"), x509.DNSName("localhost"),
        x509.IPAddress(ipaddress.ip_network("192.168.1.20/32")), x509.IPAddress(ipaddress.ip_network("127.0.0.1/32"))}
    basic = ca.certificate.extensions.get_extension_for_class(x509.BasicConstraints)
    assert basic.critical and basic.value.ca and basic.value.path_length == 0
    assert ca.permitted == NAMES


def test_the_servers_certificate_verifies_against_the_authority_for_each_name_phones_use(tmp_path: Path) -> None:
    ca = authority.make(tmp_path, NAMES)
    cert, _ = ca.leaf(NAMES)
    for name in (x509.DNSName("table-laptop.local"), x509.IPAddress(ipaddress.ip_address("192.168.1.20"))):
        verify(ca, cert, name)
    with pytest.raises(verification.VerificationError):
        verify(ca, cert, x509.DNSName("bank.example"))


def test_a_certificate_the_authority_signs_for_another_name_fails_on_its_constraints(tmp_path: Path) -> None:
    """Even the authority's own key cannot vouch for another site: a device refuses it."""
    ca = authority.make(tmp_path, NAMES)
    forged = Names(("bank.example",), ("10.9.9.9",))
    cert_path, _ = ca.leaf(forged)  # asked for through the app, names outside the constraints are dropped
    assert x509.load_pem_x509_certificate(cert_path.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value.get_values_for_type(x509.DNSName) == []
    key = authority._load_key(tmp_path / authority.CA_KEY)
    signed = authority._leaf_certificate(ca.certificate, key, key, forged, datetime.datetime.now(datetime.UTC))
    (tmp_path / "forged.crt").write_bytes(signed.public_bytes(authority.serialization.Encoding.PEM))
    with pytest.raises(verification.VerificationError):
        verify(ca, tmp_path / "forged.crt", x509.DNSName("bank.example"))


def test_its_keys_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    ca = authority.make(tmp_path, NAMES)
    _, leaf_key = ca.leaf(NAMES)
    for key in (tmp_path / authority.CA_KEY, leaf_key):
        assert stat.S_IMODE(key.stat().st_mode) == 0o600, key


def test_it_is_made_once_and_a_second_laptop_makes_another(tmp_path: Path) -> None:
    first = authority.make(tmp_path / "one", NAMES)
    assert authority.make(tmp_path / "one", Names(("x.local",), ())).certificate == first.certificate
    assert authority.load(tmp_path / "one") == first
    other = authority.make(tmp_path / "two", NAMES)
    assert other.certificate.public_key() != first.certificate.public_key()
    assert other.fingerprint != first.fingerprint
    assert authority.load(tmp_path / "three") is None


def test_the_servers_certificate_is_made_again_when_the_lan_address_changes_or_nears_its_end(tmp_path: Path) -> None:
    ca = authority.make(tmp_path, laptop_names(["192.168.1.20", "10.0.0.5"], hostname="table-laptop"))
    cert, _ = ca.leaf(NAMES)
    first = cert.read_bytes()
    assert ca.leaf(NAMES)[0].read_bytes() == first  # the same names: kept
    moved = laptop_names(["10.0.0.5"], hostname="table-laptop")
    assert ca.leaf(moved)[0].read_bytes() != first
    verify(ca, cert, x509.IPAddress(ipaddress.ip_address("10.0.0.5")))
    kept = cert.read_bytes()
    later = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=authority.LEAF_DAYS - 10)
    assert ca.leaf(moved, now=later)[0].read_bytes() != kept


def test_the_repository_ships_no_certificate_and_no_key() -> None:
    root = Path(__file__).resolve().parents[1]
    for folder in ("assistant", "static", "templates", "docs"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix not in (".png", ".mo", ".gz", ".sqlite3", ".pyc"):
                text = path.read_text(encoding="utf-8", errors="ignore")
                assert "PRIVATE KEY-----" not in text and "BEGIN CERTIFICATE" not in text, path
