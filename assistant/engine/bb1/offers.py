"""Burgle Bros 1's legal actions (``Bb1.legal``): the table app renders these and re-derives nothing
(like python-chess's ``Board.legal_moves``; design.md "The engine offers what is legal").

``room_offers(state, floor, square)`` is what a tapped room offers, ``player_offers(state, who)`` what the
burglar whose turn it is can play (events drawn, tools held, loot, the character's ability), and
``corrections(state)`` the numbers the table may set by hand. Each :class:`Offer` is an action for
``actions.apply`` plus a ``code`` (what the button says) and the ``params`` its words need; an offer with
``needs`` "tile" still wants the room's type and number (a face-down room turned up by the move).

Burgle Bros 2 and 3 answer the same questions in bb2/offers.py and bb3/offers.py.

>>> from assistant.engine.bb1.setup import new_game
>>> from assistant.engine.actions import apply
>>> s = new_game("bank", [{"name": "Ann", "character": "raven"}], seed=1)
>>> s = apply(apply(s, {"do": "start"}).state, {"do": "entrance", "at": "B2"}).state
>>> [o.code for o in room_offers(s, 1, "C2") if o.code in ("crow", "move_reveal", "put")]
['move_reveal', 'put', 'crow']
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement

from ..board import square_coords
from ..offers import LegalActions, Offer, breaking_in, entrance, in_play, inside, other_ways, puts, walks_here
from ..errors import OverrulableError
from ..limits import DIE_FACES, MOST_STEALTH
from ..state import GameState
from .checks import cracking_refusal, escape_refusal
from .card_names import LOOT, TOOLS
from .limits import CROW_RANGE, MOST_HACK, MOST_ROOM_TOKENS
from .table import CHARACTERS, TableBb1, all_held, computer_known, gut_rooms, peeks_into, rerouting_juicer

COMPUTERS = ("fingerprint", "laser", "motion")
FLOOR_EVENTS = ("shift_change", "switch_signs", "where_is_he", "change_of_plans", "squeak", "brown_out",
                "espresso", "daydreaming", "jump_the_gun")
PLAYER_EVENTS = ("lampshade", "video_loop", "freight_elevator", "lost_grip", "dead_drop", "reboot",
                 "time_lock",
                 "gymnastics")
# the event cards a burglar draws, as offer codes (the panel groups them)
EVENT_CODES = (*FLOOR_EVENTS, *PLAYER_EVENTS, "crash", "throw_voice", "buddy_system", "freight_elevator_roof",
               "freight_elevator_stays", "go_with_your_gut", "go_with_your_gut_none")
KITTY = "persian-kitty"
TOOL_CARDS = ("thermal-bomb", "invisible-suit", "smoke-bomb", "makeup-kit")  # used from the user's room


def character_of(state: GameState, name: str) -> tuple[str, str] | None:
    """(character, side) of a crew member, or None when the table named none of the nine."""
    b = state.crew[name]
    key = b.character.strip().lower()
    return (key, b.side) if key in CHARACTERS else None


def playing(state: GameState, character: str, side: str | None = None) -> list[str]:
    """Who in the crew plays ``character`` (on that side), in turn order."""
    return [n for n in state.order if (c := character_of(state, n)) and c[0] == character
            and (side is None or c[1] == side)]


def characters_known(state: GameState) -> bool:
    return any(character_of(state, n) for n in state.crew)


def _bb1_play(state: GameState) -> str | None:
    """Whose turn it is, once the crew has broken in (no question pending, no outcome)."""
    if not in_play(state):
        return None
    if 1 in state.floors and not state.floors[1].appeared:
        return None
    return state.current()


def side_of(state: GameState, square: str, wall: str) -> str:
    """Which side of ``square`` the wall ``wall`` stands on: "north", "east", "south" or "west"."""
    first, second = wall.split("-")
    other = second if square == first else first
    (c, r), (oc, orow) = square_coords(square, state.size), square_coords(other, state.size)
    return {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}[(oc - c, orow - r)]


# -- one room -------------------------------------------------------------------------------------

def room_offers(state: GameState, floor: int, square: str) -> list[Offer]:
    """Everything a tap on ``square`` of ``floor`` offers in a heist in play."""
    current = _bb1_play(state)
    if current is None or floor not in state.floors or square in state.void:
        return []
    if breaking_in(state):
        return entrance(floor, square)
    # a face-down room is turned up by the move: the UI adds its type and number
    tile = "tile" if square not in state.floors[floor].tiles else ""
    offers = [replace(o, needs=tile) for o in (*walks_here(state, floor, square, "move_reveal" if tile else "move",
                                                          tiles=TableBb1.room_rules),
                                              *other_ways(state, floor, square, tiles=TableBb1.room_rules))]
    offers += _rook_orders(state, current, floor, square)
    offers += puts(state, floor, square)
    offers += _alarm_offers(state, current, floor, square)
    offers += [o for o in _around_me(state, current) if o.action.get("at") == square
               and o.action.get("floor", floor) == floor]
    offers += _crow(state, current, floor, square)
    offers += _throw_voice(state, floor, square)
    offers += [o for o in _go_with_your_gut(state, current) if o.action.get("to") == square
               and o.action["floor"] == floor]
    offers += _rook_swap(state, current, floor, square)
    offers += _kitty(state, current, floor, square)
    offers += _room_pieces(state, floor, square)
    return offers


def _kitty(state: GameState, current: str, floor: int, square: str) -> list[Offer]:
    """bb1 Persian Kitty: its token runs from the burglar whose turn it is, who holds it, to a room next to hers
    (a 1 or 2 rolled); whoever stands on the token picks it up."""
    b = state.crew[current]
    offers = [Offer("kitty_pick_up", {"do": "kitty", "who": n}, {"who": n})
              for n in state.burglars_at(floor, square) if state.floors[floor].kitty == square]
    if KITTY in b.loot and inside(state, current) and b.floor == floor:
        (col, row), (c, r) = square_coords(str(b.at), state.size), square_coords(square, state.size)
        if abs(col - c) + abs(row - r) == 1:
            offers.append(Offer("kitty_runs", {"do": "kitty", "who": current, "at": square}, {"who": current}))
    return offers


def _rook_orders(state: GameState, current: str, floor: int, square: str) -> list[Offer]:
    """The basic Rook's Orders: another burglar next door moves here (extra movement costs ignored)."""
    if character_of(state, current) != ("rook", "basic"):
        return []
    plan = state.plan(floor)
    return [Offer("rook_orders", {"do": "move", "who": n, "floor": floor, "to": square, "by": "rook"},
                  {"who": n, "rook": current}, needs="tile" if square not in state.floors[floor].tiles else "")
            for n in state.order if n != current and inside(state, n) and state.crew[n].floor == floor
            and state.crew[n].at != square and plan.open_between(str(state.crew[n].at), square)]


