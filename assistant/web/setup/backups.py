"""Back up every heist into one file, restore them from it, or add its heists beside these (to move them to another
laptop): the tablet's alone. The file's checks and the copy are assistant/backup.py's."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from flask import Blueprint, current_app, render_template, request, send_file
from werkzeug.wrappers import Response

from ... import backup
from ...words.i18n import _
from ..access import host_only
from ..extensions import csrf, store

bp = Blueprint("backups", __name__)

# the form around the file: its fields and the multipart boundaries
RESTORE_BODY = backup.RESTORE_LIMIT + 64 * 1024


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d-%H%M%S")


@bp.get("/backup")
@host_only
def download() -> Response:
    out = io.BytesIO()
    backup.write(store(), out)
    out.seek(0)
    return send_file(out, mimetype="application/gzip", as_attachment=True,
                     download_name=f"burgle-heists-{_stamp()}{backup.SUFFIX}")


def page(message: str | None = None, error: str | None = None, status: int = 200) -> tuple[str, int]:
    """The heists' page, its backup section opened with what happened."""
    return render_template("home.html", games=store().games(), backup_message=message, backup_error=error), status


def too_big() -> tuple[str, int]:
    return page(error=_("That file is bigger than any backup the app takes back (%(mb)s MB): nothing was changed.",
                        mb=backup.RESTORE_LIMIT // (1024 * 1024)), status=413)


# the bigger body is taken from the host alone: the cap is raised in the view, after the host check, and the CSRF
# token is checked after it (CSRFProtect's own check, before any view, would read the body under the 1 MB cap)
@bp.post("/restore")
@csrf.exempt
@host_only
def restore() -> tuple[str, int]:
    request.max_content_length = RESTORE_BODY
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    upload = request.files.get("backup")
    if upload is None:
        return page(error=_("Choose a backup file first."), status=400)
    replace = request.form.get("mode") == "replace"
    try:
        with backup.checked(upload.stream) as checked:
            if not replace:
                added, here = store().add_from(checked)
                return page(_("%(added)s heists added from the backup; %(here)s were here already.",
                              added=added, here=here))
            kept = Path(store().path).with_name(f"heists-before-restore-{_stamp()}.sqlite3")  # the data folder
            store().copy_to(kept)  # the heists replaced stay in a file of their own
            store().replace_with(checked)
    except backup.BackupError as err:
        return page(error=_(err.message, **err.params), status=422)
    return page(_("Every heist was restored from the backup. The ones it replaced are kept in %(file)s.",
                  file=kept.name))
