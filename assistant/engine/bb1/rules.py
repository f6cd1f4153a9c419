"""Burgle Bros (1): one guard per floor (guard-rules.md §1).

``Bb1`` holds the guard loop. Burgle Bros 2 and 3 subclass it and override the hooks that differ
(speed, what a step costs the crew, alarms, what a reached destination means); see bb2/rules.py and
bb3/rules.py. Rule numbers in docstrings and log entries are those of ../shared/rules/guard-rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..box import BB1_BOX, check_bb1_tile, check_known_room
from ..errors import N_, AmbiguousTieError, IllegalActionError, NotInTheBoxError
from ..limits import DIE_FACES
from ..pathing import Router
from ..ruleset import GameOver
from ..state import HIDDEN, LOST_VISUAL, GameState, without_one
from .checks import cracking_refusal, escape_refusal, missing_loot
from .offers import LEGAL
from .table import TableBb1, rerouting_juicer, seats_passed

UNSEEN_DISCARDS = {1: 9, 2: 6, 3: 3}  # rule 1.11: cards set aside face down per player count
MAX_DRAWS = 64  # a deck whose every card is refused (all on the guard's square) must not loop forever


class Bb1(TableBb1):
    name = "bb1"
    title = "Burgle Bros"
    legal = LEGAL
    printed_walls = True  # the jobs of the rulebook print each floor's walls; bb2 and bb3 floors are laid out
    # 1.13: floor 1's guard at the break-in, the others when someone arrives, in an imported position too (bb2,
    # bb3: every floor's guard before anyone enters; an imported position has them on the board already)
    guards_at_setup = False
    table_cards_only = False  # bb2 and bb3 patrol cards do more than send him somewhere: the table's own deck
    known_characters = True  # §1.22: the nine characters of the box, whose abilities the app offers
    in_sandbox = True  # the sandbox replays a floor with this game's guard (die + alarms, 1.2)
    # What a floor and a burglar carry in this game, for the pages, exports and cases that show them
    uses_die = True  # his destination is a die showing his speed (bb2: a marker, and he always moves 3)
    alarm_cubes = False  # 1.8: one alarm token to a room (bb3: cubes, several to a room, each counted)
    crew_counter = "stealth"  # what a burglar loses when seen (bb2: heat, which they gain)
    has_disguises = False  # bb3 Disguises: geared or disguised
    fixed_speed: int | None = None  # 1.2: die + alarms; bb2's bouncer always moves the same
    hunts = False  # bb2 Hunting: with his deck empty he walks toward the nearest player
    suspicion_limit: int | None = None  # bb3 Suspicion: that many cubes turn the die up
    counting_rooms: ClassVar[Mapping[str, int]] = {}  # bb2 rooms that act at so many counting cubes
    floor_fields: tuple[str, ...] = ()  # what a floor keeps beyond walls, guard, die, alarms and cards
    floor_counts: tuple[str, ...] = ()  # … of which what a case's result reports
    # what a burglar holds that a case sets and reports, and its most: the advanced Juicer's alarm token (§1.22)
    crew_counts: ClassVar[Mapping[str, int]] = {"alarm_tokens": 1}
    # the patrol card naming no room (1.20: the mini expansion's Lost Visual, in the deck only when chosen;
    # in bb2 and bb3 every card beyond one per room is the special one)
    roomless_card = LOST_VISUAL
    roomless_card_optional = True
    alike_cards: ClassVar[Mapping[str, str]] = {}  # cards that do the same within one move: counted as one
    reshuffle_speeds_up = True  # 1.11; bb3 has suspicion for that instead
    cards_once = True  # 1.11: one card per room (and Lost Visual): a face-up card is not drawn again (not_face_up)
    figure = "guard"
    patrol_rule = "1.6"  # why a patrol card moves the die
    speed_rule = "1.2"  # how far he walks (bb3: die plus alarm cubes)
    redraw_rule = "1.6"  # our ruling: a card naming his own square is drawn again
    # Floors whose guard appeared during this action and has not moved since: an alarm there now takes the
    # die after his destination card was drawn, the order of our 1.13 ruling (BGA), and its lines say so.
    appeared_now: frozenset[int] = frozenset()
    # Of those, the floors whose guard came back from Lost Visual: his lines name §1.22 "Lost Visual with an
    # alarm" (1.20), not a new floor's setup.
    returned_now: frozenset[int] = frozenset()
    # Set while ``walk`` lets the guard arrive after a step: (floor, moves left, steps taken). A card question
    # raised then was asked by ``draw_destination`` with nothing pending but the rest of that walk, so the
    # danger forecast can resume the move there (:meth:`resume_walk`) instead of replaying it from its start.
    resumable: tuple[int, int, int] | None = None

    @classmethod
    def before_break_in(cls, state: GameState) -> bool:
        """The heist has not started: the guards are still to be placed from the patrol decks."""
        return (1 in state.floors and not state.floors[1].appeared
                and (not cls.guards_at_setup or state.scenario != "custom"))

    # -- speed and the move itself (1.2-1.5) ----------------------------------------------------
    def speed(self, floor: int, bonus: int) -> int:
        """1.2: die + alarm tokens on the floor, fixed when the move starts; Espresso/Daydreaming."""
        fl = self.state.floors[floor]
        return max(0, fl.die + len(fl.alarms) + bonus)

    def guard_turn(self, floor: int, bonus: int = 0) -> None:
        """The end-of-turn move of one floor's guard (1.1-1.8)."""
        fl = self.state.floors[floor]
        if fl.guard is None and not fl.lost:
            self.log("idle", "1.13", floor, how="no_guard", figure=self.figure)
            return
        if fl.donuts:
            fl.donuts = False
            self.log("donuts", "1.18", floor, fl.guard, how="eaten")
            return
        if fl.lost:
            self.log("return", "1.20", floor)
            self.returned_now |= {floor}
            self.place_guard(floor)
            if fl.guard is None:
                return
        self.appeared_now -= {floor}
        self.returned_now -= {floor}
        if fl.crow_advanced and fl.crow == fl.guard and not fl.alarms:
            fl.crow = None
            fl.crow_advanced = False
            self.log("crow", "1.19", floor, fl.guard, how="flies_back")
            return
        self.announce_speed(floor, self.speed(floor, bonus), bonus)
        self.walk(floor, self.speed(floor, bonus))

    def announce_speed(self, floor: int, moves: int, bonus: int) -> None:
        fl = self.state.floors[floor]
        if bonus:  # Espresso or Daydreaming: a line of its own, so the table sees what changed his count
            self.log("modifier", "1.21", floor, how="espresso" if bonus > 0 else "daydreaming", bonus=bonus)
        self.log("speed", self.speed_rule, floor, fl.guard, moves=moves, die=fl.die, alarms=len(fl.alarms), bonus=bonus,
                 alarm_squares=list(fl.alarms), destination=fl.destination)

    def heading(self, floor: int) -> str | None:
        """Where the guard walks to now: the die's square (bb2 overrides this for hunting)."""
        return self.state.floors[floor].destination

    def stops_moving(self, floor: int) -> bool:
        """Whether the room just entered ends the move early (never in bb1)."""
        return False

    def walk(self, floor: int, moves: int, stop_on_arrival: bool = False, steps_taken: int = 0) -> None:
        """Step room by room (1.3), arriving and heading on (1.5) until the moves are spent. ``steps_taken``
        only numbers the steps of a walk resumed half-way (:meth:`resume_walk`)."""
        fl = self.state.floors[floor]
        left = moves
        step_no = steps_taken
        idle_arrivals = 0
        details = self.details  # without details, each step is told with the moves left only
        router: Router | None = None
        routed: tuple[str, tuple[str, ...]] | None = None  # the heading and the walls the router was fetched for
        while left > 0:
            target = self.heading(floor)
            if fl.guard is None or target is None:
                break
            if fl.guard == target:
                idle_arrivals += 1
                if idle_arrivals > 2:
                    break
                self.arrive(floor)
                continue
            if router is None or routed is None or routed[0] != target or routed[1] is not fl.walls:
                # looked up again only when the heading changes or a wall goes (a new tuple)
                router, routed = self.router(floor, target), (target, fl.walls)
            plan = router.plan
            here = plan.index[fl.guard]
            try:  # tie_free_step's lines, a call fewer at every step
                step = plan.names[router.next_step(here)]
            except AmbiguousTieError:
                step = self.tie_asked(floor, router, here)
            left -= 1
            step_no += 1
            idle_arrivals = 0
            if details:
                fork = router.fork_at(here)
                walked: dict[str, Any] = {
                    "jump": False, "came_from": fl.guard, "figure": self.figure, "step_no": step_no, "left": left,
                    "toward": target, "to_die": target == fl.destination, "fork": fork.as_dict() if fork else None}
            else:
                walked = {"left": left}
            self.enter(floor, step, False, walked)
            if left and fl.crow is not None and self.crow_slows(floor, step):  # asked only with a crow out
                left -= 1
            if self.stops_moving(floor):
                break
            if fl.guard == fl.destination:
                self.resumable = None if stop_on_arrival else (floor, left, step_no)
                self.arrive(floor)
                self.resumable = None
                if stop_on_arrival:
                    break
        if details:  # not even the line's arguments are built without them
            self.log("stop", "1.2", floor, fl.guard, figure=self.figure)

    def resume_walk(self, floor: int, left: int, steps_taken: int) -> None:
        """The rest of a guard move from a card question asked while :attr:`resumable` said
        ``(floor, left, steps_taken)``, on the state of that moment with the drawn card put back on top of
        the deck: the destination drawn, then the walk goes on. The same entries and the same state as
        answering the question by replaying the move from its start (the danger forecast's shortcut,
        issue 14; tests/engine/test_resume_walk.py). A card drawn again here (his own room, a special card)
        is asked while :attr:`resumable` says the same, as during the walk's own arrivals."""
        self.resumable = (floor, left, steps_taken)
        self.draw_destination(floor)
        self.resumable = None
        self.walk(floor, left, steps_taken=steps_taken)

    def tie_free_step(self, floor: int, router: Router, here: int) -> str:
        """The next room by the tie-break; when the reading cannot decide, the table is asked instead
        of the engine guessing (§2 point 3). The loop rule always decides; the BGA table has blank
        cells that legal layouts reach about 5 times in a million queries (tests/engine/test_properties.py)."""
        try:
            return router.plan.names[router.next_step(here)]
        except AmbiguousTieError:
            return self.tie_asked(floor, router, here)

    def tie_asked(self, floor: int, router: Router, here: int) -> str:
        """The next room when the reading cannot decide: the table's choice among the tied steps."""
        plan = router.plan
        options = [plan.names[i] for i in router.candidates(here)]
        clockwise = None
        if router.reading == "bga":  # our ruling: the table decides, the loop rule is offered as a hint
            clockwise = plan.names[Router(plan, router.target).next_step(here)]
        return self.ask("tie", options, floor, "§2", at=plan.names[here], reading=router.reading,
                        clockwise=clockwise, figure=self.figure)

    def crow_slows(self, floor: int, square: str) -> bool:
        """§1.22 Raven: the guard enters the basic crow's room, then loses one move (with his last move he
        still enters, and finds whoever is there)."""
        fl = self.state.floors[floor]
        if fl.crow != square or fl.crow_advanced or fl.guard != square:
            return False
        self.log("crow", "1.19", floor, square, ruling=True, how="slows")
        return True

    # -- entering a room (1.7, 1.14-1.16) --------------------------------------------------------
    def enter(self, floor: int, square: str, jump: bool = False, walked: dict[str, Any] | None = None) -> None:
        """The guard enters ``square``; ``walked``: the log line's parameters when a walk's step brought him there
        (:meth:`walk`: where from, step number, moves left, heading, fork, or the moves left alone without
        details). An effect that puts him somewhere goes through :meth:`jump` (``jump`` here), which a
        game whose jumps have no entering effect overrides (bb3)."""
        fl = self.state.floors[floor]
        if walked is None:
            walked = {"jump": jump, "came_from": fl.guard, "figure": self.figure}
        fl.guard = square
        self.told.append(("enter", "1.3", floor, square, walked, False))  # every step: told straight, not through log()
        self.entered_effects(floor, square)

    def entered_effects(self, floor: int, square: str) -> None:
        # The alarm goes off first: a catch below ends the action, and no alarm may stay under him (1.9).
        self.switch_off(floor, square)
        for name in self.state.burglars_at(floor, square):
            self.caught_in_room(name, floor, square)
        self.guard_sees(floor, square)

    def guard_sees(self, floor: int, square: str, but: str | None = None) -> None:
        """What a guard standing in ``square`` sees, whether he walked or was put there (§1.22 "Sight after any
        placement"): burglars in a Foyer next to him (1.15), in an Atrium straight above or below (1.16), on
        another Camera while he stands on one (1.14). ``but``: the burglar whose own arrival is checked next."""
        fl = self.state.floors[floor]
        if "foyer" in fl.tiles.values() and self.in_a_foyer(floor):  # most of the time nobody is: skip the look
            plan = self.plan(floor)
            for near in plan.adjacent(square):
                if fl.tiles.get(near) == "foyer":
                    for name in self.state.burglars_at(floor, near):
                        if name != but:
                            self.lose(name, "foyer", "1.15", guard=square, guard_floor=floor)
        for other in (floor - 1, floor + 1):
            of = self.state.floors.get(other)
            if of and of.tiles.get(square) == "atrium":
                for name in self.state.burglars_at(other, square):
                    if name != but:
                        self.lose(name, "atrium", "1.16", guard=square, guard_floor=floor)
        if self.camera_on(floor, square):
            self.cameras_see(floor, square, but)

    def in_a_foyer(self, floor: int) -> bool:
        tiles = self.state.floors[floor].tiles
        for b in self.state.crew.values():  # a plain loop: asked at every guard step
            if b.floor == floor and b.at is not None and not b.escaped and tiles.get(b.at) == "foyer":
                return True
        return False

    def caught_in_room(self, name: str, floor: int, square: str) -> None:
        """1.7: the guard entered a burglar's room."""
        self.lose(name, "entered", "1.7", guard=square, guard_floor=floor)

    def switch_off(self, floor: int, square: str) -> None:
        """1.7: the guard switches off the alarm in a room he enters."""
        fl = self.state.floors[floor]
        if square in fl.alarms:
            fl.alarms = tuple(a for a in fl.alarms if a != square)
            self.log("alarm_off", "1.7", floor, square, how="guard")

    def camera_on(self, floor: int, square: str) -> bool:
        fl = self.state.floors[floor]
        return (fl.tiles.get(square) == "camera" and square not in fl.cameras_off and square not in fl.disabled
                and self.state.loop_by is None)

    def cameras_see(self, floor: int, square: str, but: str | None = None) -> None:
        """1.14: a guard on a Camera sees every burglar on another revealed Camera, any floor."""
        for name, b in self.state.crew.items():
            if b.escaped or b.at is None or (b.floor == floor and b.at == square) or name == but:
                continue
            if self.camera_on(b.floor, b.at):
                self.log("camera", "1.14", b.floor, b.at, who=name, camera=square,
                         camera_floor=floor, mover="guard", how="guard_sees")
                self.trigger_alarm(b.floor, b.at, cause="camera")

    # -- Stealth (1.7, 1.8) -----------------------------------------------------------------------
    def lose(self, name: str, why: str, rule: str, ruling: bool = False, **seen: Any) -> None:
        """One Stealth token less for ``name``; ``why`` is a cause of ``log.CAUSES`` and ``seen`` says where
        the guard who cost it stands (``guard``, ``guard_floor``), kept in the log so the table can be shown why.
        ``ruling``: one of our rulings costs it (docs/rulings.md); a room's token used instead always is one."""
        b = self.state.crew[name]
        fl = self.state.floors.get(b.floor)
        if fl is not None and b.at is not None and self.room_token(name):
            fl.lavatory[b.at] -= 1
            self.log("stealth", "1.8", b.floor, b.at, True, who=name, why=why, lavatory=fl.lavatory[b.at],
                     how="lavatory", **seen)
            return
        if b.stealth <= 0:
            self.log("caught", "1.8", b.floor, b.at, ruling, who=name, why=why, **seen)
            if name in self.stand_ins:
                b.at = None
                return
            self.state.outcome = "caught"
            raise GameOver(name)
        b.stealth -= 1
        self.log("stealth", rule, b.floor, b.at, ruling, who=name, left=b.stealth, why=why, **seen)

    # -- destinations (1.6, 1.9, 1.10) -------------------------------------------------------------
    def arrive(self, floor: int) -> None:
        """1.6: the guard reached his destination; the die moves on at once."""
        fl = self.state.floors[floor]
        if self.details:
            self.log("arrive", "1.5", floor, fl.guard, figure=self.figure)
        if fl.alarms:
            self.to_nearest_alarm(floor)
        else:
            self.draw_destination(floor)

    def to_nearest_alarm(self, floor: int, new: str | None = None) -> None:
        """The die goes to the alarm nearest the guard; a tie is the players' choice (1.6, 1.9)."""
        fl = self.state.floors[floor]
        guard = self.guard_square(floor)
        best, nearest = self.nearest(floor, guard, fl.alarms)
        if len(nearest) == 1:
            target = nearest[0]
        elif new is not None and new not in nearest and fl.destination in nearest:
            return
        else:
            target = self.ask("alarm", nearest, floor, "1.6", steps=best)
        if target != fl.destination:
            dist = self.distances_from(floor, guard)
            rule, ruling, first = "1.9", False, {}
            if floor in self.appeared_now:
                # 1.13 ruling: his destination card was drawn first; the alarm takes the die only now (after
                # Lost Visual too, §1.22 "Lost Visual with an alarm")
                appeared = "return" if floor in self.returned_now else "waiting" if new is None else "arrival"
                rule, ruling, first = "1.20" if appeared == "return" else "1.13", True, {"appeared": appeared}
                self.mark_first_card(floor, appeared, rule)
            self.move_die(floor, target, "nearest_alarm", rule, ruling, steps=best, distances={
                a: dist[a] for a in sorted(set(fl.alarms))}, guard=guard, **first)

    def mark_first_card(self, floor: int, appeared: str, rule: str = "1.13") -> None:
        """The destination card drawn when the guard appeared was drawn under the 1.13 ruling too (1.20 when he
        came back from Lost Visual), once an alarm follows it: its line is marked as such."""
        told = self.told
        for i in range(len(told) - 1, -1, -1):
            kind, _, at_floor, square, data, _ = told[i]
            if kind == "appear" and at_floor == floor:
                return
            if kind == "destination" and at_floor == floor and data.get("why") == "patrol_card":
                told[i] = (kind, rule, at_floor, square, {**data, "appeared": appeared}, True)
                return

    def move_die(self, floor: int, square: str, why: str, rule: str, ruling: bool = False, **data: Any) -> None:
        """``why`` is one of ``log.DIE_MOVES``: what sent the die there."""
        fl = self.state.floors[floor]
        fl.destination = square
        if self.details:
            self.log("destination", rule, floor, square, ruling, data={"why": why, "figure": self.figure, **data})
        if square == fl.guard:
            self.log("arrive", "1.6b", floor, square, ruling=True, how="own_square")
            self.arrive(floor)

    def draw_destination(self, floor: int) -> None:
        """1.6: the next patrol card sets the destination; his own square or the empty square is redrawn.
        Each game says what its special cards mean (:meth:`special_card`) and what an empty deck does
        (:meth:`deck_ran_out`)."""
        fl = self.state.floors[floor]
        for _ in range(MAX_DRAWS):
            if self.deck_ran_out(floor):
                return
            card = self.special_card(floor, self.draw_card(floor))
            if fl.guard is None:
                return
            if card is None:
                continue
            if card in self.state.void:
                self.log("redraw", "§3", floor, card, ruling=True, card=card, reason="void")
                continue
            if card == fl.guard:
                self.log("redraw", self.redraw_rule, floor, card, ruling=True, card=card, reason="guard",
                         figure=self.figure)
                continue
            self.move_die(floor, card, "patrol_card", self.patrol_rule)
            return
        raise IllegalActionError(N_("floor %(floor)s: no patrol card gives the %(figure)s anywhere to go"), floor=floor,
                                 figure=self.figure)

    def special_card(self, floor: int, card: str) -> str | None:
        """The square a drawn card sends the guard to, or None to draw again. Lost Visual (1.20) takes
        him off the board instead."""
        if card == LOST_VISUAL:
            self.lost_visual(floor)
            return None
        return card

    def deck_ran_out(self, floor: int) -> bool:
        """Whether an empty deck ends the search for a destination (never in bb1: it is reshuffled)."""
        return False

    def lost_visual(self, floor: int) -> None:
        fl = self.state.floors[floor]
        self.log("lost", "1.20", floor, fl.guard)
        fl.guard = None
        fl.destination = None
        fl.lost = True

    # -- the patrol deck (1.11) ------------------------------------------------------------------
    def draw_card(self, floor: int) -> str:
        fl = self.state.floors[floor]
        if not fl.deck:
            self.reshuffle(floor)
        card = fl.deck.pop(0)
        if card == HIDDEN:
            refuse = (lambda answer: self.not_face_up(floor, answer)) if self.cards_once else None
            card = self.ask("card", self.card_options(floor), floor, "1.11", check=refuse)
        fl.discard = (*fl.discard, card)
        if self.details:  # the room the card names and the cards left (the floor plan looked up at every draw)
            self.told.append(("draw", "1.11", floor, card if card in self.plan(floor).index else None,
                              {"card": card, "left": len(fl.deck)}, False))
        else:
            self.told.append(("draw", "1.11", floor, None, {"card": card}, False))
        return card

    def not_face_up(self, floor: int, card: str) -> None:
        """§1.22 "The table's patrol deck": a card of the floor's face-up discard pile cannot be drawn again before
        the deck is reshuffled (1.11: the players may look through that pile). A pile that holds every card of the
        deck (a case's incomplete lists) refuses none, as the forecast then counts the whole deck again."""
        fl = self.state.floors[floor]
        if card in fl.discard and not set(self.full_deck(floor)) <= set(fl.discard):
            raise NotInTheBoxError(N_("the %(card)s patrol card is face up in the floor-%(floor)s discard pile: it "
                                      "cannot be drawn again before that deck is reshuffled"), card=card, floor=floor)

    def card_options(self, floor: int) -> list[str]:
        """What a physical card can show: any square of the grid (Fort Knox cards may name the empty one)."""
        names = self.plan(floor).names
        return [*names, LOST_VISUAL] if self.state.lost_visual else list(names)

    def unseen_count(self) -> int:
        return UNSEEN_DISCARDS.get(self.state.players, 0)

    def reshuffle(self, floor: int) -> None:
        """1.11: shuffle discards and unseen cards into a new deck, set some aside, die +1 (max 6)."""
        fl = self.state.floors[floor]
        cards = [*fl.discard, *fl.unseen, *fl.deck]
        if fl.stacked is not None:
            order, fl.stacked = list(fl.stacked), None
        elif self.state.deck_mode == "table":
            order = [HIDDEN] * len(cards)
        else:
            order = sorted(cards) or self.full_deck(floor)
            random.Random(f"{self.state.seed}/{floor}/{fl.shuffles + 1}").shuffle(order)
        if not order:
            raise IllegalActionError(N_("floor %(floor)s has no patrol cards at all to reshuffle"), floor=floor)
        fl.shuffles += 1
        aside = min(self.unseen_count(), len(order) - 1)
        fl.deck, fl.unseen = order[:len(order) - aside], tuple(order[len(order) - aside:])
        fl.discard = ()
        before = fl.die
        if self.reshuffle_speeds_up:
            self.speed_up(floor)
        self.log("reshuffle", "1.11", floor, left=len(fl.deck), aside=aside, die=fl.die,
                 ruling=not self.reshuffle_speeds_up, before=before,
                 shuffled=len(order), speeds_up=self.reshuffle_speeds_up)

    def speed_up(self, floor: int) -> None:
        fl = self.state.floors[floor]
        fl.die = min(DIE_FACES, fl.die + 1)

    def full_deck(self, floor: int) -> list[str]:
        cards = list(self.plan(floor).rooms)
        return cards + ([LOST_VISUAL] if self.state.lost_visual else [])

    def new_deck(self, floor: int) -> None:
        """Setup (1.11): a full deck, shuffled, with cards set aside unseen for the player count."""
        fl = self.state.floors[floor]
        cards = self.full_deck(floor)
        if self.state.deck_mode == "table":
            order = [HIDDEN] * len(cards)
        else:
            order = sorted(cards)
            random.Random(f"{self.state.seed}/{floor}/0").shuffle(order)
        aside = self.unseen_count()
        fl.deck, fl.unseen, fl.discard = order[:len(order) - aside], tuple(order[len(order) - aside:]), ()

    # -- alarms (1.9) -----------------------------------------------------------------------------
    def trigger_alarm(self, floor: int, square: str, cause: str = "") -> None:
        fl = self.state.floors[floor]
        if self.state.emp_by:
            self.log("alarm_blocked", "1.21", floor, square, how="emp")
            return
        if square == fl.guard:
            self.log("alarm_blocked", "1.9", floor, square, how="guard")
            return
        if square in fl.alarms:
            self.log("alarm_blocked", "1.9", floor, square, how="already")
            return
        fl.alarms = tuple(sorted((*fl.alarms, square)))
        self.log("alarm", "1.9", floor, square, cause=cause)
        self.alarm_takes_die(floor, square)

    def alarm_takes_die(self, floor: int, square: str) -> None:
        fl = self.state.floors[floor]
        if fl.guard is None:
            if fl.lost:
                self.move_die(floor, square, "alarm_while_lost", "1.20", ruling=True)
            return
        self.to_nearest_alarm(floor, new=square)

    def pick_up_alarm(self, floor: int, square: str) -> None:
        """Juicer (Reroute) picks up an alarm token: as the card says, a new patrol card becomes the destination.
        The advanced Juicer whose turn it is, in that room, keeps it to drop later (§1.22 "Juicer's alarm
        tokens"); taken by hand otherwise, it just leaves the board."""
        fl = self.state.floors[floor]
        if square not in fl.alarms:
            raise IllegalActionError(N_("there is no alarm token in %(square)s on floor %(floor)s"), square=square,
                                     floor=floor)
        fl.alarms = without_one(fl.alarms, square)
        holder = rerouting_juicer(self.state, floor, square) if self.room_rules else None
        if holder is None:
            self.log("alarm_off", "1.21", floor, square, how="picked_up")
        else:
            self.state.crew[holder].alarm_tokens += 1
            self.log("alarm_off", "1.21", floor, square, how="picked_up", who=holder)
        if fl.guard is not None:
            self.draw_destination(floor)

    def remove_all_alarms(self, floor: int) -> int:
        fl = self.state.floors[floor]
        n = len(fl.alarms)
        fl.alarms = ()
        return n

    # -- the guard appears (1.13, 1.20) -----------------------------------------------------------
    def place_guard(self, floor: int, destination: bool = True, arriving: str | None = None) -> None:
        """1.13: a patrol card puts the guard on the board (setup, a new floor, Lost Visual's return), then the
        next card sets his destination. Being placed is not entering (§1.22): no Stealth in his own room, but he
        sees at once (§1.22 "Sight after any placement"); ``arriving``: the burglar whose arrival placed him,
        whose own sight check follows her arrival."""
        fl = self.state.floors[floor]
        for _ in range(MAX_DRAWS):
            card = self.draw_card(floor)
            # Only a card naming a room can place him: Lost Visual, the empty square, and bb2's Distracted
            # or bb3's worker cards drawn at setup are set aside for the next card (our ruling).
            if card not in self.plan(floor).index or card in self.state.void:
                self.log("redraw", "1.13", floor, ruling=True, card=card, reason="place", figure=self.figure)
                continue
            break
        else:
            raise IllegalActionError(N_("floor %(floor)s: no patrol card can place the guard"), floor=floor)
        fl.guard, fl.destination, fl.appeared, fl.lost = card, None, True, False
        self.appeared_now |= {floor}
        self.log("appear", "1.13", floor, card, figure=self.figure)
        if card in fl.alarms:
            # No alarm can stand where a guard stands (1.9): one placed on it switches it off.
            fl.alarms = tuple(a for a in fl.alarms if a != card)
            self.log("alarm_off", "1.13", floor, card, ruling=True, how="appear")
        if destination:
            self.draw_destination(floor)
            if fl.alarms and fl.guard is not None:
                self.to_nearest_alarm(floor)
        if self.room_rules and fl.guard is not None:
            self.guard_sees(floor, fl.guard, but=arriving)

    def check_tile(self, floor: int, square: str, kind: str, number: int | None, correction: bool) -> None:
        """Refuses a room the game lacks, and unless the table corrects the board, one the box cannot hold
        (engine/box.py, tiles.json): its job's tiles, one Safe and one Stairs a floor, a type and number once."""
        check_known_room(BB1_BOX, self.title, kind)
        if not correction:
            floors = self.state.floors
            check_bb1_tile({n: fl.tiles for n, fl in floors.items()}, {n: fl.numbers for n, fl in floors.items()},
                           self.state.scenario, floor, square, kind, number)

    def start(self) -> None:
        """Break in (1.13, §1.22): floor 1's guard is placed by the first card; the entrance is chosen next
        and only then does the second card set his destination (:meth:`break_in`). The other floors'
        guards appear when someone first arrives there."""
        fl = self.state.floors[1]
        if fl.appeared or fl.guard is not None:
            self.log("idle", "1.13", 1, how="in_play", figure=self.figure)
            return
        self.place_guard(1, destination=False)

    def break_in(self, square: str) -> None:
        """§1.22 Break-in: the entrance, then the first destination; the first player walks in now, each
        other burglar at the start of their own first turn (:meth:`turn_starts`)."""
        s = self.state
        if s.entrances:
            raise IllegalActionError(N_("the crew already broke in through %(square)s"), square=s.entrances[0])
        s.entrances = (square,)
        if square not in s.floors[1].tiles:
            s.floors[1].tiles = {**s.floors[1].tiles, square: "entrance"}
        self.log("entrance", "Break in", 1, square)
        fl = s.floors[1]
        if fl.guard is not None and fl.destination is None:
            self.draw_destination(1)
            if fl.alarms and fl.guard is not None:
                self.to_nearest_alarm(1)
        first = s.current()
        if first is not None:
            self.turn_starts(first)

    def place_every_guard(self) -> None:
        """Setup in bb2 (Heist Setup 6-8) and bb3 (Standard Setup 8-13): every floor's guard is placed by
        a card of his own deck and his destination set by the next, before anyone enters."""
        for floor in sorted(self.state.floors):
            self.enter_floor(floor)

    def enter_floor(self, floor: int) -> None:
        fl = self.state.floors[floor]
        if fl.appeared or fl.guard is not None or fl.lost:
            self.log("idle", "1.13", floor, how="in_play", figure=self.figure)
            return
        self.place_guard(floor)

    # -- safes (1.12) -----------------------------------------------------------------------------
    def crack_safe(self, floor: int, by: str | None = None, correction: bool = False) -> None:
        """1.12: the Safe's floor and every floor below speed up. The advanced Peterman (``by``) may crack the Safe
        straight above or below her room; then her own floor and every floor below speed up (§1.22, EN "your
        current floor and any floors below your current floor"). Where the board shows the floor's Safe, someone
        must stand in it (§1.22 "Escape and cracking a safe are checked"), unless the table says so
        (``correction``, marked in the log)."""
        top = floor
        if by is not None:
            b = self.state.crew[by]
            if b.at is None or b.escaped:
                raise IllegalActionError(N_("%(who)s is not in the building"), who=by)
            if b.floor != floor:
                self.drills(by, floor, correction)
                top = b.floor
        refusal = None if correction or not self.room_rules else cracking_refusal(self.state, floor, by)
        if refusal is not None:
            raise refusal
        mark: dict[str, Any] = {"correction": True} if correction else {}
        for f, fl in sorted(self.state.floors.items()):
            if f <= top:
                before = fl.die
                self.speed_up(f)
                self.log("speed_up", "1.12", f, safe_floor=floor, before=before, die=fl.die, **mark)

    def drills(self, name: str, floor: int, correction: bool = False) -> None:
        """The advanced Peterman cracks the Safe of ``floor`` from the room straight below or above it (BGA
        Peterman; where the board shows that Safe, checks.cracking_refusal)."""
        b = self.state.crew[name]
        if not self.is_(name, "peterman", "advanced"):
            raise IllegalActionError(N_("%(who)s is on floor %(on)s: only the advanced Peterman cracks a Safe on "
                                        "another floor"), who=name, on=b.floor)
        if abs(b.floor - floor) != 1:
            raise IllegalActionError(N_("the advanced Peterman cracks the Safe straight above or below her room "
                                        "(%(at)s on floor %(floor)s)"), at=b.at, floor=floor)
        mark: dict[str, Any] = {"correction": True} if correction else {}
        self.log("card", "Peterman", floor, b.at, how="peterman", who=name, on=b.floor, **mark)

    # -- a burglar moves (1.7 reversed, 1.14-1.17) -------------------------------------------------
    def move_burglar(self, name: str, floor: int, square: str, ordered: bool = False, effects: bool = True,
                     way: str = "", one_action: bool = False) -> None:
        """A burglar moves into a room (1.7 reversed, 1.14-1.17, the rooms' own rules; ``effects`` False: down
        from a revealed Walkway, whose room effects are ignored, bb1 Walkway). A guard who first appears on this
        floor because of the move is placed, not entering: no Stealth for him (§1.22). ``way``: how she got
        there when it was no open door (engine/walks.py); "table" is a correction. ``one_action``: the move of Go
        with your Gut, which counts as one action spent (a Laser cannot be crossed safely, §1.22)."""
        b = self.state.crew[name]
        self.room_left(name)
        b.floor, b.at = floor, square
        how: dict[str, Any] = {"via": way, **({"correction": True} if way == "table" else {})} if way else {}
        self.log("move", "", floor, square, who=name, ordered=ordered, **how)
        if self.guard_appears(name, floor, square):
            if self.room_rules:
                self.seen(name, floor, square, guard_room=False)
        else:
            self.walked_into(name, floor, square)
        if self.room_rules and effects:
            self.room_entered(name, floor, square, ordered, one_action)

    def guard_appears(self, name: str, floor: int, square: str) -> bool:
        """1.13: a floor whose guard is not out yet gets him when ``name`` arrives there, by any way. True when he
        is placed in her very room: placed, not entering, so nobody loses Stealth (§1.22; the log says so)."""
        fl = self.state.floors[floor]
        if fl.appeared or fl.guard is not None or fl.lost:
            return False
        self.place_guard(floor, arriving=name)
        if fl.guard != square:
            return False
        self.log("no_effect", "§1.22", floor, square, ruling=True, how="guard_placed", who=name)
        return True

    def walked_into(self, name: str, floor: int, square: str) -> None:
        self.seen(name, floor, square)

    def seen(self, name: str, floor: int, square: str, guard_room: bool = True, moved: bool = True) -> None:
        """Who sees ``name`` now in ``square``: after a move, and so after a placement (§1.22 "Sight after any
        placement", turn 4): the guard's own room (1.7; ``guard_room`` False when she was put there, or he was
        just placed on her: neither is entering), a Foyer next to him (1.15), an Atrium under or over him
        (1.16), a Camera while a guard stands on another (1.14). The Tiara counts Moves only (1.17): not a
        placement (``moved`` False)."""
        b = self.state.crew[name]
        fl = self.state.floors[floor]
        plan = self.plan(floor)
        if self.state.invisible == name:  # the Invisible Suit: no guard or camera sees her move this turn
            if fl.guard is not None or self.camera_on(floor, square):
                self.log("no_effect", "Invisible Suit", floor, square, how="invisible", who=name)
            return
        if fl.guard == square and not guard_room:
            pass
        elif fl.guard == square and self.is_(name, "acrobat", "basic"):
            self.log("no_effect", "Acrobat", floor, square, how="acrobat", who=name)
        elif fl.guard == square:
            self.walks_into_guard(name, square)
        elif fl.guard is not None:
            if fl.tiles.get(square) == "foyer" and plan.open_between(square, fl.guard):
                self.lose(name, "foyer", "1.15", guard=fl.guard, guard_floor=floor)
            if moved and "tiara" in b.loot and plan.open_between(square, fl.guard):
                self.lose(name, "tiara", "1.17", True, guard=fl.guard, guard_floor=floor)
        if fl.tiles.get(square) == "atrium":
            for other in (floor - 1, floor + 1):
                of = self.state.floors.get(other)
                if of is not None and of.guard == square:
                    self.lose(name, "atrium", "1.16", guard=square, guard_floor=other)
        if self.camera_on(floor, square):
            for f, watched in self.state.floors.items():
                if watched.guard and (f, watched.guard) != (floor, square) and self.camera_on(f, watched.guard):
                    self.log("camera", "1.14", floor, square, who=name, camera=watched.guard,
                             camera_floor=f, mover="burglar", how="burglar_steps")
                    self.trigger_alarm(floor, square, cause="camera")
                    break

    def corrected(self, name: str) -> None:
        """After the table set a burglar's Stealth or heat by hand. Nothing follows in bb1: a burglar with
        no Stealth is caught only when they must discard one (1.8)."""

    def walks_into_guard(self, name: str, square: str) -> None:
        b = self.state.crew[name]
        self.lose(name, "walked_in", "1.7", guard=square, guard_floor=b.floor)

    def check_escape(self, name: str, correction: bool = False) -> None:
        """Whether ``name`` may escape now: she is inside, and in Burgle Bros 1 she stands on the top floor's
        Stairs with all the loot held (checks.escape_refusal, §1.22); ``correction``: the table says she escaped.
        The Freight Elevator's way out is the card's own (cards.freight_elevator)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(who)s is not in the building"), who=name)
        refusal = None if correction or not self.room_rules else escape_refusal(self.state, name)
        if refusal is not None:
            raise refusal

    def escape(self, name: str, correction: bool = False) -> None:
        """``name`` leaves the building (by the roof, or the Freight Elevator from the top floor): her turns
        move no guard (1.1); the crew wins when the last one is out. ``correction``: the table said so."""
        b = self.state.crew[name]
        b.escaped = True
        mark: dict[str, Any] = {"correction": True} if correction else {}
        self.log("escape", "1.1", b.floor, b.at, who=name, **mark)
        self.player_exits(name)
        if all(x.escaped for x in self.state.crew.values()):
            self.state.outcome = "escaped"
            self.log("won", "")

    def all_loot_held(self) -> bool:
        """Whether the crew holds all the loot, as far as the app knows (checks.missing_loot)."""
        return missing_loot(self.state) is None

    def player_exits(self, name: str) -> None:
        """A burglar left the building; in bb1 that only means their turns move no guard (1.1)."""

    # -- turns (1.1, 1.21) ---------------------------------------------------------------------------
    def next_player(self) -> None:
        """Hand the turn to the next burglar still inside; Jump the Gun skips one; what lasts until a seat's next
        turn wears off once the round has passed that seat (:meth:`lasting_effects_end`)."""
        s = self.state
        inside = [i for i, n in enumerate(s.order) if not s.crew[n].escaped]
        if not inside:
            return

        def advance() -> None:
            s.turn = min((i for i in inside if i > s.turn), default=inside[0])

        was = s.turn
        advance()
        if s.skip_next:
            s.skip_next = False
            self.log("skip", "1.21", who=s.order[s.turn])
            advance()
        who = s.order[s.turn]
        self.log("turn", "", s.crew[who].floor, who=who)
        self.lasting_effects_end(seats_passed(s.order, was, s.turn))
        self.turn_starts(who)

    # -- events and tools that act on guards (1.21) -------------------------------------------------
    def blocked_by_alarm(self, floor: int, card: str) -> bool:
        if self.state.floors[floor].alarms:
            self.log("no_effect", "1.21", floor, how="alarm_active", card=card)
            return True
        return False

    def need_guard(self, floor: int, card: str) -> tuple[str, str]:
        """The guard's square and his destination, both required by this card."""
        fl = self.state.floors[floor]
        if fl.guard is None or fl.destination is None:
            raise IllegalActionError(N_("%(card)s: floor %(floor)s has no guard and die on the board"), card=card,
                                     floor=floor)
        return fl.guard, fl.destination

    def jump(self, floor: int, square: str) -> None:
        """An effect puts the guard in ``square``: he enters it, with its effects (bb1)."""
        self.enter(floor, square, jump=True)

    def go_to_alarm_then_arrive(self, floor: int, card: str) -> None:
        """Switch Signs / Where Is He? with alarms: he is put on the nearest alarm (the players choose between
        equally close ones, §1.22), switches it off, then his next destination is set as usual, always: even when
        the die was elsewhere, e.g. on a patrol card drawn after a Juicer pick-up (§1.22; the card says "then
        determine the Guard's next destination")."""
        fl = self.state.floors[floor]
        guard, _ = self.need_guard(floor, card)
        _, nearest = self.nearest(floor, guard, fl.alarms)
        # §1.22: equally close alarms are the players' choice, the one under the die as much as any other
        target = nearest[0] if len(nearest) == 1 else self.ask("alarm_put", nearest, floor, "1.21", card=card)
        self.jump(floor, target)
        if fl.guard is not None:
            self.arrive(floor)

    def event_shift_change(self, floor: int) -> None:
        self.state.no_move = True
        others = [f for f, fl in sorted(self.state.floors.items())
                  if f != floor and (fl.guard is not None or fl.lost)]
        self.log("event", "1.21", floor, how="shift_change", others=list(others))
        while others:
            nxt = others[0] if len(others) == 1 else int(self.ask("order", [str(f) for f in others], floor, "1.21"))
            others.remove(nxt)
            self.guard_turn(nxt)

    def event_switch_signs(self, floor: int) -> None:
        old, destination = self.need_guard(floor, "Switch Signs")
        fl = self.state.floors[floor]
        if fl.alarms:
            self.go_to_alarm_then_arrive(floor, "Switch Signs")
            return
        # The die moves first, so an alarm set off by his entering (a camera) can still take it.
        fl.destination = old
        self.log("destination", "1.21", floor, old, why="switch_signs", figure=self.figure)
        self.jump(floor, destination)

    def event_where_is_he(self, floor: int) -> None:
        _, destination = self.need_guard(floor, "Where Is He?")
        if self.state.floors[floor].alarms:
            self.go_to_alarm_then_arrive(floor, "Where Is He?")
            return
        self.jump(floor, destination)
        if self.state.floors[floor].destination == destination:
            self.arrive(floor)

    def event_throw_voice(self, floor: int, square: str) -> None:
        _, destination = self.need_guard(floor, "Throw Voice")
        if self.blocked_by_alarm(floor, "Throw Voice"):
            return
        if not self.plan(floor).open_between(destination, square):
            raise IllegalActionError(N_("Throw Voice moves the die to a room next to %(destination)s with no wall "
                                        "between; %(square)s is not one"), destination=destination, square=square)
        self.move_die(floor, square, "throw_voice", "1.21")

    def event_crash(self, floor: int, square: str) -> None:
        self.need_guard(floor, "Crash!")
        if self.blocked_by_alarm(floor, "Crash!"):
            return
        self.move_die(floor, square, "crash", "1.21")

    def event_change_of_plans(self, floor: int) -> None:
        self.need_guard(floor, "Change of Plans")
        if self.blocked_by_alarm(floor, "Change of Plans"):
            return
        self.draw_destination(floor)

    def event_squeak(self, floor: int) -> None:
        fl = self.state.floors[floor]
        if fl.guard is None:
            self.log("no_effect", "1.21", floor, how="squeak_no_guard")
            return
        spots = [b.at for b in self.state.crew.values() if not b.escaped and b.floor == floor and b.at]
        if not spots:
            self.log("no_effect", "1.21", floor, how="squeak_nobody")
            return
        best, nearest = self.nearest(floor, fl.guard, spots)
        if best == 0:
            self.log("no_effect", "1.21", floor, fl.guard, how="squeak_with_burglar")
            return
        if fl.donuts:  # §1.22 Donuts and Squeak!: the Donuts stop the next thing that would move him, and are spent
            fl.donuts = False
            self.log("donuts", "1.18", floor, fl.guard, ruling=True, how="eaten")
            return
        target = nearest[0] if len(nearest) == 1 else self.ask(
            "squeak", nearest, floor, "1.21")
        r = self.router(floor, target)
        here = r.plan.index[fl.guard]
        step = self.tie_free_step(floor, r, here)
        fork = r.fork_at(here)
        self.log("event", "1.21", floor, target, how="squeak")
        self.enter(floor, step, walked={"jump": False, "came_from": fl.guard, "figure": self.figure, "step_no": 1,
                                        "left": 0, "toward": target, "to_die": target == fl.destination,
                                        "fork": fork.as_dict() if fork else None})
        if fl.guard == fl.destination:
            self.arrive(floor)

    def event_brown_out(self, floor: int) -> None:
        for f, fl in sorted(self.state.floors.items()):
            n = self.remove_all_alarms(f)
            if not n:
                continue
            self.log("alarm_off", "1.21", f, how="brown_out", count=n)
            if fl.guard is not None:
                for _ in range(n):
                    self.draw_destination(f)
                    if fl.guard is None:
                        break

    def event_emp(self, floor: int, by: str | None) -> None:
        for f, fl in sorted(self.state.floors.items()):
            if self.remove_all_alarms(f):
                self.log("alarm_off", "1.10", f, ruling=True, how="emp")
                if fl.guard is not None:
                    self.draw_destination(f)
        self.state.emp_by = by or "?"
        self.log("event", "1.21", floor, how="emp")

    def event_dynamite(self, floor: int, wall: str, square: str) -> None:
        from ..board import floorplan, normalize_wall
        fl = self.state.floors[floor]
        w = normalize_wall(wall, self.state.size)
        if w not in fl.walls:
            raise IllegalActionError(N_("Dynamite: there is no wall %(wall)s on floor %(floor)s"), wall=w, floor=floor)
        if square not in w.split("-"):
            raise IllegalActionError(N_("Dynamite: the wall %(wall)s is not next to %(square)s"), wall=w, square=square)
        fl.walls = tuple(x for x in fl.walls if x != w)
        floorplan(self.state.size, self.state.void, fl.walls)
        self.log("wall_removed", "1.21", floor, square, wall=w)
        self.trigger_alarm(floor, square, cause="dynamite")