def _alarm_offers(state: GameState, current: str, floor: int, square: str) -> list[Offer]:
    fl = state.floors[floor]
    here = {"floor": floor, "at": square}
    if square in fl.alarms:
        return [Offer("pick_up_alarm", {"do": "remove_alarm", **here},
                      {"who": rerouting_juicer(state, floor, square) or ""})]
    offers = [Offer("alarm", {"do": "alarm", **here})]
    kind = fl.tiles.get(square, "")
    if kind in COMPUTERS and state.hack.get(kind, 0) > 0:
        offers.append(Offer("alarm_hacked", {"do": "alarm", **here, "hack": kind},
                            {"computer": kind, "left": state.hack[kind]}))
    return offers


def _crow(state: GameState, current: str, floor: int, square: str) -> list[Offer]:
    """The Raven whose turn it is sends her crow: basic up to CROW_RANGE rooms away, advanced onto her own
    room (§1.22 Raven). With no character named at all, anyone on the floor may be the Raven."""
    if characters_known(state):
        ravens = [(n, s) for n in [current] if (c := character_of(state, n)) and c[0] == "raven" for s in [c[1]]]
    else:
        ravens = [(n, side) for n in state.order for side in ("advanced", "basic")]
    plan = state.plan(floor)
    offers = []
    for name, side in ravens:
        b = state.crew[name]
        if not inside(state, name) or b.floor != floor:
            continue
        if side == "advanced" and b.at == square:
            offers.append(Offer("crow_own", {"do": "crow", "who": name, "at": square, "advanced": True}, {"who": name}))
        elif side == "basic" and 0 <= plan.distance(str(b.at), square) <= CROW_RANGE:
            offers.append(Offer("crow", {"do": "crow", "who": name, "at": square}, {"who": name}))
    return offers


