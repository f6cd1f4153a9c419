"""Issue 10's "done when": a scripted 20-turn Bank Job played in Chromium the way a table plays it, with no
correction taps, and after every turn the app's state equals the physical board's.

The physical board is ``Board`` below: plain data written by hand from the rules as the script goes (guard-
rules.md §1.22, bb1 "Room Tiles", the cards' texts). Only where each guard walks and which patrol card he
draws come from the engine (the guard engine is verified on its own elsewhere): ``Table.step`` applies the
same actions to the stored state before tapping and copies each floor's guard square and destination, the
alarms he switched off by walking in and the die raised by a reshuffle. Everything the script does around
the guard (the Laser answer, Motion, Thermo, Fingerprint, Detector, the Lavatory question, the Walkway fall,
cards, tools, abilities, loot) is asserted from the hand-written board alone.

The app deck is shuffled from a fixed seed, so the patrol cards, and the whole game, are the same every run.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from assistant.engine.actions import apply
from assistant.engine.log import LogEntry
from assistant.engine.bb1.setup import new_game
from assistant.engine.state import GameState
from assistant.words.questions import option_text
from tests.browser.test_heist import animations_done, open_reveal, room, state_of, version_is

SEED = 1
CREW = [{"name": "Jo", "character": "juicer", "side": "basic", "colour": "#e4572e"},
        {"name": "Rae", "character": "raven", "side": "basic", "colour": "#29a3e6"}]
LABELS = {"computer-laser": "Computer (laser)", "computer-fingerprint": "Computer (fingerprint)",
          "computer-motion": "Computer (motion)", "secret-door": "Secret door", "service-duct": "Service duct"}


class Board:
    """The physical board, as the players see it: plain data, changed by hand as the script plays."""

    def __init__(self) -> None:
        self.floors: dict[int, dict[str, Any]] = {
            n: {"guard": None, "destination": None, "die": die, "alarms": [], "tiles": {}, "lavatory": {},
                "crow": None} for n, die in ((1, 2), (2, 3), (3, 4))}
        self.crew: dict[str, dict[str, Any]] = {
            c["name"]: {"floor": 1, "at": None, "stealth": 3, "tools": [], "loot": []} for c in CREW}
        self.hack: dict[str, int] = {}
        self.loop_by: str | None = None  # Video Loop: cameras off until this player's next turn
        self.turn = "Jo"

    def reveal(self, floor: int, square: str, kind: str) -> None:
        self.floors[floor]["tiles"][square] = kind
        if kind == "lavatory":
            self.floors[floor]["lavatory"][square] = 3

    def alarm(self, floor: int, square: str) -> None:
        self.floors[floor]["alarms"] = sorted({*self.floors[floor]["alarms"], square})

    def to(self, who: str, floor: int, square: str) -> None:
        self.crew[who].update(floor=floor, at=square)

    def as_dict(self) -> dict[str, Any]:
        return {"floors": copy.deepcopy(self.floors), "crew": copy.deepcopy(self.crew),
                "hack": {k: v for k, v in self.hack.items() if v}, "loop_by": self.loop_by, "turn": self.turn}


def stored(s: GameState) -> dict[str, Any]:
    """The same fields read from the app's stored state."""
    return {"floors": {n: {"guard": fl.guard, "destination": fl.destination, "die": fl.die, "alarms": list(fl.alarms),
                           "tiles": {sq: k for sq, k in fl.tiles.items() if k != "entrance"},
                           "lavatory": dict(fl.lavatory), "crow": fl.crow} for n, fl in s.floors.items()},
            "crew": {n: {"floor": b.floor, "at": b.at, "stealth": b.stealth, "tools": list(b.tools),
                         "loot": list(b.loot)} for n, b in s.crew.items()},
            "hack": {k: v for k, v in s.hack.items() if v}, "loop_by": s.loop_by, "turn": s.current()}


