"""Back up every heist into one file, restore them from it, or add its heists beside these (to move them to another
laptop): the tablet's alone. The file's checks and the copy are assistant/backup.py's."""

from __future__ import annotations

import io
import secrets
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, render_template, request, send_file
from werkzeug.wrappers import Response

from ... import backup
from ...store import LinkTakenError, NotFoundError
from ...store_clubs import LOCAL
from ...words.i18n import _
from ..access import host_club, host_only
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
    backup.write(store(), out, host_club())
    out.seek(0)
    return send_file(out, mimetype="application/gzip", as_attachment=True,
                     download_name=f"burgle-heists-{_stamp()}{backup.SUFFIX}")


def page(message: str | None = None, error: str | None = None, status: int = 200,
         longer: list[dict[str, Any]] | None = None) -> tuple[str, int]:
    """The heists' page, its backup section opened with what happened; ``longer``: the heists the backup added holds
    further on than here, each offered with a button that takes it."""
    club = host_club()
    return render_template("home.html", games=store().games(club), campaigns=store().campaigns(club),
                           backup_message=message, backup_error=error,
                           backup_longer=longer or []), status


def _offer_file() -> Path:
    """Where the checked copy of the last backup added waits while its longer heists are offered (the data
    folder: one a club at a time, replaced by the club's next backup added or restored)."""
    club = host_club()
    return store().folder / ("backup-offer.sqlite3" if club == LOCAL else f"backup-offer-{club}.sqlite3")


def _offer_key() -> str:
    return f"backup_offer/{host_club()}"


def _offer(checked: Path, here: list[str]) -> list[dict[str, Any]]:
    """The heists here that the backup holds further on, offered: the checked copy is kept for the button, under a
    new key (a page of an older offer takes nothing)."""
    longer = []
    for game_id in here:
        further = store().further_on(checked, game_id)
        if further is not None:
            longer.append({"id": game_id, "title": further[0], "theirs": further[1], "here": further[2]})
    current_app.extensions.pop(_offer_key(), None)
    _offer_file().unlink(missing_ok=True)
    if longer:
        shutil.copyfile(checked, _offer_file())
        current_app.extensions[_offer_key()] = secrets.token_urlsafe(16)
        for heist in longer:
            heist["offer"] = current_app.extensions[_offer_key()]
    return longer


def _own(game_id: str) -> bool:
    try:
        return store().load(game_id).club == host_club()
    except NotFoundError:
        return False


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
                added, here = store().add_from(checked, host_club())
                return page(_("%(added)s heists added from the backup; %(here)s were here already.",
                              added=added, here=len(here)), longer=_offer(checked, here))
            _offer(checked, [])  # an offer made before is of heists that are no more
            kept = store().folder / f"heists-before-restore-{_stamp()}.sqlite3"  # the data folder
            store().copy_to(kept, host_club())  # the heists replaced stay in a file of their own
            store().replace_with(checked, host_club())
    except backup.BackupError as err:
        return page(error=_(err.message, **err.params), status=422)
    except LinkTakenError as err:
        return page(error=_("The heist %(title)s in that backup has a link a heist here already has: nothing was "
                            "added.", title=err.args[0]), status=422)
    return page(_("Every heist was restored from the backup. The ones it replaced are kept in %(file)s.",
                  file=kept.name))


@bp.post("/restore/longer")
@host_only
def take_longer() -> tuple[str, int]:
    """The button beside a heist the last backup added holds further on: this heist becomes the backup's."""
    game_id = request.form.get("game", "")
    offered = current_app.extensions.get(_offer_key())
    head = None
    if offered and _own(game_id) and secrets.compare_digest(request.form.get("offer", "").encode(), offered.encode()) \
            and _offer_file().exists():
        head = store().take_longer(_offer_file(), game_id)
    if head is None:
        return page(error=_("That heist is no longer further on in the backup (it was played here since, or another "
                            "backup came after): add the backup again."), status=409)
    return page(_("%(title)s is now as in the backup, at action %(num)s.", title=store().load(game_id).title,
                  num=head))
