"""The league of the club's heists (issue 36 §2): every heist on this laptop, or the ones chosen, counted per crew,
per character, per job and difficulty, with each heist's luck against the exact odds; the same rows as a CSV file.
The tablet's alone, as the club page. The counting is assistant/league.py's; this module reads the heists and says
the figures.

A heist's count is kept per version of the heist (every change moves it), so a second visit counts only the heists
played since: the first one runs the forecast before every guard move of every heist."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, render_template, request

from ...league import Heist, HeistLine, heist_line, league
from ..access import host_club, host_only
from ..extensions import store
from . import league_words as words

bp = Blueprint("league", __name__)

# (database, club, heist) -> (the heist's version, its count)
_counted: dict[tuple[str, str, str], tuple[int, HeistLine]] = {}


def counted(games: Sequence[dict[str, Any]], chosen: Collection[str]) -> list[HeistLine]:
    """The count of every heist of ``games`` (``Store.games``; the chosen ones', when some are), in its order; counted
    again only for a heist that changed since it was last counted."""
    path, club, lines, here = store().path, host_club(), [], set()
    for row in games:
        here.add((path, club, row["id"]))
        if chosen and row["id"] not in chosen:
            continue
        kept = _counted.get((path, club, row["id"]))
        if kept is None or kept[0] != row["version"]:
            setup, first, book = store().setup(row["id"])
            kept = (row["version"], heist_line(Heist(row["id"], row["title"], row["updated"]), setup, first,
                                               store().timeline(row["id"])[1], book))
            _counted[(path, club, row["id"])] = kept
        lines.append(kept[1])
    # list(): other requests add
    for gone in [key for key in list(_counted) if key[:2] == (path, club) and key not in here]:
        _counted.pop(gone, None)
    return lines


def chosen_heists() -> list[str]:
    return request.args.getlist("heist")


@bp.get("/league")
@host_only
def page() -> str:
    chosen, games = chosen_heists(), store().games(host_club())
    return render_template("league.html", league=league(counted(games, chosen)), games=games, chosen=set(chosen),
                           words=words)


@bp.get("/league.csv")
@host_only
def download() -> Response:
    name = f"burgle-league-{datetime.now(UTC).strftime('%Y-%m-%d')}.csv"
    return Response(words.as_csv(league(counted(store().games(host_club()), chosen_heists()))), mimetype="text/csv",
                    headers={"Content-Disposition": f"attachment; filename={name}"})