def shown(page: Page) -> dict[str, Any]:
    """What the board on the screen shows: guard pieces, dice, alarm marks, Stealth badges, per floor."""
    rooms = page.locator("#game .room[data-square]").evaluate_all(
        """els => els.map(e => ({id: e.id, guard: !!e.querySelector('.guard'), die: !!e.querySelector('.die'),
             alarm: !!e.querySelector('.alarm'),
             burglars: [...e.querySelectorAll('.burglar')].map(b => b.getAttribute('title'))}))""")
    out: dict[str, Any] = {"guards": {}, "dice": {}, "alarms": {}, "burglars": {}}
    for r in rooms:
        _, floor, square = r["id"].split("-")
        if r["guard"]:
            out["guards"][int(floor)] = square
        if r["die"]:
            out["dice"][int(floor)] = square
        if r["alarm"]:
            out["alarms"].setdefault(int(floor), []).append(square)
        for title in r["burglars"]:
            out["burglars"][title] = (int(floor), square)
    return out


class Table:
    def __init__(self, page: Page, live_server: Any, game_id: str):
        self.page, self.live_server, self.game_id = page, live_server, game_id
        self.board = Board()
        self.turns = 0
        self.sent: list[dict[str, Any]] = []

    @property
    def state(self) -> GameState:
        return state_of(self.live_server, self.game_id)

    def step(self, actions: list[dict[str, Any]], taps: Callable[[], None], follow: bool = True) -> list[LogEntry]:
        """Tap as the table does; ``actions`` are what those taps send, applied to the stored state first to
        know where the guards walk (the only thing taken from the engine). ``follow`` False: the script
        says by hand where every guard stands (Donuts)."""
        before = self.state
        ref, log = before, list[LogEntry]()
        for action in actions:
            result = apply(ref, action)
            ref, log = result.state, log + result.log
        taps()
        version_is(self.page, before.version + len(actions))
        self.sent += actions
        if follow:
            for n, fl in ref.floors.items():
                mine = self.board.floors[n]
                mine["guard"], mine["destination"] = fl.guard, fl.destination
                walked_off = {e.square for e in log if e.kind == "alarm_off" and e.floor == n
                              and e.data.get("how") in ("guard", "appear")}
                mine["alarms"] = [a for a in mine["alarms"] if a not in walked_off]
                for e in log:
                    if e.kind == "reshuffle" and e.floor == n:
                        mine["die"] = min(6, mine["die"] + 1)
        return log

    # -- taps --------------------------------------------------------------------------------------------
    def close_menu(self) -> None:
        close = self.page.locator(".menu").get_by_role("button", name="Close", exact=True)
        if close.count():
            close.click()

    def tap(self, floor: int, square: str) -> None:
        self.close_menu()
        room(self.page, floor, square).click()
        expect(self.page.get_by_role("heading", name=re.compile(rf"Floor {floor} · {square}"))).to_be_visible()

    def walk(self, who: str, floor: int, square: str, kind: str = "", number: int | None = None,
             answer: str = "") -> list[LogEntry]:
        """``who`` moves into a room: a face-down one is turned up in the same picker (its type and number)."""
        action: dict[str, Any] = {"do": "move", "who": who, "floor": floor, "to": square}
        if kind:
            action |= {"type": kind, "number": number}
        actions = [action] + ([{"do": "answer", "choice": answer}] if answer else [])

        def taps() -> None:
            self.tap(floor, square)
            if kind:
                form = self.page.locator("form.move-reveal")
                form.get_by_role("radio", name=who, exact=True).check()
                label = LABELS.get(kind, kind.capitalize()) + (f" {number}" if number else "")
                form.get_by_role("button", name=label, exact=True).click()
            else:
                self.page.get_by_role("button", name=re.compile(rf"^Move {who} here")).click()
            if answer:
                self.answer(answer, len(actions) - 1)

        log = self.step(actions, taps)
        if kind:
            self.board.reveal(floor, square, kind)
        return log

    def answer(self, choice: str, questions: int) -> None:
        """Tap the answer button of the question on the board (its words are ``option_text``'s)."""
        question = self.page.locator(".question")
        expect(question).to_be_visible()
        asked = self.state.pending
        assert asked is not None
        question.get_by_role("button", name=option_text(asked["question"], choice), exact=True).click()

    def peek(self, floor: int, square: str, kind: str, number: int | None = None) -> None:
        """A room turned face up without anyone moving in (a peek)."""
        label = LABELS.get(kind, kind.capitalize()) + (f" {number}" if number else "")

        def taps() -> None:
            self.tap(floor, square)
            open_reveal(self.page).get_by_role("button", name=label, exact=True).click()
        self.step([{"do": "reveal", "floor": floor, "at": square, "type": kind, "number": number}], taps)
        self.board.reveal(floor, square, kind)

    def room_button(self, floor: int, square: str, action: dict[str, Any], name: str) -> list[LogEntry]:
        def taps() -> None:
            self.tap(floor, square)
            self.page.locator(".room-menu").get_by_role("button", name=re.compile("^" + re.escape(name))).click()
        return self.step([action], taps)

    def panel(self, section: str, action: dict[str, Any], name: str, follow: bool = True,
              picker: str = "") -> list[LogEntry]:
        """A button of the actions panel (events drawn, tools and abilities, a card taken)."""
        def taps() -> None:
            self.close_menu()
            group = self.page.locator("details", has=self.page.locator("summary", has_text=section)).first
            if group.get_attribute("open") is None:
                group.locator("summary").first.click()
            if picker:
                group = group.locator("details.picker", has=self.page.locator("summary", has_text=picker))
                if group.get_attribute("open") is None:
                    group.locator("summary").click()
            group.get_by_role("button", name=re.compile("^" + re.escape(name))).first.click()
        return self.step([action], taps, follow=follow)

    def end_turn(self, follow: bool = True) -> list[LogEntry]:
        def taps() -> None:
            self.close_menu()
            self.page.get_by_role("button", name=re.compile("^End turn")).click()
        log = self.step([{"do": "end_turn"}], taps, follow=follow)
        animations_done(self.page)
        return log

    # -- the check after every turn -------------------------------------------------------------------------
    def check(self, turn: str) -> None:
        """The stored state equals the board by hand, and the screen shows the same pieces."""
        self.turns += 1
        expected = self.board.as_dict()
        actual = stored(self.state)
        assert actual == expected, f"after turn {self.turns} ({turn}) the app differs from the table"
        screen = shown(self.page)
        assert screen["guards"] == {n: fl["guard"] for n, fl in expected["floors"].items() if fl["guard"]}, turn
        assert screen["dice"] == {n: fl["destination"] for n, fl in expected["floors"].items()
                                  if fl["destination"]}, turn
        assert screen["alarms"] == {n: fl["alarms"] for n, fl in expected["floors"].items() if fl["alarms"]}, turn
        assert screen["burglars"] == {f"{n}: {b['stealth']} Stealth, {'basic'}": (b["floor"], b["at"])
                                      for n, b in expected["crew"].items() if b["at"]} or \
            screen["burglars"] == {f"{n}: {b['stealth']} Stealth": (b["floor"], b["at"])
                                   for n, b in expected["crew"].items() if b["at"]}, (turn, screen["burglars"])
        expect(self.page.locator(".whose")).to_contain_text(f"{expected['turn']}'s turn")
        log = self.page.locator(".log ol > li")
        expect(log.filter(has_text=re.compile("correction", re.IGNORECASE))).to_have_count(0)


