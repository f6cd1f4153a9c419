"""Actions: every change to a game is an action applied by a pure function.

``apply(state, action)`` never touches its input: it returns a new state, the log entries the
action produced and, when the rules need the table, the pending question. The answer is the next
action (``{"do": "answer", "choice": "B4"}``); it replays the pending action from the state before
it with one more answer, so a guard move can stop half-way and resume exactly.

An action is a small typed value (``vocabulary.py``), read once where it comes in and handed as it is to its
handler, which is typed by its class; what it names is checked on the board first (``on_board.py``). Its JSON
(``to_json``) is what is stored, so it can be exported and replayed (undo = replay all but the last one). A
malformed one is refused before any rule runs (MalformedActionError), an illegal one by the rules
(IllegalActionError).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeAlias

from . import vocabulary
from .bb1.rules import Bb1
from .board import floorplan, normalize_wall
from .entering import reveal, reveal_room, walk_in
from .bb2.limits import HEAT_LIMIT
from .errors import N_, IllegalActionError
from .narrator import entries
from .limits import DIE_FACES, MOST_STEALTH
from .log import LogEntry
from .on_board import board_floor, board_square, crew_member
from .ruleset import GameAction, GameOver, NeedAnswer
from .rulesets import RULEBOOKS, Rulebook, rulebook
from .scenarios import SCENARIOS, random_walls
from .state import GameState
from .vocabulary import (Alarm, Answer, CrackSafe, EndTurn, EnterFloor, Entrance, Escape, GuardTurn, Layout, Move,
                         Place, RemoveAlarm, Set, Start, Wall, from_json)


@dataclass(frozen=True)
class Result:
    """What one action did: the new state, its log, and the question it waits on (or None)."""

    state: GameState
    log: list[LogEntry]

    @property
    def question(self) -> dict[str, Any] | None:
        return self.state.pending["question"] if self.state.pending else None


def apply(state: GameState, action: vocabulary.Action | dict[str, Any], game: Rulebook | None = None) -> Result:
    """Apply one action to a copy of ``state``, by the rules of ``game`` (the heist's, as it was opened; a bare state,
    a test's or a doctest's, is played by the game it names). Raises a MalformedActionError for an action that is
    not one (a dict is read here, once), an IllegalActionError for one the rules do not allow."""
    action = from_json(action)
    if game is None:
        game = rulebook(state.rules)
    if isinstance(action, Answer):
        pending = state.pending
        if not pending:
            raise IllegalActionError(N_("there is no question to answer"))
        before = GameState.from_json(pending["before"])
        corrected = [*pending.get("corrected", ()), *([len(pending["answers"])] if action.correction else [])]
        return _run(game, before, from_json(pending["action"]), pending["answers"] + [action.choice],
                    pending["logged"], version=state.version, corrected=corrected)
    if state.pending:
        raise IllegalActionError(N_("the table has a question to answer first (see the board)"))
    if state.outcome and action.do not in BOARD_ONLY:
        raise IllegalActionError(N_("the game is over: the crew escaped") if state.outcome == "escaped" else
                                 N_("the game is over: the crew was caught"))
    return _run(game, state, action, [], 0, version=state.version)


def _run(game: Rulebook, before: GameState, action: vocabulary.Action, answers: list[str], skip: int, version: int,
         corrected: list[int] | None = None) -> Result:
    """``corrected``: which answers the table gave as corrections (``"correction": true``), by their order."""
    state = before.copy()
    rules = game.ruleset(state, answers)
    if corrected:
        rules.corrected_answers = frozenset(corrected)
    try:
        _names_the_board(rules, action)
        own = _game_action(game, action)
        if own is not None:
            own.run(rules, action)
        elif (handler := HANDLERS.get(action.do)) is not None:
            handler(rules, action)
        else:
            raise IllegalActionError(N_("unknown action %(do)s"), do=repr(action.do))
        state.pending = None
    except NeedAnswer as need:
        state.pending = {"action": action.to_json(), "answers": answers, "before": before.to_json(),
                         "question": need.question, "logged": len(rules.told)}
        if corrected:
            state.pending["corrected"] = corrected
    except GameOver:
        state.pending = None
    state.version = version + 1
    return Result(state, entries(rules.told[skip:]))


def _names_the_board(rules: Bb1, a: vocabulary.Action) -> None:
    """Whatever an action names is on the board, even where its handler would not read it (an event's drawer,
    a floor or room beside a correction): a burglar of the crew, a floor of the heist, a room of that floor.
    Issue 21 §4: every field is checked on the server, so no action is stored naming what is not there. The
    handlers then read those fields as they are."""
    burglars, floor_field, rooms = _NAMING.get(type(a)) or _naming(type(a))
    for key in burglars:
        who = getattr(a, key)
        if who is not None:
            crew_member(rules, who)
    floor = getattr(a, floor_field) if floor_field else None
    if floor is not None:
        board_floor(rules, floor)
        for key, name in rooms:
            square = getattr(a, key)
            if square is not None:
                board_square(rules, floor, square, name)


# Per action class: the fields naming a burglar, its floor's field ("" without one) and the fields naming a room of
# that floor with their JSON keys. Found once a class, so an end turn, which names nothing, looks nothing up.
Naming: TypeAlias = tuple[tuple[str, ...], str, tuple[tuple[str, str], ...]]
_NAMING: dict[type[vocabulary.Action], Naming] = {}


def _naming(kind: type[vocabulary.Action]) -> Naming:
    have = {f.name for f in fields(kind)}
    found = _NAMING[kind] = (tuple(k for k in ("who", "buddy") if k in have), "floor" if "floor" in have else "",
                             tuple((k, key) for k, key in (("at", "at"), ("to", "to"), ("source", "from"))
                                   if k in have and "floor" in have))
    return found


def _game_action(game: Rulebook, action: vocabulary.Action) -> GameAction | None:
    """The game's own handler of ``action`` (``game.actions``, or ``game.set_fields`` for a number the table sets); a
    refusal naming the game that has one ("commotions exist only in Burgle Bros 2"); None when no game has one (the
    actions every game has, ``HANDLERS``)."""
    setting = isinstance(action, Set)
    key = action.what if isinstance(action, Set) else action.do
    found = (game.set_fields if setting else game.actions).get(key)
    if found is not None:
        return found
    for other in RULEBOOKS.values():  # which game has it, to say so
        elsewhere = other.set_fields if setting else other.actions
        if key in elsewhere:
            raise IllegalActionError(N_("%(what)s exist only in %(game)s"), what=elsewhere[key].what, game=other.title)
    return None


# -- handlers: each takes its own action, its fields read (vocabulary.py) and what they name on the board ------

def _guard_turn(rules: Bb1, a: GuardTurn) -> None:
    rules.guard_turn(a.floor, a.bonus or 0)


def _alarm(rules: Bb1, a: Alarm) -> None:
    if a.hack:
        left = rules.state.hack.get(a.hack, 0)
        if left <= 0:
            raise IllegalActionError(N_("no %(computer)s hack token left to cancel this alarm"), computer=a.hack)
        rules.state.hack[a.hack] = left - 1
        rules.log("hack", "1.21", a.floor, a.at, how="cancel", computer=a.hack, left=left - 1)
        return
    rules.trigger_alarm(a.floor, a.at, cause=a.cause or "")


def _remove_alarm(rules: Bb1, a: RemoveAlarm) -> None:
    """An alarm taken off the board by hand: bb1's Juicer (a new patrol card follows), one bb3 cube."""
    rules.pick_up_alarm(a.floor, a.at)


