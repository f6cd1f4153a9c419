"""Teach me (issue 36 §3): a first heist taught at the table, one step at a time beside the board.

Each step says what the players do on the real board now, from this heist (where the guard goes, how he walked and
why, from the same explanations Why? gives), then the rule in a line or two: its rules-reference page's summary in
the device's language, with a link to the page. Which step is due is web/table/lesson.py's to say; this module
stores the lesson and puts the step into the page.

The lesson is a switch in the settings table, ``teach/<heist id>`` (read with the Danger and Coach switches in their
one query: a heist not taught costs its board nothing more), and the steps the table dismissed, ``teach-done/<heist
id>``. So the case format, the heist's state and the schema stay as they were, and leaving the lesson (Stop teaching)
just removes the rows: the heist goes on as any other. Dismissing a step changes what every device shows, so it bumps
the heist's version as a switch does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask import Blueprint, abort, g, request
from werkzeug.wrappers import Response as BaseResponse

from ... import reference
from ...engine.bb1.table import EVENT_CARDS
from ...engine.bb1.vocabulary import Event
from ...engine.log import LogEntry
from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...store import Game, Played
from ...why import explain_entry, has_why
from ...words.i18n import N_, _
from ...words.names import card_title
from ..access import open_game
from ..extensions import store
from ..language import current as language
from ..links import url_for
from .danger import back_to_board, set_heist_setting, switches_on
from .lesson import PAGES, STEPS, due, number, reached, read_done, to_come, write_done
from .summary import guard_summaries

bp = Blueprint("teach", __name__, url_prefix="/games")

History = Sequence[Played]

MOVE_STEPS = ("guard_turn", "clockwise", "event")  # the steps a guard's move brings
# each step's name in the panel's heading (the rule's own title is the link to its page)
HEADINGS = {"setup": N_("Setting up"), "break_in": N_("Breaking in"), "move": N_("A move"),
            "alarm": N_("An alarm"), "peek": N_("Peeking"), "guard_turn": N_("The guard's turn"),
            "clockwise": N_("His clockwise choice"), "event": N_("An event card")}


def setting_name(game_id: str) -> str:
    return f"teach/{game_id}"


def done_name(game_id: str) -> str:
    return f"teach-done/{game_id}"


def start(game_id: str) -> None:
    """Teach this (new) heist from its first step."""
    store().set_heist_setting(game_id, setting_name(game_id), "on")


def is_taught(game: Game) -> bool:
    return setting_name(game.id) in switches_on(game.id)


def dismissed(game_id: str) -> frozenset[str]:
    return read_done(store().heist_setting(game_id, done_name(game_id)))


@dataclass(frozen=True)
class Lesson:
    """The step to show, in the device's language."""

    step: str
    heading: str
    now: tuple[str, ...]  # what to do on the real board now, from this heist
    summary: str  # the rule in a line or two: its reference page's summary
    page_title: str
    page_url: str
    why_url: str | None = None  # Why? of the guard's step this lesson talks about
    walk: tuple[str, ...] = ()  # the guard's walk it talks about, for the step drawn away from the move's own card
    number: int = 1  # its place in the lesson (lesson.number)

    @property
    def total(self) -> int:
        return len(STEPS)

    @property
    def about_the_move(self) -> bool:
        """A step about the guard's move just made: the board draws it in that move's card."""
        return self.step in MOVE_STEPS


def lesson(game: Game, phase: str, key: str) -> Lesson | None:
    """The step due on this heist's board, None when it is not taught or nothing is due now (once per request)."""
    cache: dict[tuple[str, int], Lesson | None] = g.setdefault("lessons", {})
    if (game.id, game.version) not in cache:
        cache[(game.id, game.version)] = _lesson(game, phase, key)
    return cache[(game.id, game.version)]


def lesson_to_come(game: Game, phase: str) -> bool:
    """Whether the heist is taught and a step may still come (the panel then stays, small, with Stop teaching)."""
    return is_taught(game) and to_come(phase, reached(game.state, _history(game)), dismissed(game.id))


def _history(game: Game) -> History:
    """The heist's actions in effect, read once per request (only for a heist being taught)."""
    cache: dict[tuple[str, int], History] = g.setdefault("lesson_histories", {})
    if (game.id, game.version) not in cache:
        cache[(game.id, game.version)] = store().history(game.id)
    return cache[(game.id, game.version)]


def _lesson(game: Game, phase: str, key: str) -> Lesson | None:
    if not is_taught(game):
        return None
    done = dismissed(game.id)
    history = _history(game)
    step = due(phase, reached(game.state, history), done)
    if step is None:
        return None
    entry = reference.get(PAGES[step], language())
    assert entry is not None and entry.summary, PAGES[step]  # tests/web/test_teach.py reads every step's page
    now, why = NOW[step](game.state, history, Where(game.id, key, game.rulebook))
    walk = _first_walk(game, history) if step == "guard_turn" else ()
    return Lesson(step, _(HEADINGS[step]), tuple(now), entry.summary, entry.title,
                  url_for("reference.page", slug=entry.slug), why, walk, number(step, done))


# -- what each step says about this heist --------------------------------------------------------------------

Said = tuple[list[str], str | None]  # the lines, and the address of a Why? they refer to


@dataclass(frozen=True)
class Where:
    """The heist a step talks about: its id (to read an action again) and the key its page is open with."""

    game_id: str
    key: str
    book: Rulebook  # the heist's game


