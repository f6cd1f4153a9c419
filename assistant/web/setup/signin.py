"""A club's sign-in on a hosted service (issue 37 §4): its name and password, a one-time link another of its
devices made, or a new club (unless the operator turned sign-up off: ``--no-signup``, then ``python -m assistant
club add NAME`` makes clubs). Wrong passwords and links count against the address as wrong heist links do
(web/misses.py). The laptop has none of these pages: its host is the browser on it."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...store_clubs import MAX_NAME, Club, ClubTakenError
from ...words.i18n import _
from ..access import guard_misses, refuse_quietly
from ..club_session import hosted, sign_in, sign_out, signed_in
from ..extensions import store

bp = Blueprint("signin", __name__)

MIN_PASSWORD, MAX_PASSWORD = 8, 200


@bp.before_request
def _hosted_only() -> None:
    if not hosted():
        abort(404)  # the laptop's host is the browser on it, or its host link


@bp.app_template_global()
def club_signed_in() -> Club | None:
    """The club the heists page says this device is signed in to (None on the laptop)."""
    return signed_in() if hosted() else None


def signup_open() -> bool:
    return bool(current_app.config.get("SIGNUP", True))


def _page(status: int = 200, **shown: object) -> tuple[str, int]:
    return render_template("signin.html", club=signed_in(), signup=signup_open(), **shown), status


@bp.get("/signin")
def page() -> tuple[str, int]:
    return _page()


@bp.post("/signin")
def signin() -> Response | tuple[str, int]:
    guard_misses()
    name = request.form.get("name", "")
    club = store().signed_in(name, request.form.get("password", ""))
    if club is None:
        refuse_quietly()
        return _page(401, name=name, error=_("No club has that name and password. Check both, and the keyboard's "
                                             "language and capitals."))
    sign_in(club)
    return redirect(url_for("home.index"))


@bp.post("/signout")
def signout() -> Response:
    sign_out()
    return redirect(url_for("signin.page"))


@bp.get("/signin/<token>")
def link(token: str) -> tuple[str, int]:
    """A one-time link opened: a button spends it (a chat app's preview of the link, a GET, must not)."""
    return render_template("signin_link.html", token=token), 200


@bp.post("/signin/<token>")
def use_link(token: str) -> Response | tuple[str, int]:
    guard_misses()
    club = store().use_sign_in_link(token)
    if club is None:
        refuse_quietly()
        return _page(404, error=_("That sign-in link was used already, has expired or was never made. Sign in with "
                                  "the club's name and password, or ask a device signed in to the club for a new "
                                  "link."))
    sign_in(club)
    return redirect(url_for("home.index"))


@bp.post("/clubs")
def start_club() -> Response | tuple[str, int]:
    if not signup_open():
        abort(404)
    guard_misses()
    name, password, again = (request.form.get(k, "") for k in ("club_name", "new_password", "again"))
    shown = " ".join(name.split())
    problem = None
    if not shown:
        problem = _("Give the club a name.")
    elif len(shown) > MAX_NAME:
        problem = _("A club's name is at most %(most)s letters.", most=MAX_NAME)
    else:
        problem = password_problem(password, again)
    if problem is None:
        try:
            club = store().create_club(shown, password)
        except ClubTakenError:
            refuse_quietly()  # counted: trying names one after another would list the service's clubs
            problem = _("Another club has that name: choose another, or sign in if it is yours.")
        else:
            sign_in(club)
            return redirect(url_for("home.index"))
    return _page(422, club_name=name, signup_error=problem)


def password_problem(password: str, again: str) -> str | None:
    """What is wrong with a new password typed twice, in words; None when it will do."""
    if len(password) < MIN_PASSWORD:
        return _("A password is at least %(least)s characters.", least=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        return _("A password is at most %(most)s characters.", most=MAX_PASSWORD)
    if password != again:
        return _("The two passwords are not the same: type the new one twice.")
    return None