def _crack_safe(rules: Bb1, a: CrackSafe) -> None:
    rules.crack_safe(a.floor, a.who, bool(a.correction))


def _enter_floor(rules: Bb1, a: EnterFloor) -> None:
    rules.enter_floor(a.floor)


def _move(rules: Bb1, a: Move) -> None:
    """A burglar walks into a room (entering it): a neighbouring one with no wall between, or by the way
    ``via`` names (engine/walks.py). A face-down room is turned up as part of the move when ``type`` says what
    it is; a Walkway turned up this way drops her to the floor below, which is not entering (bb1 Walkway).
    ``by`` "rook": moved by the Rook's Orders (extra costs ignored)."""
    if a.how == "place":
        _place(rules, a)
    elif a.how == "fall":
        _fall(rules, a)
    else:
        walk_in(rules, a.who, a.floor, a.to, via=a.via, room=a.room, number=a.number, correction=bool(a.correction),
                ordered=a.by == "rook")


def _fall(rules: Bb1, a: Move) -> None:
    """``how`` "fall": a Walkway or Lost Grip drops the burglar to the same room one floor down, which is not
    entering (bb1 Walkway; BGA Lost grip): ``floor``/``to`` name where she lands, so a case says it plainly."""
    b = rules.state.crew[a.who]
    if b.at != a.to or b.floor != a.floor + 1:
        raise IllegalActionError(N_("a fall lands in the room under the burglar: %(who)s is in %(at)s on floor "
                                    "%(on)s, not above %(square)s on floor %(floor)s"),
                                 who=a.who, at=b.at, on=b.floor, square=a.to, floor=a.floor)
    rules.fall(a.who, a.cause or "walkway")


def _place(rules: Bb1, a: Move | Place) -> None:
    """Put a burglar on the board without any effect: a correction of where the piece stands."""
    b = rules.state.crew[a.who]
    b.floor, b.at, b.escaped = a.floor, a.to, False
    rules.log("place", "", a.floor, a.to, who=a.who, correction=True)


def _start(rules: Bb1, a: Start) -> None:
    """Break in: bb1 places floor 1's guard (1.13); bb2 and bb3 place every floor's guard at setup."""
    rules.start()


def _entrance(rules: Bb1, a: Entrance) -> None:
    """The crew's entrance room on floor 1 (bb1 "Break in", §1.22): then the first destination is drawn,
    and each burglar walks in at the start of their own first turn, with no room effect."""
    square = board_square(rules, 1, a.at)
    if a.room is not None:
        reveal_room(rules, 1, square, a.room, a.number, bool(a.correction))
    rules.break_in(square)


