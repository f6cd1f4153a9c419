"""What an installed app needs beside the manifest (static/manifest.json; issue 35 §5): its service worker, served
from the top of the site so that it may answer for every page, and the page it shows when the laptop cannot be
reached."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template
from werkzeug.wrappers import Response

bp = Blueprint("installable", __name__)


@bp.get("/sw.js")
def service_worker() -> Response:
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"  # a new version of the app reaches installed devices at once
    return response


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html")
