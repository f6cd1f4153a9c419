"""New heist: the setup form. The board page then guides the break-in (walls, guard, entrance)."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...engine.bb2.campaign import FINALES, FIRST_SUSPICION, HIGHEST_SUSPICION
from ...engine.errors import RulesError
from ...engine.scenarios import SCENARIOS
from ...store import NotFoundError
from ...words.i18n import N_, _
from ...words.refusals import refusal
from ..access import host_club, host_only
from ..extensions import store
from ..forms import chosen_game, new_heist_from_form
from ..suspicion_form import mode_of
from ..table import teach
from .again import known_setup
from .home import own_heist
from .campaign_setup import NextHeist, first_heist

bp = Blueprint("setup", __name__)

# the game comes first on the form: three big choices, each saying in a line what makes it different
# (translated where shown: the template's _)
GAMES = (
    ("bb1", N_("Burgle Bros"), N_("The Office Job, the Bank Job or Fort Knox: guards with a die, Stealth, alarms.")),
    ("bb2", N_("Burgle Bros 2 · The Casino Capers"), N_("Two floors; bouncers that always move 3, heat, commotions.")),
    ("bb3", N_("Burgle Bros 3 · Future Flip"), N_("Two floors; a destination die, alarm cubes, suspicion, workers.")),
)
# the jobs' names on the form (engine/scenarios.py spells them in English for the heist's saved title)
JOB_TITLES = {"office": N_("The Office Job"), "bank": N_("The Bank Job"), "fort_knox": N_("Fort Knox")}
IMPORTED_TITLE = N_("Imported position")  # an imported case with neither "about" nor "id"


@bp.app_template_global()
def heist_title(title: str) -> str:
    """A heist's saved title ("The Bank Job — Ann & Bob", the job in English) in the reader's language."""
    for job in (*JOB_TITLES.values(), IMPORTED_TITLE):
        if title == job or title.startswith(f"{job} — "):
            return _(job) + title[len(job):]
    return title


def form_page(form: MultiDict[str, str], error: str | None, again: str | None = None,
              campaign: NextHeist | None = None) -> str:
    """The form; ``campaign``: the campaign heist it sets up (Burgle Bros 2 Campaign Mode: posted to the campaign)."""
    game = chosen_game(form)
    rules = game.name
    mode = mode_of(form) if rules == "bb2" else ""
    if mode == "campaign" and campaign is None:
        campaign = first_heist()
    return render_template("new.html", scenarios=SCENARIOS, form=form, error=error, games=GAMES, job_titles=JOB_TITLES,
                           rules=rules, ruleset=game.rules, characters=game.setup.characters or (), again=again,
                           mode=mode, campaign=campaign, finales=range(1, FINALES + 1),
                           normal_suspicion=FIRST_SUSPICION, most_suspicion=HIGHEST_SUSPICION, **game.setup.shown)


@bp.get("/new")
@host_only
def new() -> str:
    if request.args.get("teach") == "1":
        return form_page(teach_me_form(), None)
    return form_page(request.args, None)


def teach_me_form() -> MultiDict[str, str]:
    """Teach me: the form filled in for a first heist, a Bank Job for two burglars with the printed walls and the app's
    patrol cards, taught step by step (web/table/teach.py); the table may still change any of it."""
    return MultiDict({"game": "bb1", "scenario": "bank", "name1": _("Burglar %(n)s", n=1),
                      "name2": _("Burglar %(n)s", n=2), "difficulty": "normal", "walls": "default", "deck": "app",
                      "teach": "on"})


@bp.get("/games/<game_id>/again")
@host_only
def again(game_id: str) -> str | Response:
    """Play again with this crew: the new-heist form as this heist was set up, to check and start; no seed, so a new
    one is dealt. ``again`` tells the page what came back: every setting ("kept") or what the heist's first position
    shows ("known": saved before the app kept the form, or imported). A campaign's heist goes on with the campaign's
    next one."""
    own_heist(game_id)
    campaign_id = store().campaign_of(game_id)
    if campaign_id is not None:
        return redirect(url_for("campaigns.next_heist_form", campaign_id=campaign_id))
    try:
        setup, first, game = store().setup(game_id)
    except NotFoundError:
        abort(404)
    fields = setup if setup is not None else known_setup(first, game)
    return form_page(MultiDict(fields), None, again="kept" if setup is not None else "known")


@bp.post("/new")
@host_only
def create() -> Response | tuple[str, int]:
    try:
        heist = new_heist_from_form(request.form)
    except RulesError as err:
        return form_page(request.form, refusal(err)), 422
    game_id = store().create(heist.title, heist.state, heist.setup, club=host_club())
    if request.form.get("teach") == "on" and chosen_game(request.form).rules.printed_walls:
        teach.start(game_id)  # a Burgle Bros 1 heist: the lesson's words are its rules
    return redirect(url_for("game.board", key=game_id))

