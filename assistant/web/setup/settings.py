"""The tablet's settings: the address phones are shown (when it has several networks, or a name), and
a new host link (after the old one was seen by someone who should not be the table's tablet)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, render_template, request
from markupsafe import Markup

from ... import authority, current_version
from ...words.i18n import _
from ...words.refusals import refusal
from ..access import host_only, rotate_host_key
from ..extensions import store
from ..phones.lan import check_address
from ..phones.share import ADDRESS_SETTING, phone_base, qr_svg

bp = Blueprint("settings", __name__)

MAX_ADDRESS = 200  # a LAN address with a port is about 30 characters; a name a little more


def page(typed: str, error: str | None = None, saved: bool = False, host_link: str | None = None) -> str:
    qr: Markup | None = qr_svg(host_link) if host_link else None
    return render_template("settings.html", typed=typed, error=error, saved=saved, address=phone_base(),
                           host_link=host_link, host_qr=qr, version=current_version(),
                           trusted=authority.load(Path(current_app.instance_path)) is not None)


@bp.get("/settings")
@host_only
def settings() -> str:
    return page(store().setting(ADDRESS_SETTING) or "")


@bp.post("/settings")
@host_only
def save() -> str | tuple[str, int]:
    typed = request.form.get("public_url", "")
    try:
        address = _address(typed)
    except ValueError as err:
        return page(typed, error=refusal(err)), 422
    store().set_setting(ADDRESS_SETTING, address)
    return page(address or "", saved=True)


def _address(typed: str) -> str | None:
    if len(typed) > MAX_ADDRESS:
        raise ValueError(_("That is %(n)s characters long: an address is at most %(most)s. Type only the address "
                           "and port, for example http://192.168.1.20:8000/.", n=len(typed), most=MAX_ADDRESS))
    return check_address(typed)


@bp.post("/settings/host-link")
@host_only
def new_host_link() -> str:
    key = rotate_host_key()
    base = phone_base() or request.host_url
    return page(store().setting(ADDRESS_SETTING) or "", host_link=f"{base}host/{key}")
