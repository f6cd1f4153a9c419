"""One heist on the table: the board, actions, undo/redo, the log, export and import."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import wraps
from typing import Any

from markupsafe import Markup, escape
from flask import Blueprint, Response, abort, flash, get_flashed_messages, redirect, render_template, request
from flask.blueprints import BlueprintSetupState
from werkzeug.wrappers import Response as BaseResponse

from ...engine.board import square_coords
from ...engine.cases import replay, state_from_case
from ...engine.errors import NoWayError, OverrulableError, RulesError
from ...engine.log import LogEntry
from ...engine.state import GameState
from ...engine.bb1.vocabulary import Spotter
from ...engine.vocabulary import Action, Move, Place
from ...store import Game, NotFoundError, StaleVersionError
from ...tiles import TILE_TYPES
from ...words.i18n import N_, _, ngettext
from ...words.refusals import refusal, refusal_sentence
from ..access import Access, host_club, host_only, open_game
from ..case_file import IMPORT_LIMIT, read_case
from ..extensions import store
from ..forms import action_from_form, as_form, version_from_form
from ..limits import whole_number
from ..links import url_for
from ..phones.share import invite_for
from ..setup.new_heist import IMPORTED_TITLE
from .export import game_as_case, may_export
from .menus import menu_view
from .page import table_page
from .pictures import room_icon, short_name
from .summary import action_words
from .tile_words import tile_label

bp = Blueprint("game", __name__, url_prefix="/games")
# what the tile picker of a face-down room draws (partials/_tile_grid.html), in a room's menu and the events menu:
# the same for every heist, so the templates have it whatever page includes the picker
TILE_PICKER = {"tiles": TILE_TYPES, "room_icon": room_icon, "short_name": short_name, "tile_label": tile_label}


@bp.record_once
def _tile_picker(setup: BlueprintSetupState) -> None:
    setup.app.jinja_env.globals.update(TILE_PICKER)


@bp.app_template_global()
def icons_href() -> str:
    """static/icons.svg's address, for a pictogram's ``<use>``."""
    return url_for("static", filename="icons.svg")


@bp.after_request
def _vary(response: BaseResponse) -> BaseResponse:
    # a board answer leaves out the floors the device says it shows (X-Floors): caches must tell them apart
    response.vary.add("X-Floors")
    return response


STALE = N_("The board changed on another device (or the button was tapped twice). This is the board as it is now.")


def _selected(game: Game) -> tuple[int, str] | None:
    """The room tapped (?room=2-B3, or the room field a button inside its open menu posts), checked
    against the board; anything odd selects nothing."""
    text, _sep, square = request.values.get("room", "").partition("-")
    floor = whole_number(text)
    if floor not in game.state.floors or len(square) > 3:
        return None
    try:
        square_coords(square.upper(), game.state.size)
    except RulesError:
        return None
    return floor, square.upper()


def _game_partial(access: Access, **extra: Any) -> str:
    return render_template("partials/_game.html", page=table_page(access, **extra))


@bp.get("/<key>")
def board(key: str) -> str:
    access = open_game(key)
    notice = " ".join(str(m) for m in get_flashed_messages()) or None  # "Went back …" after the whole log's form
    return render_template("game.html", page=table_page(access, selected=_selected(access.game), notice=notice),
                           share=invite_for(access))


@bp.get("/<key>/panel")
def panel(key: str) -> str:
    access = open_game(key)
    # animate=1: a device fetching the board because another one changed it plays the guard's walk too
    return _game_partial(access, selected=_selected(access.game), animate=request.args.get("animate") == "1")


@bp.get("/<key>/menu/<group>")
def menu(key: str, group: str) -> str:
    """One menu of the actions panel, loaded when it is opened (web/table/menus.py)."""
    access = open_game(key, act=True)
    view = menu_view(access.game.state, access.game.rulebook, group)
    if view is None:
        nothing = escape(_("Nothing to play here right now."))  # the heist moved on since the menu was drawn
        return f'<div class="menu-body"><p class="muted">{nothing}</p></div>'
    body = render_template(f"partials/_menu_{group}.html", menu=view, act=url_for("game.act", key=key),
                           current=access.game.state.current())
    if request.args.get("sheet") == "1":  # opened from the turn bar: over the bottom of the screen, as a room's menu
        return render_template("partials/_menu_sheet.html", group=group, menu=view, body=Markup(body))
    return body


def answer_first(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view that changes a heist: every other device following it is told once this device's answer is drawn
    (``Broker.holding``), so their fetches do not hold up the answer of the one who tapped."""
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        with store().broker.holding():
            return view(*args, **kwargs)
    return wrapped


