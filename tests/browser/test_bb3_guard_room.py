"""Issue 13's "done when", Burgle Bros 3: a scripted heist in Chromium through a guard room (a grey-banner room
marked from its menu; when the guard walks in, the app asks what its text does to him), by the taps a table
makes and with the table's own patrol cards (each card question answered by tapping the square the drawn
card shows; the script chooses the cards). After every turn the app's stored state equals the physical
board, and the board on the screen shows the pieces where they are.

The physical board is ``Building`` below: plain data written by hand from the rules as the script goes, never
read from the engine. Sources: bb3 rulebook "Turn Order and Guard Turns" (moves = the die + one per alarm
cube; shortest path, clockwise), "Alarms and Suspicion" (cubes he walks onto become suspicion, the third cube
turns the die up), "Workers" (a worker card puts a worker in his room, then the next card), "Free Actions"
and "Program Cards" (Lure, a Scan drawn while charming: a suspicion cube), "Adjacency, Moving, and Jumping"
(guard rooms act when he walks in); guard-rules.md §1.22 (each burglar walks in at their first turn) and §7.

No walls: every route is an L, the clockwise one (§2 "Open floor": south-east goes east first, south-west
south first, north-west west first, north-east north first).
"""

from __future__ import annotations

import copy
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from assistant.engine.state import GameState
from tests.browser.test_bb2_heist_to_the_exits import Table, room_names
from tests.browser.test_heist import game_id_of, state_of

CREW = ("Ann", "Bob")
TOKEN = re.compile(r"(\w+): (\d) Stealth, (disguised|geared)")


class Building:
    """The physical board: each floor's guard, his die (square and number), suspicion cubes, alarm cubes,
    workers, deck count and guard rooms; each burglar's room, Stealth and disguise."""

    def __init__(self) -> None:
        self.floors: dict[int, dict[str, Any]] = {
            n: {"guard": None, "die_on": None, "die": 3, "suspicion": 0, "alarms": [], "workers": {}, "deck": 21,
                "guard_rooms": []} for n in (1, 2)}
        self.crew: dict[str, dict[str, Any]] = {n: {"floor": 1, "at": None, "stealth": 3, "geared": False}
                                                for n in CREW}

    def floor(self, n: int, **pieces: Any) -> None:
        self.floors[n].update(pieces)

    def burglar(self, name: str, **now: Any) -> None:
        self.crew[name].update(now)

    def as_dict(self) -> dict[str, Any]:
        return copy.deepcopy({"floors": self.floors, "crew": self.crew})


def stored(s: GameState) -> dict[str, Any]:
    return {"floors": {n: {"guard": fl.guard, "die_on": fl.destination, "die": fl.die, "suspicion": fl.suspicion,
                           "alarms": sorted(fl.alarms), "workers": dict(fl.workers), "deck": len(fl.deck),
                           "guard_rooms": sorted(sq for sq, kind in fl.tiles.items() if kind == "guard-room")}
                       for n, fl in s.floors.items()},
            "crew": {n: {"floor": b.floor, "at": b.at, "stealth": b.stealth, "geared": b.geared}
                     for n, b in s.crew.items()}}


def shown(page: Page) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for n in (1, 2):
        names = room_names(page, n)
        assert len(names) == 16, names
        out[n] = {"guard": [sq for sq, parts in names.items() if "guard" in parts],
                  "die_on": [sq for sq, parts in names.items() if "destination" in parts],
                  "alarms": [sq for sq, parts in names.items() if "alarm" in parts],
                  "workers": {sq: int(p.split()[0]) for sq, parts in names.items() for p in parts
                              if re.fullmatch(r"\d+ workers?", p)},
                  "guard_rooms": [sq for sq, parts in names.items() if any(p.lower() == "guard room" for p in parts)],
                  "burglars": {m.group(0): sq for sq, parts in names.items() for m in TOKEN.finditer(", ".join(parts))}}
    return out


def expected_on_screen(board: Building) -> dict[int, Any]:
    return {n: {"guard": [fl["guard"]] if fl["guard"] else [], "die_on": [fl["die_on"]] if fl["die_on"] else [],
                "alarms": sorted(set(fl["alarms"]), key=lambda sq: (sq[1], sq[0])), "workers": fl["workers"],
                "guard_rooms": fl["guard_rooms"],
                "burglars": {f"{name}: {b['stealth']} Stealth, {'geared' if b['geared'] else 'disguised'}": b["at"]
                             for name, b in board.crew.items() if b["floor"] == n and b["at"]}}
            for n, fl in board.floors.items()}


