"""The tablet's settings: the address phones are shown (when it has several networks, or a name)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from . import store
from .access import host_only
from .lan import check_address
from .share import ADDRESS_SETTING, phone_base

bp = Blueprint("settings", __name__)


def _page(typed: str, error: str | None = None, saved: bool = False) -> str:
    return render_template("settings.html", typed=typed, error=error, saved=saved, address=phone_base())


@bp.get("/settings")
@host_only
def settings() -> str:
    return _page(store().setting(ADDRESS_SETTING) or "")


@bp.post("/settings")
@host_only
def save() -> str | tuple[str, int]:
    typed = request.form.get("public_url", "")
    try:
        address = check_address(typed)
    except ValueError as err:
        return _page(typed, error=str(err)), 422
    store().set_setting(ADDRESS_SETTING, address)
    return _page(address or "", saved=True)
