"""Actions: every change to a game is an action applied by a pure function.

``apply(state, action)`` never touches its input: it returns a new state, the log entries the
action produced and, when the rules need the table, the pending question. The answer is the next
action (``{"do": "answer", "choice": "B4"}``); it replays the pending action from the state before
it with one more answer, so a guard move can stop half-way and resume exactly.

An action is a small typed value (``vocabulary.py``), read once where it comes in and stored as its JSON
(``to_json``), so it can be exported and replayed (undo = replay all but the last one). A malformed one is
refused before any rule runs (MalformedActionError), an illegal one by the rules (IllegalActionError).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import vocabulary
from .bb1.rules import Bb1
from .board import floorplan, normalize_wall
from .entering import reveal, walk_in
from .errors import N_, IllegalActionError
from .fields import Action, bonus_of, choice_of, floor_of, square_of, who_of
from .log import ALARM_CAUSES, LogEntry
from .ruleset import GameAction, GameOver, NeedAnswer
from .rulesets import GAME_ACTIONS, RULESETS, SET_FIELDS, ruleset_for
from .scenarios import SCENARIOS, random_walls
from .state import GameState
from .vocabulary import HACK_KINDS, MOVE_KINDS, Answer, from_json


@dataclass(frozen=True)
class Result:
    """What one action did: the new state, its log, and the question it waits on (or None)."""

    state: GameState
    log: list[LogEntry]

    @property
    def question(self) -> dict[str, Any] | None:
        return self.state.pending["question"] if self.state.pending else None


def apply(state: GameState, action: vocabulary.Action | Action) -> Result:
    """Apply one action to a copy of ``state``. Raises a MalformedActionError for an action that is not one
    (a dict is read here, once), an IllegalActionError for one the rules do not allow."""
    action = from_json(action)
    if isinstance(action, Answer):
        pending = state.pending
        if not pending:
            raise IllegalActionError(N_("there is no question to answer"))
        before = GameState.from_json(pending["before"])
        corrected = [*pending.get("corrected", ()), *([len(pending["answers"])] if action.correction else [])]
        return _run(before, from_json(pending["action"]), pending["answers"] + [action.choice], pending["logged"],
                    version=state.version, corrected=corrected)
    if state.pending:
        raise IllegalActionError(N_("the table has a question to answer first (see the board)"))
    if state.outcome and action.do not in BOARD_ONLY:
        raise IllegalActionError(N_("the game is over: the crew escaped") if state.outcome == "escaped" else
                                 N_("the game is over: the crew was caught"))
    return _run(state, action, [], 0, version=state.version)


def _run(before: GameState, action: vocabulary.Action, answers: list[str], skip: int, version: int,
         corrected: list[int] | None = None) -> Result:
    """``corrected``: which answers the table gave as corrections (``"correction": true``), by their order."""
    state = before.copy()
    rules = ruleset_for(state, answers)
    if corrected:
        rules.corrected_answers = frozenset(corrected)
    try:
        data = action.to_json()  # the handlers read its keys, already checked
        _names_the_board(rules, data)
        handler = HANDLERS.get(action.do)
        if handler is not None:
            handler(rules, data)
        elif (own := _game_action(rules, GAME_ACTIONS, action.do)) is not None:
            own.run(rules, data)
        else:
            raise IllegalActionError(N_("unknown action %(do)s"), do=repr(action.do))
        state.pending = None
    except NeedAnswer as need:
        state.pending = {"action": action.to_json(), "answers": answers, "before": before.to_json(),
                         "question": need.question, "logged": len(rules.entries)}
        if corrected:
            state.pending["corrected"] = corrected
    except GameOver:
        state.pending = None
    state.version = version + 1
    return Result(state, rules.entries[skip:])


def _names_the_board(rules: Bb1, a: Action) -> None:
    """Whatever an action names is on the board, even where its handler would not read it (an event's drawer,
    a floor or room beside a correction): a burglar of the crew, a floor of the heist, a room of that floor.
    Issue 21 §4: every field is checked on the server, so no action is stored naming what is not there."""
    for key in ("who", "buddy"):
        if a.get(key) not in (None, ""):
            who_of(rules, {"who": a[key]})
    if a.get("floor") not in (None, ""):
        floor = floor_of(rules, a)
        for key in ("at", "to", "from"):
            if a.get(key) not in (None, ""):
                square_of(rules, floor, a[key], key)


def _game_action(rules: Bb1, registry: Mapping[str, Mapping[str, GameAction]], key: str) -> GameAction | None:
    """The handler of ``key`` in the game's entry of ``registry`` (rulesets.GAME_ACTIONS or SET_FIELDS); a refusal
    naming the game that has one ("commotions exist only in Burgle Bros 2"); None when no game has one."""
    found = registry[rules.name].get(key)
    if found is not None:
        return found
    for game, cls in RULESETS.items():
        elsewhere = registry[game]
        if key in elsewhere:
            raise IllegalActionError(N_("%(what)s exist only in %(game)s"), what=elsewhere[key].what, game=cls.title)
    return None


# -- handlers ---------------------------------------------------------------------------------------

def _guard_turn(rules: Bb1, a: Action) -> None:
    rules.guard_turn(floor_of(rules, a), bonus_of(a))


def _alarm(rules: Bb1, a: Action) -> None:
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    hack = a.get("hack")
    if hack:
        hack = choice_of(hack, HACK_KINDS, N_("a hack token belongs to the fingerprint, laser or motion computer"))
        left = rules.state.hack.get(hack, 0)
        if left <= 0:
            raise IllegalActionError(N_("no %(computer)s hack token left to cancel this alarm"), computer=hack)
        rules.state.hack[hack] = left - 1
        rules.log("hack", "1.21", floor, square, how="cancel", computer=hack, left=left - 1)
        return
    cause = choice_of(a.get("cause", ""), ALARM_CAUSES, N_("unknown cause of an alarm"))
    rules.trigger_alarm(floor, square, cause=cause)


def _remove_alarm(rules: Bb1, a: Action) -> None:
    """An alarm taken off the board by hand: bb1's Juicer (a new patrol card follows), one bb3 cube."""
    floor = floor_of(rules, a)
    rules.pick_up_alarm(floor, square_of(rules, floor, a.get("at")))