@bp.post("/<key>/act")
@answer_first
def act(key: str) -> str | BaseResponse:
    access = open_game(key, act=True)
    action = None
    try:
        action = action_from_form(request.form)
        game, log = store().act(access.game.id, action, version_from_form(request.form), loaded=access.game)
    except StaleVersionError:
        return _refuse(open_game(key), _(STALE))
    except NoWayError as err:
        # the table keeps the last word: one tap puts the burglar where the board shows her, a correction
        put = Place(who=action.who, floor=action.floor, to=action.to) if isinstance(action, Move) else None
        overrule = as_form(put) if put else None
        return _refuse(open_game(key), refusal_sentence(err), overrule=overrule)
    except OverrulableError as err:
        # the table keeps the last word: one tap sends the same action again, as a correction (a room, card, token
        # or answer no box could produce; an escape or a Safe cracked the board does not show)
        overrule = {**as_form(action), "correction": "1"} if action is not None else None
        return _refuse(open_game(key), refusal_sentence(err), overrule=overrule)
    except RulesError as err:
        return _refuse(open_game(key), refusal_sentence(err))
    return _respond(replace(access, game=game), animate=True, spotted_card=spotted_card(game.state, action), log=log)


def spotted_card(state: GameState, action: Action) -> str | None:
    """§1.22 Spotter: the top card she just looked at, for the answer to her own tap alone (never stored
    in the page other devices or a reload get)."""
    if not isinstance(action, Spotter) or action.keep != "look" or not state.spotted:
        return None
    b = state.crew.get(str(action.who))
    deck = state.floors[b.floor].deck if b else []
    return deck[0] if deck else None


@bp.post("/<key>/undo")
@answer_first
def undo(key: str) -> str | BaseResponse:
    return _move(key, store().undo, "Undone")


@bp.post("/<key>/redo")
@answer_first
def redo(key: str) -> str | BaseResponse:
    return _move(key, store().redo, "Redone")


def _said(game: Game, seq: int) -> str:
    """What action ``seq`` did, in a few words."""
    _seq, action, log = store().action_at(game.id, seq)
    return action_words(action, log, game.rulebook.rules.figure)


def _move(key: str, step: Any, done: str) -> str | BaseResponse:
    """Undo or redo one action, and say which (undo names the action it takes back, redo the one it
    puts back)."""
    access = open_game(key, act=True)
    try:
        before, version = access.game, version_from_form(request.form)
        # the version first: a page drawn before another device's Undo names an action that may be in effect no more
        if version is not None and version != before.version:
            raise StaleVersionError(before.id)
        what = _said(before, before.head) if done == "Undone" and before.head else ""
        game = step(before.id, version)
        if done == "Redone" and game.head > before.head:
            what = _said(game, game.head)
    except NotFoundError:  # the head moved on another device between this request's reading and its describing
        return _refuse(open_game(key), _(STALE))
    except StaleVersionError:
        return _refuse(open_game(key), _(STALE))
    except RulesError as err:
        return _refuse(access, refusal(err))
    said = _("%(head)s: %(rest)s", head=_("Undone") if done == "Undone" else _("Redone"), rest=what)
    return _respond(replace(access, game=game), notice=said if what and game.head != before.head else None)


@bp.post("/<key>/back")
@answer_first
def back(key: str) -> str | BaseResponse:
    """"Go back to here" from the whole log: undo every action after ``seq`` (Redo brings them back)."""
    access = open_game(key, act=True)
    game, seq = access.game, whole_number(request.form.get("seq"))
    if seq is None or not 0 <= seq < game.head:
        return _refuse(access, _("There is nothing after that point to go back from."))
    version = version_from_form(request.form)
    try:
        undone = game.head - seq
        while game.head > seq:
            game = store().undo(game.id, version)
            version = game.version
    except StaleVersionError:
        return _refuse(open_game(key), _(STALE))
    notice = ngettext("Went back to #%(seq)s: %(num)s action undone. Redo puts them back one at a time.",
                      "Went back to #%(seq)s: %(num)s actions undone. Redo puts them back one at a time.",
                      undone, seq=seq)
    return _respond(replace(access, game=game), notice=notice)


def board_with_error(key: str, message: str) -> str | BaseResponse:
    """The board as it is now, saying ``message`` where the person tapped (nothing was applied)."""
    return _refuse(open_game(key), message)


