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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import cards_bb1, table_bb23, vocabulary
from .errors import N_, IllegalActionError
from .fields import Action, bonus_of, card_key, choice_of, floor_of, square_of, who_of
from .log import ALARM_CAUSES, LogEntry
from .rules_bb1 import Bb1
from .ruleset import GameOver, NeedAnswer
from .rulesets import ruleset_for
from .state import GameState, without_one
from .table_bb1 import LOOT
from .vocabulary import EVENTS_ON_FLOOR, EVENTS_WITH_SQUARE, HACK_KINDS, MOVE_KINDS, Answer, from_json

GAME_TITLES = {"bb1": "Burgle Bros", "bb2": "Burgle Bros 2", "bb3": "Burgle Bros 3"}


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
        return _run(before, from_json(pending["action"]), pending["answers"] + [action.choice], pending["logged"],
                    version=state.version)
    if state.pending:
        raise IllegalActionError(N_("the table has a question to answer first (see the board)"))
    if state.outcome and action.do not in BOARD_ONLY:
        raise IllegalActionError(N_("the game is over: the crew escaped") if state.outcome == "escaped" else
                                 N_("the game is over: the crew was caught"))
    return _run(state, action, [], 0, version=state.version)


def _run(before: GameState, action: vocabulary.Action, answers: list[str], skip: int, version: int) -> Result:
    state = before.copy()
    rules = ruleset_for(state, answers)
    try:
        HANDLERS[action.do](rules, action.to_json())  # the handlers read its keys, already checked
        state.pending = None
    except NeedAnswer as need:
        state.pending = {"action": action.to_json(), "answers": answers, "before": before.to_json(),
                         "question": need.question, "logged": len(rules.entries)}
    except GameOver:
        state.pending = None
    state.version = version + 1
    return Result(state, rules.entries[skip:])


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
    rules.crack_safe(floor_of(rules, a))


def _enter_floor(rules: Bb1, a: Action) -> None:
    rules.enter_floor(floor_of(rules, a))


def _move(rules: Bb1, a: Action) -> None:
    """A burglar walks into a room (entering it). A face-down room is turned up as part of the move when
    ``type`` says what it is; a Walkway turned up this way drops her to the floor below, which is not
    entering (bb1 Walkway). ``by`` "rook": moved by the Rook's Orders (extra costs ignored)."""
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
    revealed = a.get("type") not in (None, "") and square not in rules.state.floors[floor].tiles
    if a.get("type") not in (None, ""):
        _reveal(rules, {"floor": floor, "at": square, "type": a.get("type"), "number": a.get("number")})
    by = choice_of(a.get("by", ""), ("", "rook"), N_("a move is made by the burglar or by the Rook's Orders"))
    if revealed and a.get("type") == "walkway" and floor - 1 in rules.state.floors and rules.room_rules:
        b = rules.state.crew[who]
        rules.room_left(who)
        b.floor, b.at = floor, square
        rules.log("move", "", floor, square, who=who)
        rules.fall(who, "walkway")
        return
    rules.move_burglar(who, floor, square, ordered=by == "rook")


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
        _reveal(rules, {"floor": 1, "at": square, "type": a.get("type"), "number": a.get("number")})
    rules.break_in(square)


def _escape(rules: Bb1, a: Action) -> None:
    who = who_of(rules, a)
    b = rules.state.crew[who]
    b.escaped = True
    rules.log("escape", "1.1", b.floor, b.at, who=who)
    rules.player_exits(who)
    if all(x.escaped for x in rules.state.crew.values()):
        rules.state.outcome = "escaped"
        rules.log("won", "")


