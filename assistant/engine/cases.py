"""Conformance cases (../shared/conformance/FORMAT.md): build a state from a case, run its actions,
and report what the engine computed. The app uses the same shape to export a floor or a game."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from .actions import apply
from .vocabulary import Action, CrackSafe, Escape, Move, card_key, from_json
from .walks import TABLE, check_walk
from .bb1.card_names import TOOLS
from .bb1.rules import Bb1
from .bb1.limits import MOST_HACK, MOST_ROOM_TOKENS, ROOM_TOKENS
from .bb1.table import CHARACTERS, all_held, holders
from .bb1.vocabulary import Hack
from .board import SQUARE_INDEX, Floorplan, floorplan, square_coords
from .box import BB2_ROOMS, BB3_ROOMS
from .errors import N_, BoardError, NoWayError, OverrulableError, RulesError
from .log import LogEntry
from .pathing import READINGS
from .rulesets import RULEBOOKS, Rulebook, rulebook
from .scenarios import one_card_each
from .state import Burglar, FloorState, GameState

# Burgle Bros 1 room types: those of ../shared/rules/tiles.json, and the entrance the crew broke in by
BB1_ROOMS = ("atrium", "camera", "computer-fingerprint", "computer-laser", "computer-motion", "deadbolt",
             "detector", "fingerprint", "foyer", "keypad", "laboratory", "laser", "lavatory", "motion", "safe",
             "secret-door", "service-duct", "stairs", "thermo", "walkway", "entrance")
HACK_SOURCES = ("fingerprint", "laser", "motion", "hacker")  # the three computers and the advanced Hacker's card
# every game's room types a case may name (docs/conformance.md `tiles`): its box's rooms (engine/box.py) and the
# entrance the crew broke in by, which the app writes on the board (and so in an exported heist) in every game
ROOM_TYPES = {"bb1": BB1_ROOMS, "bb2": (*BB2_ROOMS, "entrance"), "bb3": (*BB3_ROOMS, "entrance")}


def _count(value: Any, most: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise BoardError(N_("%(what)s must be 0 to %(most)s, not %(value)s"), what=what, most=most, value=repr(value))
    return value


def _die(value: Any, floor: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise BoardError(N_("floor %(floor)s: the die shows %(value)s, but a guard die shows 1 to 6"), floor=floor,
                         value=repr(value))
    return value


def state_from_case(case: dict[str, Any]) -> GameState:
    """The position a case describes, validated; raises BoardError naming the culprit."""
    if not isinstance(case, dict):
        raise BoardError(N_("a case is a JSON object with floors, crew and actions"))
    try:
        return _state_from_case(case)
    except (AttributeError, TypeError, KeyError, ValueError) as err:
        if isinstance(err, BoardError):
            raise
        raise BoardError(N_("malformed case: %(problem)s"), problem=err) from None


def _state_from_case(case: dict[str, Any]) -> GameState:
    rules = case.get("rules", "bb1")
    if not isinstance(rules, str) or rules not in RULEBOOKS:
        raise BoardError(N_("unknown rules %(rules)s: use bb1, bb2 or bb3"), rules=repr(rules))
    game = rulebook(rules).rules  # the case names its game: looked up here, once
    size = case.get("size", 4)
    if size not in (4, 5):
        raise BoardError(N_("a floor is 4x4 or 5x5: %(key)s is 4 or 5, not %(size)s"), key="size", size=repr(size))
    void = [v.upper() for v in case.get("void", [])]
    tiebreak = case.get("tiebreak", "rulebook")
    if tiebreak not in READINGS:
        raise BoardError(N_("unknown %(key)s %(tiebreak)s: use %(one)s or %(other)s"), key="tiebreak",
                         tiebreak=repr(tiebreak), one="rulebook", other="bga")
    players = case.get("players", 4)
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise BoardError(N_("%(key)s must be 1 to 4, not %(players)s"), key="players", players=repr(players))
    seed = case.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BoardError(N_("%(key)s must be a whole number from 0 up, not %(seed)s"), key="seed", seed=repr(seed))
    state = GameState(rules=rules, size=size, void=tuple(void), players=players, tiebreak=tiebreak, seed=seed)
    floors = case.get("floors") or {}
    if not floors:
        raise BoardError(N_("a case needs at least one floor"))
    for key, spec in floors.items():
        if not str(key).isdigit() or not 1 <= int(key) <= 3:
            raise BoardError(N_("floor %(key)s: floors are numbered 1 to 3"), key=repr(key))
        state.floors[int(key)] = _floor_from_case(int(key), spec, state, game)
    for name, spec in (case.get("crew") or {}).items():
        floor = spec.get("floor", 1)
        if floor not in state.floors:
            raise BoardError(N_("%(name)s is on floor %(floor)s, which the case does not have"), name=name, floor=floor)
        at = spec.get("at")
        if at is not None:
            plan = state.plan(floor)
            at = plan.names[plan.check(at.upper())]
        state.crew[name] = Burglar(floor=floor, at=at, stealth=spec.get("stealth", 3), heat=spec.get("heat", 0),
                                   loot=tuple(spec.get("loot", [])), geared=spec.get("geared", True),
                                   character=_word(spec.get("character", ""), CHARACTERS, "character"),
                                   side=_word(spec.get("side", "basic"), ("basic", "advanced"), "side"),
                                   tools=tuple(_word(t, TOOLS, "tool") for t in spec.get("tools", [])))
        for key, most in game.crew_counts.items():  # bb2: the Prima Donnas she carries
            setattr(state.crew[name], key, _count(spec.get(key, 0), most, f"{name}.{key}"))
    _one_of_each(state, game)
    state.order = tuple(state.crew)
    if game.room_rules:
        _table_from_case(case, state)
    for key, order in (case.get("reshuffle") or {}).items():
        if int(key) not in state.floors:
            raise BoardError(N_("%(section)s for floor %(key)s, which the case does not have"), section="reshuffle",
                             key=key)
        state.floors[int(key)].stacked = [_card(c, int(key), state, game) for c in order]
    return state


def _one_of_each(state: GameState, game: type[Bb1]) -> None:
    """§1.22 "One of each card": no crew the box could not deal, whatever game (a character card, a tool or loot
    card held by more burglars than the box has copies, more Prima Donna chips than the box holds)."""
    one_card_each({name: b.character for name, b in state.crew.items()})
    for name, b in state.crew.items():
        for kind in (*b.tools, *b.loot):
            if all_held(state, kind, name) or (*b.tools, *b.loot).count(kind) > 1:
                raise BoardError(N_("%(card)s is held by more burglars than the box has cards: %(names)s"),
                                 card=kind, names=holders(state, kind))
    for key, most in game.crew_counts.items():
        if sum(getattr(b, key) for b in state.crew.values()) > most:
            raise BoardError(N_("%(key)s: the crew holds more than the box's %(most)s"), key=repr(key), most=most)


def _table_from_case(case: dict[str, Any], state: GameState) -> None:
    """The bb1 table around the guards (docs/conformance.md): whose turn it is, the entrance, hack tokens."""
    turn = case.get("turn")
    if turn is not None:
        if turn not in state.crew:
            raise BoardError(N_("%(section)s: nobody called %(turn)s is in the crew"), section="turn", turn=repr(turn))
        state.turn = state.order.index(turn)
    hack = case.get("hack") or {}
    for kind, count in hack.items():
        if kind not in HACK_SOURCES:
            raise BoardError(N_("%(section)s: tokens lie on %(computers)s, not %(kind)s"), section="hack",
                             computers=list(HACK_SOURCES),
                             kind=repr(kind))
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_HACK:
            raise BoardError(N_("%(section)s: a computer holds 0 to %(most)s tokens, not %(count)s"), section="hack",
                             most=MOST_HACK,
                             count=repr(count))  # §1.22 hack capacity
        state.hack[kind] = count
    state.holes = _holes_from_case(case.get("holes") or {}, state)
    entrance = case.get("entrance")
    if entrance is None:
        return
    state.entrances = (_square(entrance, 1, state.plan(1), "entrance"),)
    # The case starts during the turn of whoever plays now, and a burglar walks in at the start of their own
    # first turn (§1.22 Break-in): so that one is already on the entrance; the others wait outside.
    now = state.crew.get(state.current() or "")
    if now is not None and now.at is None and not now.escaped:
        now.floor, now.at = 1, state.entrances[0]


def _holes_from_case(holes: Any, state: GameState) -> tuple[str, ...]:
    """Thermal Bomb holes (§1.22): per floor, the rooms joined to the same rooms of the floor above."""
    if not isinstance(holes, dict) or not all(isinstance(v, list) for v in holes.values()):
        raise BoardError(N_("%(section)s: per floor, a list of rooms, e.g. %(example)s"), section="holes",
                         example='{"1": ["B2"]}')
    found = set()
    for key, squares in holes.items():
        if not str(key).isdigit() or int(key) not in state.floors or int(key) + 1 not in state.floors:
            raise BoardError(N_("%(section)s: floor %(key)s has no floor of the case above it"), section="holes",
                             key=repr(key))
        plan = state.plan(int(key))
        found |= {f"{int(key)}-{_square(sq, int(key), plan, 'holes')}" for sq in squares}
    return tuple(sorted(found))


def _word(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value == "" and what == "character":
        return ""
    if value not in allowed:
        raise BoardError(N_("unknown %(field)s %(value)s: one of %(allowed)s"), field=what, value=repr(value),
                         allowed=list(allowed))
    return str(value)


def _square(value: Any, floor: int, plan: Floorplan, what: str) -> str:
    """A square of the floor whose plan is given (looked up once per floor, not once per square)."""
    if not isinstance(value, str):
        raise BoardError(N_("floor %(floor)s: %(field)s must be a square name, not %(value)s"), floor=floor, field=what,
                         value=repr(value))
    if value in plan.index and value not in plan.void:  # already spelled as the board spells it
        return value
    try:
        plan.check(value.upper())
    except BoardError as err:
        raise BoardError(N_("floor %(floor)s, %(field)s: %(problem)s"), floor=floor, field=what, problem=err) from None
    return value.upper()


def _card(value: Any, floor: int, state: GameState, game: type[Bb1]) -> str:
    if value == game.roomless_card or value in game.alike_cards:
        return str(value)
    if not isinstance(value, str):
        raise BoardError(N_("floor %(floor)s: a patrol card names a square, not %(value)s"), floor=floor,
                         value=repr(value))
    if value in SQUARE_INDEX[state.size]:  # already spelled as the board spells it (the empty square included)
        return value
    try:
        square_coords(value, state.size)
    except BoardError as err:
        raise BoardError(N_("floor %(floor)s, patrol card: %(problem)s"), floor=floor, problem=err) from None
    return value.upper()


def _tile_type(value: Any, floor: int, rules: str) -> str:
    """A room type of the case's game, as the engine spells it: "Secret door" or "crows_nest" are read as
    "secret-door" and "crows-nest"; a type the game does not have is refused, naming it and the game's types,
    since a misspelt one would silently switch its room's rule off (issue 38 §4)."""
    if not isinstance(value, str) or not value:
        raise BoardError(N_("floor %(floor)s: a room type is a name like %(example)s, not %(value)s"), example="camera",
                         floor=floor,
                         value=repr(value))
    rooms = ROOM_TYPES[rules]
    if value in rooms:  # already spelled as below
        return value
    kind = card_key(value.replace("_", " "))
    if kind not in rooms:
        raise BoardError(N_("floor %(floor)s: no Burgle Bros room is called %(value)s: %(rooms)s"), floor=floor,
                         value=repr(value), rooms=list(rooms))
    return kind


