"""The tablet's settings: the address phones are shown (when it has several networks, or a name), and
a new host link (after the old one was seen by someone who should not be the table's tablet). On a hosted service
each club's own (issue 37 §4): its address, a one-time sign-in link for another of its devices, its password, and
signing out; no host link."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup

from ... import authority, current_version
from ...store_clubs import LINK_LIFETIME
from ...words.i18n import _
from ...words.refusals import refusal
from ..access import host_club, host_only, rotate_host_key
from ..club_session import hosted, sign_in, signed_in
from ..extensions import store
from ..phones.lan import check_address
from ..phones.share import ADDRESS_SETTING, phone_base, qr_svg
from .signin import password_problem

bp = Blueprint("settings", __name__)

MAX_ADDRESS = 200  # a LAN address with a port is about 30 characters; a name a little more


def page(typed: str | None = None, error: str | None = None, saved: bool = False, host_link: str | None = None,
         sign_in_link: str | None = None, password_error: str | None = None, password_saved: bool = False) -> str:
    qr: Markup | None = qr_svg(host_link) if host_link else None
    return render_template("settings.html", typed=_typed() if typed is None else typed, error=error, saved=saved,
                           address=phone_base(), host_link=host_link, host_qr=qr, version=current_version(),
                           trusted=authority.load(Path(current_app.instance_path)) is not None,
                           hosted=hosted(), club=signed_in() if hosted() else None, sign_in_link=sign_in_link,
                           sign_in_qr=qr_svg(sign_in_link) if sign_in_link else None,
                           link_hours=int(LINK_LIFETIME.total_seconds() // 3600), password_error=password_error,
                           password_saved=password_saved)


def _typed() -> str:
    return store().setting(ADDRESS_SETTING, host_club()) or ""


@bp.get("/settings")
@host_only
def settings() -> str:
    return page()


@bp.post("/settings")
@host_only
def save() -> str | tuple[str, int]:
    typed = request.form.get("public_url", "")
    try:
        address = _address(typed)
    except ValueError as err:
        return page(typed, error=refusal(err)), 422
    store().set_setting(ADDRESS_SETTING, address, host_club())
    return page(address or "", saved=True)


def _address(typed: str) -> str | None:
    if len(typed) > MAX_ADDRESS:
        raise ValueError(_("That is %(n)s characters long: an address is at most %(most)s. Type only the address "
                           "and port, for example http://192.168.1.20:8000/.", n=len(typed), most=MAX_ADDRESS))
    return check_address(typed)


@bp.post("/settings/host-link")
@host_only
def new_host_link() -> str:
    if hosted():
        abort(404)  # clubs sign in: there is no host link
    key = rotate_host_key()
    base = phone_base() or request.host_url
    return page(host_link=f"{base}host/{key}")


@bp.post("/settings/sign-in-link")
@host_only
def new_sign_in_link() -> str:
    """A one-time link that signs another device in to this club (shown once, with its QR code)."""
    if not hosted():
        abort(404)
    token = store().make_sign_in_link(host_club())
    return page(sign_in_link=f"{phone_base() or request.host_url}signin/{token}")


@bp.post("/settings/password")
@host_only
def new_password() -> str | tuple[str, int]:
    """The club's new password: every other device signed in must sign in again, this one stays in."""
    if not hosted():
        abort(404)
    password, again = request.form.get("new_password", ""), request.form.get("again", "")
    problem = password_problem(password, again)
    if problem is not None:
        return page(password_error=problem), 422
    sign_in(store().set_password(host_club(), password))
    return page(password_saved=True)
