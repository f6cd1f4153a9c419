"""Who may see and change a heist.

The **host** is the table's tablet: a browser on the machine that runs the app (it reaches it as
``localhost``), or a device that opened the host link printed in the terminal; on a hosted service, a device
signed in to a club (web/club_session.py), the host of that club's heists alone. The host sees the
list of its heists and opens them by id (another club's id is as wrong as an id of no heist). Everyone else
needs a link carrying an unguessable token: a *play* link can act, a *watch* link can only look. A game id alone
shows nothing, and a device that keeps trying wrong ids or tokens is turned away for a while.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, Literal, NoReturn

from flask import abort, current_app, redirect, request, session, url_for

from ..store import Game, NotFoundError
from ..store_clubs import LOCAL
from ..words.i18n import _
from .club_session import hosted, signed_in
from .extensions import store
from .misses import MissLimiter

Role = Literal["host", "play", "watch"]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]"}
LOOPBACK = {"127.0.0.1", "::1"}
# what the server (serving.py) puts in a request's environ: a call that says "this connection came through a link"
# (it is then never shed for room), and one that takes a call to make when the connection closes
HOLDS_LINK, WHEN_GONE = "burgle.holds_link", "burgle.when_gone"


@dataclass(frozen=True)
class Access:
    """A heist opened through ``key`` (its id for the host, else a link token) in a role."""

    game: Game
    role: Role
    key: str

    @property
    def can_act(self) -> bool:
        return self.role != "watch"


def host_mark() -> str:
    """What a host device's session remembers: a digest of the current host key, so making a new key
    (Settings) ends the privilege of every device that came by the old link."""
    return hashlib.sha256(current_app.config["HOST_KEY"].encode()).hexdigest()[:32]


def is_host() -> bool:
    return current_club() is not None


def current_club() -> str | None:
    """The club whose host this device is: the laptop's own (LOCAL) for its tablet, the club signed in to on a
    hosted service; None for everyone else."""
    if hosted():
        club = signed_in()
        if club is None:
            return None
        _holds_link()
        return club.id
    return LOCAL if _laptop_host() else None


def host_club() -> str:
    """The club of a host-only view (host_only checked there is one)."""
    club = current_club()
    if club is None:
        abort(403)
    return club


def _laptop_host() -> bool:
    mark = session.get("host")
    if isinstance(mark, str) and secrets.compare_digest(mark, host_mark()):
        _holds_link()
        return True
    hostname = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    return request.remote_addr in LOOPBACK and hostname in LOCAL_HOSTS


def _holds_link() -> None:
    """Tell the server this connection belongs to the table (a host, play or watch link): it keeps its room."""
    request.environ.get(HOLDS_LINK, lambda: None)()


def _limiter() -> MissLimiter:
    return current_app.extensions["misses"]


def _never_counted() -> bool:
    """The laptop's tablet: never counted nor turned away. On a hosted service anyone may start a club, so a device
    signed in to one is counted as any other."""
    return not hosted() and is_host()


def refuse() -> NoReturn:
    """A plain 404 for a wrong key, counted against the address that sent it (never the laptop tablet's)."""
    if not _never_counted():
        _limiter().miss(request.remote_addr or "?")
    abort(404)


def refuse_quietly() -> None:
    """A wrong password or sign-in link, counted against the address that sent it as a wrong key is (the caller
    answers with its own page, saying what went wrong)."""
    _limiter().miss(request.remote_addr or "?")


def guard_misses() -> None:
    """Before any request with a key: an address that guessed too often waits (429). The tablet never
    does: it is the table's only way in, and a guesser sharing its address (loopback) is already on
    the machine that holds the heists."""
    if not _never_counted() and _limiter().blocked(request.remote_addr or "?"):
        abort(429)


def open_game(key: str, *, act: bool = False) -> Access:
    """The heist behind ``key`` in the caller's role; 404 for a wrong key, 403 for a watcher acting."""
    guard_misses()
    try:
        game_id, role = store().by_token(key)
    except NotFoundError:
        game_id, role = key, "host"
        if not is_host():
            refuse()
    try:
        access = Access(store().load(game_id), role, key)  # type: ignore[arg-type]
    except NotFoundError:
        refuse()
    if role == "host" and access.game.club != current_club():
        refuse()  # another club's heist: the same 404 as an id of no heist
    _holds_link()
    if act and not access.can_act:
        abort(403, _("This is a watch-only link: it can follow the heist but not change it."))
    return access


def host_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Pages that belong to the tablet (the list of heists, new heist, delete, settings)."""
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not is_host():
            if hosted() and request.method == "GET" and not request.headers.get("HX-Request"):
                return redirect(url_for("signin.page"))  # a club's page: its devices sign in first
            abort(403, _("This page belongs to the table's tablet. To follow a heist, scan the QR code on its board."))
        return view(*args, **kwargs)
    return wrapped


def become_host(key: str) -> None:
    """Open the host link: remember this device as the table's tablet (a hosted service has none: clubs sign in)."""
    guard_misses()
    if hosted():
        refuse()
    # as bytes: compare_digest takes no str beyond ASCII, and a key of any other letters is a wrong guess too
    if not secrets.compare_digest(key.encode(), current_app.config["HOST_KEY"].encode()):
        refuse()
    _holds_link()
    session["host"] = host_mark()
    session.permanent = True


def rotate_host_key() -> str:
    """A new host key: the old link leads nowhere and only devices that open the new one (and this
    one, which asked) are the tablet. Kept in the instance folder when the key came from there."""
    old, new = current_app.config["HOST_KEY"], secrets.token_urlsafe(16)
    path = Path(current_app.instance_path) / "host_key"
    if path.exists() and path.read_text().strip() == old:
        spare = path.with_name("host_key.new")
        spare.write_text(new)
        os.replace(spare, path)  # all at once: a crash leaves the old key or the new, never half
    current_app.config["HOST_KEY"] = new
    if session.get("host"):
        session["host"] = host_mark()
    return new
