"""A club's password kept as a salted scrypt hash (the standard library's ``hashlib.scrypt``), never as itself, and
checked in constant time. The hash names its own parameters, so a later version may raise them and still read the
hashes written before.

>>> kept = hash_password("correct horse")
>>> matches(kept, "correct horse"), matches(kept, "Correct horse"), matches("", "anything")
(True, False, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# scrypt's cost: 2^14 rounds of 8 blocks (16 MB of memory, some 50 ms of one core), OWASP's floor for scrypt
COST, BLOCKS, PARALLEL = 2 ** 14, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32
_MAXMEM = 64 * 1024 * 1024
# a hash of a password nobody has: what a sign-in with an unknown club name is checked against, so a wrong name
# costs the same time as a wrong password and the answer's time tells no name apart
_NOBODY = f"scrypt${COST}${BLOCKS}${PARALLEL}${'00' * SALT_BYTES}${'00' * HASH_BYTES}"


def _scrypt(password: str, salt: bytes, cost: int, blocks: int, parallel: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=cost, r=blocks, p=parallel, maxmem=_MAXMEM,
                          dklen=HASH_BYTES)


def hash_password(password: str) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex), a new salt each time."""
    salt = secrets.token_bytes(SALT_BYTES)
    return f"scrypt${COST}${BLOCKS}${PARALLEL}${salt.hex()}${_scrypt(password, salt, COST, BLOCKS, PARALLEL).hex()}"


def matches(kept: str, password: str) -> bool:
    """Whether ``password`` is the one ``kept`` was made from; False for anything that is not such a hash (the
    laptop's own club has none: nobody signs in to it)."""
    parts = kept.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return False
    try:
        cost, blocks, parallel = (int(p) for p in parts[1:4])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return False
    if not (2 <= cost <= 2 ** 20 and 1 <= blocks <= 16 and 1 <= parallel <= 4):
        return False  # a stored hash asking for more than a server can give is nobody's
    return hmac.compare_digest(_scrypt(password, salt, cost, blocks, parallel), digest)


def nobody(password: str) -> bool:
    """The same work as :func:`matches`, for a club that does not exist: always False."""
    matches(_NOBODY, password)
    return False