def _floor_from_case(n: int, spec: dict[str, Any], state: GameState, game: type[Bb1]) -> FloorState:
    plan = floorplan(state.size, state.void, spec.get("walls", []))
    fl = FloorState(walls=tuple(sorted(plan.walls)))
    state.floors[n] = fl
    fl.guard = None if spec.get("guard") is None else _square(spec["guard"], n, plan, "guard")
    fl.destination = None if spec.get("destination") is None else _square(spec["destination"], n, plan,
                                                                           "destination")
    fl.appeared = fl.guard is not None
    if game.uses_die:
        fl.die = _die(spec.get("die", 2), n)
    fl.alarms = tuple(sorted(_square(a, n, plan, "alarm") for a in spec.get("alarms", [])))
    if not game.alarm_cubes and len(set(fl.alarms)) != len(fl.alarms):
        raise BoardError(N_("floor %(n)s: a room holds at most one alarm token"), n=n)
    if fl.guard is not None and fl.guard in fl.alarms:
        raise BoardError(N_("floor %(n)s: no alarm can be on the guard's square %(guard)s"), n=n, guard=fl.guard)
    names = SQUARE_INDEX[state.size]  # a card already spelled as the board spells it needs no more checking
    fl.deck = [c if c in names else _card(c, n, state, game) for c in spec.get("patrol", [])]
    if spec.get("face_down"):
        # face-down cards listed as a set, no order (an exported heist): dealt afresh below the known ones, by
        # the case's seed, so the same file always deals the same deck
        unordered = sorted(c if c in names else _card(c, n, state, game) for c in spec["face_down"])
        random.Random(f"{state.seed}/{n}/deal").shuffle(unordered)
        fl.deck += unordered
    fl.discard = tuple(c if c in names else _card(c, n, state, game) for c in spec.get("discard", []))
    fl.tiles = {_square(k, n, plan, "tile"): _tile_type(v, n, state.rules)
                for k, v in (spec.get("tiles") or {}).items()}
    fl.lavatory = {sq: ROOM_TOKENS for sq, kind in fl.tiles.items() if kind == "lavatory"}
    for sq, count in (spec.get("tokens") or {}).items():  # Lavatory or Smoke Bomb tokens left on a room
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_ROOM_TOKENS:
            raise BoardError(N_("floor %(n)s: tokens on %(square)s must be a count from 0 to %(most)s"), n=n, square=sq,
                             most=MOST_ROOM_TOKENS)
        fl.lavatory[_square(sq, n, plan, "tokens")] = count
    if spec.get("kitty") is not None:  # bb1 Persian Kitty: its token lies there, held by nobody
        fl.kitty = _square(spec["kitty"], n, plan, "kitty")
    # The other games' pieces, read only when the case names them: the floor's own empty defaults are what
    # reading an absent (or, for the mappings, empty) field would give.
    if spec.get("cubes"):
        fl.cubes = {_square(k, n, plan, "cube"): int(v) for k, v in spec["cubes"].items()}
    if "crowd" in spec:
        fl.crowd = tuple(_square(s, n, plan, "crowd") for s in spec["crowd"])
    if "even" in spec:
        fl.even = tuple(_square(s, n, plan, "even") for s in spec["even"])
    if "suspicion" in spec:
        fl.suspicion = int(spec["suspicion"])
    if spec.get("workers"):
        fl.workers = {_square(k, n, plan, "workers"): int(v) for k, v in spec["workers"].items()}
    return fl