class Heist(Table):
    def __init__(self, page: Page, live_server: Any, game_id: str) -> None:
        super().__init__(page, live_server, game_id)
        self.building = Building()

    def guard_room(self, answer: str) -> None:
        """The guard walked into a guard room: the table reads its text and taps what it does to him."""
        question = self.page.get_by_role("alert")
        expect(question).to_contain_text(re.compile(r"The floor-1 guard walks into the guard room in C1\. "
                                                    r"What does its text do to him\?"))
        self.press(question.get_by_role("button", name=answer, exact=True))

    def end_turn(self, who: str, moves: bool = True) -> None:
        expect(self.page.get_by_text(re.compile(rf"^{who}'s turn · floor 1$"))).to_be_visible()
        self.press(self.button("End turn — the floor-1 guard moves"))

    def move(self, who: str, floor: int, square: str) -> None:
        self.press(self.menu(floor, square).get_by_role("button", name=f"Move {who} here", exact=True))
        self.building.burglar(who, floor=floor, at=square)

    def check(self) -> None:
        assert self.live_server.store().load(self.game_id).state.pending is None
        board = self.building
        assert stored(state_of(self.live_server, self.game_id)) == board.as_dict()
        want = expected_on_screen(board)
        deadline = time.monotonic() + 3
        while (seen := shown(self.page)) != want and time.monotonic() < deadline:
            time.sleep(0.1)
        assert seen == want
        for n, fl in board.floors.items():
            floor = self.page.get_by_role("region", name=f"Floor {n}", exact=True)
            expect(floor.get_by_title("patrol cards left")).to_have_text(re.compile(rf"^deck\s*{fl['deck']}$"))
            expect(floor.get_by_title("guard die", exact=True)).to_have_text(re.compile(rf"^die\s*{fl['die']}$"))
            expect(floor.get_by_title(re.compile("^suspicion cubes"))).to_have_text(
                re.compile(rf"^suspicion\s*{fl['suspicion']}/3$"))
        if board.crew["Ann"]["at"]:  # the side panel, once the crew is in
            for name, b in board.crew.items():
                expect(self.page.get_by_role("group", name=f"{name}'s Stealth and disguise")).to_contain_text(
                    f"{name}: {b['stealth']} Stealth")


def set_up(page: Page) -> str:
    """The new-heist form: Burgle Bros 3, two burglars, no walls."""
    page.emulate_media(reduced_motion="reduce")  # the board after each turn is the subject, not the walk played
    page.goto("/new")
    page.get_by_role("button", name=re.compile(r"^Burgle Bros 3")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Burgle Bros 3"))).to_have_attribute("aria-pressed", "true")
    for i, name in enumerate(CREW, start=1):
        page.get_by_role("textbox", name=f"Name of burglar {i}").fill(name)
    page.get_by_role("radio", name=re.compile("We place them")).check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    return game_id_of(page)


def test_a_bb3_heist_through_a_guard_room(page: Page, live_server):
    t = Heist(page, live_server, set_up(page))
    board = t.building
    t.check()

    # Standard Setup 8-13: each floor's first card places the guard, the next his die (showing 3)
    t.press(t.button("Place the guards — draw their patrol cards"))
    for square in ("A1", "D1", "B2", "C3"):
        t.card(square)
    board.floor(1, guard="A1", die_on="D1", deck=19)
    board.floor(2, guard="B2", die_on="C3", deck=19)
    t.check()

    # The crew breaks in at D4: Ann walks in now, Bob at the start of his first turn (§1.22). C1 is turned up:
    # a grey banner with the guard icon, marked from its menu
    t.press(t.menu(1, "D4").get_by_role("button", name="The crew breaks in here", exact=True))
    board.burglar("Ann", at="D4")
    t.press(t.menu(1, "C1").get_by_role("button", name=re.compile("^This is a guard room")))
    board.floor(1, guard_rooms=["C1"])
    t.check()

    # Turn 1, Ann to C4. The guard walks 3: B1, C1 (the guard room: its text gives him a suspicion cube), D1,
    # his die reached: the next card, A1
    t.move("Ann", 1, "C4")
    t.end_turn("Ann")
    t.guard_room("One suspicion cube")
    t.card("A1")
    board.floor(1, guard="D1", die_on="A1", suspicion=1, deck=18)
    board.burglar("Bob", at="D4")  # his first turn starts: he walks in where the crew broke in
    t.check()

    # Turn 2, Bob to D3. The guard heads west: C1, the guard room again, and this time its text ends his turn
    t.move("Bob", 1, "D3")
    t.end_turn("Bob")
    t.guard_room("His turn ends there")
    board.floor(1, guard="C1")
    t.check()

    # Turn 3, Ann trips an alarm in C4 (the die comes to it: no alarm held it) and steps out to B4. The guard
    # walks 3 + 1 cube: C2, C3, C4 (the cube becomes his second suspicion cube), his die reached: a worker card
    # (a worker joins him in C4), then A4: B4, into Ann's room (1 Stealth)
    t.press(t.menu(1, "C4").get_by_role("button", name=re.compile("^Alarm here")))
    board.floor(1, alarms=["C4"], die_on="C4")
    t.check()
    t.move("Ann", 1, "B4")
    t.end_turn("Ann")
    t.special("Worker card: a worker joins the guard")
    t.card("A4")
    board.floor(1, guard="B4", die_on="A4", alarms=[], suspicion=2, workers={"C4": 1}, deck=16)
    board.burglar("Ann", stealth=2)
    t.check()

    # Turn 4, Bob to D4, lures the worker from C4 and charms him: a Scan drawn, the third suspicion cube, the
    # die turns up to 4. The guard walks 4: A4 (his die), the card C1: A3, A2, A1
    t.move("Bob", 1, "D4")
    t.press(t.menu(1, "C4").get_by_role("button", name=re.compile("^Bob lures a worker from here and charms")))
    board.floor(1, workers={"D4": 1}, suspicion=0, die=4)
    t.check()
    t.end_turn("Bob")
    t.card("C1")
    board.floor(1, guard="A1", die_on="C1", deck=15)
    t.check()

    # Turn 5, Ann to B3. The guard walks 4: B1, C1 (the guard room: nothing the app follows), his die reached:
    # the card A3: C2, C3
    t.move("Ann", 1, "B3")
    t.end_turn("Ann")
    t.guard_room("Nothing the app follows")
    t.card("A3")
    board.floor(1, guard="C3", die_on="A3", deck=14)
    t.check()
