"""Club night (issue 24): the host's page of every heist this app serves, a compact row each (issue 35 §4: twenty fit
one laptop screen) with the QR codes its table joins by, whose turn it is and when it last changed; open or delete
it from there. The page follows every heist live: one stream rings for any change (phones/live.py's ClubStream) and
the page fetches its list again. The tablet's alone."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, render_template

from ...engine.state import GameState
from ...store import Game, club_channel
from ...words.i18n import N_, _
from ..access import host_club, host_only
from ..club_session import hosted
from ..extensions import store
from ..phones.live import club_events
from ..phones.share import Invite, Kind, invite

bp = Blueprint("club", __name__)

# the links a table joins by, in the order the page shows them, each with its caption and its QR code's name
CLUB_LINKS: dict[Kind, tuple[str, str]] = {
    "play": (N_("Play link"), N_("QR code of the play link")),
    "watch": (N_("Watch link"), N_("QR code of the watch link")),
    "display": (N_("Display link"), N_("QR code of the display link")),
}


@dataclass(frozen=True)
class Table:
    """One heist as the club page shows it."""

    game: Game
    status: str
    following: int  # devices following it live now
    links: tuple[Invite, ...]


def status(state: GameState) -> str:
    """Where the heist stands, in a few words: whose turn, or how it ended."""
    if state.outcome == "caught":
        return _("Caught: the heist is lost")
    if state.outcome == "escaped":
        return _("Everyone got out")
    who = state.current()
    if who is None or not any(f.appeared for f in state.floors.values()):  # before the break-in
        return _("Setting up")
    return _("%(who)s's turn", who=who)


def tables() -> list[Table]:
    """Every heist of the host's club, the newest change first."""
    found = []
    for row in store().games(host_club()):
        game = store().load(row["id"])
        found.append(Table(game, status(game.state), store().broker.count(game.id),
                           tuple(invite(game, kind) for kind in CLUB_LINKS)))
    return found


@bp.get("/club")
@host_only
def club() -> str:
    return render_template("club.html", tables=tables(), link_words=CLUB_LINKS)


@bp.get("/club/tables")
@host_only
def club_tables() -> str:
    """The list alone, the same partial as in the page: what the page fetches when its stream rings."""
    return render_template("partials/_club_tables.html", tables=tables(), link_words=CLUB_LINKS)


@bp.get("/club/events")
@host_only
def events() -> Response:
    club = host_club()
    # on a hosted service the stream rings for this club's heists alone (the laptop's rings for every heist, its own)
    return club_events(frozenset(row["id"] for row in store().games(club)) | {club_channel(club)}
                       if hosted() else None)
