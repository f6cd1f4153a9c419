"""A Burgle Bros 2 campaign (issue 36 §1): its page (the Heist Log, what comes next, each heist's report), the setup
of its next heist through the new-heist form, and the result the table writes in the log after a heist. The tablet's
alone. The log's arithmetic is the engine's (bb2/campaign.py), its rows the store's (store_campaigns.py)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...engine.bb2.campaign import Heist, random_finales
from ...engine.errors import BoardError, RulesError
from ...store import NotFoundError
from ...store_campaigns import CampaignNotFoundError, CampaignRecord
from ...words.i18n import _
from ...words.refusals import refusal
from ..access import host_club, host_only
from ..extensions import store
from ..forms import NewHeist, new_heist_from_form
from ..limits import MAX_TEXT
from ..suspicion_form import meter_from_form
from .campaign_setup import first_heist, next_fields, next_heist
from .new_heist import form_page

bp = Blueprint("campaigns", __name__)


@dataclass(frozen=True)
class Line:
    """One heist of the log as the page shows it: the engine's line, its heist's id (None once deleted) and how its
    board ended (None while played, or deleted)."""

    heist: Heist
    game_id: str | None
    outcome: str | None


def _record(campaign_id: str) -> CampaignRecord:
    try:
        record = store().campaign(campaign_id)
    except CampaignNotFoundError:
        abort(404)
    if record.club != host_club():
        abort(404)  # another club's campaign: as wrong as no campaign
    return record


def _outcome(game_id: str | None) -> str | None:
    try:
        return None if game_id is None else store().load(game_id).state.outcome
    except NotFoundError:
        return None


def page(record: CampaignRecord, error: str | None = None, status: int = 200) -> tuple[str, int]:
    lines = [Line(h, g, _outcome(g)) for h, g in zip(record.log.heists, record.games, strict=True)]
    remembered = record.meter.get(record.log.suspicion)  # the sheet's prompt at that Suspicion, as typed before
    prompt = {f"{kind}{n}": getattr(change, kind) for n, change in enumerate(remembered.floors, start=1)
              for kind in ("distracted", "removed")} if remembered else {}
    random_link = url_for("setup.new", game="bb2", mode="random", suspicion=record.log.suspicion,
                          finale=list(random_finales(record.log.finales_won)), **prompt)
    return render_template("campaign.html", campaign=record, log=record.log, lines=lines, error=error,
                           random_link=random_link), status


@bp.get("/campaigns/<campaign_id>")
@host_only
def show(campaign_id: str) -> tuple[str, int]:
    return page(_record(campaign_id))


@bp.get("/campaigns/<campaign_id>/next")
@host_only
def next_heist_form(campaign_id: str) -> str | Response:
    """The next heist's setup; while one waits for its result, or after the ninth, the campaign's page says so."""
    record = _record(campaign_id)
    if record.log.next_finale is None:
        return redirect(url_for("campaigns.show", campaign_id=campaign_id, _anchor="next"))
    return form_page(MultiDict(next_fields(store(), record)), None, campaign=next_heist(record))


@bp.post("/campaigns")
@host_only
def start() -> Response | tuple[str, int]:
    """The first heist of a new campaign."""
    return _set_up(_campaign_form(), None)


@bp.post("/campaigns/<campaign_id>/next")
@host_only
def set_up_next(campaign_id: str) -> Response | tuple[str, int]:
    return _set_up(_campaign_form(), _record(campaign_id))


@bp.post("/campaigns/<campaign_id>/result")
@host_only
def result(campaign_id: str) -> Response | tuple[str, int]:
    """After Your Heist: won or lost, and the alternate gear card taken, written in the Heist Log."""
    record = _record(campaign_id)
    won = {"won": True, "lost": False}.get(request.form.get("result", ""))
    gear = request.form.get("gear") or ""
    try:
        if won is None:
            raise BoardError(_("say whether the heist was won or lost"))
        store().record_result(campaign_id, won, gear)
    except RulesError as err:
        return page(record, refusal(err), 422)
    return redirect(url_for("campaigns.show", campaign_id=campaign_id, _anchor="next"))


@bp.post("/campaigns/<campaign_id>/reopen")
@host_only
def reopen(campaign_id: str) -> Response | tuple[str, int]:
    """The last result tapped wrongly: taken back to be written again, until the next heist is set up."""
    record = _record(campaign_id)
    try:
        store().reopen_result(campaign_id)
    except RulesError as err:
        return page(record, refusal(err), 422)
    return redirect(url_for("campaigns.show", campaign_id=campaign_id, _anchor="next"))


def _campaign_form() -> MultiDict[str, str]:
    """The form as posted, always a Burgle Bros 2 heist in Campaign Mode."""
    form = MultiDict(request.form)
    form.setlist("game", ["bb2"])
    form.setlist("mode", ["campaign"])
    return form


def _set_up(form: MultiDict[str, str], record: CampaignRecord | None) -> Response | tuple[str, int]:
    """The heist set up and written as the campaign's next, then its board; or the form again, saying what to fix."""
    try:
        heist = new_heist_from_form(form)
        _campaign, game_id = store().create_campaign_heist(
            record.id if record else None, _name(form, heist), heist.title, heist.state, heist.setup,
            list(heist.state.crew), meter_from_form(form), club=host_club())
    except RulesError as err:
        return form_page(form, refusal(err), campaign=next_heist(record) if record else first_heist()), 422
    return redirect(url_for("game.board", key=game_id))


def _name(form: MultiDict[str, str], heist: NewHeist) -> str:
    """The new campaign's name as typed, else its first crew's."""
    name = (form.get("campaign_name") or "").strip()
    if len(name) > MAX_TEXT:
        raise BoardError(_("a campaign's name is at most %(most)s letters", most=MAX_TEXT))
    return name or _("Campaign of %(crew)s", crew=" & ".join(heist.state.crew))