def _crack_safe(rules: Bb1, a: Action) -> None:
    rules.crack_safe(floor_of(rules, a), who_of(rules, a) if a.get("who") else None, bool(a.get("correction")))


def _enter_floor(rules: Bb1, a: Action) -> None:
    rules.enter_floor(floor_of(rules, a))


def _move(rules: Bb1, a: Action) -> None:
    """A burglar walks into a room (entering it): a neighbouring one with no wall between, or by the way
    ``via`` names (engine/walks.py). A face-down room is turned up as part of the move when ``type`` says what
    it is; a Walkway turned up this way drops her to the floor below, which is not entering (bb1 Walkway).
    ``by`` "rook": moved by the Rook's Orders (extra costs ignored)."""
    how = choice_of(a.get("how", "walk"), MOVE_KINDS, N_("a move is a walk (entering), a fall or a place"))
    if how == "place":
        _place(rules, a)
        return
    who = who_of(rules, a)
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("to"), "to")
    if how == "fall":
        _fall(rules, who, floor, square, a)
        return
    walk_in(rules, who, floor, square, a)


def _fall(rules: Bb1, who: str, floor: int, square: str, a: Action) -> None:
    """``how`` "fall": a Walkway or Lost Grip drops the burglar to the same room one floor down, which is not
    entering (bb1 Walkway; BGA Lost grip): ``floor``/``to`` name where she lands, so a case says it plainly."""
    b = rules.state.crew[who]
    if b.at != square or b.floor != floor + 1:
        raise IllegalActionError(N_("a fall lands in the room under the burglar: %(who)s is in %(at)s on floor "
                                    "%(on)s, not above %(square)s on floor %(floor)s"),
                                 who=who, at=b.at, on=b.floor, square=square, floor=floor)
    cause = choice_of(a.get("cause", "walkway"), ("walkway", "lost-grip"),
                      N_("a fall comes from a walkway or lost-grip"))
    rules.fall(who, cause)


def _place(rules: Bb1, a: Action) -> None:
    """Put a burglar on the board without any effect: a correction of where the piece stands."""
    who = who_of(rules, a)
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("to"), "to")
    b = rules.state.crew[who]
    b.floor, b.at, b.escaped = floor, square, False
    rules.log("place", "", floor, square, who=who, correction=True)


def _start(rules: Bb1, a: Action) -> None:
    """Break in: bb1 places floor 1's guard (1.13); bb2 and bb3 place every floor's guard at setup."""
    rules.start()


def _entrance(rules: Bb1, a: Action) -> None:
    """The crew's entrance room on floor 1 (bb1 "Break in", §1.22): then the first destination is drawn,
    and each burglar walks in at the start of their own first turn, with no room effect."""
    square = square_of(rules, 1, a.get("at"))
    if a.get("type") not in (None, ""):
        reveal(rules, {"floor": 1, "at": square, "type": a.get("type"), "number": a.get("number"),
                       "correction": a.get("correction")})
    rules.break_in(square)


def _escape(rules: Bb1, a: Action) -> None:
    """A burglar gets out by the roof (bb1 "Winning", §1.22: checked; ``correction``: the table's word)."""
    who, correction = who_of(rules, a), bool(a.get("correction"))
    rules.check_escape(who, correction)
    rules.escape(who, correction)


def before_guard_walk(rules: Bb1, who: str) -> None:
    """End turn up to the guard's first step: what the rules make happen once ``who``'s actions are over and
    before any guard moves (the ruleset's ``turn_ends_in_room``: bb1 §1.22 'Thermo: when it is checked' and
    'Acrobat (basic) in the guard's room', bb2 Count Room). The danger forecast runs this same function before
    the guard's move (forecast/runs.py), so its odds start where the guard starts (issue 32)."""
    b = rules.state.crew[who]
    if not b.escaped and b.at is not None:
        rules.turn_ends_in_room(who)


