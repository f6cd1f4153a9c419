"""The heist report (issue 25 §3): the story of the heist, at the end or at any time from the board: a chart per
turn of the danger the crew faced against what happened, Stealth over time, alarms, patrol cards drawn and
reshuffles, drawn as SVG on the server (assistant.render.story_svg), and the luckiest and unluckiest moments in
words. The numbers are assistant.story's; this module reads the heist from the store and says them."""

from __future__ import annotations

from flask import Blueprint, render_template
from markupsafe import Markup

from ...render.story_svg import story_svg
from ...story import Moment, Step, heist_story, luckiest, unluckiest
from ...words.i18n import _
from ..access import current_club, open_game
from ..extensions import store
from .board_view import colour_of
from .danger import percent

bp = Blueprint("report", __name__, url_prefix="/games")


def moment_words(moment: Moment | None, lucky: bool) -> str | None:
    if moment is None:
        return None
    if lucky:
        return _("%(who)s survived a %(percent)s chance of being found on turn %(turn)s.", who=moment.who,
                 percent=percent(moment.chance), turn=moment.turn)
    return _("%(who)s was found on turn %(turn)s against a %(percent)s chance.", who=moment.who,
             percent=percent(moment.chance), turn=moment.turn)


@bp.get("/<key>/report")
def show(key: str) -> str:
    access = open_game(key)
    game = access.game
    first, actions = store().timeline(game.id)
    steps, before = [], first
    for action, log, after in actions:
        steps.append(Step(action, log, before, after))
        before = after
    turns = heist_story(steps, game.rulebook)
    colours = {name: colour_of(game.state, name) for name in game.state.crew}
    chart = Markup(story_svg(turns, colours, title=_("The heist, turn by turn")))
    return render_template("report.html", game=game, key=key, turns=turns, chart=chart, colours=colours,
                           host=game.club == current_club(), lucky=moment_words(luckiest(turns), True),
                           unlucky=moment_words(unluckiest(turns), False), percent=percent,
                           campaign=store().campaign_of(game.id))