def _throw_voice(state: GameState, floor: int, square: str) -> list[Offer]:
    """Throw Voice (§1.22): the die to an open room next to it, while no alarm is on that floor."""
    fl = state.floors[floor]
    if fl.guard is None or fl.destination is None or fl.alarms or fl.destination == square:
        return []
    if not state.plan(floor).open_between(fl.destination, square):
        return []
    return [Offer("throw_voice", {"do": "event", "name": "throw_voice", "floor": floor, "at": square},
                  {"at": square})]


def _go_with_your_gut(state: GameState, who: str) -> list[Offer]:
    """Go with your Gut drawn by ``who``: one offer per face-down room next to hers with no wall between, each
    still wanting the room's type and number (the move turns it up); with none, the card that does nothing."""
    if not inside(state, who):
        return []
    floor = state.crew[who].floor
    action = {"do": "event", "name": "go_with_your_gut", "floor": floor, "who": who}
    rooms = gut_rooms(state, who)
    if not rooms:
        return [Offer("go_with_your_gut_none", action, {"who": who})]
    return [Offer("go_with_your_gut", {**action, "to": sq}, {"who": who, "at": sq}, needs="tile") for sq in rooms]


def _rook_swap(state: GameState, current: str, floor: int, square: str) -> list[Offer]:
    if character_of(state, current) != ("rook", "advanced") or not inside(state, current):
        return []
    return [Offer("rook_swap", {"do": "event", "name": "rook_swap", "floor": floor, "who": current, "buddy": n},
                  {"who": current, "buddy": n})
            for n in state.burglars_at(floor, square) if n != current]


def _room_pieces(state: GameState, floor: int, square: str) -> list[Offer]:
    """A camera switched off or on, the Stealth tokens lying here and a computer's hack tokens (corrections)."""
    fl = state.floors[floor]
    kind = fl.tiles.get(square, "")
    offers = []
    if kind == "camera":
        off = square not in fl.cameras_off
        offers.append(Offer("camera_off" if off else "camera_on",
                            {"do": "camera", "floor": floor, "at": square, "off": off}))
    if kind == "lavatory" or square in fl.lavatory:
        now = fl.lavatory.get(square, 0)
        offers += [Offer("room_tokens", {"do": "set", "field": "room_tokens", "floor": floor, "at": square,
                                         "value": n}, {"value": n, "now": n == now}, correction=True)
                   for n in range(MOST_ROOM_TOKENS + 1)]
    computer = kind.removeprefix("computer-") if kind.startswith("computer-") else ""
    if computer in COMPUTERS:
        now = state.hack.get(computer, 0)
        if now < MOST_HACK:
            offers.append(Offer("hack", {"do": "hack", "kind": computer}, {"computer": computer, "left": now}))
        offers += [Offer("hack_count", {"do": "hack", "kind": computer, "count": n},
                         {"computer": computer, "value": n, "now": n == now}, correction=True)
                   for n in range(MOST_HACK + 1)]
    return offers


# -- the burglar whose turn it is -----------------------------------------------------------------

def player_offers(state: GameState, who: str) -> list[Offer]:
    """What ``who`` can play on their turn: the events a card drawn may be, their character's ability,
    the tools they hold and their loot. Empty when it is not their turn in a Burgle Bros 1 heist."""
    if _bb1_play(state) != who:
        return []
    return [*events(state, who), *abilities(state, who), *tools(state, who), *loot(state, who)]