def _reveal(rules: Bb1, a: Action) -> None:
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    kind = a.get("type")
    if not isinstance(kind, str) or not kind:
        raise IllegalActionError(N_("%(key)s names the room revealed, e.g. %(example)s"), key="'type'",
                                 example="camera")
    fl = rules.state.floors[floor]
    fl.tiles = {**fl.tiles, square: kind}
    number = a.get("number")
    if number not in (None, ""):
        if str(number) not in ("1", "2", "3", "4", "5", "6"):
            raise IllegalActionError(N_("a combination number is 1 to 6"))
        fl.numbers = {**fl.numbers, square: int(number)}
    if kind == "lavatory":
        fl.lavatory.setdefault(square, 3)
    rules.log("reveal", "", floor, square, type=kind)


def _event(rules: Bb1, a: Action) -> None:
    name = a.get("name")
    floor = floor_of(rules, a)
    if name in EVENTS_WITH_SQUARE:
        getattr(rules, f"event_{name}")(floor, square_of(rules, floor, a.get("at")))
    elif name == "espresso" or name == "daydreaming":
        rules.state.bonus += 1 if name == "espresso" else -1
        rules.log("event", "1.21", floor, how=name)
    elif name == "jump_the_gun":
        rules.state.skip_next = True
        rules.log("event", "1.21", floor, how="jump_the_gun")
    elif name == "emp":
        by = who_of(rules, a) if a.get("who") else rules.state.current()
        rules.event_emp(floor, by)
        cards_bb1.discard_tool(rules, by, "emp")  # a tool played is discarded (bb1 "Tools")
    elif name == "dynamite":
        floor_sq = square_of(rules, floor, a.get("at"))
        rules.event_dynamite(floor, str(a.get("wall", "")), floor_sq)
        cards_bb1.discard_tool(rules, rules.state.current(), "dynamite")
    elif name == "shoplifting":
        targets = a.get("targets", [])
        if not isinstance(targets, list) or not all(isinstance(t, list) and len(t) == 2 for t in targets):
            raise IllegalActionError(N_("Shoplifting %(key)s is a list of [floor, square] pairs"), key="'targets'")
        if not targets:  # said aloud, so the table sees the card was played and did nothing
            rules.log("no_effect", "1.21", floor, how="shoplifting")
        for target in targets:
            f = floor_of(rules, {"floor": target[0]})
            rules.trigger_alarm(f, square_of(rules, f, target[1]), cause="shoplifting")
    elif name in EVENTS_ON_FLOOR:
        getattr(rules, f"event_{name}")(floor)
    elif name in cards_bb1.CARDS:
        cards_bb1.play(rules, name, a)
    else:
        raise IllegalActionError(N_("unknown event %(name)s"), name=repr(name))


def _donuts(rules: Bb1, a: Action) -> None:
    floor = floor_of(rules, a)
    rules.state.floors[floor].donuts = True
    rules.log("donuts", "1.18", floor, how="played")
    cards_bb1.discard_tool(rules, rules.state.current(), "donuts")  # a tool played is discarded (bb1 "Tools")


def _crow(rules: Bb1, a: Action) -> None:
    """Raven: place the crow (basic: up to 2 rooms away, not through walls; advanced: her own room)."""
    who = who_of(rules, a)
    b = rules.state.crew[who]
    floor = b.floor
    square = square_of(rules, floor, a.get("at"))
    advanced = bool(a.get("advanced"))
    if advanced and square != b.at:
        raise IllegalActionError(N_("the advanced Raven puts her crow in her own room"))
    if b.at is None:
        raise IllegalActionError(N_("%(who)s is not on the board"), who=who)
    if not advanced and rules.plan(floor).distance(b.at, square) > 2:
        raise IllegalActionError(N_("the crow flies at most 2 rooms from %(at)s, walls respected; %(square)s is "
                                    "farther"), at=b.at, square=square)
    for fl in rules.state.floors.values():
        fl.crow = None
    fl = rules.state.floors[floor]
    fl.crow, fl.crow_advanced = square, advanced
    rules.log("crow", "1.19", floor, square, how="lands", who=who)


