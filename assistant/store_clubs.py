"""The store's clubs (database version 6, issue 37 §4): on a hosted service each club signs in by its name and
password, and every heist, campaign and setting carries its club's id. The laptop has one club, ``LOCAL``, which no
one signs in to (it has no password): its host is the browser on the laptop, or the host link, as before clubs.

A device signs in with the password, or with a one-time sign-in link another device of the club made: the link's
token is kept only as its SHA-256 (a copy of the database opens no club), it is used once (the DELETE that takes it
is the check, so two devices racing on one link, even through two processes, let one in) and it expires.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from .passwords import hash_password, matches, nobody

if TYPE_CHECKING:
    from .store_sql import Database, WriteLock

LOCAL = "local"  # the laptop's club: every heist of a database made before clubs is its
LINK_LIFETIME = timedelta(hours=24)
MAX_NAME = 60  # letters of a club's name


class ClubTakenError(Exception):
    """Another club has that name (compared without case or accents' spelling differences)."""


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    password: str  # the salted hash (passwords.py), never the password
    created: str

    @property
    def mark(self) -> str:
        """What a signed-in device's session remembers: a digest of the club's password hash, so a new password
        ends every other device's sign-in (as a new host key ends the host link's)."""
        return hashlib.sha256(f"{self.id}\0{self.password}".encode()).hexdigest()[:32]


def name_key(name: str) -> str:
    """How two clubs' names are compared: "Café Club" and "cafe\u0301 CLUB " are one name."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def _now() -> datetime:
    return datetime.now(UTC)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ClubStore:
    """The club half of the Store (which it is mixed into): the Store's connection and write lock."""

    _write: WriteLock

    def db(self) -> Database:  # the Store's
        raise NotImplementedError

    def create_club(self, name: str, password: str) -> Club:
        """A new club; ClubTakenError when another has that name."""
        name = " ".join(name.split())
        club = Club(secrets.token_hex(8), name, hash_password(password), _now().isoformat(timespec="seconds"))
        with self._write, self.db() as db:
            if db.execute("SELECT 1 FROM clubs WHERE key = ?", (name_key(name),)).fetchone():
                raise ClubTakenError(name)
            db.execute("INSERT INTO clubs (id, name, key, password, created) VALUES (?, ?, ?, ?, ?)",
                       (club.id, club.name, name_key(name), club.password, club.created))
        return club

    def club(self, club_id: str) -> Club | None:
        row = self.db().execute("SELECT id, name, password, created FROM clubs WHERE id = ?", (club_id,)).fetchone()
        return None if row is None else Club(row[0], row[1], row[2], row[3])

    def signed_in(self, name: str, password: str) -> Club | None:
        """The club of that name when the password is its; None otherwise, in the same time for a name no club has."""
        row = self.db().execute("SELECT id FROM clubs WHERE key = ?", (name_key(name),)).fetchone()
        club = None if row is None else self.club(row[0])
        if club is None or club.id == LOCAL:
            return None if not nobody(password) else club  # nobody() is always False: the time spent is the point
        return club if matches(club.password, password) else None

    def set_password(self, club_id: str, password: str) -> Club:
        """The club's new password (its devices signed in before must sign in again) and its sign-in links
        forgotten; returns the club as it is now."""
        hashed = hash_password(password)
        with self._write, self.db() as db:
            db.execute("UPDATE clubs SET password = ? WHERE id = ?", (hashed, club_id))
            db.execute("DELETE FROM club_links WHERE club = ?", (club_id,))
        club = self.club(club_id)
        assert club is not None
        return club

    def make_sign_in_link(self, club_id: str, lifetime: timedelta = LINK_LIFETIME) -> str:
        """A new one-time sign-in token for the club, good for ``lifetime``; links long expired are swept."""
        token, now = secrets.token_urlsafe(24), _now()
        with self._write, self.db() as db:
            db.execute("DELETE FROM club_links WHERE expires < ?", (now.isoformat(timespec="seconds"),))
            db.execute("INSERT INTO club_links (digest, club, expires) VALUES (?, ?, ?)",
                       (_digest(token), club_id, (now + lifetime).isoformat(timespec="seconds")))
        return token

    def use_sign_in_link(self, token: str) -> Club | None:
        """The club a sign-in token opens, the token spent; None for a token used, expired or never made."""
        digest, now = _digest(token), _now().isoformat(timespec="seconds")
        with self._write, self.db() as db:
            row = db.execute("SELECT club, expires FROM club_links WHERE digest = ?", (digest,)).fetchone()
            # the DELETE is the check: of two requests with one token, in any process, one deletes the row
            if row is None or not db.execute("DELETE FROM club_links WHERE digest = ?", (digest,)).rowcount:
                return None
            if row[1] <= now:
                return None
        return self.club(row[0])