@dataclass(frozen=True)
class Step:
    """One action as a replay applied it (a walk the table's word marked as a correction, an answer to a
    question), what it logged, and the position after it."""

    action: Action
    log: tuple[LogEntry, ...]
    state: GameState


@dataclass(frozen=True)
class Replay:
    """A case played out by :func:`replay`: the position after its actions, every log entry, and the question
    it stopped at (``needs_choice``, its options as FORMAT.md prints them; None when none is left open)."""

    state: GameState
    log: tuple[LogEntry, ...]
    needs_choice: dict[str, Any] | None
    steps: tuple[Step, ...]
    rulebook: Rulebook  # the game the case names, looked up once as it was read

    @property
    def question(self) -> dict[str, Any] | None:
        """The engine's whole question the replay stopped at (its kind, options, floor…), or None."""
        return self.state.pending["question"] if self.state.pending else None


def replay(case: Any, start: GameState | None = None) -> Replay:
    """The one way every reader plays a case (``run_case``, the forecast and its safety map, the web import, the
    sandbox), so they all read the same cases the same way: the position the case describes (``start`` when the
    caller has built it already), then its ``actions`` in order, each walk read as the table's word unless the
    case says ``"walks": "checked"`` (``tables_word``, docs/conformance.md "Walks"), each question answered from
    ``choices`` in order and, once they run out, by its default. It stops at a question left without an answer
    and when the crew is caught (FORMAT.md); after an escape the engine itself refuses every action but a
    correction. Raises RulesError (a BoardError for the case's own shape) as ``apply`` does."""
    if not isinstance(case, dict):
        raise BoardError(N_("a case is a JSON object"))
    state = state_from_case(case) if start is None else start
    choices, actions = case.get("choices") or [], case.get("actions") or []
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise BoardError(N_("%(key)s is a list of answers, each a word or a square name"), key="'choices'")
    if not isinstance(actions, list):
        raise BoardError(N_("%(key)s is a list of actions, each an object with a %(do)s field"), key="'actions'",
                         do="'do'")
    walks = case.get("walks", "table")
    if walks not in ("table", "checked"):
        raise BoardError(N_("%(key)s is %(one)s or %(other)s"), key="'walks'", one="table", other="checked")
    answers = list(choices)
    steps: list[Step] = []
    game = rulebook(state.rules)
    for action in actions:
        state = _step(game, state, action if walks == "checked" else tables_word(game, state, action), steps)
        question = state.pending["question"] if state.pending else None
        while question and (answers or "default" in question):
            state = _step(game, state, {"do": "answer", "choice": answers.pop(0) if answers else question["default"]},
                          steps)
            question = state.pending["question"] if state.pending else None
        if question or state.outcome == "caught":
            break
    question = state.pending["question"] if state.pending else None
    return Replay(state, tuple(e for step in steps for e in step.log),
                  None if question is None else {"options": question["options"]}, tuple(steps), game)