def _escape(rules: Bb1, a: Escape) -> None:
    """A burglar gets out by the roof (bb1 "Winning", §1.22: checked; ``correction``: the table's word)."""
    correction = bool(a.correction)
    rules.check_escape(a.who, correction)
    rules.escape(a.who, correction)


def before_guard_walk(rules: Bb1, who: str) -> None:
    """End turn up to the guard's first step: what the rules make happen once ``who``'s actions are over and
    before any guard moves (the ruleset's ``turn_ends_in_room``: bb1 §1.22 'Thermo: when it is checked' and
    'Acrobat (basic) in the guard's room', bb2 Count Room). The danger forecast runs this same function before
    the guard's move (forecast/runs.py), so its odds start where the guard starts (issue 32)."""
    b = rules.state.crew[who]
    if not b.escaped and b.at is not None:
        rules.turn_ends_in_room(who)


def _end_turn(rules: Bb1, a: EndTurn) -> None:
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


def _set(rules: Bb1, a: Set) -> None:
    """Correct a tracked number by hand (Stealth, heat, a die; and what the game keeps on rooms or burglars,
    ``set_fields`` of its ruleset: counting cubes, workers, a disguise) when the table says so: rooms, chips
    and cards the app does not follow change them too. Each number's range is its rule, so it is checked here."""
    what, value = a.what, a.value
    if what in ("stealth", "heat", "die") and isinstance(value, bool):  # true is no number, though Python says 1
        raise IllegalActionError(N_("%(counter)s is a number, not true or false"), counter=what)
    if what in ("stealth", "heat"):
        who = crew_member(rules, a.who)
        if not 0 <= value <= (MOST_STEALTH if what == "stealth" else HEAT_LIMIT):
            raise IllegalActionError(N_("%(counter)s is a number from 0 to 6"), counter=what)
        setattr(rules.state.crew[who], what, value)
        rules.log("set", "", how=what, who=who, value=value)
        rules.corrected(who)
    elif what == "die":
        floor = board_floor(rules, a.floor)
        if not 1 <= value <= DIE_FACES:
            raise IllegalActionError(N_("a guard die shows 1 to 6"))
        rules.state.floors[floor].die = value
        rules.log("set", "", floor, how="die", value=value)
    else:  # a game's own numbers are its handlers' (Rulebook.set_fields, run before this one)
        raise IllegalActionError(N_("cannot set %(field)s"), field=repr(what))


def _wall(rules: Bb1, a: Wall) -> None:
    """Put up or take down a wall (drawing a layout, or correcting one); a floor may never be cut in two."""
    fl = rules.state.floors[a.floor]
    wall = normalize_wall(a.wall, rules.state.size)
    on = wall not in fl.walls if a.on is None else a.on
    walls = tuple(sorted(set(fl.walls) | {wall})) if on else tuple(w for w in fl.walls if w != wall)
    floorplan(rules.state.size, rules.state.void, walls)
    fl.walls = walls
    rules.log("wall", "", a.floor, wall=wall, on=on)


def _layout(rules: Bb1, a: Layout) -> None:
    """Lay out every floor's walls at once before the break-in: the job's printed layout, a random
    legal one (``kind`` "random", or "hard" for choke points and dead ends), or "none" to draw them
    wall by wall. The seed travels in the action, so a replay (undo, import) deals the same walls."""
    state = rules.state
    if any(fl.appeared for fl in state.floors.values()):
        raise IllegalActionError(N_("the walls can be laid out afresh only before the break-in; correct single "
                                    "walls from a room's menu instead"))
    floors = sorted(state.floors)
    job = SCENARIOS.get(state.scenario)
    if a.kind == "printed":
        if not rules.printed_walls or job is None or job.walls is None or len(job.walls) != len(floors):
            raise IllegalActionError(N_("this heist has no printed wall layout: deal a random one or draw them"))
        layout = [list(w) for w in job.walls]
    elif a.kind in ("random", "hard"):
        if a.seed is None:
            raise IllegalActionError(N_("a random wall layout needs a whole-number %(key)s"), key="'seed'")
        layout = [random_walls(state.size, void=state.void, seed=a.seed * 10 + n, prefer_chokepoints=a.kind == "hard")
                  for n in range(len(floors))]
    else:  # "none"
        layout = [[] for _ in floors]
    for n, walls in zip(floors, layout, strict=False):
        state.floors[n].walls = tuple(sorted(walls))
    rules.log("layout", "§4", layout=a.kind)


# the actions of every game, each handler typed by its own action (tests/engine/test_vocabulary.py checks that the
# class it takes is the one its ``do`` reads); each game adds its own (Rulebook.actions)
HANDLERS: dict[str, Callable[[Bb1, Any], None]] = {
    "guard_turn": _guard_turn, "alarm": _alarm, "remove_alarm": _remove_alarm, "crack_safe": _crack_safe,
    "enter_floor": _enter_floor, "move": _move, "place": _place, "escape": _escape, "reveal": reveal,
    "end_turn": _end_turn, "set": _set, "start": _start, "entrance": _entrance, "wall": _wall, "layout": _layout,
}
# corrections the table may still make after the game ended
BOARD_ONLY = ("set", "reveal", "place", "wall")
