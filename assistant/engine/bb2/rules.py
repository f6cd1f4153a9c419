"""Burgle Bros 2 (The Casino Capers): bouncers (guard-rules.md §6; bb2 rulebook "Bouncer's Turn",
"Hunting", "Commotions", room and chip texts).

What differs from bb1: the bouncer always moves 3; players gain heat (2 per bouncer entry, 6 loses)
instead of losing Stealth; an empty deck starts *hunting* instead of a reshuffle; Distracted cards;
commotions pull him at once. Pathing, clockwise rule, questions and the log are bb1's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..bb1.rules import Bb1
from ..box import BB2_ROOMS, check_known_room
from ..board import square_coords
from ..errors import N_, IllegalActionError
from ..ruleset import GameOver, StandInsRead
from ..state import DISTRACTED, EMPTY_DECK, HIDDEN
from .limits import BUFFET_LIMIT, BUFFET_STEPS, HEAT_LIMIT, MOST_DECK, PRIMA_DONNAS, SURVEILLANCE_LIMIT
from .offers import COUNTING_ROOMS, LEGAL, diagonal_rooms

BOUNCER_MOVES = 3
HEAT_PER_ENTRY = 2
DICE_SUMS = tuple(str(n) for n in range(2, 13))  # two casino dice (bb2 Table Games)
LUCKY_SUMS = (7, 11)


class Bb2(Bb1):
    name = "bb2"
    title = "Burgle Bros 2"
    legal = LEGAL
    printed_walls = False
    guards_at_setup = True
    table_cards_only = True
    known_characters = False
    in_sandbox = False
    uses_die = False
    crew_counter = "heat"
    fixed_speed = BOUNCER_MOVES
    hunts = True
    counting_rooms = COUNTING_ROOMS
    floor_fields = ("even", "cubes", "crowd")
    floor_counts = ("cubes",)
    crew_counts: ClassVar[Mapping[str, int]] = {"prima_donnas": PRIMA_DONNAS}
    roomless_card = DISTRACTED
    roomless_card_optional = False
    room_rules = False  # its rooms and cards are not those of Burgle Bros 1
    cards_once = False  # Bodyguard Heist One puts discarded patrol cards back under the decks, unknown to the app
    _hunt_target: str | None = None  # the player's room chosen for this move while hunting
    _setting_up = False  # drawing the setup cards (bb2 Heist Setup 6-8)
    figure = "bouncer"
    patrol_rule = "bb2 Bouncer's Turn"
    redraw_rule = "§6"

    def check_tile(self, floor: int, square: str, kind: str, number: int | None, correction: bool) -> None:
        """A room of bb2's "Tile Clarifications" (its number, 1 to 6, is read by vocabulary.py)."""
        check_known_room(BB2_ROOMS, self.title, kind)

    def start(self) -> None:
        """bb2 Heist Setup 6-8: each floor's first card places its bouncer, the next his destination marker.
        A Distracted card cannot place him (no room named) and, with no revealed even room yet, cannot set
        the marker either: the next card is drawn (our ruling, as bb2 Distracted says for no even room). So the
        table is never offered it at setup, and each card's question says what it sets (:meth:`draw_card`)."""
        self._setting_up = True
        self.place_every_guard()
        self._setting_up = False

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
        if fl.skip:  # set by gear or an event (skip_by_card); an exit skips his move in actions._end_turn
            fl.skip = False
            self.log("idle", "bb2 Gear", floor, how="card_skip")
            return
        if fl.destination is None:
            self.crew_read(floor)
            if self.state.burglars_at(floor, fl.guard):
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
        self.crew_read(floor)
        return self.hunt_target(floor)

    def crew_read(self, floor: int) -> None:
        """Hunting reads where the players stand (the nearest, or one in his room): copies of one burglar
        (``stand_ins``) would each pull him their way, so a move with them stops here (StandInsRead)."""
        if self.stand_ins:
            raise StandInsRead(floor)

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
        if fl.destination is not None or fl.guard is None:
            return False
        self.crew_read(floor)
        return bool(self.state.burglars_at(floor, fl.guard))

    # -- entering a room --------------------------------------------------------------------------
    def entered_effects(self, floor: int, square: str) -> None:
        fl = self.state.floors[floor]
        if self.state.burglars_at(floor, square):
            self.bodyguard_lost(floor, square)
            self.heat_room(floor, square)
        kind = fl.tiles.get(square)
        if kind == "surveillance":
            fl.cubes = {**fl.cubes, square: fl.cubes.get(square, 0) + 1}
            self.log("cube", "bb2 Surveillance", floor, square, how="surveillance", count=fl.cubes[square],
                     limit=SURVEILLANCE_LIMIT)
            if fl.cubes[square] >= SURVEILLANCE_LIMIT:
                fl.cubes = {k: v for k, v in fl.cubes.items() if k != square}
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
            fl.crowd = tuple(c for c in fl.crowd if c != square)
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
            self.game_over(name)

    def game_over(self, name: str) -> None:
        """``name`` was caught: the heist is lost, unless she is a stand-in (``Ruleset.stand_ins``: a copy of a
        burglar in the safety map), who leaves the board while the move goes on, as Bb1.lose does."""
        if name in self.stand_ins:
            self.state.crew[name].at = None
            return
        self.state.outcome = "caught"
        raise GameOver(name)

    def lose(self, name: str, why: str, rule: str, ruling: bool = False, **seen: Any) -> None:
        self.heat(name, HEAT_PER_ENTRY, why, rule, ruling=ruling, **seen)

    def walked_into(self, name: str, floor: int, square: str) -> None:
        """Walking into the bouncer's room gives 2 heat, as when he enters yours (§1.22 ruling: the seed lacks
        that page); with a Prima Donna on her card it loses the heist (Bodyguard Heist One). Then the room's
        "when you enter" text acts; a face-down room's waits until the table says what it is (:meth:`room_said`),
        so that moving in and then saying it does exactly what saying it and then moving in does (bb2 Entering
        the Casino: move in, reveal the tile, do what it says)."""
        fl = self.state.floors[floor]
        b = self.state.crew[name]
        if fl.guard == square:
            self.bodyguard_lost(floor, square)
            self.heat(name, HEAT_PER_ENTRY, "walked_in", "§1.22", ruling=True, guard=square, guard_floor=floor)
        kind = fl.tiles.get(square)
        b.unsaid = "" if kind else f"{floor}-{square}"
        if kind:
            self.room_text(name, floor, square, kind)

    def room_said(self, floor: int, square: str) -> None:
        """The table says what the face-down room a player just walked into is: its "when you enter" text acts
        now, as if it had been face up (bb2 Entering the Casino). Only for the player still standing there in
        the same turn: the end of the turn (:meth:`next_player`) and any later move or jump forget it."""
        kind = self.state.floors[floor].tiles[square]
        for name, b in self.state.crew.items():
            if b.unsaid != f"{floor}-{square}":
                continue
            b.unsaid = ""
            if b.floor == floor and b.at == square and not b.escaped:
                self.log("said", "bb2 Entering the Casino", floor, square, who=name, type=kind)
                self.room_text(name, floor, square, kind)

    def room_text(self, name: str, floor: int, square: str, kind: str) -> None:
        """What a room does to a player who walks in (bb2 Tile Clarifications: Slots, Table Games, Buffet)."""
        fl = self.state.floors[floor]
        if kind == "slots":
            self.slots(name, floor, square)
            return
        if kind == "table-games":
            self.table_games(name, floor, square)
            return
        if kind != "buffet":
            return
        fl.cubes = {**fl.cubes, square: fl.cubes.get(square, 0) + 1}
        self.log("cube", "bb2 Buffet", floor, square, who=name, how="buffet", count=fl.cubes[square],
                 limit=BUFFET_LIMIT)
        if fl.cubes[square] >= BUFFET_LIMIT:
            fl.cubes = {k: v for k, v in fl.cubes.items() if k != square}
            self.log("buffet", "bb2 Buffet", floor, square)
            self.commotion(floor, square, BUFFET_STEPS)

    def bodyguard_lost(self, floor: int, square: str) -> None:
        """Bodyguard Heist One: a player with a Prima Donna chip on the same tile as a bouncer loses the heist,
        however they came together (she walked or jumped in, he walked or jumped there, she took the chip
        there). Checked before the heat: a Crowd chip covers heat, not her."""
        fl = self.state.floors[floor]
        if fl.guard != square:
            return
        for name in self.state.burglars_at(floor, square):
            if self.state.crew[name].prima_donnas:
                self.log("caught", "bb2 Bodyguard Heist One", floor, square, who=name, how="prima_donna")
                self.game_over(name)

    def carry_prima_donnas(self, name: str, count: int, correction: bool = False) -> None:
        """Bodyguard Heist One: a player takes the Prima Donna chip of the tile she enters onto her character
        card (or the table corrects how many she holds: two are needed to exit). ``correction``: more than the
        box holds, as the table says (the log marks it)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(name)s is not in the casino"), name=name)
        before, b.prima_donnas = b.prima_donnas, count
        marked: dict[str, Any] = {"correction": True} if correction else {}
        self.log("prima_donna", "bb2 Bodyguard Heist One", b.floor, b.at, who=name, count=count, before=before,
                 **marked)
        self.bodyguard_lost(b.floor, b.at)

    def revolving_door(self, name: str, square: str) -> None:
        """bb2 Revolving Door: for 2 actions a player on it jumps to a tile touching one of its corners, walls
        ignored. A jump, as the chips' (:meth:`jump_burglar`)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(name)s is not in the casino"), name=name)
        if self.state.floors[b.floor].tiles.get(b.at) != "revolving-door":
            raise IllegalActionError(N_("%(name)s is not on a Revolving Door (turn its room face up first)"),
                                     name=name)
        corners = diagonal_rooms(self.state, b.at)
        if square not in corners:
            raise IllegalActionError(N_("the Revolving Door jumps to a room touching one of its corners: %(rooms)s"),
                                     rooms=", ".join(corners))
        self.jump_burglar(name, b.floor, square, "revolving_door")

    def slots(self, name: str, floor: int, square: str) -> None:
        """bb2 Slots: walking in makes a commotion there, unless another player on that floor stands in the
        same row or column as the Slots (their own room included: it is in both)."""
        col, row = square_coords(square, self.state.size)
        watchers = [n for n, b in self.state.crew.items() if n != name and not b.escaped and b.floor == floor
                    and b.at is not None and any(a == c for a, c in zip(square_coords(b.at, self.state.size),
                                                                         (col, row), strict=False))]
        if watchers:
            self.log("slots", "bb2 Slots", floor, square, how="watched", who=name, by=watchers)
            return
        self.log("slots", "bb2 Slots", floor, square, how="commotion", who=name)
        self.commotion(floor, square)

    def table_games(self, name: str, floor: int, square: str) -> None:
        """bb2 Table Games: the player rolls the two casino dice; the table says the sum in one tap. 7 or 11
        takes 1 heat away (never below 0), any other sum makes a commotion there."""
        total = int(self.ask("table_games", list(DICE_SUMS), floor, "bb2 Table Games", who=name, square=square))
        b = self.state.crew[name]
        if total in LUCKY_SUMS:
            before, b.heat = b.heat, max(0, b.heat - 1)
            self.log("table_games", "bb2 Table Games", floor, square, how="lucky", who=name, total=total,
                     heat=b.heat, lost=before - b.heat)
            return
        self.log("table_games", "bb2 Table Games", floor, square, how="commotion", who=name, total=total)
        self.commotion(floor, square)

    def turn_ends_in_room(self, name: str) -> None:
        """bb2 Count Room: ending the turn there makes a commotion there, before the bouncer moves (his
        turn comes after the player's). bb1's Thermo and Acrobat do not exist here."""
        b = self.state.crew[name]
        if b.at is None or b.escaped or self.state.floors[b.floor].tiles.get(b.at) != "count-room":
            return
        self.log("count_room", "bb2 Count Room", b.floor, b.at, who=name)
        self.commotion(b.floor, b.at)

    def next_player(self) -> None:
        """A face-down room said once the turn is over acts no more: the bouncer has moved meanwhile."""
        for b in self.state.crew.values():
            b.unsaid = ""
        super().next_player()

    def jump_burglar(self, name: str, floor: int, square: str, chip: str, correction: bool = False) -> None:
        """A chip puts a player straight into a room: the Prima Donna (peeked: jump to her) or the Drunk
        (slide on floor 1, fall to floor 1 from floor 2); so does the Revolving Door. Our ruling (§6 has no
        word on it): a jump is not walking in, so the room's "when you enter" text does not act, but landing in
        the bouncer's room is sharing it, and gives 2 heat as walking in does (§1.22). ``correction``: a chip the
        box has too few of, as the table says (the log marks it)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(name)s is not in the casino"), name=name)
        b.floor, b.at, b.unsaid = floor, square, ""
        marked: dict[str, Any] = {"correction": True} if correction else {}
        self.log("jump", "bb2 Revolving Door" if chip == "revolving_door" else "bb2 Chips", floor, square, how=chip,
                 who=name, **marked)
        if self.state.floors[floor].guard == square:
            self.bodyguard_lost(floor, square)
            self.heat(name, HEAT_PER_ENTRY, "jumped_in", "bb2 Chips", ruling=True, guard=square, guard_floor=floor)

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
        """bb2 Hunting: no card left when he needs a destination. The table's own deck is what counts (the
        Suspicion Meter and finales add and take cards): the table keeps the count right with the deck's size
        (:meth:`set_deck`), and answers "our deck is empty" to a card question when its deck ran out before
        the count did (:meth:`draw_card`). A count of 0 is trusted: the danger forecast reads it so too."""
        fl = self.state.floors[floor]
        if fl.deck:
            return False
        fl.destination = None
        self.log("hunt", "bb2 Hunting", floor, fl.guard, how="starts")
        return True

    def special_card(self, floor: int, card: str) -> str | None:
        """bb2 Distracted: the players pick a room with an even number (not his own); none, draw again.
        "Our deck is empty" draws nothing: the search goes back to :meth:`deck_ran_out`, which hunts."""
        if card == EMPTY_DECK:
            return None
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
        return [*self.plan(floor).names, DISTRACTED, EMPTY_DECK]

    def draw_card(self, floor: int) -> str:
        """A card from the top of the deck; the table may answer that its deck is empty (bb2 Hunting). At setup
        the question says which card it is, the bouncer's or his marker's, and offers only squares."""
        fl = self.state.floors[floor]
        if fl.deck and fl.deck[0] == HIDDEN:
            fl.deck.pop(0)  # taken before asking, as Bb1.draw_card does (the forecast resumes from there)
            if self._setting_up:
                card = self.ask("card", list(self.plan(floor).names), floor, "bb2 Heist Setup",
                                setup="bouncer" if fl.guard is None else "destination")
            else:
                card = self.ask("card", self.card_options(floor), floor, "1.11")
            if card == EMPTY_DECK:
                dropped = len(fl.deck) + 1  # the cards the count had but the table's deck did not
                fl.deck = []
                self.log("deck", "bb2 Patrol Decks", floor, how="empty", dropped=dropped)
                return EMPTY_DECK
            fl.deck.insert(0, card)
        return super().draw_card(floor)

    def set_deck(self, floor: int, count: int) -> None:
        """The Suspicion Meter, a finale or a card added or took patrol cards: the table says how many are
        in the floor's deck now. Known cards stay on top; the rest are the table's face-down cards."""
        if not 0 <= count <= MOST_DECK:
            raise IllegalActionError(N_("a patrol deck holds 0 to %(most)s cards"), most=MOST_DECK)
        fl = self.state.floors[floor]
        before = len(fl.deck)
        fl.deck = fl.deck[:count] + [HIDDEN] * max(0, count - len(fl.deck))
        self.log("deck", "bb2 Patrol Decks", floor, how="set", before=before, count=count)

    def reshuffle(self, floor: int) -> None:  # pragma: no cover - bb2 hunts instead
        raise IllegalActionError(N_("Burgle Bros 2 never reshuffles: an empty deck means hunting"))

    def new_deck(self, floor: int) -> None:
        fl = self.state.floors[floor]
        fl.deck = [HIDDEN] * len(self.plan(floor).rooms)
        fl.unseen, fl.discard = (), ()

    def move_die(self, floor: int, square: str, why: str, rule: str, ruling: bool = False, **data: Any) -> None:
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

    def undercover(self, floor: int, square: str, cause: str = "undercover") -> None:
        """bb2 Undercover (a peek turns it up): the bouncer jumps to the chip's room. Gear and events whose
        text the seed does not print may do the same (``cause`` "card", a manual control)."""
        fl = self.state.floors[floor]
        if fl.guard is None:
            raise IllegalActionError(N_("no bouncer on floor %(floor)s"), floor=floor)
        if cause == "undercover":
            self.log("undercover", "bb2 Undercover", floor, square)
        else:
            self.log("bouncer_card", "bb2 Gear", floor, square, how="jump")
        self.enter(floor, square, jump=True)
        if fl.guard == fl.destination:
            self.arrive(floor)

    def marker_by_card(self, floor: int, square: str) -> None:
        """Gear or an event sets the bouncer's destination (bb2 Hunting: a hunting bouncer stops hunting until
        he reaches it). He does not step now: only a commotion pulls him at once."""
        fl = self.state.floors[floor]
        if fl.guard is None:
            raise IllegalActionError(N_("no bouncer on floor %(floor)s"), floor=floor)
        self.log("bouncer_card", "bb2 Gear", floor, square, how="marker")
        self.move_die(floor, square, "card", "bb2 Gear", stops_hunting=fl.destination is None)
        if fl.guard == square:
            self.arrive(floor)

    def swap_by_card(self, floor: int, square: str) -> None:
        """Gear or an event changes or swaps the bouncer's destination: his marker goes to ``square``. With no
        marker on the board (he hunts) the card has no effect (bb2 Hunting: "Cards that make you change or swap a
        destination have no effect if there is no destination marker"), unlike one that sets a new one."""
        fl = self.state.floors[floor]
        if fl.guard is None:
            raise IllegalActionError(N_("no bouncer on floor %(floor)s"), floor=floor)
        if fl.destination is None:
            self.log("no_effect", "bb2 Hunting", floor, square, how="swap_hunting")
            return
        self.log("bouncer_card", "bb2 Gear", floor, square, how="swap")
        self.move_die(floor, square, "card", "bb2 Gear")
        if fl.guard == square:
            self.arrive(floor)

    def skip_by_card(self, floor: int) -> None:
        """Gear or an event makes the bouncer skip his next move (the same as after an exit)."""
        fl = self.state.floors[floor]
        if fl.guard is None:
            raise IllegalActionError(N_("no bouncer on floor %(floor)s"), floor=floor)
        fl.skip = True
        self.log("bouncer_card", "bb2 Gear", floor, fl.guard, how="skip")

    def player_exits(self, name: str) -> None:
        """§1.22: the bouncer of that floor skips exactly one move, the one after the exiting player's turn;
        that turn ends with the player outside, so no bouncer moves then (actions._end_turn) and nothing is
        left to skip afterwards."""
        b = self.state.crew[name]
        if b.floor in self.state.floors:
            self.log("idle", "bb2 Exit", b.floor, how="exited", who=name)