def test_a_20_turn_bank_job_played_as_the_table_does(page: Page, live_server):
    store = live_server.store()
    game_id = store.create("The Bank Job — Jo & Rae", new_game("bank", CREW, seed=SEED))
    # a tablet set to reduced motion: the board after each turn is the subject here, not the guard's walk
    # played step by step (test_heist.py watches that), which would add some 40 s of waiting
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/games/{game_id}")
    t = Table(page, live_server, game_id)
    b = t.board
    t.step([{"do": "start"}], lambda: page.get_by_role("button", name="Break in — place the floor-1 guard").click())

    def break_in() -> None:
        t.tap(1, "A2")
        page.get_by_role("button", name="The crew breaks in here").click()
    t.step([{"do": "entrance", "at": "A2"}], break_in)
    b.to("Jo", 1, "A2")  # §1.22: the first player walks in now, the others at the start of their own first turn
    t.check("break-in")

    # T1 Jo: walks into a face-down room, a Laser, and spends an extra action to cross it (no alarm)
    t.walk("Jo", 1, "A1", "laser", 1, answer="action")
    b.to("Jo", 1, "A1")
    t.end_turn()
    b.turn = "Rae"
    b.to("Rae", 1, "A2")  # Rae walks in through the entrance at the start of her first turn
    t.check("T1 Jo: Laser, extra action")

    # T2 Rae: turns up the Lavatory, a Camera and an Atrium by walking through them
    t.walk("Rae", 1, "B2", "lavatory", 5)
    t.walk("Rae", 1, "C2", "camera", 2)
    t.walk("Rae", 1, "C3", "atrium", 3)
    b.to("Rae", 1, "C3")
    t.end_turn()
    b.turn = "Jo"
    t.check("T2 Rae: Lavatory, Camera, Atrium")

    # T3 Jo: walks into the guard's room, the Lavatory: the table is asked, and takes one of the room's tokens
    assert b.floors[1]["guard"] == "B2"
    t.walk("Jo", 1, "A2")
    t.walk("Jo", 1, "B2", answer="room")
    b.floors[1]["lavatory"]["B2"] = 2  # Jo keeps her 3 Stealth
    t.peek(1, "B1", "deadbolt", 1)  # peeked first: a face-down Deadbolt would keep her out (§1.22)
    t.walk("Jo", 1, "B1")
    b.to("Jo", 1, "B1")
    t.end_turn()
    b.turn = "Rae"
    t.check("T3 Jo: Lavatory question, Deadbolt peeked first")

    # T4 Rae: the Raven's crow; into a Motion room and out again in the same turn (its alarm goes off when she
    # leaves), and her turn ends in a Thermo (its alarm goes off before the guard moves)
    t.room_button(1, "C2", {"do": "crow", "who": "Rae", "at": "C2"}, "Rae's crow lands here")
    b.floors[1]["crow"] = "C2"
    t.walk("Rae", 1, "D3", "motion", 2)
    t.walk("Rae", 1, "D2", "thermo", 3)
    b.alarm(1, "D3")  # Motion: entered and left in one turn
    b.to("Rae", 1, "D2")
    b.alarm(1, "D2")  # the Thermo: her turn ends there
    log = t.end_turn()
    assert [e.square for e in log if e.kind == "alarm"] == ["D2"]  # the Thermo, before he moved
    speed = next(e for e in log if e.kind == "speed")
    assert speed.data["alarms"] == 2  # D3 and the Thermo's D2 both count toward his speed
    b.turn = "Jo"
    t.check("T4 Rae: crow, Motion, Thermo")

    # T5 Jo: Buddy System brings Rae out of the Thermo (not entering); Jo finds a Laboratory, draws the Donuts
    # and feeds them to the floor-1 guard, who does not move at the end of her turn
    t.panel("Event card drawn", {"do": "event", "name": "buddy_system", "floor": 1, "who": "Jo", "buddy": "Rae"},
            "Buddy System: Rae")
    b.to("Rae", 1, "B1")
    t.walk("Jo", 1, "C1", "laboratory", 3)
    b.to("Jo", 1, "C1")
    t.panel("A burglar takes a tool", {"do": "tool", "who": "Jo", "kind": "donuts", "on": True}, "Donuts",
            picker="Jo takes")
    b.crew["Jo"]["tools"] = ["donuts"]
    t.panel("Jo's ability, tools and loot", {"do": "donuts", "floor": 1}, "Donuts · floor 1")
    b.crew["Jo"]["tools"] = []  # played: discarded
    guard = b.floors[1]["guard"]
    t.end_turn(follow=False)
    assert b.floors[1]["guard"] == guard  # he ate the Donuts
    b.turn = "Rae"
    t.check("T5 Jo: Buddy System, Laboratory, Donuts")

    # T6 Rae: to the Stairs; a Lampshade gives her a fourth Stealth token
    t.walk("Rae", 1, "C1")
    t.walk("Rae", 1, "D1", "stairs", 4)
    b.to("Rae", 1, "D1")
    t.panel("Event card drawn", {"do": "event", "name": "lampshade", "floor": 1, "who": "Rae"}, "Lampshade")
    b.crew["Rae"]["stealth"] = 4
    t.end_turn()
    b.turn = "Jo"
    t.check("T6 Rae: Stairs, Lampshade")

    # T7 Jo: up the stairs to floor 2 (a face-down room: a Computer); the floor-2 guard appears by his cards
    t.walk("Jo", 1, "D1")
    t.walk("Jo", 2, "D1", "computer-laser", 5)
    b.to("Jo", 2, "D1")
    t.end_turn()
    b.turn = "Rae"
    t.check("T7 Jo: upstairs, Computer (laser)")

    # T8 Rae: back through the Laboratory and the Deadbolt to the Lavatory
    for square in ("C1", "B1", "B2"):
        t.walk("Rae", 1, square)
    b.to("Rae", 1, "B2")
    t.end_turn()
    b.turn = "Jo"
    t.check("T8 Rae")

    # T9 Jo: the Freight Elevator takes her up to floor 3 without entering (its guard appears by his cards);
    # the room she stands in is turned up; she walks into a face-down room, a Walkway, and falls to the same
    # room of floor 2, where the floor-2 guard stands: a fall is not entering, so no Stealth is lost
    t.panel("Event card drawn", {"do": "event", "name": "freight_elevator", "floor": 2, "who": "Jo"},
            "Freight Elevator")
    b.to("Jo", 3, "D1")
    t.peek(3, "D1", "service-duct", 5)
    assert b.floors[2]["guard"] == "D2"
    t.walk("Jo", 3, "D2", "walkway", 1)
    b.to("Jo", 2, "D2")  # the fall: Jo keeps her 3 Stealth in the guard's room
    t.check("T9 Jo, after the fall")
    t.turns -= 1
    t.peek(2, "D2", "computer-fingerprint", 4)  # the tile she landed on is turned up
    t.walk("Jo", 2, "D1")
    b.to("Jo", 2, "D1")
    t.end_turn()
    b.turn = "Rae"
    t.check("T9 Jo: Freight Elevator, Service duct, Walkway fall, Computer (fingerprint)")

    # T10 Rae: Video Loop (cameras off until her next turn), walks onto the Camera
    t.panel("Event card drawn", {"do": "event", "name": "video_loop", "floor": 1, "who": "Rae"}, "Video Loop")
    b.loop_by = "Rae"
    t.walk("Rae", 1, "C2")
    b.to("Rae", 1, "C2")
    t.end_turn()
    b.turn = "Jo"
    t.check("T10 Rae: Video Loop")

    # T11 Jo: Jury-Rig draws the Virus: 2 hack tokens on the fingerprint computer, 1 on the laser one; she
    # walks into a Fingerprint room and the table cancels its alarm with a fingerprint hack token
    t.panel("A burglar takes a tool", {"do": "tool", "who": "Jo", "kind": "virus", "on": True}, "Virus",
            picker="Jo takes")
    t.panel("Jo's ability, tools and loot", {"do": "event", "name": "virus", "floor": 2, "who": "Jo",
                                              "tokens": {"fingerprint": 2, "laser": 1}},
            "Virus: 2 fingerprint, 1 laser")
    b.hack = {"fingerprint": 2, "laser": 1}
    t.walk("Jo", 2, "D2")
    t.walk("Jo", 2, "C2", "fingerprint", 5, answer="hack-fingerprint")
    b.hack["fingerprint"] = 1  # no alarm: a token spent
    b.to("Jo", 2, "C2")
    t.end_turn()
    b.turn = "Rae"
    b.loop_by = None  # Rae's turn starts: the Video Loop is over
    t.check("T11 Jo: Virus, Fingerprint cancelled by a hack token")

    # T12 Rae: Crash! (no alarm on floor 1): the die comes to her room; then she walks away
    t.panel("Event card drawn", {"do": "event", "name": "crash", "floor": 1, "at": "C2"}, "Crash!", follow=False)
    b.floors[1]["destination"] = "C2"
    t.check("T12 Rae, after Crash!")
    t.turns -= 1
    t.walk("Rae", 1, "B2")
    t.walk("Rae", 1, "B1")
    b.to("Rae", 1, "B1")
    t.end_turn()
    b.turn = "Jo"
    t.check("T12 Rae: Crash!")

    # T13 Jo: a Safe; cracked, it speeds up the guards of floor 2 and below; the Cursed Goblet costs 1 Stealth
    t.walk("Jo", 2, "C1", "safe")
    b.to("Jo", 2, "C1")
    t.panel("Tools, loot and abilities", {"do": "crack_safe", "floor": 2}, "Safe cracked on floor 2")
    b.floors[1]["die"] += 1
    b.floors[2]["die"] += 1
    t.panel("A burglar takes a tool", {"do": "loot", "who": "Jo", "kind": "cursed-goblet", "on": True},
            "Cursed Goblet", picker="Jo takes")
    b.crew["Jo"]["loot"] = ["cursed-goblet"]
    b.crew["Jo"]["stealth"] = 2
    t.end_turn()
    b.turn = "Rae"
    t.check("T13 Jo: Safe cracked, Cursed Goblet")

    # T14 Rae: Jump the Gun: Jo's next turn, guard move included, is skipped
    t.panel("Event card drawn", {"do": "event", "name": "jump_the_gun", "floor": 1}, "Jump the Gun")
    t.walk("Rae", 1, "C1")
    t.walk("Rae", 1, "D1")
    b.to("Rae", 1, "D1")
    f2 = dict(b.floors[2])
    t.end_turn()
    b.turn = "Rae"  # Jo is skipped
    assert {k: b.floors[2][k] for k in ("guard", "destination")} == {k: f2[k] for k in ("guard", "destination")}
    t.check("T14 Rae: Jump the Gun")

    # T15 Rae again
    t.end_turn()
    b.turn = "Jo"
    t.check("T15 Rae")

    # T16 Jo: the Fingerprint again (her last hack token); a Detector: she carries the Goblet, so its alarm
    # goes off with no question; a Keypad; a Computer (motion)
    t.walk("Jo", 2, "C2", answer="hack-fingerprint")
    b.hack["fingerprint"] = 0
    t.walk("Jo", 2, "B2", "detector", 4)
    b.alarm(2, "B2")
    t.walk("Jo", 2, "A2", "keypad", 4)
    t.walk("Jo", 2, "A1", "computer-motion", 6)
    b.to("Jo", 2, "A1")
    t.end_turn()
    b.turn = "Rae"
    t.check("T16 Jo: Detector with loot, Keypad, Computer (motion)")

    # T17 Rae: Jury-Rig draws the Makeup Kit: +1 Stealth; through the Motion room and out (alarm), a Secret
    # door, and a peek at the Foyer
    t.panel("A burglar takes a tool", {"do": "tool", "who": "Rae", "kind": "makeup-kit", "on": True},
            "Makeup Kit", picker="Rae takes")
    t.panel("Rae's ability, tools and loot", {"do": "event", "name": "makeup_kit", "floor": 1, "who": "Rae"},
            "Makeup Kit")
    b.crew["Rae"]["stealth"] = 5
    for square in ("D2", "D3", "C3"):
        t.walk("Rae", 1, square)
    b.alarm(1, "D3")  # Motion: in and out in one turn
    t.walk("Rae", 1, "C4", "secret-door", 1)
    b.to("Rae", 1, "C4")
    t.peek(1, "D4", "foyer", 2)
    t.end_turn()
    b.turn = "Jo"
    t.check("T17 Rae: Makeup Kit, Motion, Secret door, Foyer")

    # T18 Jo: the Juicer sets off an alarm next door
    t.room_button(2, "A2", {"do": "event", "name": "juicer_alarm", "floor": 2, "who": "Jo", "at": "A2"},
                  "Jo (Juicer) sets off an alarm in A2")
    b.alarm(2, "A2")
    t.end_turn()
    b.turn = "Rae"
    t.check("T18 Jo: Juicer")

    for n, who, nxt in ((19, "Rae", "Jo"), (20, "Jo", "Rae")):
        t.end_turn()
        b.turn = nxt
        t.check(f"T{n} {who}")

    assert t.turns == 21  # the break-in and 20 turns
    assert {k for fl in b.floors.values() for k in fl["tiles"].values()} == {
        "safe", "stairs", "camera", "foyer", "atrium", "lavatory", "laser", "motion", "fingerprint", "thermo",
        "detector", "computer-fingerprint", "computer-laser", "computer-motion", "deadbolt", "keypad", "laboratory",
        "secret-door", "service-duct", "walkway"}
    history = [h.action.to_json() for h in store.history(game_id)]  # as sent: the form's fields read
    assert len(history) == len(t.sent)  # every tap was one of the script's, none a correction
    assert not [a for a in history if a["do"] in ("set", "place", "camera") or a.get("how") == "place"
                or (a["do"] == "hack" and "count" in a)]
