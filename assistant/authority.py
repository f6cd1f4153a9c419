"""This laptop's own certificate authority, for phones and tablets on the LAN (issue 35 §5).

A browser installs a web app, holds the screen on or opens the camera only over https. A public certificate cannot
name a laptop's LAN address, so *Make this laptop trusted* makes an authority here, at first use, kept in the data
folder beside the heists (its key readable by this user only). Each device that trusts it (the /trust page) then
trusts this laptop's https, and nothing else: the authority carries a critical NameConstraints extension that
permits only the laptop's own names (its LAN addresses when it was made, ``<hostname>.local``, localhost), so even
its key, stolen, could not vouch for a bank's site or another machine. The repository ships no certificate and no
key: every laptop makes its own.

The server's certificate (the *leaf*) is signed by it for the names phones use now, and made again when they change
(a new LAN address from the Wi-Fi) or near its end. Keys are P-256: every phone of the last ten years speaks it.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_CERT, CA_KEY = "trust-ca.crt", "trust-ca.key"
LEAF_CERT, LEAF_KEY = "trust-server.crt", "trust-server.key"
CA_YEARS = 10
# Apple refuses a server certificate valid for more than 825 days, whoever signed it; browsers warn past 398
LEAF_DAYS = 397
RENEW_BEFORE = datetime.timedelta(days=30)
_LABEL = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")


@dataclass(frozen=True)
class Names:
    """The names a certificate is for: DNS names and IP addresses."""

    dns: tuple[str, ...]
    ips: tuple[str, ...]

    def within(self, permitted: Names) -> Names:
        """Only those of these names the authority may vouch for.

        >>> Names(("a.local", "b.local"), ("10.0.0.2",)).within(Names(("a.local",), ("10.0.0.2", "10.0.0.3")))
        Names(dns=('a.local',), ips=('10.0.0.2',))
        """
        return Names(tuple(n for n in self.dns if n in permitted.dns), tuple(i for i in self.ips if i in permitted.ips))

    def general_names(self) -> list[x509.GeneralName]:
        return [*(x509.DNSName(n) for n in self.dns), *(x509.IPAddress(ipaddress.ip_address(i)) for i in self.ips)]


def local_name(hostname: str | None = None) -> str | None:
    """``<hostname>.local``, the name this laptop answers to by multicast DNS on most systems; None when the
    machine's name is no DNS label.

    >>> local_name("Anas-MacBook.fritz.box")
    'anas-macbook.local'
    >>> local_name("desk top") is None
    True
    """
    label = (hostname if hostname is not None else socket.gethostname()).split(".", 1)[0].lower()
    return f"{label}.local" if _LABEL.match(label) else None


def laptop_names(lan_addresses: Iterable[str], hostname: str | None = None) -> Names:
    """This laptop's own names: ``<hostname>.local`` and localhost, its LAN addresses and loopback."""
    dns = tuple(n for n in (local_name(hostname), "localhost") if n)
    return Names(dns, (*dict.fromkeys(lan_addresses), "127.0.0.1"))


@dataclass(frozen=True)
class Authority:
    """The authority kept in ``folder``: its certificate (what a device trusts) and the names it may vouch for."""

    folder: Path
    certificate: x509.Certificate

    @property
    def pem(self) -> bytes:
        return self.certificate.public_bytes(serialization.Encoding.PEM)

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the certificate, as a phone's certificate details show it (AB:CD:…)."""
        return self.certificate.fingerprint(hashes.SHA256()).hex(":").upper()

    @property
    def permitted(self) -> Names:
        constraints = self.certificate.extensions.get_extension_for_class(x509.NameConstraints).value
        subtrees = constraints.permitted_subtrees or []
        networks = [n.value for n in subtrees if isinstance(n, x509.IPAddress)]
        return Names(tuple(n.value for n in subtrees if isinstance(n, x509.DNSName)),
                     tuple(str(n.network_address) for n in networks if isinstance(n, ipaddress.IPv4Network)))

    def leaf(self, names: Names, now: datetime.datetime | None = None) -> tuple[Path, Path]:
        """The server's certificate and key files for ``names`` (those the authority permits), made again when
        the names changed or the certificate nears its end."""
        now = now or _now()
        names = names.within(self.permitted)
        cert_path, key_path = self.folder / LEAF_CERT, self.folder / LEAF_KEY
        if cert_path.exists() and key_path.exists():
            current = x509.load_pem_x509_certificate(cert_path.read_bytes())
            if (_names_of(current) == names and current.not_valid_after_utc - now > RENEW_BEFORE
                    and _load_key(key_path).public_key() == current.public_key()):  # not a pair half written
                return cert_path, key_path
        key = ec.generate_private_key(ec.SECP256R1())
        certificate = _leaf_certificate(self.certificate, _load_key(self.folder / CA_KEY), key, names, now)
        _write_key(key_path, key)
        _write_atomically(cert_path, certificate.public_bytes(serialization.Encoding.PEM))
        return cert_path, key_path


def load(folder: Path) -> Authority | None:
    """The authority kept in ``folder``, or None when this laptop was never made trusted."""
    path = folder / CA_CERT
    if not (path.exists() and (folder / CA_KEY).exists()):
        return None
    return Authority(folder, x509.load_pem_x509_certificate(path.read_bytes()))


def make(folder: Path, names: Names, now: datetime.datetime | None = None) -> Authority:
    """The authority of ``folder``, made now for ``names`` when there is none yet (a second call keeps the first:
    every device that trusts it would otherwise have to trust a new one)."""
    existing = load(folder)
    if existing:
        return existing
    now = now or _now()
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Burgle Bros guard assistant"),
                         x509.NameAttribute(NameOID.COMMON_NAME, f"Guard assistant on {names.dns[0]}")])
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))  # a phone whose clock is a little behind
        .not_valid_after(now + datetime.timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.NameConstraints(permitted_subtrees=_subtrees(names), excluded_subtrees=None),
                       critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    _write_key(folder / CA_KEY, key)
    _write_atomically(folder / CA_CERT, certificate.public_bytes(serialization.Encoding.PEM))
    return Authority(folder, certificate)


def _subtrees(names: Names) -> list[x509.GeneralName]:
    return [*(x509.DNSName(n) for n in names.dns),
            *(x509.IPAddress(ipaddress.ip_network(f"{i}/32")) for i in names.ips)]


def _leaf_certificate(ca: x509.Certificate, ca_key: ec.EllipticCurvePrivateKey, key: ec.EllipticCurvePrivateKey,
                      names: Names, now: datetime.datetime) -> x509.Certificate:
    # the common name is no host name (spaces): verifiers that still read it against the constraints pass it by
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Burgle Bros guard assistant")])
    return (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=LEAF_DAYS))
        .add_extension(x509.SubjectAlternativeName(names.general_names()), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )


def _names_of(certificate: x509.Certificate) -> Names:
    names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return Names(tuple(names.get_values_for_type(x509.DNSName)),
                 tuple(str(i) for i in names.get_values_for_type(x509.IPAddress)))


def _load_key(path: Path) -> ec.EllipticCurvePrivateKey:
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    return key


def _write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    """The key in a file only this user can read, from its first byte (made 0600, never chmod-ed after)."""
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    spare = path.with_name(path.name + ".new")
    spare.unlink(missing_ok=True)
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    os.replace(spare, path)


def _write_atomically(path: Path, data: bytes) -> None:
    spare = path.with_name(path.name + ".new")
    spare.write_bytes(data)
    os.replace(spare, path)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)
