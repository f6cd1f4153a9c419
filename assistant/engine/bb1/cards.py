"""Burgle Bros (1) cards and abilities that change Stealth, alarms, rooms or where the crew stands: tools,
events and character abilities played from the table (bb1 "Card Reference", BGA help "Cartes"). Those
that act on a guard himself (Shift Change, Switch Signs, Donuts, E.M.P., Dynamite …) live with the
guard rules in bb1/rules.py.

Each card is ``{"do": "event", "name": <card>, "floor": N, "who": <player>, …}``; ``who`` defaults to
whose turn it is. A tool the player holds is discarded when played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import N_, IllegalActionError
from ..fields import Action, card_key, floor_of, square_of, who_of
from ..state import without_one
from .table import ROOM_TOKENS, TOOLS

if TYPE_CHECKING:
    from .rules import Bb1

MAX_STEALTH = 6  # the most the table plays with (easy difficulty)
MAX_HACK = 6  # §1.22 hack capacity
COMPUTERS = ("fingerprint", "laser", "motion")


def _player(rules: Bb1, a: Action) -> str:
    who = who_of(rules, a) if a.get("who") else rules.state.current()
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


def thermal_bomb(rules: Bb1, a: Action, who: str) -> None:
    """A hole to the floor above or below (stairs for the crew only) and an alarm in the user's room."""
    floor, square = _inside(rules, who)
    rules.log("card", "Thermal Bomb", floor, square, how="thermal_bomb", who=who)
    rules.trigger_alarm(floor, square, cause="thermal_bomb")


def invisible_suit(rules: Bb1, a: Action, who: str) -> None:
    """No guard or camera sees the user's moves this turn (BGA Invisible suit)."""
    rules.state.invisible = who
    rules.log("card", "Invisible Suit", how="invisible_suit", who=who)


def smoke_bomb(rules: Bb1, a: Action, who: str) -> None:
    """Three Stealth tokens in the user's room, for whoever is found there (BGA Smoke bomb)."""
    floor, square = _inside(rules, who)
    fl = rules.state.floors[floor]
    fl.lavatory[square] = fl.lavatory.get(square, 0) + ROOM_TOKENS
    rules.log("card", "Smoke Bomb", floor, square, how="smoke_bomb", who=who, count=fl.lavatory[square])


def makeup_kit(rules: Bb1, a: Action, who: str) -> None:
    """One Stealth token for everyone in the user's room (BGA Makeup kit)."""
    floor, square = _inside(rules, who)
    names = rules.state.burglars_at(floor, square)
    for name in names:
        b = rules.state.crew[name]
        b.stealth = min(MAX_STEALTH, b.stealth + 1)
        rules.log("stealth_change", "Makeup Kit", floor, square, who=name, stealth=b.stealth, change=1,
                  card="makeup-kit")


def lampshade(rules: Bb1, a: Action, who: str) -> None:
    b = rules.state.crew[who]
    b.stealth = min(MAX_STEALTH, b.stealth + 1)
    rules.log("stealth_change", "Lampshade", b.floor, b.at, who=who, stealth=b.stealth, change=1, card="lampshade")


def crowbar(rules: Bb1, a: Action, who: str) -> None:
    """An adjacent room no longer blocks anyone or raises an alarm, for good (BGA Crowbar)."""
    floor, here = _inside(rules, who)
    square = square_of(rules, floor, a.get("at"))
    if not rules.plan(floor).open_between(here, square):
        raise IllegalActionError(N_("the Crowbar works on a room next to %(here)s with no wall between; %(square)s "
                                    "is not"), here=here, square=square)
    fl = rules.state.floors[floor]
    fl.disabled = tuple(sorted(set(fl.disabled) | {square}))
    rules.log("card", "Crowbar", floor, square, how="crowbar", who=who)


def virus(rules: Bb1, a: Action, who: str) -> None:
    """Three hack tokens shared among the revealed computers, as the player chooses (bb1 Virus)."""
    tokens = a.get("tokens")
    if not isinstance(tokens, dict) or any(k not in COMPUTERS or not isinstance(v, int) or v < 0
                                            for k, v in tokens.items()) or sum(tokens.values()) != 3:
        raise IllegalActionError(N_("the Virus puts 3 hack tokens on the computers: say how many on each"))
    for kind, n in sorted(tokens.items()):
        rules.state.hack[kind] = min(MAX_HACK, rules.state.hack.get(kind, 0) + n)
    rules.log("card", "Virus", how="virus", who=who, tokens=dict(sorted(tokens.items())))


def reboot(rules: Bb1, a: Action, who: str) -> None:
    """Every revealed computer keeps exactly one hack token (bb1 Reboot)."""
    revealed = sorted({kind.removeprefix("computer-") for fl in rules.state.floors.values()
                       for kind in fl.tiles.values() if kind.startswith("computer-")})
    for kind in revealed:
        rules.state.hack[kind] = 1
    rules.log("card", "Reboot", how="reboot", computers=revealed)


def video_loop(rules: Bb1, a: Action, who: str) -> None:
    """Every camera is off for one round: until the user's next turn (BGA Video loop)."""
    rules.state.loop_by = who
    rules.log("video_loop", "Video Loop", how="on", who=who)


def freight_elevator(rules: Bb1, a: Action, who: str) -> None:
    """Up one floor, same room, set down, not entering (bb1 Freight Elevator). On the top floor she escapes to
    the roof when the crew holds all the loot (``all_loot``; absent, the app counts the loot it knows of,
    :meth:`Bb1.all_loot_held`), and her turn then moves no guard; without all the loot nothing happens."""
    floor, square = _inside(rules, who)
    if floor + 1 in rules.state.floors:
        rules.log("put", "Freight Elevator", floor + 1, square, who=who, card="freight-elevator")
        rules.put(who, floor + 1, square)
        return
    said = a.get("all_loot")
    if not (rules.all_loot_held() if said is None else said):
        rules.log("no_effect", "Freight Elevator", floor, square, how="top_floor", who=who)
        return
    rules.log("card", "Freight Elevator", floor, square, how="roof", who=who)
    rules.escape(who)


