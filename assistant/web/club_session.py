"""Which club a device is signed in to on a hosted service (issue 37 §4): its session holds the club's id and the
club's mark (a digest of its password hash, store_clubs.Club.mark), so a new password signs every other device out
as a new host key ends the host link's devices. The laptop has no sign-in (web/access.py: its host is the browser
on it, or the host link)."""

from __future__ import annotations

import secrets

from flask import current_app, g, session

from ..store_clubs import Club
from .extensions import store


def hosted() -> bool:
    """A hosted service (HOSTED: the app started on PostgreSQL): clubs sign in, no loopback host, no host link."""
    return bool(current_app.config.get("HOSTED"))


def signed_in() -> Club | None:
    """The club this device is signed in to, read once a request."""
    if "club" not in g:
        g.club = _read()
    club: Club | None = g.club
    return club


def _read() -> Club | None:
    club_id, mark = session.get("club"), session.get("club_mark")
    if not isinstance(club_id, str) or not isinstance(mark, str):
        return None
    club = store().club(club_id)
    if club is None or not secrets.compare_digest(mark.encode(), club.mark.encode()):
        return None  # a club gone, or its password changed since this device signed in
    return club


def sign_in(club: Club) -> None:
    session["club"], session["club_mark"] = club.id, club.mark
    session.permanent = True
    g.club = club


def sign_out() -> None:
    session.pop("club", None)
    session.pop("club_mark", None)
    g.club = None