def _step(game: Rulebook, state: GameState, action: Any, steps: list[Step]) -> GameState:
    read = from_json(action)
    result = apply(state, read, game)
    steps.append(Step(read, tuple(result.log), result.state))
    return result.state


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    """Resolve one case: the result object of FORMAT.md (or ``{"id", "error"}``)."""
    cid = case.get("id") if isinstance(case, dict) else None
    try:
        played = replay(case)
        return {"id": cid, **report(played.state, list(played.log), played.rulebook),
                "needs_choice": played.needs_choice}
    except RulesError as err:
        return {"id": cid, "error": str(err)}
    except Exception as err:  # a bug in the engine, said as such, never as the case's fault
        return {"id": cid, "error": f"internal error (a bug in the engine, not in this case): "
                                    f"{type(err).__name__}: {err}"}


def tables_word(game: Rulebook, state: GameState, action: Any) -> Action | Any:
    """docs/conformance.md "Walks": a case says what happened at a table, so a walk in it that the board (as the
    case describes it) does not allow is the table's word: it runs with every effect of entering, marked as a
    correction (``via`` "table"), rather than being refused as a tap on the board would be. So is a hack token for
    a computer the case never turned up (§1.22 "One of each card"), and an escape or a Safe cracked that the board
    does not show (§1.22 "Escape and cracking a safe are checked"): marked ``correction``. Anything else, or an
    action that is no action, is left for ``apply`` to read and refuse as before."""
    try:
        read = from_json(action)
        if state.pending:
            return read
        if isinstance(read, (CrackSafe, Escape, Hack)) and not read.correction:
            return _checked_by_table(game, state, read)
        if not isinstance(read, Move) or read.how not in (None, "walk") or read.via is not None:
            return read
        check_walk(state, read.who, read.floor, read.to, None, game.rules.room_rules)
    except NoWayError:
        return Move.read({**read.to_json(), "via": TABLE})
    except (RulesError, KeyError):
        return action
    return read