def _spotter(rules: Bb1, a: Action) -> None:
    """§1.22 Spotter: she looks (an action, once per turn; the card is shown only on the device that asked),
    then the card stays on top or goes to the bottom."""
    if a.get("keep") == "look":
        rules.spotter_look(who_of(rules, a))
        return
    floor = floor_of(rules, a)
    fl = rules.state.floors[floor]
    if not fl.deck:
        raise IllegalActionError(N_("the floor-%(floor)s patrol deck is empty"), floor=floor)
    if not rules.state.spotted:
        raise IllegalActionError(N_("the Spotter looks at the card before she decides where it goes"))
    if a.get("keep") == "bottom":
        fl.deck.append(fl.deck.pop(0))
        rules.log("spotter", "1.21", floor, how="bottom")
    elif a.get("keep") == "top":
        rules.log("spotter", "1.21", floor, how="top")
    else:
        raise IllegalActionError(N_("Spotter: say %(key)s %(top)s or %(bottom)s"), key="keep", top="'top'",
                             bottom="'bottom'")


def _hack(rules: Bb1, a: Action) -> None:
    kind = choice_of(a.get("kind"), (*HACK_KINDS, "hacker"),
                     N_("a hack token belongs to the fingerprint, laser or motion computer, or the advanced Hacker"))
    count = a.get("count")
    now = rules.state.hack.get(kind, 0)
    new = now + 1 if count is None else count
    most = 1 if kind == "hacker" else 6  # the advanced Hacker keeps one on her card; a computer six (§1.22)
    if not isinstance(new, int) or not 0 <= new <= most:
        raise IllegalActionError(N_("the Hacker's card holds 0 or 1 hack token") if kind == "hacker" else
                                 N_("a computer holds 0 to 6 hack tokens"))
    rules.state.hack[kind] = new
    rules.log("hack", "1.21", how="count", computer=kind, count=new)


def _camera(rules: Bb1, a: Action) -> None:
    """Video Loop / Crowbar: switch a camera off (or on again)."""
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    fl = rules.state.floors[floor]
    off = bool(a.get("off", True))
    fl.cameras_off = tuple(sorted(set(fl.cameras_off) - {square} | ({square} if off else set())))
    rules.log("camera", "1.14", floor, square, how="switched", off=off)


def _end_turn(rules: Bb1, a: Action) -> None:
    """End of a player's turn: that player's floor's guard moves (1.1), then the next player is up."""
    state = rules.state
    who = rules.state.current()
    if who is None:
        raise IllegalActionError(N_("nobody is playing: add the crew first"))
    b = state.crew[who]
    if not b.escaped and b.at is not None:
        rules.turn_ends_in_room(who)  # a Thermo alarm goes off before the guard moves
    if state.no_move:
        rules.log("idle", "1.21", b.floor, how="shift_change")
    elif b.escaped or b.at is None:
        rules.log("idle", "1.1", b.floor, how="not_inside", who=who)
    else:
        rules.guard_turn(b.floor, state.bonus)
    state.bonus, state.no_move = 0, False
    rules.next_player()


def _set(rules: Bb1, a: Action) -> None:
    """Correct a tracked number by hand (Stealth, heat, a die, counting cubes, workers, a disguise) when the
    table says so: rooms, chips and cards the app does not follow change them too."""
    field_name = a.get("field")
    value = a.get("value")
    if not isinstance(field_name, str):
        raise IllegalActionError(N_("%(key)s names what the table sets, e.g. %(example)s"), key="'field'",
                                 example="stealth")
    if field_name in ("stealth", "heat"):
        who = who_of(rules, a)
        if not isinstance(value, int) or not 0 <= value <= 6:
            raise IllegalActionError(N_("%(counter)s is a number from 0 to 6"), counter=field_name)
        setattr(rules.state.crew[who], field_name, value)
        rules.log("set", "", how=field_name, who=who, value=value)
        rules.corrected(who)
    elif field_name in SET_ON_ROOMS:
        _set_on_room(rules, a, field_name, value)
    elif field_name == "room_tokens":
        _set_room_tokens(rules, a, value)
    elif field_name == "geared":
        _set_geared(rules, a, value)
    elif field_name == "die":
        floor = floor_of(rules, a)
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise IllegalActionError(N_("a guard die shows 1 to 6"))
        rules.state.floors[floor].die = value
        rules.log("set", "", floor, how="die", value=value)
    else:
        raise IllegalActionError(N_("cannot set %(field)s"), field=repr(field_name))


