"""Burgle Bros 3 (Future Flip): guards with a destination die, alarm cubes and suspicion
(guard-rules.md §7; bb3 rulebook "Turn Order and Guard Turns", "Alarms and Suspicion", "Workers").

What differs from bb1: a square may hold several alarm cubes, and each counts for speed; a new
alarm only takes the die when strictly nearer; alarms under the guard and cubes he walks onto become
suspicion (3 suspicion raise the die) unless a worker is there; worker patrol cards are resolved and
the next card drawn; a geared burglar walking into the guard loses Stealth, a disguised one does not;
a jump triggers no entering effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..bb1.rules import Bb1
from ..box import BB3_ROOMS, check_known_room
from ..errors import N_, IllegalActionError
from ..state import WORKER, WORKERS_MOVE, without_one
from .limits import GUARD_ROOM, SUSPICION_LIMIT
from .offers import LEGAL

# what a guard room's text does to the guard, as far as the app follows it; the seed prints no room's text,
# so the table says which when he walks in (anything else it applies by hand: an alarm, a worker, Stealth)
GUARD_ROOM_EFFECTS = ("nothing", "suspicion", "stop")


class Bb3(Bb1):
    name = "bb3"
    title = "Burgle Bros 3"
    legal = LEGAL
    printed_walls = False
    guards_at_setup = True
    table_cards_only = True
    known_characters = False
    in_sandbox = False
    alarm_cubes = True
    has_disguises = True
    suspicion_limit = SUSPICION_LIMIT
    floor_fields = ("suspicion", "workers")
    floor_counts = ("suspicion", "workers")
    roomless_card = WORKER
    roomless_card_optional = False
    # both worker cards only make him draw again within a move (bb3 Workers)
    alike_cards: ClassVar[Mapping[str, str]] = {WORKERS_MOVE: WORKER}
    crew_counts: ClassVar[Mapping[str, int]] = {}  # no Juicer among its characters
    room_rules = False  # its rooms and cards are not those of Burgle Bros 1
    reshuffle_speeds_up = False  # ruling: an empty bb3 deck is reshuffled without speeding up
    cards_once = False  # 21 cards a floor, worker cards among them: the seed does not say which repeat
    patrol_rule = "bb3 Guard Turns"
    speed_rule = "bb3 Guard Turns"  # die plus one per alarm cube, each cube counted
    redraw_rule = "§7"
    _stopped: frozenset[int] = frozenset()  # floors whose guard a guard room stopped during this action

    def check_tile(self, floor: int, square: str, kind: str, number: int | None, correction: bool) -> None:
        """A plain room or a guard room (bb3 Adjacency): what the app follows of bb3's tiles."""
        check_known_room(BB3_ROOMS, self.title, kind)

    def start(self) -> None:
        """bb3 Standard Setup 8-13: each floor's first card places its guard, the next one his destination
        die (set to 3 by the setup). A worker card cannot place him (our ruling): the next card is drawn."""
        self.place_every_guard()

    def entered_effects(self, floor: int, square: str) -> None:
        """He entered ``square`` by moving (a jump has no effect: :meth:`jump`): its cubes, whoever is there, then
        a guard room's text."""
        fl = self.state.floors[floor]
        cubes = fl.alarms.count(square)
        if cubes:
            self.cubes_found(floor, square, cubes)
        for name in self.state.burglars_at(floor, square):
            self.lose(name, "entered", "bb3 Guard Turns", guard=square, guard_floor=floor)
        if fl.tiles.get(square) == GUARD_ROOM and fl.guard == square:
            self.guard_room(floor, square)

    def guard_room(self, floor: int, square: str) -> None:
        """bb3: a guard room acts when a guard enters it by moving, never when he jumps there (bb3 Adjacency,
        Moving, and Jumping). The table reads its text and says in one tap what it does to him: nothing the
        app follows, one suspicion cube, or his turn ends there. A case that says nothing gets "nothing"."""
        effect = self.ask("guard_room", list(GUARD_ROOM_EFFECTS), floor, "bb3 Guard Rooms", default="nothing",
                          square=square)
        self.log("guard_room", "bb3 Guard Rooms", floor, square, how=effect)
        if effect == "suspicion":
            self.suspect(floor, 1)
        elif effect == "stop":
            self._stopped = self._stopped | {floor}

    def stops_moving(self, floor: int) -> bool:
        return floor in self._stopped

    def guard_turn(self, floor: int, bonus: int = 0) -> None:
        self._stopped = self._stopped - {floor}
        super().guard_turn(floor, bonus)

    # -- workers moved by the crew (bb3 Basic Actions: Lure; Free Actions: Charm, Flee; Program Cards) ----
    def move_workers(self, floor: int, source: str, target: str, count: int, how: str, **data: Any) -> None:
        fl = self.state.floors[floor]
        have = fl.workers.get(source, 0)
        if count < 1 or count > have:
            raise IllegalActionError(N_("%(source)s on floor %(floor)s has %(have)s worker(s), not %(count)s to move"),
                                     source=source, floor=floor, have=have, count=count)
        if not self.plan(floor).open_between(source, target):
            raise IllegalActionError(N_("workers move to an adjacent square (no wall between): %(target)s is not "
                                        "next to %(source)s"), target=target, source=source)
        fl.workers[source] = have - count
        if not fl.workers[source]:
            del fl.workers[source]
        fl.workers[target] = fl.workers.get(target, 0) + count
        self.log("worker", "bb3 Workers", floor, target, how=how, source=source, count=count, **data)

    def flee(self, name: str, target: str, scans: int) -> None:
        """bb3 Flee: a geared character sends every worker of their square to an adjacent one and draws a
        Program card; each Scan drawn so sets off an alarm where the workers fled to (bb3 Program Cards)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(name)s is not in the building"), name=name)
        if not b.geared:
            raise IllegalActionError(N_("%(name)s is disguised: only a geared character makes workers flee"), name=name)
        self.move_workers(b.floor, b.at, target, self.state.floors[b.floor].workers.get(b.at, 0) or 1, "flee",
                          who=name)
        for _ in range(scans):
            self.log("scan", "bb3 Scans", b.floor, target, how="flee", who=name)
            self.trigger_alarm(b.floor, target, cause="scan")

    def lure(self, name: str, source: str, scan: bool) -> None:
        """bb3 Lure: one worker from an adjacent square comes to the character's square. A disguised character
        may Charm then; a Scan drawn by that Charm gives the guard a suspicion cube (bb3 Program Cards)."""
        b = self.state.crew[name]
        if b.at is None or b.escaped:
            raise IllegalActionError(N_("%(name)s is not in the building"), name=name)
        self.move_workers(b.floor, source, b.at, 1, "lure", who=name)
        if scan:
            self.charm_scan(name)

    def charm_scan(self, name: str) -> None:
        """bb3 Charm: a Scan drawn while charming adds a suspicion cube on the character's floor."""
        b = self.state.crew[name]
        if b.geared:
            raise IllegalActionError(N_("%(name)s is geared: only a disguised character charms workers"), name=name)
        self.log("scan", "bb3 Scans", b.floor, b.at, how="charm", who=name)
        self.suspect(b.floor, 1)

    def cubes_found(self, floor: int, square: str, cubes: int) -> None:
        """Cubes where the guard walks in: suspicion, unless a worker covers for them (bb3 Workers)."""
        fl = self.state.floors[floor]
        fl.alarms = tuple(a for a in fl.alarms if a != square)
        if fl.workers.get(square, 0) > 0:
            fl.workers[square] -= 1
            if not fl.workers[square]:
                del fl.workers[square]
            self.log("alarm_off", "bb3 Workers", floor, square, how="worker_covers", cubes=cubes)
        else:
            self.log("alarm_off", "bb3 Alarms", floor, square, how="found", cubes=cubes)
            self.suspect(floor, cubes)

    def jump(self, floor: int, square: str) -> None:
        """bb3 "Adjacency, Moving, and Jumping": he is placed there, ignoring walls, and nothing that triggers on
        entering does: no cube found, no Stealth lost, no guard room."""
        fl = self.state.floors[floor]
        came_from, fl.guard = fl.guard, square
        self.log("enter", "bb3 Jumping", floor, square, data={"jump": True, "came_from": came_from,
                                                              "figure": self.figure, "no_effect": True})

    def guard_jumped(self, floor: int, square: str) -> None:
        """An effect jumps the guard (see :meth:`jump`)."""
        self.guard_on_board(floor)
        self.jump(floor, square)

    def guard_put(self, floor: int, square: str) -> None:
        """The board shows the guard elsewhere than the app: he is put there with no effect at all, the die
        where it is (the table keeps the last word; the log marks it as a correction)."""
        self.guard_on_board(floor)
        self.state.floors[floor].guard = square
        self.log("place", "", floor, square, how="guard", figure=self.figure, correction=True)

    def guard_on_board(self, floor: int) -> None:
        if self.state.floors[floor].guard is None:
            raise IllegalActionError(N_("floor %(floor)s has no guard on the board yet"), floor=floor)

    def calm(self, floor: int) -> None:
        """bb3 Suspicion: an effect removes one suspicion cube; with none there it does nothing (the die
        never goes down)."""
        fl = self.state.floors[floor]
        if not fl.suspicion:
            self.log("no_effect", "bb3 Suspicion", floor, how="no_suspicion")
            return
        fl.suspicion -= 1
        self.log("suspicion", "bb3 Suspicion", floor, suspicion=fl.suspicion, how="removed",
                 limit=SUSPICION_LIMIT)

    def pick_up_alarm(self, floor: int, square: str) -> None:
        """An effect takes one alarm cube back to the supply. The die stays where it is: the guard still
        walks there, and on arrival looks for the nearest alarm left (bb3 Guard Turns; our ruling)."""
        fl = self.state.floors[floor]
        if square not in fl.alarms:
            raise IllegalActionError(N_("there is no alarm cube in %(square)s on floor %(floor)s"), square=square,
                                     floor=floor)
        fl.alarms = without_one(fl.alarms, square)
        left = fl.alarms.count(square)
        self.log("alarm_off", "bb3 Alarms", floor, square, ruling=True, how="cube_back", left=left)

    def suspect(self, floor: int, cubes: int) -> None:
        fl = self.state.floors[floor]
        fl.suspicion += cubes
        while fl.suspicion >= SUSPICION_LIMIT:
            fl.suspicion -= SUSPICION_LIMIT
            before = fl.die
            self.speed_up(floor)
            self.log("suspicion", "bb3 Suspicion", floor, how="die_up", before=before, die=fl.die,
                     limit=SUSPICION_LIMIT)
        self.log("suspicion", "bb3 Suspicion", floor, suspicion=fl.suspicion, how="count", limit=SUSPICION_LIMIT)

    def trigger_alarm(self, floor: int, square: str, cause: str = "") -> None:
        fl = self.state.floors[floor]
        if square == fl.guard:
            self.log("alarm", "bb3 Alarms", floor, square, how="under_guard")
            self.suspect(floor, 1)
            return
        had_alarm_target = fl.destination in fl.alarms
        fl.alarms = tuple(sorted((*fl.alarms, square)))
        self.log("alarm", "bb3 Alarms", floor, square, cause=cause, cube=True)
        if fl.guard is None or square == fl.destination:
            return
        dist = self.distances_from(floor, fl.guard)
        if fl.destination is None or not had_alarm_target or dist[square] < dist[fl.destination]:
            self.move_die(floor, square, "alarm", "bb3 Alarms")
        else:
            self.log("no_effect", "bb3 Alarms", floor, square, how="not_nearer", destination=fl.destination)

    def walks_into_guard(self, name: str, square: str) -> None:
        if self.state.crew[name].geared:
            self.lose(name, "walked_in_geared", "bb3 Guard Turns", guard=square,
                      guard_floor=self.state.crew[name].floor)
        else:
            self.log("no_effect", "bb3 Guard Turns", self.state.crew[name].floor, square, who=name, how="disguised")

    def walked_into(self, name: str, floor: int, square: str) -> None:
        if self.state.floors[floor].guard == square:
            self.walks_into_guard(name, square)

    def special_card(self, floor: int, card: str) -> str | None:
        """bb3 Workers: a worker card is resolved (a worker joins the guard, or the table moves workers as the
        card shows), then the next card is drawn."""
        if card == WORKERS_MOVE:
            self.log("worker", "bb3 Workers", floor, how="move")
            return None
        if card != WORKER:
            return card
        fl = self.state.floors[floor]
        guard = self.guard_square(floor)
        fl.workers[guard] = fl.workers.get(guard, 0) + 1
        self.log("worker", "bb3 Workers", floor, guard, how="joins")
        return None

    def card_options(self, floor: int) -> list[str]:
        return [*self.plan(floor).names, WORKER, WORKERS_MOVE]

    def unseen_count(self) -> int:
        return 0