def lost_grip(rules: Bb1, a: Action, who: str) -> None:
    rules.fall(who, "lost-grip")


def buddy_system(rules: Bb1, a: Action, who: str) -> None:
    """Another player's piece comes to the user's room, not entering (BGA Buddy system)."""
    floor, square = _inside(rules, who)
    buddy = who_of(rules, {"who": a.get("buddy")})
    if buddy == who:
        raise IllegalActionError(N_("Buddy System brings another player"))
    rules.log("put", "Buddy System", floor, square, who=buddy, card="buddy-system")
    rules.put(buddy, floor, square)


def dead_drop(rules: Bb1, a: Action, who: str) -> None:
    """The player hands every tool and loot card to the player on their right: the one before them in
    turn order, since turns go clockwise (BGA Dead drop)."""
    order = rules.state.order
    right = order[(order.index(who) - 1) % len(order)]
    giver, taker = rules.state.crew[who], rules.state.crew[right]
    moved = [*giver.tools, *giver.loot]
    taker.tools = taker.tools + giver.tools
    taker.loot = taker.loot + giver.loot
    giver.tools, giver.loot = (), ()
    rules.log("card", "Dead Drop", how="dead_drop", who=who, to=right, cards=moved)


def juicer_alarm(rules: Bb1, a: Action, who: str) -> None:
    """Juicer (basic): an alarm in a room next to hers, not through a wall, once per turn."""
    floor, here = _inside(rules, who)
    square = square_of(rules, floor, a.get("at"))
    if not rules.plan(floor).open_between(here, square):
        raise IllegalActionError(N_("the Juicer sets off an alarm next to %(here)s with no wall between; %(square)s "
                                    "is not"), here=here, square=square)
    rules.trigger_alarm(floor, square, cause="juicer")


def juicer_drop(rules: Bb1, a: Action, who: str) -> None:
    """Juicer (advanced): the alarm token she picked up earlier goes off in her room; only one she holds
    (§1.22 "Juicer's alarm tokens")."""
    floor, square = _inside(rules, who)
    b = rules.state.crew[who]
    if not b.alarm_tokens:
        raise IllegalActionError(N_("%(who)s holds no alarm token: the Juicer drops only one she picked up"),
                                 who=who)
    b.alarm_tokens -= 1
    rules.trigger_alarm(floor, square, cause="juicer")


def rook_swap(rules: Bb1, a: Action, who: str) -> None:
    """Rook (advanced, Disguise): two pieces trade places; neither enters a room (bb1 Rook)."""
    other = who_of(rules, {"who": a.get("buddy")})
    mine, theirs = _inside(rules, who), _inside(rules, other)
    if other == who:
        raise IllegalActionError(N_("the Rook swaps with another player"))
    rules.log("card", "Rook", mine[0], mine[1], how="rook_swap", who=who, buddy=other)
    rules.put(who, *theirs, look=False)
    rules.put(other, *mine, look=False)
    for name, (floor, square) in ((who, theirs), (other, mine)):  # seen once both stand where they swapped to
        rules.seen(name, floor, square, moved=False)


def rigger_tool(rules: Bb1, a: Action, who: str) -> None:
    """Rigger (advanced): discard one of her Stealth tokens to draw a tool (BGA Rigger)."""
    b = rules.state.crew[who]
    if b.stealth <= 0:
        raise IllegalActionError(N_("%(who)s has no Stealth token to discard"), who=who)
    b.stealth -= 1
    rules.log("stealth_change", "Rigger", b.floor, b.at, who=who, stealth=b.stealth, change=-1, card="rigger")


CARDS: dict[str, Callable[[Bb1, Action, str], None]] = {
    "thermal_bomb": thermal_bomb, "invisible_suit": invisible_suit, "smoke_bomb": smoke_bomb,
    "makeup_kit": makeup_kit, "crowbar": crowbar, "virus": virus, "reboot": reboot, "lampshade": lampshade,
    "video_loop": video_loop, "freight_elevator": freight_elevator, "lost_grip": lost_grip,
    "buddy_system": buddy_system, "dead_drop": dead_drop, "juicer_alarm": juicer_alarm,
    "juicer_drop": juicer_drop, "rook_swap": rook_swap, "rigger_tool": rigger_tool,
}


def play(rules: Bb1, name: str, a: Action) -> None:
    floor_of(rules, a)  # every card is played on a floor that exists
    if not rules.room_rules:
        raise IllegalActionError(N_("%(card)s is a Burgle Bros 1 card"), card=name.replace("_", " "))
    who = _player(rules, a)
    CARDS[name](rules, a, who)
    discard_tool(rules, who, name.replace("_", "-"))


def tool(rules: Bb1, a: Action) -> None:
    """A tool card taken (or given away): kept so a Detector knows, and so its button can be offered."""
    who = who_of(rules, a)
    kind = card_key(a["kind"]) if isinstance(a.get("kind"), str) else None
    if kind not in TOOLS:
        raise IllegalActionError(N_("a tool is one of: %(tools)s"), tools=list(TOOLS))
    b = rules.state.crew[who]
    on = a.get("on", kind not in b.tools)
    if on:
        b.tools = (*b.tools, kind)
    elif kind in b.tools:
        b.tools = without_one(b.tools, kind)
    rules.log("tool", "", how="takes" if on else "drops", who=who, tool=kind)
