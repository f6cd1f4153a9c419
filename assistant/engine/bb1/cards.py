"""Burgle Bros (1) cards and abilities that change Stealth, alarms, rooms or where the crew stands: tools,
events and character abilities played from the table (bb1 "Card Reference", BGA help "Cartes"). Those
that act on a guard himself (Shift Change, Switch Signs, Donuts, E.M.P., Dynamite …) live with the
guard rules in bb1/rules.py.

Each card is ``{"do": "event", "name": <card>, "floor": N, "who": <player>, …}``; ``who`` defaults to
whose turn it is. A tool the player holds is discarded when played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import N_, IllegalActionError, NotInTheBoxError
from ..limits import MOST_STEALTH
from ..on_board import board_square, crew_member
from ..state import without_one
from .card_names import TOOLS
from .limits import MOST_HACK, ROOM_TOKENS, VIRUS_TOKENS
from .table import all_held, holders, peeks_into
from .vocabulary import Event, Tool

if TYPE_CHECKING:
    from .rules import Bb1

MAX_STEALTH = MOST_STEALTH  # the name assistant/written.py reads


def _player(rules: Bb1, a: Event) -> str:
    who = a.who or rules.state.current()
    if who is None:
        raise IllegalActionError(N_("nobody is playing yet"))
    return who


def _inside(rules: Bb1, who: str) -> tuple[int, str]:
    b = rules.state.crew[who]
    if b.at is None or b.escaped:
        raise IllegalActionError(N_("%(who)s is not in the building"), who=who)
    return b.floor, b.at


def discard_tool(rules: Bb1, who: str | None, tool: str) -> None:
    """A tool card played goes to the discard pile (if the player held it: the table may not track tools).
    Every tool played comes here, so here too the Bust refuses it: the whole action is then not applied."""
    if who is None:
        return
    b = rules.state.crew[who]
    if tool in TOOLS and "bust" in b.loot:  # §1.22 Bust: no Tool card while she holds it
        raise IllegalActionError(N_("%(who)s holds the Bust: no Tool card can be used while she has it"), who=who)
    if tool in b.tools:
        b.tools = without_one(b.tools, tool)


def thermal_bomb(rules: Bb1, a: Event, who: str) -> None:
    """A hole joins the user's room and the same room one floor up or down (``to_floor``, asked when absent): Stairs
    for every burglar for the rest of the heist, never for a guard (§1.22 "Thermal Bomb holes", EN Thermal Bomb);
    and an alarm in her room."""
    floor, square = _inside(rules, who)
    to_floor = _hole_floor(rules, a, who, floor, square)
    rules.log("card", "Thermal Bomb", floor, square, how="thermal_bomb", who=who, to_floor=to_floor)
    if to_floor is not None:
        rules.state.holes = tuple(sorted({*rules.state.holes, f"{min(floor, to_floor)}-{square}"}))
    rules.trigger_alarm(floor, square, cause="thermal_bomb")


def _hole_floor(rules: Bb1, a: Event, who: str, floor: int, square: str) -> int | None:
    """The floor the Thermal Bomb's hole leads to: the one the table said, or asked when both are there; None in a
    heist of one floor (only the alarm then)."""
    options = [f for f in (floor + 1, floor - 1) if f in rules.state.floors]
    said = a.to_floor
    if said is not None:
        if said not in options:
            raise IllegalActionError(N_("the Thermal Bomb's hole leads to the floor just above or below %(who)s's "
                                        "(%(floors)s), not floor %(floor)s"), who=who, floors=options, floor=said)
        return said
    if not options:
        return None
    return int(rules.ask("hole", [str(f) for f in options], floor, "Thermal Bomb", who=who, square=square))


def invisible_suit(rules: Bb1, a: Event, who: str) -> None:
    """No guard or camera sees the user's moves this turn (BGA Invisible suit)."""
    rules.state.invisible = who
    rules.log("card", "Invisible Suit", how="invisible_suit", who=who)