def events(state: GameState, who: str) -> list[Offer]:
    """Every Burgle Bros 1 event that touches a guard, an alarm, Stealth or a piece, as drawn by ``who``."""
    b = state.crew[who]
    floor = b.floor if inside(state, who) else 1
    offers = [Offer(name, {"do": "event", "name": name, "floor": floor}, {"floor": floor}) for name in FLOOR_EVENTS]
    if inside(state, who):
        offers.append(Offer("crash", {"do": "event", "name": "crash", "floor": floor, "at": b.at}, {"at": b.at}))
        fl = state.floors[floor]
        if fl.destination:
            offers += [o for sq in state.plan(floor).adjacent(fl.destination) for o in _throw_voice(state, floor, sq)]
    for name in PLAYER_EVENTS:
        if name in ("freight_elevator", "lost_grip", "lampshade") and not inside(state, who):
            continue
        action = {"do": "event", "name": name, "floor": floor, "who": who}
        if name == "freight_elevator" and floor + 1 not in state.floors:
            # the top floor: to the roof only with all the loot, which the table says (bb1 Freight Elevator)
            offers += [Offer(f"freight_elevator_{code}", {**action, "all_loot": roof}, {"who": who})
                       for code, roof in (("roof", True), ("stays", False))]
            continue
        offers.append(Offer(name, action, {"who": who}))
    offers += _go_with_your_gut(state, who)
    if inside(state, who):
        offers += [Offer("buddy_system", {"do": "event", "name": "buddy_system", "floor": floor, "who": who,
                                          "buddy": n}, {"who": who, "buddy": n})
                   for n in state.order if n != who and not state.crew[n].escaped]
    return offers


def abilities(state: GameState, who: str) -> list[Offer]:
    """The ability of ``who``'s character (their side) where it touches a guard, an alarm or Stealth; the
    room-bound ones (the crow, the Rook's Orders and Disguise) are in the rooms' offers."""
    me = character_of(state, who)
    if me is None or not inside(state, who):
        return []
    b = state.crew[who]
    offers = []
    if me == ("spotter", "basic") and not state.spotted and state.floors[b.floor].deck:
        offers.append(Offer("spotter_look", {"do": "spotter", "who": who, "keep": "look"},
                            {"who": who, "floor": b.floor}))
    if me == ("juicer", "basic"):
        offers += [Offer("juicer_alarm", {"do": "event", "name": "juicer_alarm", "floor": b.floor, "who": who,
                                          "at": sq}, {"who": who, "at": sq})
                   for sq in state.plan(b.floor).adjacent(str(b.at)) if sq not in state.floors[b.floor].alarms]
    if me == ("juicer", "advanced") and b.alarm_tokens and b.at not in state.floors[b.floor].alarms:
        offers.append(Offer("juicer_drop", {"do": "event", "name": "juicer_drop", "floor": b.floor, "who": who},
                            {"who": who, "at": b.at}))
    if me == ("hacker", "advanced") and not state.hack.get("hacker"):
        offers.append(Offer("hacker_token", {"do": "hack", "kind": "hacker"}, {"who": who}))
    if me == ("rigger", "advanced") and b.stealth > 0:
        offers.append(Offer("rigger_tool", {"do": "event", "name": "rigger_tool", "floor": b.floor, "who": who},
                            {"who": who}))
    return offers


def _around_me(state: GameState, who: str) -> list[Offer]:
    """The offers of ``who`` that act on one room: the Juicer's alarm next door, the Crowbar, Dynamite."""
    return [o for o in [*abilities(state, who), *tools(state, who)] if "at" in o.action
            and o.code in ("juicer_alarm", "crowbar", "dynamite")]


