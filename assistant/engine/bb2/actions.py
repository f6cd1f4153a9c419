"""Burgle Bros 2's own actions around the bouncers: commotions, Undercover and Crowd chips, chips that move
a burglar, the patrol deck's size, gear and events the seeds do not print (manual controls for their
effect on the bouncer), and the counting cubes on rooms.

Each handler reads and checks its fields and calls the ruleset; ``rulesets.GAME_ACTIONS`` registers them, so another
game refuses them ("commotions exist only in Burgle Bros 2"). The rooms that act by themselves (Slots, Table
Games, Count Room) need no action: the ordinary ``move``, ``end_turn`` and guard moves set them off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import square_coords
from ..errors import N_, IllegalActionError, NotInTheBoxError
from ..on_board import board_square
from ..room_counts import set_on_room
from ..ruleset import GameAction
from ..vocabulary import Set
from .limits import MOST_CUBES, PRIMA_DONNAS
from .offers import prima_donnas_held
from .vocabulary import Bouncer, Chip, Commotion, Crowd, Deck, PrimaDonna, RevolvingDoor, Undercover

if TYPE_CHECKING:
    from .rules import Bb2


def _chip(rules: Bb2, a: Chip) -> None:
    """bb2 Chips Glossary: the Prima Donna (peeked: the peeking player jumps to her room) and the Drunk
    (entered: slide on to the next room the way they came, through walls, on floor 1; fall to the same room
    of floor 1 from floor 2). ``floor``/``to`` say where the burglar lands."""
    who, floor, to = a.who, a.floor, a.to
    b = rules.state.crew[who]
    if b.at is None or b.escaped:
        raise IllegalActionError(N_("%(who)s is not in the casino"), who=who)
    if a.chip == "drunk":
        if b.floor == 2 and (floor, to) != (1, b.at):
            raise IllegalActionError(N_("the Drunk on floor 2 drops %(who)s to %(at)s on floor 1"), who=who, at=b.at)
        if b.floor == 1:
            (c, r), (tc, tr) = square_coords(b.at, rules.state.size), square_coords(to, rules.state.size)
            if floor != 1 or abs(c - tc) + abs(r - tr) != 1:
                raise IllegalActionError(N_("the Drunk on floor 1 slides %(who)s one room on, walls or not"), who=who)
    elif floor != b.floor:
        raise IllegalActionError(N_("the Prima Donna is on the floor of whoever peeked at her"))
    correction = bool(a.correction)
    if a.chip == "prima_donna" and prima_donnas_held(rules.state) >= PRIMA_DONNAS and not correction:
        # §1.22 "One of each card": the box's Prima Donna chips are all on character cards, none on the board
        raise NotInTheBoxError(N_("the box's %(most)s Prima Donna chips are all on character cards: none is left "
                                  "on the board to peek at"), most=PRIMA_DONNAS)
    rules.jump_burglar(who, floor, to, a.chip, correction=correction)


def _deck(rules: Bb2, a: Deck) -> None:
    """bb2: the number of cards in a floor's patrol deck, said by the table (Suspicion Meter, finales)."""
    rules.set_deck(a.floor, a.count)


def _bouncer(rules: Bb2, a: Bouncer) -> None:
    """bb2 gear and events the seed does not print: what the card does to the bouncer, said by the table —
    he jumps to a room, his destination marker goes to a room, or he skips his next move."""
    if a.effect == "skip":
        rules.skip_by_card(a.floor)
        return
    square = board_square(rules, a.floor, a.at)
    if a.effect == "jump":
        rules.undercover(a.floor, square, cause="card")
    elif a.effect == "swap":
        rules.swap_by_card(a.floor, square)
    else:
        rules.marker_by_card(a.floor, square)


def _prima_donna(rules: Bb2, a: PrimaDonna) -> None:
    """Bodyguard Heist One: how many Prima Donna chips are on the player's character card now. §1.22 "One of
    each card": the box has PRIMA_DONNAS of them for the whole crew; more is refused unless the table says the
    board shows it (a correction)."""
    who, count, correction = a.who, a.count, bool(a.correction)
    others = prima_donnas_held(rules.state, who)
    if count > rules.state.crew[who].prima_donnas and others + count > PRIMA_DONNAS and not correction:
        raise NotInTheBoxError(N_("other character cards carry %(held)s of the box's %(most)s Prima Donna chips: "
                                  "%(who)s can carry %(left)s at most"), most=PRIMA_DONNAS, held=others, who=who,
                               left=PRIMA_DONNAS - others)
    rules.carry_prima_donnas(who, count, correction=correction)


def _revolving_door(rules: Bb2, a: RevolvingDoor) -> None:
    """bb2 Revolving Door: the player on it jumps to a room touching one of its corners (2 actions)."""
    b = rules.state.crew[a.who]
    if a.floor not in (None, b.floor):
        raise IllegalActionError(N_("the Revolving Door keeps %(who)s on floor %(floor)s"), who=a.who, floor=b.floor)
    rules.revolving_door(a.who, board_square(rules, b.floor, a.to, "to"))


def _commotion(rules: Bb2, a: Commotion) -> None:
    rules.commotion(a.floor, a.at, a.steps or 1)


def _crowd(rules: Bb2, a: Crowd) -> None:
    """bb2 Crowd chip turned up in a room (or discarded by hand): the bouncer gives no heat there once."""
    fl = rules.state.floors[a.floor]
    on = a.at not in fl.crowd if a.on is None else a.on  # toggled when the action does not say
    fl.crowd = (*(s for s in fl.crowd if s != a.at), *([a.at] if on else []))
    rules.log("crowd", "bb2 Crowd", a.floor, a.at, how="on" if on else "off")


def _undercover(rules: Bb2, a: Undercover) -> None:
    rules.undercover(a.floor, a.at)


def _set_cubes(rules: Bb2, a: Set) -> None:
    set_on_room(rules, a, "cubes", MOST_CUBES, "bb2 Surveillance")


ACTIONS = {
    "commotion": GameAction(_commotion, N_("commotions")),
    "undercover": GameAction(_undercover, N_("Undercover chips")),
    "crowd": GameAction(_crowd, N_("Crowd chips")), "chip": GameAction(_chip, N_("chips")),
    "deck": GameAction(_deck, N_("changing patrol decks")), "bouncer": GameAction(_bouncer, N_("bouncers")),
    "prima_donna": GameAction(_prima_donna, N_("Prima Donnas carried")),
    "revolving_door": GameAction(_revolving_door, N_("Revolving Doors")),
}
SET_FIELDS = {"cubes": GameAction(_set_cubes, N_("counting cubes on rooms"))}