def _end_turn(rules: Bb1, a: Action) -> None:
    """End of a player's turn: that player's floor's guard moves (1.1), then the next player is up."""
    state = rules.state
    who = rules.state.current()
    if who is None:
        raise IllegalActionError(N_("nobody is playing: add the crew first"))
    b = state.crew[who]
    before_guard_walk(rules, who)
    if state.no_move:
        rules.log("idle", "1.21", b.floor, how="shift_change")
    elif b.escaped or b.at is None:
        rules.log("idle", "1.1", b.floor, how="not_inside", who=who)
    else:
        rules.guard_turn(b.floor, state.bonus)
    state.bonus, state.no_move = 0, False
    rules.next_player()


def _set(rules: Bb1, a: Action) -> None:
    """Correct a tracked number by hand (Stealth, heat, a die; and what the game keeps on rooms or burglars,
    ``set_fields`` of its ruleset: counting cubes, workers, a disguise) when the table says so: rooms, chips
    and cards the app does not follow change them too."""
    field_name = a.get("field")
    value = a.get("value")
    if not isinstance(field_name, str):
        raise IllegalActionError(N_("%(key)s names what the table sets, e.g. %(example)s"), key="'field'",
                                 example="stealth")
    if field_name in ("stealth", "heat", "die") and isinstance(value, bool):  # true is no number, though Python says 1
        raise IllegalActionError(N_("%(counter)s is a number, not true or false"), counter=field_name)
    if field_name in ("stealth", "heat"):
        who = who_of(rules, a)
        if not isinstance(value, int) or not 0 <= value <= 6:
            raise IllegalActionError(N_("%(counter)s is a number from 0 to 6"), counter=field_name)
        setattr(rules.state.crew[who], field_name, value)
        rules.log("set", "", how=field_name, who=who, value=value)
        rules.corrected(who)
    elif field_name == "die":
        floor = floor_of(rules, a)
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise IllegalActionError(N_("a guard die shows 1 to 6"))
        rules.state.floors[floor].die = value
        rules.log("set", "", floor, how="die", value=value)
    elif (own := _game_action(rules, SET_FIELDS, field_name)) is not None:
        own.run(rules, a)
    else:
        raise IllegalActionError(N_("cannot set %(field)s"), field=repr(field_name))


def _wall(rules: Bb1, a: Action) -> None:
    """Put up or take down a wall (drawing a layout, or correcting one); a floor may never be cut in two."""
    floor = floor_of(rules, a)
    fl = rules.state.floors[floor]
    wall = normalize_wall(str(a.get("wall", "")), rules.state.size)
    on = bool(a.get("on", wall not in fl.walls))
    walls = tuple(sorted(set(fl.walls) | {wall})) if on else tuple(w for w in fl.walls if w != wall)
    floorplan(rules.state.size, rules.state.void, walls)
    fl.walls = walls
    rules.log("wall", "", floor, wall=wall, on=on)


def _layout(rules: Bb1, a: Action) -> None:
    """Lay out every floor's walls at once before the break-in: the job's printed layout, a random
    legal one (``kind`` "random", or "hard" for choke points and dead ends), or "none" to draw them
    wall by wall. The seed travels in the action, so a replay (undo, import) deals the same walls."""
    state = rules.state
    if any(fl.appeared for fl in state.floors.values()):
        raise IllegalActionError(N_("the walls can be laid out afresh only before the break-in; correct single "
                                    "walls from a room's menu instead"))
    kind = a.get("kind")
    floors = sorted(state.floors)
    job = SCENARIOS.get(state.scenario)
    if kind == "printed":
        if not rules.printed_walls or job is None or job.walls is None or len(job.walls) != len(floors):
            raise IllegalActionError(N_("this heist has no printed wall layout: deal a random one or draw them"))
        layout = [list(w) for w in job.walls]
    elif kind in ("random", "hard"):
        seed = a.get("seed")
        if not isinstance(seed, int):
            raise IllegalActionError(N_("a random wall layout needs a whole-number %(key)s"), key="'seed'")
        layout = [random_walls(state.size, void=state.void, seed=seed * 10 + n, prefer_chokepoints=kind == "hard")
                  for n in range(len(floors))]
    elif kind == "none":
        layout = [[] for _ in floors]
    else:
        raise IllegalActionError(N_("a wall layout is %(choices)s or %(last)s"), choices="'printed', 'random', 'hard'",
                                 last="'none'")
    for n, walls in zip(floors, layout, strict=False):
        state.floors[n].walls = tuple(sorted(walls))
    rules.log("layout", "§4", layout=kind)


# the actions of every game; each ruleset adds its own (``actions`` of bb1/rules.py, bb2/rules.py, bb3/rules.py)
HANDLERS: dict[str, Callable[[Bb1, Action], None]] = {
    "guard_turn": _guard_turn, "alarm": _alarm, "remove_alarm": _remove_alarm, "crack_safe": _crack_safe,
    "enter_floor": _enter_floor, "move": _move, "place": _place, "escape": _escape, "reveal": reveal,
    "end_turn": _end_turn, "set": _set, "start": _start, "entrance": _entrance, "wall": _wall, "layout": _layout,
}
# corrections the table may still make after the game ended
BOARD_ONLY = ("set", "reveal", "place", "wall")