def smoke_bomb(rules: Bb1, a: Event, who: str) -> None:
    """Three Stealth tokens in the user's room, for whoever is found there (BGA Smoke bomb)."""
    floor, square = _inside(rules, who)
    fl = rules.state.floors[floor]
    fl.lavatory[square] = fl.lavatory.get(square, 0) + ROOM_TOKENS
    rules.log("card", "Smoke Bomb", floor, square, how="smoke_bomb", who=who, count=fl.lavatory[square])


def makeup_kit(rules: Bb1, a: Event, who: str) -> None:
    """One Stealth token for everyone in the user's room (BGA Makeup kit)."""
    floor, square = _inside(rules, who)
    names = rules.state.burglars_at(floor, square)
    for name in names:
        b = rules.state.crew[name]
        b.stealth = min(MOST_STEALTH, b.stealth + 1)
        rules.log("stealth_change", "Makeup Kit", floor, square, who=name, stealth=b.stealth, change=1,
                  card="makeup-kit")


def lampshade(rules: Bb1, a: Event, who: str) -> None:
    b = rules.state.crew[who]
    b.stealth = min(MOST_STEALTH, b.stealth + 1)
    rules.log("stealth_change", "Lampshade", b.floor, b.at, who=who, stealth=b.stealth, change=1, card="lampshade")


def crowbar(rules: Bb1, a: Event, who: str) -> None:
    """A room she could peek into no longer blocks anyone or raises an alarm, for good (BGA Crowbar; §1.22 "Peeking
    is not moving"): next to hers with no wall between, or the room up or down the Stairs (from an Atrium, straight
    above or below). The event's ``floor`` is the room's: hers, or one up or down."""
    floor, here = _inside(rules, who)
    target = a.floor
    square = board_square(rules, target, a.at)
    if not peeks_into(rules.state, floor, here, target, square):
        raise IllegalActionError(N_("the Crowbar works on a room %(who)s could peek into: next to %(here)s with no "
                                    "wall between, or up or down the Stairs from there; %(square)s on floor "
                                    "%(floor)s is not one"), who=who, here=here, square=square, floor=target)
    fl = rules.state.floors[target]
    fl.disabled = tuple(sorted(set(fl.disabled) | {square}))
    rules.log("card", "Crowbar", target, square, how="crowbar", who=who)


def virus(rules: Bb1, a: Event, who: str) -> None:
    """Three hack tokens shared among the revealed computers, as the player chooses (bb1 Virus)."""
    tokens = dict(sorted(a.tokens or ()))  # each computer's count read (bb1/vocabulary.py); their sum is the card's
    if sum(tokens.values()) != VIRUS_TOKENS:
        raise IllegalActionError(N_("the Virus puts 3 hack tokens on the computers: say how many on each"))
    for kind, n in tokens.items():
        rules.state.hack[kind] = min(MOST_HACK, rules.state.hack.get(kind, 0) + n)
    rules.log("card", "Virus", how="virus", who=who, tokens=tokens)


def reboot(rules: Bb1, a: Event, who: str) -> None:
    """Every revealed computer keeps exactly one hack token (bb1 Reboot)."""
    revealed = sorted({kind.removeprefix("computer-") for fl in rules.state.floors.values()
                       for kind in fl.tiles.values() if kind.startswith("computer-")})
    for kind in revealed:
        rules.state.hack[kind] = 1
    rules.log("card", "Reboot", how="reboot", computers=revealed)


def video_loop(rules: Bb1, a: Event, who: str) -> None:
    """Every camera is off for one round: until the user's next turn (BGA Video loop)."""
    rules.state.loop_by = who
    rules.log("video_loop", "Video Loop", how="on", who=who)


def time_lock(rules: Bb1, a: Event, who: str) -> None:
    """Nobody goes up or down by the Stairs or a Thermal Bomb hole until the start of the drawer's next turn
    (§1.22 "Time Lock", BGA help Time Lock): engine/walks.py refuses those walks; a peek is no walk."""
    rules.state.lock_by = who
    rules.log("time_lock", "Time Lock", how="on", who=who)