def _checked_by_table(game: Rulebook, state: GameState, action: CrackSafe | Escape | Hack) -> Action:
    """The action as the board takes it, or marked ``correction`` when only the table's word allows it."""
    try:
        apply(state, action, game)
    except OverrulableError:
        return replace(action, correction=True)
    except RulesError:
        pass  # refused for another reason: ``apply`` says why, as before
    return action


def report(state: GameState, log: list[LogEntry], book: Rulebook) -> dict[str, Any]:
    game = book.rules
    floors: dict[str, dict[str, Any]] = {}
    entered: dict[int | None, list[str | None]] = {}  # one pass over the log, not two per floor
    drawn: dict[int | None, list[str]] = {}
    for e in log:
        if e.kind == "enter":
            entered.setdefault(e.floor, []).append(e.square)
        elif e.kind == "draw":
            drawn.setdefault(e.floor, []).append(e.data["card"])
    for n, fl in sorted(state.floors.items()):
        out: dict[str, Any] = {
            "entered": entered.get(n, []),
            "guard": fl.guard, "destination": fl.destination,
            "alarms": sorted(fl.alarms),
            "drawn": drawn.get(n, []),
            "deck": len(fl.deck),
        }
        if game.uses_die:
            out["die"] = fl.die
        for name in game.floor_counts:  # bb2 counting cubes, bb3 suspicion and workers
            value = getattr(fl, name)
            out[name] = {k: v for k, v in sorted(value.items()) if v} if isinstance(value, dict) else value
        floors[str(n)] = out
    score = game.crew_counter
    crew: dict[str, dict[str, Any]] = {name: {score: getattr(b, score), "floor": b.floor, "at": b.at,
                                              **{key: getattr(b, key) for key in game.crew_counts}}
                                       for name, b in state.crew.items()}
    result: dict[str, Any] = {"floors": floors, "crew": crew, "caught": state.outcome == "caught"}
    if game.room_rules:
        # Extra fields (FORMAT.md's checker compares only what a case expects): the table around the guards.
        for n, fl in sorted(state.floors.items()):
            floors[str(n)]["tokens"] = {k: v for k, v in sorted(fl.lavatory.items())}
            floors[str(n)]["kitty"] = fl.kitty
        for name, b in state.crew.items():
            crew[name].update(loot=list(b.loot), tools=list(b.tools), escaped=b.escaped)
        result["hack"] = {k: v for k, v in sorted(state.hack.items())}
        result["turn"] = state.current()
    return result
