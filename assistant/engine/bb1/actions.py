"""Burgle Bros 1's own actions: the events, tools, loot and character abilities played from the table (bb1
"Card Reference", guard-rules.md §1.18-1.22), and the Stealth tokens lying in a room. ``rulesets.GAME_ACTIONS``
registers them; the actions every game shares (moves, alarms, the guard's turn, corrections) are in
engine/actions.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import square_coords
from ..entering import walk_in
from ..errors import N_, IllegalActionError, NotInTheBoxError
from ..on_board import board_floor, board_square, crew_member
from ..ruleset import GameAction
from ..state import GameState, without_one
from ..vocabulary import Set
from . import cards
from .card_names import PLAYED
from .limits import CROW_RANGE, MOST_HACK, MOST_HACKER, MOST_ROOM_TOKENS
from .table import EVENT_CARDS, computer_known, gut_rooms
from .vocabulary import EVENTS_ON_FLOOR, EVENTS_WITH_SQUARE, Camera, Crow, Donuts, Event, Hack, Kitty, Loot, Spotter

KITTY = "persian-kitty"

if TYPE_CHECKING:
    from .rules import Bb1


def _event(rules: Bb1, a: Event) -> None:
    """An event card drawn (her actions are over: a Thermo under her goes off first, §1.22), or a tool or an
    ability played during her actions."""
    name, floor = a.name, a.floor
    current = rules.state.current()
    if name in EVENT_CARDS and current is not None and rules.room_rules:
        rules.actions_end(current)
    if name in EVENTS_WITH_SQUARE:
        getattr(rules, f"event_{name}")(floor, board_square(rules, floor, a.at))
    elif name == "espresso" or name == "daydreaming":
        rules.state.bonus += 1 if name == "espresso" else -1
        rules.log("event", "1.21", floor, how=name)
    elif name == "jump_the_gun":
        rules.state.skip_next = True
        rules.log("event", "1.21", floor, how="jump_the_gun")
    elif name == "emp":
        by = a.who or rules.state.current()
        rules.event_emp(floor, by)
        cards.discard_tool(rules, by, "emp")  # a tool played is discarded (bb1 "Tools")
    elif name == "dynamite":
        rules.event_dynamite(floor, a.wall or "", board_square(rules, floor, a.at))
        cards.discard_tool(rules, rules.state.current(), "dynamite")
    elif name == "shoplifting":
        if not a.targets:  # said aloud, so the table sees the card was played and did nothing
            rules.log("no_effect", "1.21", floor, how="shoplifting")
        for target_floor, target in a.targets or ():
            f = board_floor(rules, target_floor)
            rules.trigger_alarm(f, board_square(rules, f, target, "targets"), cause="shoplifting")
    elif name == "go_with_your_gut":
        _go_with_your_gut(rules, a)
    elif name in EVENTS_ON_FLOOR:
        getattr(rules, f"event_{name}")(floor)
    elif name in PLAYED:
        cards.play(rules, name, a)
    else:
        raise IllegalActionError(N_("unknown event %(name)s"), name=repr(name))


def _go_with_your_gut(rules: Bb1, a: Event) -> None:
    """Go with your Gut (bb1 Card Reference): she must Move into a face-down room next to hers, the table choosing
    among several (``to``, turned up by the move when ``type`` says what it is); with none, nothing happens. It is
    a Move by the event after her actions, one action spent (§1.22; engine/entering.py :func:`walk_in`)."""
    who = a.who or rules.state.current()
    if who is None:
        raise IllegalActionError(N_("nobody is playing yet"))
    b = rules.state.crew[who]
    if b.at is None or b.escaped:
        raise IllegalActionError(N_("%(who)s is not in the building"), who=who)
    floor, here = b.floor, b.at
    rooms = gut_rooms(rules.state, who)
    if a.to is None:
        if rooms:
            raise IllegalActionError(N_("Go with your Gut: %(who)s must move into one of the face-down rooms next to "
                                        "her: %(rooms)s"), who=who, rooms=rooms)
        rules.log("no_effect", "Go with your Gut", floor, here, ruling=True, how="gut_no_room", who=who)
        return
    square = board_square(rules, floor, a.to, "to")
    if square not in rooms:
        raise IllegalActionError(N_("Go with your Gut moves %(who)s into a face-down room next to %(at)s with no wall "
                                    "between, on floor %(floor)s: %(square)s is not one (those are: %(rooms)s)"),
                                 who=who, at=here, floor=floor, square=square, rooms=rooms)
    rules.log("event", "Go with your Gut", floor, square, how="go_with_your_gut", who=who)
    walk_in(rules, who, floor, square, via="event", room=a.room, number=a.number, correction=bool(a.correction),
            gut=True)


def _donuts(rules: Bb1, a: Donuts) -> None:
    rules.state.floors[a.floor].donuts = True
    rules.log("donuts", "1.18", a.floor, how="played")
    cards.discard_tool(rules, rules.state.current(), "donuts")  # a tool played is discarded (bb1 "Tools")


def _crow(rules: Bb1, a: Crow) -> None:
    """Raven: place the crow (basic: up to 2 rooms away, not through walls; advanced: her own room)."""
    who = a.who
    b = rules.state.crew[who]
    floor = b.floor
    square = board_square(rules, floor, a.at)
    # absent: the side of her character card, as the crew says (docs/conformance.md)
    advanced = rules.is_(who, "raven", "advanced") if a.advanced is None else a.advanced
    if advanced and square != b.at:
        raise IllegalActionError(N_("the advanced Raven puts her crow in her own room"))
    if b.at is None:
        raise IllegalActionError(N_("%(who)s is not on the board"), who=who)
    if not advanced and rules.plan(floor).distance(b.at, square) > CROW_RANGE:
        raise IllegalActionError(N_("the crow flies at most 2 rooms from %(at)s, walls respected; %(square)s is "
                                    "farther"), at=b.at, square=square)
    for fl in rules.state.floors.values():
        fl.crow = None
    fl = rules.state.floors[floor]
    fl.crow, fl.crow_advanced = square, advanced
    rules.log("crow", "1.19", floor, square, how="lands", who=who)


def _spotter(rules: Bb1, a: Spotter) -> None:
    """§1.22 Spotter: she looks (an action, once per turn; the card is shown only on the device that asked),
    then the card stays on top or goes to the bottom."""
    if a.keep == "look":
        rules.spotter_look(crew_member(rules, a.who))
        return
    floor = board_floor(rules, a.floor)
    fl = rules.state.floors[floor]
    if not fl.deck:
        raise IllegalActionError(N_("the floor-%(floor)s patrol deck is empty"), floor=floor)
    if not rules.state.spotted:
        raise IllegalActionError(N_("the Spotter looks at the card before she decides where it goes"))
    if a.keep == "bottom":
        fl.deck.append(fl.deck.pop(0))
    rules.log("spotter", "1.21", floor, how=a.keep)


def _hack(rules: Bb1, a: Hack) -> None:
    kind = a.kind
    now = rules.state.hack.get(kind, 0)
    new = now + 1 if a.count is None else a.count
    most = MOST_HACKER if kind == "hacker" else MOST_HACK
    if not 0 <= new <= most:
        raise IllegalActionError(N_("the Hacker's card holds 0 or 1 hack token") if kind == "hacker" else
                                 N_("a computer holds 0 to %(most)s hack tokens"), most=most)
    marked: dict[str, Any] = {"correction": True} if a.correction else {}
    if new > now and not marked:
        check_hack(rules.state, kind)
    rules.state.hack[kind] = new
    rules.log("hack", "1.21", how="count", computer=kind, count=new, **marked)


def check_hack(state: GameState, kind: str) -> None:
    """§1.22 "One of each card": a token given to a computer nobody turned up (or to the advanced Hacker's card
    while she is not in the crew) is refused; the table may still say the board shows it, a correction. Taking
    tokens away is never refused."""
    if computer_known(state, kind):
        return
    if kind == "hacker":
        raise NotInTheBoxError(N_("nobody in the crew plays the advanced Hacker, whose card holds this token"))
    raise NotInTheBoxError(N_("no %(computer)s computer is face up on any floor: nobody can put a hack token on "
                              "it yet"), computer=kind)


def _camera(rules: Bb1, a: Camera) -> None:
    """Video Loop / Crowbar: switch a camera off (or on again)."""
    fl = rules.state.floors[a.floor]
    off = True if a.off is None else a.off
    fl.cameras_off = tuple(sorted(set(fl.cameras_off) - {a.at} | ({a.at} if off else set())))
    rules.log("camera", "1.14", a.floor, a.at, how="switched", off=off)


def _loot(rules: Bb1, a: Loot) -> None:
    """A burglar takes (or gives up) a loot card; the Tiara is the one that matters to guards (1.17)."""
    who, kind = a.who, a.kind
    b = rules.state.crew[who]
    takes = kind not in b.loot if a.on is None else a.on  # toggled when the action does not say
    if takes:
        marked = cards.one_of_each(rules, who, kind, bool(a.correction))
        if kind not in b.loot:
            b.loot = (*b.loot, kind)  # a new tuple: the loot is shared with the state's copies
        rules.log("loot", "1.17" if kind == "tiara" else "", how="takes", who=who, loot=kind, **marked)
        if kind == "cursed-goblet" and b.stealth == 0:  # bb1 Cursed Goblet: with none left she is not affected
            rules.log("no_effect", "Cursed Goblet", b.floor, b.at, how="goblet_no_stealth", who=who)
        elif kind == "cursed-goblet":  # one Stealth discarded at once
            b.stealth -= 1
            rules.log("stealth_change", "Cursed Goblet", b.floor, b.at, who=who, stealth=b.stealth, change=-1,
                      card="cursed-goblet")
    elif kind in b.loot:
        b.loot = without_one(b.loot, kind)
        rules.log("loot", "", how="drops", who=who, loot=kind)


def _kitty(rules: Bb1, a: Kitty) -> None:
    """bb1 Persian Kitty: with ``at``, the token of the Kitty that ``who`` holds runs to that room next to hers (the
    table rolled a 1 or 2 at the start of her turn and found the room closest to an Alarm tile); nobody holds the
    Kitty then, so a Detector no longer counts it, and the token itself sets nothing off. Without ``at``, ``who``
    picks the token up from her room (no action): she holds the loot again."""
    who = a.who
    b = rules.state.crew[who]
    if b.at is None or b.escaped:
        raise IllegalActionError(N_("%(who)s is not in the building"), who=who)
    fl = rules.state.floors[b.floor]
    if a.at is None:
        if fl.kitty != b.at:
            raise IllegalActionError(N_("the Persian Kitty's token is not in %(who)s's room"), who=who)
        fl.kitty = None
        if KITTY not in b.loot:
            b.loot = (*b.loot, KITTY)
        rules.log("kitty", "Persian Kitty", b.floor, b.at, how="picked_up", who=who)
        return
    if KITTY not in b.loot:
        raise IllegalActionError(N_("%(who)s does not hold the Persian Kitty"), who=who)
    square = board_square(rules, b.floor, a.at)
    (col, row), (c, r) = square_coords(b.at, rules.state.size), square_coords(square, rules.state.size)
    if abs(col - c) + abs(row - r) != 1:
        raise IllegalActionError(N_("the Persian Kitty runs to a room next to %(at)s; %(square)s is not"), at=b.at,
                                 square=square)
    b.loot = without_one(b.loot, KITTY)
    fl.kitty = square
    rules.log("kitty", "Persian Kitty", b.floor, square, how="runs", who=who)


def _set_room_tokens(rules: Bb1, a: Set) -> None:
    """bb1 Lavatory and Smoke Bomb: the Stealth tokens lying in a room, corrected by hand."""
    floor = board_floor(rules, a.floor)
    square = board_square(rules, floor, a.at)
    if not 0 <= a.value <= MOST_ROOM_TOKENS:
        raise IllegalActionError(N_("a room holds 0 to %(most)s Stealth tokens"), most=MOST_ROOM_TOKENS)
    rules.state.floors[floor].lavatory[square] = a.value
    rules.log("set", "", floor, square, how="room_tokens", value=a.value)


ACTIONS = {
    "event": GameAction(_event, N_("these cards and abilities")), "donuts": GameAction(_donuts, N_("Donuts tools")),
    "crow": GameAction(_crow, N_("the Raven's crows")), "spotter": GameAction(_spotter, N_("the Spotter's looks")),
    "hack": GameAction(_hack, N_("hack tokens")), "camera": GameAction(_camera, N_("cameras to switch off")),
    "loot": GameAction(_loot, N_("these loot cards")), "tool": GameAction(cards.tool, N_("these tools")),
    "kitty": GameAction(_kitty, N_("the Persian Kitty's token")),
}
SET_FIELDS = {"room_tokens": GameAction(_set_room_tokens, N_("Stealth tokens on rooms"))}
