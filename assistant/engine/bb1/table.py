"""The Burgle Bros (1) table around the guard: what rooms, characters, tools, loot and events do to
alarms, Stealth and the crew's pieces (guard-rules.md §1.22, bb1 "Room Tiles", "Card Reference",
BGA help "Cartes").

Where the app can know what happens it does it; where a player chooses (spend an extra action on a
Laser, use a Lavatory token, a hack token) it asks the table in one tap, with words as answers.
:class:`Bb1` (bb1/rules.py) inherits these; Burgle Bros 2 and 3 switch them off (``room_rules``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import N_, IllegalActionError
from ..ruleset import Ruleset
from ..state import Burglar, GameState
from .card_names import LOOT as LOOT, TOOLS as TOOLS  # where written.py and the tests look them up

HACKABLE = ("fingerprint", "laser", "motion")  # the alarm rooms a computer's hack tokens cancel
CHARACTERS = ("acrobat", "hacker", "hawk", "juicer", "peterman", "raven", "rigger", "rook", "spotter")
GOLD_BAR = "gold-bar"  # two cards: the second waits in its Safe for another burglar (EN Gold Bar)
# the event cards a burglar draws once her actions are over (bb1 "Check for Events"), as the app's event names;
# every other ``event`` is a tool or an ability used during her actions
EVENT_CARDS = ("brown_out", "buddy_system", "change_of_plans", "crash", "daydreaming", "dead_drop", "espresso",
               "freight_elevator", "go_with_your_gut", "jump_the_gun", "lampshade", "lost_grip", "reboot",
               "shift_change", "shoplifting", "squeak", "switch_signs", "throw_voice", "video_loop", "where_is_he",
               "time_lock",
               "gymnastics")
# What lasts until the start of its user's next turn (EN E.M.P. and Gymnastics texts, BGA help Video Loop and Time
# Lock): the state's field naming the user, and the log entry (kind, rule, how) saying it is over
UNTIL_NEXT_TURN: dict[str, tuple[str, str, str]] = {
    "emp_by": ("event", "1.21", "emp_over"),
    "loop_by": ("video_loop", "Video Loop", "over"),
    "lock_by": ("time_lock", "Time Lock", "over"),
    "gymnastics_by": ("gymnastics", "Gymnastics", "over"),
}


def seats_passed(order: Sequence[str], was: int, now: int) -> list[str]:
    """The seats a turn handed on from seat ``was`` to seat ``now`` went by, in seat order, ``now``'s included:
    those left out (escaped, skipped) as well, since their turn would have started on the way. Back to the same
    seat is a whole round."""
    steps = (now - was) % len(order) or len(order)
    return [order[(was + k) % len(order)] for k in range(1, steps + 1)]


BOX_COPIES = {"gold-bar": 2}  # bb1 Gold Bar: its twin is drawn with it; every other tool or loot card is alone


def character(b: Burglar) -> str:
    """The burglar's character as a key ("raven"), whatever case the table typed it in."""
    return b.character.strip().lower()


def holders(state: GameState, kind: str, but: str = "") -> list[str]:
    """Who holds the tool or loot card ``kind``, ``but`` left out."""
    return [n for n, b in state.crew.items() if n != but and kind in (*b.tools, *b.loot)]


def all_held(state: GameState, kind: str, but: str = "") -> bool:
    """§1.22 "One of each card": every copy the box has of ``kind`` is in someone's hand (``but`` left out)."""
    return len(holders(state, kind, but)) >= BOX_COPIES.get(kind, 1)


def computer_known(state: GameState, kind: str) -> bool:
    """§1.22 "One of each card": a hack token may go on the ``kind`` computer (fingerprint, laser, motion) once
    its room is face up on some floor, or once the table has put tokens on it (its count is kept, even at 0: a
    case's top-level ``hack``, an earlier correction or card); the advanced Hacker's card once she is in the crew."""
    if kind == "hacker":
        return any(character(b) == "hacker" and b.side == "advanced" for b in state.crew.values())
    room = f"computer-{kind}"
    return kind in state.hack or any(room in fl.tiles.values() for fl in state.floors.values())


