"""The Coach switch on the board (issue 25): where is it safe to end your turn? Per heist, off by default (some
tables do not want help).

When it is on, for the burglar whose turn it is, each room of her floor is shaded by the chance that her floor's
guard's next move finds her there (``forecast.safety``: exact, from what the players can see, never from the app's
deck order), the rooms she can still walk to this turn are ringed, and the two safest of those are named. The
switch is a settings row ``coach/<heist id>``, as the Danger switch is (danger.set_switch), read with it in one
query per request (danger.switches_on): when it is off the board asks for nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from flask import Blueprint, g
from werkzeug.wrappers import Response as BaseResponse

from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...engine.vocabulary import Move
from ...forecast.safety import safest, safety_map, turn_end_reasons
from ...store import Game, Played
from ...words.i18n import N_, _
from ..extensions import store
from .danger import percent, shade, switches_on, toggled

bp = Blueprint("coach", __name__, url_prefix="/games")

ACTIONS = 4  # a burglar's actions a turn (bb1 and bb2 rulebooks: up to four; bb3 alike); a walk costs one
NAMED = 2  # the safest reachable rooms the coach names
TURN_STARTS = ("end_turn", "start")  # the actions after which a new turn begins


def setting_name(game_id: str) -> str:
    return f"coach/{game_id}"


@bp.post("/<key>/coach")
def toggle(key: str) -> BaseResponse:
    """The switch. htmx follows the redirect and swaps in the board it gets (the game partial)."""
    return toggled(key, setting_name)


# What End turn does first, in the words the Coach names it with (safety.TURN_END_EFFECTS)
BECAUSE = {"thermo": N_("the Thermo goes off"), "acrobat": N_("the Acrobat is still in the guard's room"),
           "count_room": N_("the Count Room makes a commotion")}


@dataclass(frozen=True)
class CoachRoom:
    found: Fraction
    caught: Fraction
    reachable: bool  # she can still walk there this turn
    named: bool  # one of the safest reachable rooms
    because: tuple[str, ...] = ()  # what End turn does first that decides her chance here (safety.turn_end_reasons)

    @property
    def shade(self) -> str:
        return shade(self.found)

    @property
    def percent(self) -> str:
        return percent(self.found)

    @property
    def reason(self) -> str:
        """Why ending the turn here is as dangerous as it is, when End turn's first part decides it ("" if not)."""
        return ", ".join(_(BECAUSE[effect]) for effect in self.because)


@dataclass(frozen=True)
class CoachBoard:
    """The coach's advice for the burglar whose turn it is."""

    who: str
    floor: int
    walked: int  # walks she made this turn, as the app saw them
    rooms: dict[str, CoachRoom]
    safest: tuple[str, ...]  # the safest reachable rooms, safest first

    @property
    def decided(self) -> list[str]:
        """The rooms whose danger End turn's first part decides (a Thermo that goes off), in board order."""
        return [r for r, c in self.rooms.items() if c.because]

    @property
    def left(self) -> int:
        return max(0, ACTIONS - self.walked)


def walked_this_turn(history: Sequence[Played], who: str) -> int:
    """The walks ``who`` made since her turn began (the last end of a turn, or the break-in): each costs an
    action. Peeks, hacks and the other actions the app does not see are the table's to count."""
    walked = 0
    for past in reversed(history):
        action = past.action
        if action.do in TURN_STARTS:
            break
        if isinstance(action, Move) and action.who == who and action.how in (None, "walk"):
            walked += 1
    return walked


def advice(state: GameState, book: Rulebook, walked: int) -> CoachBoard | None:
    """The coach for the current burglar of a heist of ``book``'s game, who walked ``walked`` times this turn; None
    when she is not on a floor whose guard is on the board, or the table has a question to answer."""
    who = state.current()
    if who is None:
        return None
    chances = safety_map(state, who, book)
    if not chances:
        return None
    b = state.crew[who]
    assert b.at is not None  # safety_map is empty for a burglar off the board
    plan = state.plan(b.floor)
    left = max(0, ACTIONS - walked)
    distance = plan.distances(plan.index[b.at])
    reachable = [r for r in chances if 0 <= distance[plan.index[r]] <= left]
    best = tuple(safest(chances, reachable, NAMED))
    because = turn_end_reasons(state, who, book, chances)
    rooms = {r: CoachRoom(c.found, c.caught, r in reachable, r in best, because.get(r, ()))
             for r, c in chances.items()}
    return CoachBoard(who, b.floor, walked, rooms, best)


def coach_board(game: Game) -> CoachBoard | None:
    """The coach when the heist's switch is on (None when off), once per request."""
    cache: dict[tuple[str, int], CoachBoard | None] = g.setdefault("coach_boards", {})
    key = (game.id, game.version)
    if key not in cache:
        who = game.state.current()
        cache[key] = advice(game.state, game.rulebook, walked_this_turn(store().history(game.id), who)) \
            if who is not None and coach_is_on(game) else None
    return cache[key]


def coach_is_on(game: Game) -> bool:
    """The heist's switch (read with Danger's, once per request)."""
    return setting_name(game.id) in switches_on(game.id)