# what can be counted on a room: (game, most, rule) — bb2 counting cubes (Surveillance, Buffet, Cashier
# Cages hold at most 5), bb3 workers (the supply is not limited; 9 is more than a room ever holds)
SET_ON_ROOMS = {"cubes": ("bb2", 5, "bb2 Surveillance"), "workers": ("bb3", 9, "bb3 Workers")}


def _set_on_room(rules: Bb1, a: Action, field_name: str, value: Any) -> None:
    game, most, rule = SET_ON_ROOMS[field_name]
    _only_in(rules, game, N_("counting cubes on rooms") if field_name == "cubes" else N_("workers on rooms"))
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    if not isinstance(value, int) or not 0 <= value <= most:
        raise IllegalActionError(N_("a room holds 0 to %(most)s %(counter)s"), most=most, counter=field_name)
    fl = rules.state.floors[floor]
    counts: dict[str, int] = {k: n for k, n in getattr(fl, field_name).items() if k != square}
    if value:
        counts[square] = value
    setattr(fl, field_name, counts)  # a new dict: the cubes are shared with the state's copies (state.py)
    rules.log("set", rule, floor, square, how="on_room", what=field_name, value=value)


def _set_room_tokens(rules: Bb1, a: Action, value: Any) -> None:
    """bb1 Lavatory and Smoke Bomb: the Stealth tokens lying in a room, corrected by hand."""
    _only_in(rules, "bb1", N_("Stealth tokens on rooms"))
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    if not isinstance(value, int) or not 0 <= value <= 6:
        raise IllegalActionError(N_("a room holds 0 to 6 Stealth tokens"))
    rules.state.floors[floor].lavatory[square] = value
    rules.log("set", "", floor, square, how="room_tokens", value=value)


def _set_geared(rules: Bb1, a: Action, value: Any) -> None:
    """bb3 Disguises: a burglar removes their disguise (geared) or an effect lets them put it on again."""
    _only_in(rules, "bb3", N_("disguises"))
    who = who_of(rules, a)
    if value not in (0, 1, True, False):
        raise IllegalActionError(N_("%(key)s is 1 (geared) or 0 (disguised)"), key="geared")
    b = rules.state.crew[who]
    b.geared = bool(value)
    rules.log("set", "bb3 Disguises", b.floor, b.at, how="geared", who=who, geared=b.geared)


def _wall(rules: Bb1, a: Action) -> None:
    """Put up or take down a wall (drawing a layout, or correcting one); a floor may never be cut in two."""
    from .board import floorplan, normalize_wall

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
    from .scenarios import SCENARIOS, random_walls

    state = rules.state
    if any(fl.appeared for fl in state.floors.values()):
        raise IllegalActionError(N_("the walls can be laid out afresh only before the break-in; correct single "
                                    "walls from a room's menu instead"))
    kind = a.get("kind")
    floors = sorted(state.floors)
    job = SCENARIOS.get(state.scenario)
    if kind == "printed":
        if state.rules != "bb1" or job is None or job.walls is None or len(job.walls) != len(floors):
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