def _setup(state: GameState, history: History, at: Where) -> Said:
    return [_("Lay out %(floors)s floors of %(size)s×%(size)s rooms face down, and stand the walls where the setup "
              "guide draws them. Then press Break in: the app draws the first patrol card.", floors=len(state.floors),
              size=state.size)], None


def _break_in(state: GameState, history: History, at: Where) -> Said:
    fl = state.floors[1]
    return [_("Put floor 1's guard on %(square)s and his die beside the board showing %(die)s. Then tap the room "
              "where you break in, and The crew breaks in here.", square=fl.guard, die=fl.die)], None


def _move(state: GameState, history: History, at: Where) -> Said:
    who = state.current() or ""
    b = state.crew.get(who)
    return [_("%(who)s's turn, in %(room)s: up to four actions. To move, tap a room next door, then Move %(who)s "
              "here; for a face-down room, tap the tile that turned up.", who=who, room=b.at if b else "")], None


def _alarm(state: GameState, history: History, at: Where) -> Said:
    return [_("Floor %(n)s: an alarm token on %(rooms)s, and the guard's die on %(square)s, where he now heads.",
              n=n, rooms=", ".join(fl.alarms), square=fl.destination)
            for n, fl in sorted(state.floors.items()) if fl.alarms], None


def _peek(state: GameState, history: History, at: Where) -> Said:
    return [_("To look before stepping in, tap a face-down room next to %(who)s, then Turn this room face up as… and "
              "the tile you see.", who=state.current() or "")], None


def _guard_turn(state: GameState, history: History, at: Where) -> Said:
    found = _first_guard_move(history)
    if found is None:
        return [], None
    seq, index, log = found
    said = _explained(at, seq, index)
    steps = next((i for i, e in enumerate(log) if e.kind == "enter"), None)
    return [said[0]] if said else [], _why_url(at, seq, steps) if steps is not None else None


def _first_walk(game: Game, history: History) -> tuple[str, ...]:
    """The guard's first move in a line and what to do with it on the board: for the step drawn away from the move's
    own card, which says both (the summary and the checklist)."""
    found = _first_guard_move(history)
    if found is None:
        return ()
    return (*guard_summaries(found[2], game.rulebook.rules.figure),
            _("Walk the guard on your board as the app did, and put his die where it shows it."))


def _first_guard_move(history: History) -> tuple[int, int, list[LogEntry]] | None:
    return _guard_move(history, lambda e: e.kind == "speed", first=True)


def _clockwise(state: GameState, history: History, at: Where) -> Said:
    found = _guard_move(history, lambda e: e.kind == "enter" and bool(e.data.get("fork")), first=False)
    said = _explained(at, found[0], found[1]) if found else None
    if said is None:
        return [_("This time each of his steps had one shortest way: no tie to break.")], None
    return [said[0]], said[1]


def _event(state: GameState, history: History, at: Where) -> Said:
    played = _event_this_turn(history)
    if played:
        return [_("%(card)s is played: do on the board what the card says; the app has done its part on the guard.",
                  card=card_title(played.replace("_", "-")))], None
    return [_("Before %(who)s presses End turn: with two actions or fewer, draw the top event card and play it from "
              "the Event card drawn menu.", who=state.current() or "")], None


def _event_this_turn(history: History) -> str | None:
    """The event card played last since the turn began (its name), if any."""
    for past in reversed(history):
        action = past.action
        if action.do == "end_turn":
            return None
        if isinstance(action, Event) and action.name in EVENT_CARDS:
            return action.name
    return None


NOW: dict[str, Callable[[GameState, History, Where], Said]] = {
    "setup": _setup, "break_in": _break_in, "move": _move, "alarm": _alarm, "peek": _peek,
    "guard_turn": _guard_turn, "clockwise": _clockwise, "event": _event}


def _guard_move(history: History, wanted: Callable[[LogEntry], bool],
                first: bool) -> tuple[int, int, list[LogEntry]] | None:
    """The first log entry ``wanted`` of the first (or the latest) action that has one: the action (seq), the entry's
    index and the action's log."""
    found = None
    for past in history:
        i = next((i for i, e in enumerate(past.log) if wanted(e)), None)
        if i is not None:
            found = (past.seq, i, past.log)
            if first:
                return found
    return found


def _explained(at: Where, seq: int, index: int) -> tuple[str, str] | None:
    """The sentence Why? says about line ``index`` of action ``seq``, and its address (assistant/why)."""
    before, action, log = store().action_at(at.game_id, seq)
    if not has_why(log[index]):
        return None
    why = explain_entry(log, index, before, at.book, action)
    return (why.sentence, _why_url(at, seq, index)) if why else None


def _why_url(at: Where, seq: int, index: int) -> str:
    return url_for("why.show", key=at.key, seq=seq, index=index)


# -- the panel's buttons -------------------------------------------------------------------------------------

@bp.post("/<key>/teach")
def step_done(key: str) -> BaseResponse:
    """Got it (``step``: the step dismissed) or Stop teaching (``stop``), then the board as every device gets it."""
    access = open_game(key, act=True)
    game_id = access.game.id
    if request.form.get("stop") == "1":
        store().set_heist_setting(game_id, done_name(game_id), None)
        set_heist_setting(setting_name(game_id), game_id, None)
    elif is_taught(access.game):
        step = request.form.get("step", "")
        if step not in STEPS:
            abort(400)
        set_heist_setting(done_name(game_id), game_id, write_done(dismissed(game_id) | {step}))
    return back_to_board(key)