def tools(state: GameState, who: str) -> list[Offer]:
    """The tools ``who`` holds, each with what using it sends; one that does nothing the app follows is
    only given up."""
    b = state.crew[who]
    in_room = inside(state, who)
    busted = "bust" in b.loot  # §1.22 Bust: while she holds it, her tools can only be given up
    offers = []
    for kind in b.tools:
        name = kind.replace("-", "_")
        if busted:
            pass  # given up only (below)
        elif kind in TOOL_CARDS and in_room:
            offers.append(Offer(f"tool_{name}", {"do": "event", "name": name, "floor": b.floor, "who": who},
                                {"who": who, "at": b.at}))
        elif kind == "crowbar" and in_room:
            offers += _crowbar(state, who)
        elif kind == "dynamite" and in_room:
            offers += [Offer("dynamite", {"do": "event", "name": "dynamite", "floor": b.floor, "at": b.at,
                                          "wall": wall}, {"who": who, "wall": wall, "at": b.at,
                                                          "side": side_of(state, str(b.at), wall)})
                       for wall in state.floors[b.floor].walls if str(b.at) in wall.split("-")]
        elif kind == "emp":
            offers.append(Offer("tool_emp", {"do": "event", "name": "emp", "floor": b.floor, "who": who}, {"who": who}))
        elif kind == "donuts":
            offers += [Offer("tool_donuts", {"do": "donuts", "floor": n}, {"floor": n})
                       for n, fl in sorted(state.floors.items()) if fl.guard and not fl.donuts]
        elif kind == "virus":
            offers += virus(state, who)
        offers.append(Offer("tool_drop", {"do": "tool", "who": who, "kind": kind, "on": False},
                            {"who": who, "tool": kind}))
    return offers


def _crowbar(state: GameState, who: str) -> list[Offer]:
    """The Crowbar on each room ``who`` could peek into that it has not opened yet: next door, and up or down the
    Stairs (or an Atrium's view) from her room (§1.22 "Peeking is not moving")."""
    b = state.crew[who]
    here = str(b.at)
    rooms = [(b.floor, sq) for sq in state.plan(b.floor).adjacent(here)]
    rooms += [(f, here) for f in (b.floor + 1, b.floor - 1) if f in state.floors
              and peeks_into(state, b.floor, here, f, here)]
    return [Offer("crowbar", {"do": "event", "name": "crowbar", "floor": f, "who": who, "at": sq},
                  {"who": who, "at": sq, **({"floor": f} if f != b.floor else {})})
            for f, sq in rooms if sq not in state.floors[f].disabled]


def virus(state: GameState, who: str) -> list[Offer]:
    """The Virus: 3 hack tokens shared among the computers face up (all three when none is yet)."""
    shown = sorted({k.removeprefix("computer-") for fl in state.floors.values() for k in fl.tiles.values()
                    if k.removeprefix("computer-") in COMPUTERS and k.startswith("computer-")}) or list(COMPUTERS)
    floor = state.crew[who].floor
    offers = []
    for combo in combinations_with_replacement(shown, 3):
        tokens = {k: combo.count(k) for k in shown if combo.count(k)}
        offers.append(Offer("tool_virus", {"do": "event", "name": "virus", "floor": floor, "who": who,
                                           "tokens": tokens}, {"who": who, "tokens": tokens}))
    return offers


def loot(state: GameState, who: str) -> list[Offer]:
    """Her loot given up, and the Persian Kitty's token picked up where she stands (bb1 Persian Kitty)."""
    b = state.crew[who]
    offers = []
    if inside(state, who) and state.floors[b.floor].kitty == b.at:
        offers.append(Offer("kitty_pick_up", {"do": "kitty", "who": who}, {"who": who}))
    return offers + [Offer("loot_drop", {"do": "loot", "who": who, "kind": k, "on": False}, {"who": who, "loot": k})
                     for k in b.loot]