def gymnastics(rules: Bb1, a: Event, who: str) -> None:
    """Everyone may Move into a Walkway from the room below it until the start of the drawer's next turn (EN
    Gymnastics): engine/walks.py gives that way up."""
    rules.state.gymnastics_by = who
    rules.log("gymnastics", "Gymnastics", how="on", who=who)


def freight_elevator(rules: Bb1, a: Event, who: str) -> None:
    """Up one floor, same room, set down, not entering (bb1 Freight Elevator). On the top floor she escapes to
    the roof when the crew holds all the loot (``all_loot``; absent, the app counts the loot it knows of,
    :meth:`Bb1.all_loot_held`), and her turn then moves no guard; without all the loot nothing happens."""
    floor, square = _inside(rules, who)
    if floor + 1 in rules.state.floors:
        rules.log("put", "Freight Elevator", floor + 1, square, who=who, card="freight-elevator")
        rules.put(who, floor + 1, square)
        return
    said = a.all_loot
    if not (rules.all_loot_held() if said is None else said):
        rules.log("no_effect", "Freight Elevator", floor, square, how="top_floor", who=who)
        return
    rules.log("card", "Freight Elevator", floor, square, how="roof", who=who)
    rules.escape(who)


def lost_grip(rules: Bb1, a: Event, who: str) -> None:
    _inside(rules, who)  # §1.22 "Escaped burglars are out of the building"
    rules.fall(who, "lost-grip")


def buddy_system(rules: Bb1, a: Event, who: str) -> None:
    """Another player's piece comes to the user's room, not entering (BGA Buddy system)."""
    floor, square = _inside(rules, who)
    buddy = crew_member(rules, a.buddy)
    if buddy == who:
        raise IllegalActionError(N_("Buddy System brings another player"))
    if rules.state.crew[buddy].escaped:  # §1.22 "Escaped burglars are out of the building"
        raise IllegalActionError(N_("%(who)s has escaped: Buddy System brings only a burglar still in the building"),
                                 who=buddy)
    rules.log("put", "Buddy System", floor, square, who=buddy, card="buddy-system")
    rules.put(buddy, floor, square)


def dead_drop(rules: Bb1, a: Event, who: str) -> None:
    """The player hands every tool and loot card to the player on their right: the one before them in
    turn order, since turns go clockwise (BGA Dead drop); an escaped burglar is passed over, and with nobody
    else inside she keeps them (§1.22 "Escaped burglars are out of the building")."""
    order = rules.state.order
    seat = order.index(who)
    rightward = [order[(seat - k) % len(order)] for k in range(1, len(order))]
    right = next((n for n in rightward if not rules.state.crew[n].escaped), None)
    if right is None:
        rules.log("no_effect", "Dead Drop", ruling=True, how="dead_drop_alone", who=who)
        return
    giver, taker = rules.state.crew[who], rules.state.crew[right]
    moved = [*giver.tools, *giver.loot]
    taker.tools = taker.tools + giver.tools
    taker.loot = taker.loot + giver.loot
    giver.tools, giver.loot = (), ()
    rules.log("card", "Dead Drop", how="dead_drop", who=who, to=right, cards=moved)


def juicer_alarm(rules: Bb1, a: Event, who: str) -> None:
    """Juicer (basic): an alarm in a room next to hers, not through a wall, once per turn."""
    floor, here = _inside(rules, who)
    square = board_square(rules, floor, a.at)
    if not rules.plan(floor).open_between(here, square):
        raise IllegalActionError(N_("the Juicer sets off an alarm next to %(here)s with no wall between; %(square)s "
                                    "is not"), here=here, square=square)
    rules.trigger_alarm(floor, square, cause="juicer")


def juicer_drop(rules: Bb1, a: Event, who: str) -> None:
    """Juicer (advanced): the alarm token she picked up earlier goes off in her room; only one she holds
    (§1.22 "Juicer's alarm tokens")."""
    floor, square = _inside(rules, who)
    b = rules.state.crew[who]
    if not b.alarm_tokens:
        raise IllegalActionError(N_("%(who)s holds no alarm token: the Juicer drops only one she picked up"),
                                 who=who)
    b.alarm_tokens -= 1
    rules.trigger_alarm(floor, square, cause="juicer")