def _loot(rules: Bb1, a: Action) -> None:
    """A burglar takes (or gives up) a loot card; the Tiara is the one that matters to guards (1.17)."""
    who = who_of(rules, a)
    kind = a.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise IllegalActionError(N_("%(key)s names the loot, e.g. %(example)s"), key="'kind'", example="tiara")
    kind = card_key(kind)
    if kind not in LOOT:
        raise IllegalActionError(N_("no loot card is called %(kind)s: %(loot)s"), kind=repr(kind), loot=list(LOOT))
    b = rules.state.crew[who]
    if a.get("on", kind not in b.loot):
        if kind not in b.loot:
            b.loot = (*b.loot, kind)
        rules.log("loot", "1.17" if kind == "tiara" else "", how="takes", who=who, loot=kind)
        if kind == "cursed-goblet":  # bb1 Cursed Goblet: one Stealth at once, never below 0 (no capture)
            b = rules.state.crew[who]
            b.stealth = max(0, b.stealth - 1)
            rules.log("stealth_change", "Cursed Goblet", b.floor, b.at, who=who, stealth=b.stealth, change=-1,
                      card="cursed-goblet")
    elif kind in b.loot:
        b.loot = without_one(b.loot, kind)
        rules.log("loot", "", how="drops", who=who, loot=kind)


def _only_in(rules: Bb1, game: str, what: str) -> None:
    if rules.state.rules != game:
        raise IllegalActionError(N_("%(what)s exist only in %(game)s"), what=what, game=GAME_TITLES[game])


def _commotion(rules: Bb1, a: Action) -> None:
    _only_in(rules, "bb2", N_("commotions"))
    floor = floor_of(rules, a)
    steps = a.get("steps", 1)
    if steps not in (1, 2, 3):
        raise IllegalActionError(N_("a commotion pulls the bouncer 1 step (3 for the Buffet)"))
    rules.commotion(floor, square_of(rules, floor, a.get("at")), steps)  # type: ignore[attr-defined]


def _crowd(rules: Bb1, a: Action) -> None:
    """bb2 Crowd chip turned up in a room (or discarded by hand): the bouncer gives no heat there once."""
    _only_in(rules, "bb2", N_("Crowd chips"))
    floor = floor_of(rules, a)
    square = square_of(rules, floor, a.get("at"))
    fl = rules.state.floors[floor]
    on = bool(a.get("on", square not in fl.crowd))
    fl.crowd = (*(s for s in fl.crowd if s != square), *([square] if on else []))
    rules.log("crowd", "bb2 Crowd", floor, square, how="on" if on else "off")


def _suspicion(rules: Bb1, a: Action) -> None:
    """bb3 Suspicion: an effect (a Scan card drawn while charming, a tool) adds a cube beside the floor's
    patrol deck, and the third turns the die up; another effect takes one away."""
    _only_in(rules, "bb3", N_("suspicion cubes"))
    floor = floor_of(rules, a)
    count = a.get("count")
    if count == 1:
        rules.log("suspicion", "bb3 Suspicion", floor, how="added")
        rules.suspect(floor, 1)  # type: ignore[attr-defined]
    elif count == -1:
        rules.calm(floor)  # type: ignore[attr-defined]
    else:
        raise IllegalActionError(N_("suspicion changes one cube at a time: %(key)s 1 or -1"), key="count")


def _undercover(rules: Bb1, a: Action) -> None:
    _only_in(rules, "bb2", N_("Undercover chips"))
    floor = floor_of(rules, a)
    rules.undercover(floor, square_of(rules, floor, a.get("at")))  # type: ignore[attr-defined]


HANDLERS: dict[str, Callable[[Bb1, Action], None]] = {
    "guard_turn": _guard_turn, "alarm": _alarm, "remove_alarm": _remove_alarm, "crack_safe": _crack_safe,
    "enter_floor": _enter_floor, "move": _move, "place": _place, "escape": _escape, "reveal": _reveal,
    "event": _event, "donuts": _donuts, "crow": _crow, "spotter": _spotter, "hack": _hack,
    "camera": _camera, "end_turn": _end_turn, "set": _set, "start": _start, "entrance": _entrance,
    "commotion": _commotion, "undercover": _undercover, "crowd": _crowd, "suspicion": _suspicion,
    "wall": _wall, "layout": _layout, "loot": _loot, "tool": cards_bb1.tool,
    **table_bb23.HANDLERS,
}
# corrections the table may still make after the game ended
BOARD_ONLY = ("set", "reveal", "place", "wall")