def gut_rooms(state: GameState, who: str) -> list[str]:
    """The rooms Go with your Gut may take ``who`` into: face down, next to hers with no wall between (bb1 "When
    tiles have a Wall between them, they are not considered adjacent")."""
    b = state.crew[who]
    if b.at is None or b.escaped:
        return []
    tiles = state.floors[b.floor].tiles
    return [sq for sq in state.plan(b.floor).adjacent(b.at) if sq not in tiles]


def rerouting_juicer(state: GameState, floor: int, square: str) -> str | None:
    """Who keeps the alarm token picked up from ``square`` (bb1 Juicer, Reroute: from her own room, on her turn,
    and not while she holds one already): the advanced Juicer whose turn it is, standing there. None: the token
    just leaves the board."""
    name = state.current()
    b = state.crew.get(name) if name else None
    if b is None or character(b) != "juicer" or b.side != "advanced" or b.escaped or b.alarm_tokens:
        return None
    return name if (b.floor, b.at) == (floor, square) else None


class TableBb1(Ruleset):
    room_rules = True  # bb2 and bb3 have other rooms and no such cards

    # hooks the guard rules provide (bb1/rules.py Bb1)
    def lose(self, name: str, why: str, rule: str, ruling: bool = False, **seen: Any) -> None:
        raise NotImplementedError

    def trigger_alarm(self, floor: int, square: str, cause: str = "") -> None:
        raise NotImplementedError

    def guard_appears(self, name: str, floor: int, square: str) -> bool:
        raise NotImplementedError

    def seen(self, name: str, floor: int, square: str, guard_room: bool = True, moved: bool = True) -> None:
        raise NotImplementedError

    # -- who is who ---------------------------------------------------------------------------------
    def is_(self, name: str, who: str, side: str | None = None) -> bool:
        b = self.state.crew[name]
        return character(b) == who and (side is None or b.side == side)

    def in_crew(self, who: str, side: str | None = None) -> str | None:
        """The name of the crew member playing ``who`` (and that side of the card), or None."""
        return next((n for n in self.state.order if self.is_(n, who, side)), None)

    # -- rooms that raise alarms (bb1 Room Tiles) ------------------------------------------------------
    def alarm_would_sound(self, floor: int, square: str) -> bool:
        fl = self.state.floors[floor]
        return not self.state.emp_by and fl.guard != square and square not in fl.alarms

    def room_alarm(self, name: str, floor: int, square: str, kind: str) -> None:
        """A burglar sets off the alarm of a room of type ``kind``. The Hacker's Jammer stops Fingerprint,
        Laser and Motion alarms for her and whoever shares her room; a hack token of the matching computer
        (or the advanced Hacker's own) cancels one if the table wants (bb1 "Hack a computer", Hacker)."""
        if kind in HACKABLE:
            jammer = next((n for n in [name, *self.state.burglars_at(floor, square)]
                           if self.is_(n, "hacker", "basic")), None)
            if jammer is not None:
                self.log("jammer", "Hacker", floor, square, who=name, hacker=jammer, room=kind)
                return
        if not self.alarm_would_sound(floor, square):
            self.trigger_alarm(floor, square, cause=kind)  # says why nothing went off
            return
        tokens = [k for k in (kind, "hacker") if kind in HACKABLE and self.state.hack.get(k, 0) > 0]
        answer = self.ask("hack", ["alarm", *(f"hack-{k}" for k in tokens)], floor, "1.21", room=kind,
                          square=square, who=name) if tokens else "alarm"
        if answer != "alarm":
            source = answer.removeprefix("hack-")
            self.state.hack[source] -= 1
            self.log("hack", "1.21", floor, square, how="cancel", computer=kind if source != "hacker" else "hacker",
                     left=self.state.hack[source])
            return
        self.trigger_alarm(floor, square, cause=kind)

    def room_entered(self, name: str, floor: int, square: str, ordered: bool = False, one_action: bool = False) -> None:
        """What the room a burglar moved into does: Fingerprint, Laser, Detector, the Isotope in a Thermo
        (the Thermo itself is checked when the turn ends), and a Motion room remembered for leaving. ``one_action``:
        Go with your Gut's move, one action spent, so nothing is asked of a Laser (§1.22)."""
        fl = self.state.floors[floor]
        kind = fl.tiles.get(square, "")
        b = self.state.crew[name]
        if square in fl.disabled:
            if kind in ("fingerprint", "laser", "detector", "motion", "thermo", "camera"):
                self.log("no_effect", "Crowbar", floor, square, how="crowbar", room=kind)
            return
        if kind == "fingerprint":
            self.room_alarm(name, floor, square, kind)
        elif kind == "laser":
            self.laser(name, floor, square, ordered, one_action)
        elif kind == "detector":
            carried = b.tools + b.loot
            if carried or (self.alarm_would_sound(floor, square) and self.ask(
                    "detector", ["alarm", "nothing"], floor, "Detector", who=name, square=square) == "alarm"):
                self.room_alarm(name, floor, square, kind)
        elif kind == "thermo" and "isotope" in b.loot:
            self.log("isotope", "Isotope", floor, square, who=name)
            self.room_alarm(name, floor, square, "thermo")
        elif kind == "motion":
            b.motion = tuple(sorted(set(b.motion) | {f"{floor}-{square}"}))

    def laser(self, name: str, floor: int, square: str, ordered: bool, one_action: bool = False) -> None:
        b = self.state.crew[name]
        if "mirror" in b.loot:
            self.log("no_effect", "Mirror", floor, square, how="mirror", who=name)
            return
        if ordered:  # the Rook's Orders: additional movement costs are ignored
            self.log("no_effect", "Rook", floor, square, how="orders", who=name)
            return
        if one_action or not self.alarm_would_sound(floor, square) or any(
                self.is_(n, "hacker", "basic") for n in [name, *self.state.burglars_at(floor, square)]):
            self.room_alarm(name, floor, square, "laser")
            return
        if self.ask("laser", ["alarm", "action"], floor, "Laser", who=name, square=square) == "action":
            self.log("laser_action", "Laser", floor, square, who=name)
            return
        self.room_alarm(name, floor, square, "laser")

    def stays_out(self, name: str, floor: int, square: str, unpeeked: bool, one_action: bool, ordered: bool,
                  climb: bool) -> bool:
        """Whether a Move into ``square`` leaves ``name`` in her own room, the action spent. A Deadbolt with nobody
        inside costs 3 actions, which she cannot pay when this very move turned it up (§1.22 "Deadbolt moved into
        face down": only one peeked at first, or face up, can be paid for) nor with Go with your Gut's single action
        (§1.22); the Rook's Orders waive the price (bb1 Rook). A Keypad brought into by an effect (Go with your Gut)
        or the advanced Acrobat's climb takes one die: no 6 and she stays below (bb1 Keypad; §1.22 Acrobat row).
        A room the Crowbar opened blocks nobody."""
        fl = self.state.floors[floor]
        kind = fl.tiles.get(square)
        b = self.state.crew[name]
        if square in fl.disabled:
            return False
        if (kind == "deadbolt" and (unpeeked or one_action) and not ordered and fl.guard != square
                and not self.state.burglars_at(floor, square)):
            self.log("deadbolt", "Deadbolt", floor, square, ruling=True, how="one_action" if one_action else "unpeeked",
                     who=name, at=b.at, on=b.floor)
            return True
        if kind == "keypad" and (one_action or climb):
            by = "climb" if climb else "event"  # which §1.22 row has her roll: the Acrobat's or Go with your Gut's
            if self.ask("keypad", ["opens", "missed"], floor, "Keypad", who=name, square=square) == "missed":
                self.log("keypad", "Keypad", floor, square, ruling=True, how="missed", who=name, at=b.at, on=b.floor,
                         by=by)
                return True
            self.log("keypad", "Keypad", floor, square, ruling=True, how="opens", who=name, by=by)
        return False

    def climbs(self, name: str, floor: int, square: str) -> bool:
        """Whether this move by an ability is the advanced Acrobat's climb: to the same room one floor up or down
        (bb1 Acrobat, Climb Window)."""
        b = self.state.crew[name]
        return self.is_(name, "acrobat", "advanced") and b.at == square and abs(b.floor - floor) == 1

    def room_left(self, name: str) -> None:
        """bb1 Motion: Moving out of a Motion room Moved into during the same turn sets off its alarm (§1.22
        Motion: the memory lasts one turn, :meth:`turn_starts`; a piece set down by a card, :meth:`put`, neither
        enters nor leaves)."""
        b = self.state.crew[name]
        if b.at is None or f"{b.floor}-{b.at}" not in b.motion:
            return
        b.motion = tuple(m for m in b.motion if m != f"{b.floor}-{b.at}")
        if b.at not in self.state.floors[b.floor].disabled:
            self.room_alarm(name, b.floor, b.at, "motion")

    def turn_ends_in_room(self, name: str) -> None:
        """The end of ``name``'s turn, before the guard moves: her actions end now if no event card ended them
        (:meth:`actions_end`); the basic Acrobat still in a guard's room is found (BGA Acrobat, §1.22)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            return
        self.actions_end(name)
        fl = self.state.floors[b.floor]
        if self.is_(name, "acrobat", "basic") and fl.guard == b.at:
            self.lose(name, "acrobat_stayed", "Acrobat", True, guard=b.at, guard_floor=b.floor)

    def actions_end(self, name: str) -> None:
        """§1.22 Thermo: when ``name`` ends her actions in a Thermo room its alarm goes off, before the event card
        she may draw and before any guard moves; once a turn. An event that then carries her onto a Thermo
        (Freight Elevator, a fall) sets nothing off: her actions were over."""
        s = self.state
        b = s.crew[name]
        if s.actions_over or b.at is None or b.escaped:
            return
        s.actions_over = True
        fl = s.floors[b.floor]
        if fl.tiles.get(b.at) == "thermo" and b.at not in fl.disabled:
            self.log("thermo", "Thermo", b.floor, b.at, True, who=name)
            self.room_alarm(name, b.floor, b.at, "thermo")

    # -- Stealth from room tokens (Lavatory, Smoke Bomb) -----------------------------------------------
    def room_token(self, name: str) -> bool:
        """Whether ``name`` discards one of the room's Stealth tokens instead of their own (§1.22 Lavatory:
        asked only when both are possible; with none of their own the room's is used)."""
        b = self.state.crew[name]
        fl = self.state.floors.get(b.floor)
        if fl is None or b.at is None or fl.lavatory.get(b.at, 0) <= 0:
            return False
        if b.stealth <= 0:
            return True
        return self.ask("lavatory", ["room", "own"], b.floor, "1.8", default="room", who=name, square=b.at,
                        tokens=fl.lavatory[b.at]) == "room"

    # -- a new turn ----------------------------------------------------------------------------------
    def turn_starts(self, name: str) -> None:
        """The start of ``name``'s turn: they enter the building on their first (§1.22 Break-in); every burglar's
        Motion memory, the end of the actions (Thermo), the Spotter's look and the Invisible Suit are per turn;
        the Chihuahua barks on a 6."""
        s = self.state
        b = s.crew[name]
        for each in s.crew.values():  # §1.22 Motion: in and out within one turn, whoever's turn it is
            each.motion = ()
        s.actions_over = False
        s.spotted = False
        s.invisible = None
        if b.at is None and not b.escaped and len(s.entrances) == 1:  # bb2 players pick one of two
            b.floor, b.at = 1, s.entrances[0]
            self.log("enters", "Break in", 1, b.at, who=name)
        if "chihuahua" in b.loot and b.at is not None and self.ask(
                "chihuahua", ["6", "1-5"], b.floor, "Chihuahua", who=name) == "6":
            self.log("chihuahua", "Chihuahua", b.floor, b.at, who=name)
            self.trigger_alarm(b.floor, b.at, cause="chihuahua")

    def lasting_effects_end(self, passed: Sequence[str]) -> None:
        """§1.22 "Effects until your next turn when that burglar has escaped": an effect lasting until its user's
        next turn ends at the start of the first turn after the round has gone by her seat (``passed``, from
        :func:`seats_passed`), whether or not she still takes turns: never for the rest of the heist."""
        for field_name, (kind, rule, how) in UNTIL_NEXT_TURN.items():
            user = getattr(self.state, field_name)
            if user in passed:
                setattr(self.state, field_name, None)
                # her own turn ends it as the card says; once she has escaped, our ruling does
                self.log(kind, rule, ruling=bool((b := self.state.crew.get(user)) and b.escaped), how=how)

    # -- crew pieces moved without entering ------------------------------------------------------------
    def put(self, name: str, floor: int, square: str, look: bool = True) -> None:
        """A piece set down without entering its room (a fall, the Freight Elevator, Buddy System, the Rook's
        Disguise): no room effect, and neither Moving out of a Motion room nor into one (§1.22 Motion). A floor
        whose guard is not out yet gets him now, placed, not entering (1.13). §1.22 "Sight after any placement"
        (changed, turn 4): being put is not entering, so a guard in that very room costs her nothing, but a
        Camera, an Atrium and a Foyer, which watch whoever is in the room, see her as after a move. ``look``
        False: the Rook's Disguise, which sets off nothing at all."""
        b = self.state.crew[name]
        b.motion = ()
        b.floor, b.at = floor, square
        if not self.guard_appears(name, floor, square) and self.state.floors[floor].guard == square:
            self.log("no_effect", "§1.22", floor, square, ruling=True, how="put_not_entering", who=name)
        if look:
            self.seen(name, floor, square, guard_room=False, moved=False)

    def into_walkway(self, name: str, floor: int, square: str) -> None:
        """A face-down Walkway turned up by walking in: she Moved into it, so a guard there costs her 1 Stealth
        before she falls (§1.22 "Walkway and the guard"), then she drops to the room below (bb1 Walkway)."""
        b = self.state.crew[name]
        self.room_left(name)
        b.floor, b.at = floor, square
        self.log("move", "", floor, square, who=name)
        if not self.guard_appears(name, floor, square):
            self.seen(name, floor, square)
        self.fall(name, "walkway")

    def down_from_walkway(self, name: str, floor: int, square: str) -> bool:
        """Whether this move takes ``name`` down from a revealed Walkway to the room under it: a Move like any
        other (a guard there costs 1 Stealth, §1.22), but the effects of entering that room are ignored (bb1
        Walkway)."""
        b = self.state.crew[name]
        above = self.state.floors.get(floor + 1)
        return (self.room_rules and above is not None and b.floor == floor + 1 and b.at == square
                and above.tiles.get(square) == "walkway")

    def fall(self, name: str, cause: str) -> None:
        b = self.state.crew[name]
        if b.at is None:
            raise IllegalActionError(N_("%(name)s is not in the building"), name=name)
        if b.floor - 1 not in self.state.floors:
            self.log("no_effect", "Walkway", b.floor, b.at, how="lowest_floor", who=name, card=cause)
            return
        self.log("fall", "Walkway" if cause == "walkway" else "Lost Grip", b.floor - 1, b.at, who=name, cause=cause)
        self.put(name, b.floor - 1, b.at)

    # -- the Spotter's look (§1.22 Spotter) -------------------------------------------------------------
    def spotter_look(self, name: str) -> None:
        s = self.state
        if not self.is_(name, "spotter", "basic"):
            raise IllegalActionError(N_("%(name)s is not the Spotter (basic side): only she may look at a patrol "
                                        "card"), name=name)
        if s.current() != name:
            raise IllegalActionError(N_("the Spotter looks on her own turn"))
        if s.spotted:
            raise IllegalActionError(N_("the Spotter looks once per turn"))
        fl = s.floors[s.crew[name].floor]
        if not fl.deck:
            raise IllegalActionError(N_("the floor-%(floor)s patrol deck is empty"), floor=s.crew[name].floor)
        s.spotted = True
        self.log("spotter", "Spotter", s.crew[name].floor, how="look", who=name)


def peeks_into(state: GameState, floor: int, here: str, target: int, square: str) -> bool:
    """Whether a burglar in ``here`` of ``floor`` could peek into ``square`` of ``target``: an open door on her
    floor, the Stairs up (from the Stairs) or down (onto them), or an Atrium's view one floor up or down (bb1 Stairs,
    Atrium)."""
    if target == floor:
        return state.plan(floor).open_between(here, square)
    if square != here or abs(target - floor) != 1:
        return False
    return (state.floors[min(floor, target)].tiles.get(here) == "stairs"
            or state.floors[floor].tiles.get(here) == "atrium")