def rook_swap(rules: Bb1, a: Event, who: str) -> None:
    """Rook (advanced, Disguise): two pieces trade places. As printed, neither has Moved into her new room, so
    the swap sets off no alarm and costs no Stealth: not for the guard's own room, nor a Camera, Atrium or Foyer
    (§1.22 "Sight after any placement", changed, turn 4)."""
    other = crew_member(rules, a.buddy)
    mine, theirs = _inside(rules, who), _inside(rules, other)
    if other == who:
        raise IllegalActionError(N_("the Rook swaps with another player"))
    rules.log("card", "Rook", mine[0], mine[1], how="rook_swap", who=who, buddy=other)
    rules.put(who, *theirs, look=False)
    rules.put(other, *mine, look=False)


def rigger_tool(rules: Bb1, a: Event, who: str) -> None:
    """Rigger (advanced): discard one of her Stealth tokens to draw a tool (BGA Rigger)."""
    b = rules.state.crew[who]
    if b.stealth <= 0:
        raise IllegalActionError(N_("%(who)s has no Stealth token to discard"), who=who)
    b.stealth -= 1
    rules.log("stealth_change", "Rigger", b.floor, b.at, who=who, stealth=b.stealth, change=-1, card="rigger")


# by their names in bb1/card_names.py's PLAYED, which the vocabulary reads (tests/engine/test_cards_bb1.py: the same)
CARDS: dict[str, Callable[[Bb1, Event, str], None]] = {
    "thermal_bomb": thermal_bomb, "invisible_suit": invisible_suit, "smoke_bomb": smoke_bomb,
    "makeup_kit": makeup_kit, "crowbar": crowbar, "virus": virus, "reboot": reboot, "lampshade": lampshade,
    "video_loop": video_loop, "freight_elevator": freight_elevator, "lost_grip": lost_grip,
    "buddy_system": buddy_system, "dead_drop": dead_drop, "juicer_alarm": juicer_alarm,
    "juicer_drop": juicer_drop, "rook_swap": rook_swap, "rigger_tool": rigger_tool,
    "time_lock": time_lock,
    "gymnastics": gymnastics,
}


def play(rules: Bb1, name: str, a: Event) -> None:
    if not rules.room_rules:
        raise IllegalActionError(N_("%(card)s is a Burgle Bros 1 card"), card=name.replace("_", " "))
    who = _player(rules, a)
    CARDS[name](rules, a, who)
    discard_tool(rules, who, name.replace("_", "-"))


def tool(rules: Bb1, a: Tool) -> None:
    """A tool card taken (or given away): kept so a Detector knows, and so its button can be offered."""
    who, kind = a.who, a.kind
    b = rules.state.crew[who]
    on = kind not in b.tools if a.on is None else a.on  # toggled when the action does not say
    marked = one_of_each(rules, who, kind, bool(a.correction)) if on else {}
    if on:
        b.tools = (*b.tools, kind)
    elif kind in b.tools:
        b.tools = without_one(b.tools, kind)
    rules.log("tool", "", how="takes" if on else "drops", who=who, tool=kind, **marked)


def one_of_each(rules: Bb1, who: str, kind: str, correction: bool) -> dict[str, Any]:
    """§1.22 "One of each card": a card whose every copy others hold (bb1/table.py ``all_held``) cannot be taken
    too, unless the table says the board shows it (``correction``): then the log entry is marked (the parameters
    returned for it) and the others keep theirs, for the table to give up by hand."""
    if correction:
        return {"correction": True}
    if all_held(rules.state, kind, who):
        holder = holders(rules.state, kind, who)[0]
        if kind == "gold-bar":
            raise NotInTheBoxError(N_("both Gold Bars are held already: the box has two, one for each player"))
        if kind in TOOLS:
            raise NotInTheBoxError(N_("%(holder)s already holds this tool (%(tool)s): the box has only one of each"),
                                   holder=holder, tool=kind)
        raise NotInTheBoxError(N_("%(holder)s already holds this loot card (%(loot)s): the box has only one of "
                                  "each"), holder=holder, loot=kind)
    return {}
