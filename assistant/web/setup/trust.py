"""*Make this laptop trusted* (issue 35 §5): phones and tablets on the LAN get https, so they can install the app
and keep the screen on. The tablet makes the laptop's authority (authority.py) once; any device then opens /trust
(the page is public: the certificate is what every device may see), downloads the certificate from its QR code,
follows its own system's steps in its own language, and opens the app over https (secure_serving.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import authority
from ...secure_serving import EXTENSION, Https, current_names
from ..access import host_only, is_host
from ..phones.lan import lan_addresses
from ..phones.share import phone_base, qr_svg

bp = Blueprint("trust", __name__)

CA_FILE = "burgle-guard-assistant.crt"


@dataclass(frozen=True)
class Secure:
    """Where this laptop answers over https, and whether it does now."""

    url: str
    serving: bool
    problem: str | None


def _folder() -> Path:
    return Path(current_app.instance_path)


def _https() -> Https | None:
    return current_app.extensions.get(EXTENSION)


def secure() -> Secure:
    https = _https()
    port = https.port if https else int(current_app.config.get("HTTPS_PORT") or 8443)
    addresses = lan_addresses()
    url = f"https://{addresses[0] if addresses else 'localhost'}:{port}/"
    problem = https.problem.strerror or str(https.problem) if https and https.problem else None
    return Secure(url, bool(https and https.listener), problem)


def _qr(url: str) -> Markup:
    """A QR code for a page that holds two: without the id qrcode gives its path."""
    return Markup(str(qr_svg(url)).replace(' id="qr-path"', ""))


@bp.get("/trust")
def page() -> str:
    ca = authority.load(_folder())
    if ca is None:
        return render_template("trust.html", ca=None, host=is_host())
    # the tablet shows where a phone opens this page on its own screen: the steps then come in its language
    here = f"{phone_base() or request.host_url}trust"
    there = secure()
    return render_template("trust.html", ca=ca, host=is_host(), ca_file=CA_FILE, here=here, here_qr=_qr(here),
                           secure=there, secure_qr=_qr(f"{there.url}trust"), names=ca.permitted)


@bp.post("/trust")
@host_only
def make() -> Response:
    authority.make(_folder(), current_names())
    https = _https()
    if https:
        https.start_soon()
    return redirect(url_for("trust.page"), 303)


@bp.get(f"/trust/{CA_FILE}")
def certificate() -> Response:
    ca = authority.load(_folder())
    if ca is None:
        return redirect(url_for("trust.page"), 303)
    # the type phones open as a certificate to install (iOS: a profile), and a name that says whose it is
    return Response(ca.pem, mimetype="application/x-x509-ca-cert",
                    headers={"Content-Disposition": f"attachment; filename={CA_FILE}"})
