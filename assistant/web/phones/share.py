"""Inviting phones, on the tablet only: the QR code and address of a heist's play, watch or display link, and
revoking a link (a new token; every device that joined with the old one is shown the door). The display link is
the watch link's token on the display page (web/table/display.py): it sees what a watcher sees, and goes with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

import qrcode
from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage

from ...store import Game
from ...store_clubs import LOCAL
from ..access import Access, current_club, host_only, open_game
from ..club_session import hosted
from ..extensions import store
from .lan import lan_url

bp = Blueprint("share", __name__, url_prefix="/games")

Kind = Literal["play", "watch", "display"]
ADDRESS_SETTING = "public_url"


@dataclass(frozen=True)
class Invite:
    """One link as the share panel shows it; ``url`` is None when the tablet is on no network."""

    kind: Kind
    url: str | None

    @property
    def qr(self) -> Markup:
        return qr_svg(self.url or "")

    @property
    def qr_among_many(self) -> Markup:
        """The QR code for a page that shows several (the club page): without the id qrcode gives its path."""
        return Markup(str(self.qr).replace(' id="qr-path"', ""))


def qr_svg(url: str) -> Markup:
    # the filled variant of SvgPathImage: a QR needs its white quiet zone on our dark page
    return Markup(qrcode.make(url, image_factory=SvgPathFillImage).to_string(encoding="unicode"))


def phone_base() -> str | None:
    """Where phones reach this app: the address in the settings, else the one given at start, else the
    tablet's LAN address with the port this request came in on. Never localhost (phones cannot reach
    it): None when there is no network at all."""
    configured = store().setting(ADDRESS_SETTING, current_club() or LOCAL) or current_app.config.get("PUBLIC_URL")
    if configured:
        return configured if configured.endswith("/") else configured + "/"
    if hosted():
        return request.host_url  # a server's own name, as its devices reach it: it has no table's network
    return lan_url(_request_port(), "https" if request.is_secure else "http")


def _request_port() -> int:
    port = urlsplit(f"//{request.host}").port
    return port or int(request.environ.get("SERVER_PORT") or 80)


def invite(game: Game, kind: Kind = "play") -> Invite:
    base = phone_base()
    token = game.play_token if kind == "play" else game.watch_token
    page = "/display" if kind == "display" else ""
    return Invite(kind, f"{base}games/{token}{page}" if base else None)


def invite_for(access: Access) -> Invite | None:
    """The board's share panel: the tablet's alone (a phone never sees the other kind of link)."""
    return invite(access.game) if access.role == "host" else None


def _kind(value: str | None) -> Kind:
    if value not in ("play", "watch", "display"):
        abort(404)
    return value  # type: ignore[return-value]


@bp.get("/<key>/share")
@host_only
def share(key: str) -> str:
    access = open_game(key)
    return render_template("partials/_share.html", share=invite(access.game, _kind(request.args.get("kind"))), key=key)


@bp.post("/<key>/share/revoke")
@host_only
def revoke(key: str) -> str:
    access = open_game(key, act=True)
    kind = _kind(request.form.get("kind"))
    store().new_token(access.game.id, "play" if kind == "play" else "watch")
    return render_template("partials/_share.html", share=invite(store().load(access.game.id), kind), key=key,
                           revoked=True)