def take_offers(state: GameState, who: str) -> list[Offer]:
    """A tool or loot card ``who`` takes: every one she does not hold with a copy left in the box (§1.22 "One of
    each card": one of each, two Gold Bars)."""
    b = state.crew[who]
    return ([Offer("tool_take", {"do": "tool", "who": who, "kind": k, "on": True}, {"who": who, "tool": k})
             for k in TOOLS if k not in b.tools and not all_held(state, k, who)]
            + [Offer("loot_take", {"do": "loot", "who": who, "kind": k, "on": True}, {"who": who, "loot": k})
               for k in LOOT if k not in b.loot and not all_held(state, k, who)])


# -- corrections ------------------------------------------------------------------------------------

def corrections(state: GameState) -> list[Offer]:
    """Numbers the table sets by hand (§ "never silently diverges"): each burglar's Stealth and each
    guard's die; a room's tokens and a computer's hack tokens are in that room's offers."""
    offers = [Offer("set_stealth", {"do": "set", "field": "stealth", "who": n, "value": v},
                    {"who": n, "value": v, "now": v == state.crew[n].stealth}, correction=True)
              for n in state.order for v in range(MOST_STEALTH + 1)]
    offers += [Offer("set_die", {"do": "set", "field": "die", "floor": f, "value": v},
                     {"floor": f, "value": v, "now": v == fl.die}, correction=True)
               for f, fl in sorted(state.floors.items()) if fl.guard for v in range(1, DIE_FACES + 1)]
    offers += [Offer("hack_count", {"do": "hack", "kind": k, "count": v},
                     {"computer": k, "value": v, "now": v == state.hack.get(k, 0)}, correction=True)
               for k in COMPUTERS if computer_known(state, k) for v in range(MOST_HACK + 1)]
    return offers


def table_offers(state: GameState, who: str) -> list[Offer]:
    """What the table tells the app on ``who``'s turn, away from any room: a safe cracked on her floor (its
    guard and those below speed up, bb1 "Cracking a Safe"), a computer hacked (§1.22: 6 tokens at most), her
    escape by the roof, and the Tiara taken or put down by anyone still inside (§1.17). A Safe cracked or an
    escape the board does not show (§1.22 "Escape and cracking a safe are checked") is offered as a correction
    only: the table keeps the last word."""
    if _bb1_play(state) is None:
        return []
    b = state.crew[who]
    floor = b.floor if b.at else 1
    offers = [_checked(Offer("crack_safe", {"do": "crack_safe", "floor": floor}, {"floor": floor}),
                       cracking_refusal(state, floor))]
    if inside(state, who) and character_of(state, who) == ("peterman", "advanced"):
        # the Safe straight above or below her room: her floor and those below speed up (§1.22)
        offers += [_checked(Offer("crack_safe_peterman", {"do": "crack_safe", "floor": f, "who": who},
                                  {"who": who, "floor": f, "on": floor}), cracking_refusal(state, f, who))
                   for f in (floor + 1, floor - 1) if f in state.floors]
    offers += [Offer("hack", {"do": "hack", "kind": k}, {"computer": k, "left": state.hack.get(k, 0)})
               for k in COMPUTERS if state.hack.get(k, 0) < MOST_HACK and computer_known(state, k)]
    if inside(state, who):
        offers.append(_checked(Offer("escape", {"do": "escape", "who": who}, {"who": who}),
                               escape_refusal(state, who)))
    for name in state.order:
        has = "tiara" in state.crew[name].loot
        if not state.crew[name].escaped and (has or not all_held(state, "tiara", name)):
            offers.append(Offer("tiara_drop" if has else "tiara_take",
                                {"do": "loot", "who": name, "kind": "tiara", "on": not has}, {"who": name}))
    return offers


def _checked(offer: Offer, refusal: OverrulableError | None) -> Offer:
    """The offer as it is when nothing stands in its way; else the same action as a correction (its code
    ``…_correction``), which the rules take as the table's word."""
    if refusal is None:
        return offer
    return replace(offer, code=offer.code + "_correction", action={**offer.action, "correction": True},
                   correction=True)


LEGAL = LegalActions(room_offers, player_offers, corrections, take_offers, table_offers)