def _refuse(access: Access, error: str, overrule: dict[str, str] | None = None) -> str | BaseResponse:
    """A refused action: the board as it is now with ``error``, and the room menu that was open kept
    open (its buttons post the room they belong to), so the message shows where the person tapped.
    ``overrule``: the form fields of the same action marked as a correction ("The board says otherwise")."""
    selected = _selected(access.game)
    if request.headers.get("HX-Request"):
        return _game_partial(access, error=error, selected=selected, overrule=overrule)
    return render_template("game.html", page=table_page(access, error=error, selected=selected, overrule=overrule))


def _respond(access: Access, error: str | None = None, animate: bool = False,
             spotted_card: str | None = None, notice: str | None = None,
             log: Sequence[LogEntry] | None = None) -> str | BaseResponse:
    """htmx gets the game partial back (``log``: the action's own, as the store returned it, not read back); a plain
    form post (a tap before htmx took over the page) goes back to the board: 303, so the browser fetches it and a
    reload does not post again."""
    if request.headers.get("HX-Request"):
        return _game_partial(access, error=error, animate=animate, spotted_card=spotted_card, notice=notice, log=log)
    if notice:
        flash(notice)
    if error or spotted_card:
        return render_template("game.html", page=table_page(access, error=error, spotted_card=spotted_card))
    return redirect(url_for("game.board", key=access.key), 303)


@bp.get("/<key>/log")
def log(key: str) -> str:
    access = open_game(key)
    return render_template("log.html", game=access.game, key=key, history=store().history(access.game.id),
                           can_act=access.can_act,
                           in_order_export=access.role == "host" and access.game.state.deck_mode == "app")


@bp.get("/<key>/export.json")
def export(key: str) -> Response:
    """The heist as a case: the app's face-down patrol cards as a set, never in draw order (export.py)."""
    access = open_game(key)
    game = access.game
    if not may_export(access.role, game.state):  # the set of cards left is hidden too (§1.22 Information)
        abort(403, _("While the heist is on, its file (which holds the shuffled patrol decks) is exported from the "
                     "table's tablet only."))
    return _case_file(game, whole_number(request.args.get("floor")), in_order=False)


@bp.get("/<key>/export-in-order")
def export_in_order(key: str) -> str | Response:
    """The fuller file for a bug report, the face-down patrol cards in draw order: the tablet's only, and only
    after a page that says plainly what it spoils (§1.22 Information)."""
    access = open_game(key)
    if access.role != "host":
        abort(403, _("This page belongs to the table's tablet. To follow a heist, scan the QR code on its board."))
    if request.args.get("confirm") != "yes":
        return render_template("export_in_order.html", game=access.game, key=key)
    return _case_file(access.game, None, in_order=True)


def _case_file(game: Game, floor: int | None, in_order: bool) -> Response:
    case = game_as_case(game.state, game.rulebook, game.title, floor, store().history(game.id), in_order=in_order)
    body = json.dumps(case, indent=2)
    name = f"heist-{game.id}" + (f"-floor{floor}" if floor else "") + ("-spoiler" if in_order else "") + ".json"
    return Response(body, mimetype="application/json", headers={"Content-Disposition": f"attachment; filename={name}"})


def import_refused(message: str, status: int = 422) -> tuple[str, int]:
    """The home page again with the message beside the import field (opened, so it is seen)."""
    club = host_club()
    return render_template("home.html", games=store().games(club), campaigns=store().campaigns(club),
                           import_error=message), status


@bp.post("/import")
@host_only
def import_case() -> str | BaseResponse | tuple[str, int]:
    upload = request.files.get("case")
    try:
        # one byte past the limit is enough to know the file is too big
        case = read_case(upload.read(IMPORT_LIMIT + 1) if upload else b"{}")
        # a file without a seed is dealt (its face-down cards) and reshuffled by a fresh one, chosen here at the edge
        case.setdefault("seed", secrets.randbelow(10**9))
        state = state_from_case(case)
        # its actions played as every reader plays them (engine/cases.replay): the heist opens after them, with
        # them in its log (Undo goes back to the case's position), a question they stopped at waiting on the board
        played = replay(case, start=state)
    except ValueError as err:  # CaseFileError and the engine's RulesError (its position or an action) say what is wrong
        return import_refused(_("That file is not a case: %(problem)s", problem=refusal(err)))
    title = str(case.get("about") or case.get("id") or IMPORTED_TITLE)[:80]
    return redirect(url_for("game.board", key=store().create(title, state, steps=played.steps, club=host_club())))
