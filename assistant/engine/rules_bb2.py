"""Burgle Bros 2 (The Casino Capers): bouncers (guard-rules.md §6; bb2 rulebook "Bouncer's Turn",
"Hunting", "Commotions", room and chip texts).

What differs from bb1: the bouncer always moves 3; players gain heat (2 per bouncer entry, 6 loses)
instead of losing Stealth; an empty deck starts *hunting* instead of a reshuffle; Distracted cards;
commotions pull him at once. Pathing, clockwise rule, questions and the log are bb1's.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalActionError
from .rules_bb1 import Bb1
from .ruleset import GameOver
from .state import DISTRACTED, HIDDEN

BOUNCER_MOVES = 3
HEAT_PER_ENTRY = 2
HEAT_LIMIT = 6
SURVEILLANCE_LIMIT = 4
BUFFET_LIMIT = 3
BUFFET_STEPS = 3


class Bb2(Bb1):
    name = "bb2"
    room_rules = False  # its rooms and cards are not those of Burgle Bros 1
    _hunt_target: str | None = None  # the player's room chosen for this move while hunting
    figure = "bouncer"
    patrol_rule = "bb2 Bouncer's Turn"
    redraw_rule = "§6"

    def start(self) -> None:
        """bb2 Heist Setup 6-8: each floor's first card places its bouncer, the next his destination marker.
        A Distracted card cannot place him (no room named) and, with no revealed even room yet, cannot set
        the marker either: the next card is drawn (our ruling, as bb2 Distracted says for no even room)."""
        self.place_every_guard()

    # -- speed and hunting ------------------------------------------------------------------------
    def speed(self, floor: int, bonus: int) -> int:
        return max(0, BOUNCER_MOVES + bonus)

    def announce_speed(self, floor: int, moves: int, bonus: int) -> None:
        fl = self.state.floors[floor]
        self.log("speed", "bb2 Bouncer's Turn", floor, fl.guard, moves=moves, bonus=bonus,
                 hunting=fl.destination is None, figure=self.figure)

    def guard_turn(self, floor: int, bonus: int = 0) -> None:
        fl = self.state.floors[floor]
        if fl.guard is None:
            self.log("idle", "bb2 setup", floor, how="no_guard", figure=self.figure)
            return
        if fl.skip:
            fl.skip = False
            self.log("idle", "bb2 Exit", floor, how="exit_skip")
            return
        if fl.destination is None and self.state.burglars_at(floor, fl.guard):
            self.log("hunt", "bb2 Hunting", floor, fl.guard, how="stays")
            self.heat_room(floor, fl.guard, entering=False)
            return
        moves = self.speed(floor, bonus)
        self.announce_speed(floor, moves, bonus)
        self._hunt_target = None
        self.walk(floor, moves)

    def heading(self, floor: int) -> str | None:
        fl = self.state.floors[floor]
        if fl.destination is not None:
            return fl.destination
        return self.hunt_target(floor)

    def hunt_target(self, floor: int) -> str | None:
        """Hunting: the nearest player on his floor; a tie is the players' choice (bb2 Hunting)."""
        chosen = self._hunt_target
        spots = [b.at for b in self.state.crew.values() if not b.escaped and b.floor == floor and b.at]
        if not spots:
            return None
        best, nearest = self.nearest(floor, self.guard_square(floor), spots)
        if best == 0:
            return None
        if chosen in nearest:
            return chosen
        target = nearest[0] if len(nearest) == 1 else self.ask(
            "hunt", nearest, floor, "bb2 Hunting")
        self._hunt_target = target
        self.log("hunt", "bb2 Hunting", floor, target, how="toward", steps=best)
        return target

    def stops_moving(self, floor: int) -> bool:
        fl = self.state.floors[floor]
        return fl.destination is None and fl.guard is not None and bool(self.state.burglars_at(floor, fl.guard))

    # -- entering a room --------------------------------------------------------------------------
    def entered_effects(self, floor: int, square: str) -> None:
        fl = self.state.floors[floor]
        if self.state.burglars_at(floor, square):
            self.heat_room(floor, square)
        kind = fl.tiles.get(square)
        if kind == "surveillance":
            fl.cubes[square] = fl.cubes.get(square, 0) + 1
            self.log("cube", "bb2 Surveillance", floor, square, how="surveillance", count=fl.cubes[square],
                     limit=SURVEILLANCE_LIMIT)
            if fl.cubes[square] >= SURVEILLANCE_LIMIT:
                del fl.cubes[square]
                self.log("surveillance", "bb2 Surveillance", floor, square)
                for name, b in self.state.crew.items():
                    if not b.escaped and b.floor == floor and b.at is not None:
                        self.heat(name, HEAT_PER_ENTRY, "surveillance", "bb2 Surveillance")
        elif kind == "crows-nest":
            for near in self.plan(floor).touching(square):
                for name in self.state.burglars_at(floor, near):
                    self.heat(name, 1, "crows_nest", "bb2 Crow's Nest", guard=square, guard_floor=floor)

    def heat_room(self, floor: int, square: str, entering: bool = True) -> None:
        """2 heat for everyone in the bouncer's room. A Crowd chip there covers them once, but only when he
        enters: a hunting bouncer who starts his turn there still gives heat, and the chip stays (§1.22)."""
        fl = self.state.floors[floor]
        names = self.state.burglars_at(floor, square)
        if square in fl.crowd and names and entering:
            fl.crowd.remove(square)
            self.log("crowd", "bb2 Crowd", floor, square, how="covers", names=names)
            return
        for name in names:
            self.heat(name, HEAT_PER_ENTRY, "bouncer_in", "bb2 Bouncer's Turn", guard=square, guard_floor=floor)

    def heat(self, name: str, amount: int, why: str, rule: str, **seen: Any) -> None:
        b = self.state.crew[name]
        b.heat = min(HEAT_LIMIT, b.heat + amount)
        self.log("heat", rule, b.floor, b.at, who=name, heat=b.heat, gained=amount, limit=HEAT_LIMIT, why=why,
                 **seen)
        if b.heat >= HEAT_LIMIT:
            self.log("caught", "bb2 Losing", b.floor, b.at, who=name, how="heat", limit=HEAT_LIMIT)
            self.state.outcome = "caught"
            raise GameOver(name)

    def lose(self, name: str, why: str, rule: str, **seen: Any) -> None:
        self.heat(name, HEAT_PER_ENTRY, why, rule, **seen)

    def walked_into(self, name: str, floor: int, square: str) -> None:
        """Walking into the bouncer's room gives 2 heat, as when he enters yours (§1.22 ruling: the seed lacks
        that page). The Buffet counts every player entering: the third makes a commotion there that pulls
        the bouncer 3 steps (bb2 Buffet)."""
        fl = self.state.floors[floor]
        if fl.guard == square:
            self.heat(name, HEAT_PER_ENTRY, "walked_in", "§1.22", ruling=True, guard=square, guard_floor=floor)
        if fl.tiles.get(square) != "buffet":
            return
        fl.cubes[square] = fl.cubes.get(square, 0) + 1
        self.log("cube", "bb2 Buffet", floor, square, who=name, how="buffet", count=fl.cubes[square],
                 limit=BUFFET_LIMIT)
        if fl.cubes[square] >= BUFFET_LIMIT:
            del fl.cubes[square]
            self.log("buffet", "bb2 Buffet", floor, square)
            self.commotion(floor, square, BUFFET_STEPS)

    def corrected(self, name: str) -> None:
        """bb2 Losing: a burglar the table sets to 6 heat (a room or a card gave it) loses the game too."""
        b = self.state.crew[name]
        if b.heat >= HEAT_LIMIT:
            self.log("caught", "bb2 Losing", b.floor, b.at, who=name, how="heat", limit=HEAT_LIMIT)
            self.state.outcome = "caught"
            raise GameOver(name)

    # -- destinations -----------------------------------------------------------------------------
    def arrive(self, floor: int) -> None:
        fl = self.state.floors[floor]
        self.log("arrive", "bb2 Bouncer's Turn", floor, fl.guard, figure=self.figure)
        self.draw_destination(floor)

    def deck_ran_out(self, floor: int) -> bool:
        """bb2 Hunting: no card left when he needs a destination."""
        fl = self.state.floors[floor]
        if fl.deck:
            return False
        fl.destination = None
        self.log("hunt", "bb2 Hunting", floor, fl.guard, how="starts")
        return True

    def special_card(self, floor: int, card: str) -> str | None:
        """bb2 Distracted: the players pick a room with an even number (not his own); none, draw again."""
        if card != DISTRACTED:
            return card
        fl = self.state.floors[floor]
        options = [s for s in sorted(self.even_rooms(floor), key=self.plan(floor).index.__getitem__) if s != fl.guard]
        if not options:
            self.log("redraw", "bb2 Distracted", floor, reason="no_even", card=DISTRACTED)
            return None
        return self.ask("distracted", options, floor, "bb2 Distracted")

    def even_rooms(self, floor: int) -> set[str]:
        """Revealed rooms whose tile shows an even number (bottom-left corner): those a case lists, and
        those the table turned face up with an even number."""
        fl = self.state.floors[floor]
        return set(fl.even) | {square for square, number in fl.numbers.items() if number % 2 == 0}

    def card_options(self, floor: int) -> list[str]:
        return list(self.plan(floor).names) + [DISTRACTED]

    def reshuffle(self, floor: int) -> None:  # pragma: no cover - bb2 hunts instead
        raise IllegalActionError("Burgle Bros 2 never reshuffles: an empty deck means hunting")

    def new_deck(self, floor: int) -> None:
        fl = self.state.floors[floor]
        fl.deck = [HIDDEN] * len(self.plan(floor).rooms)
        fl.unseen, fl.discard = [], []

    def move_die(self, floor: int, square: str, why: str, rule: str, ruling: bool = False, **data) -> None:
        fl = self.state.floors[floor]
        fl.destination = square
        self.log("destination", rule, floor, square, ruling=ruling, why=why, figure=self.figure, **data)

    # -- commotions, chips, exits ----------------------------------------------------------------
    def commotion(self, floor: int, square: str, steps: int = 1) -> None:
        fl = self.state.floors[floor]
        if fl.guard is None:
            self.log("idle", "bb2 Commotions", floor, how="no_bouncer_commotion")
            return
        if square == fl.guard:
            self.log("no_effect", "bb2 Commotions", floor, square, how="commotion_here")
            return
        was_hunting = fl.destination is None
        self.move_die(floor, square, "commotion", "bb2 Commotions", stops_hunting=was_hunting)
        self.log("commotion", "bb2 Commotions", floor, square, steps=steps)
        self.walk(floor, steps, stop_on_arrival=True)

    def undercover(self, floor: int, square: str) -> None:
        fl = self.state.floors[floor]
        if fl.guard is None:
            raise IllegalActionError(f"no bouncer on floor {floor}")
        self.log("undercover", "bb2 Undercover", floor, square)
        self.enter(floor, square, jump=True)
        if fl.guard == fl.destination:
            self.arrive(floor)

    def player_exits(self, name: str) -> None:
        """§1.22: the bouncer of that floor skips exactly one move, the one after the exiting player's turn;
        that turn ends with the player outside, so no bouncer moves then (actions._end_turn) and nothing is
        left to skip afterwards."""
        b = self.state.crew[name]
        if b.floor in self.state.floors:
            self.log("idle", "bb2 Exit", b.floor, how="exited", who=name)
