"""Issue 13's "done when", Burgle Bros 2: a scripted heist played in Chromium through to the exits by the taps a
table makes, with the table's own patrol cards (each card question is answered by tapping the square the drawn
card shows; the script chooses the cards). After every turn the app's stored state equals the physical board,
and the board on the screen shows the pieces where they are.

The physical board is ``Casino`` below: plain data written by hand from the rules as the script goes, never
read from the engine. Sources: bb2 rulebook "Bouncer's Turn" (3 moves, shortest path, the clockwise rule:
on an open floor he walks the whole first leg of the L that goes clockwise), "Commotions" (the marker comes
and he steps 1 at once), "Tile Clarifications" (Slots, Table Games, Count Room), "Distracted", "Hunting",
"Completing the Finale"; guard-rules.md §1.22 (an exit skips exactly one bouncer move; Distracted with one
even-numbered room needs no question; walking into his room or him into yours gives 2 heat).

The floors have no walls ("We place them", none placed), so every route is an L: south-east goes east first,
south-west south first, north-west west first, north-east north first (§2 "Open floor").
"""

from __future__ import annotations

import copy
import re
import time
from typing import Any

from playwright.sync_api import Locator, Page, expect

from assistant.engine.state import GameState
from tests.browser.test_heist import game_id_of, room, state_of, version_is

CREW = ("Ann", "Bob", "Cy")
ROOM_LABELS = {"slots": "Slots", "table-games": "Table Games", "count-room": "Count Room", "lounge": "Lounge"}
ROOM_NAME = re.compile(r"^Floor (\d) ([A-D][1-4])(?:, (.*))?$")


class Casino:
    """The physical board: both floors' bouncers, markers (None: he is hunting) and deck counts, the rooms
    turned face up, and each burglar's room, heat and whether they are out."""

    def __init__(self) -> None:
        self.floors: dict[int, dict[str, Any]] = {n: {"bouncer": None, "marker": None, "deck": 0} for n in (1, 2)}
        self.rooms: dict[int, dict[str, tuple[str, int]]] = {1: {}, 2: {}}
        self.crew: dict[str, dict[str, Any]] = {n: {"floor": 1, "at": None, "heat": 0, "out": False} for n in CREW}
        self.outcome: str | None = None

    def floor(self, n: int, **pieces: Any) -> None:
        self.floors[n].update(pieces)

    def burglar(self, name: str, **now: Any) -> None:
        self.crew[name].update(now)

    def as_dict(self) -> dict[str, Any]:
        return copy.deepcopy({"floors": self.floors, "rooms": self.rooms, "crew": self.crew, "outcome": self.outcome})


def stored(s: GameState) -> dict[str, Any]:
    """The same fields read from the app's stored state."""
    return {"floors": {n: {"bouncer": fl.guard, "marker": fl.destination, "deck": len(fl.deck)}
                       for n, fl in s.floors.items()},
            "rooms": {n: {sq: (kind, fl.numbers.get(sq)) for sq, kind in fl.tiles.items() if kind != "entrance"}
                      for n, fl in s.floors.items()},
            "crew": {n: {"floor": b.floor, "at": b.at, "heat": b.heat, "out": b.escaped} for n, b in s.crew.items()},
            "outcome": s.outcome}


def room_names(page: Page, floor: int) -> dict[str, list[str]]:
    """Each room of a floor as a screen reader reads it ("Floor 1 B1, Slots, bouncer, Ann: 2 heat"), split
    into its parts: the accessibility tree, not the markup."""
    snapshot = page.get_by_role("region", name=f"Floor {floor}", exact=True).aria_snapshot()
    rooms: dict[str, list[str]] = {}
    for name in re.findall(r'button "([^"]*)"', snapshot):
        match = ROOM_NAME.match(name)
        if match and int(match.group(1)) == floor:
            rooms[match.group(2)] = match.group(3).split(", ") if match.group(3) else []
    return rooms


def shown(page: Page, board: Casino) -> dict[int, Any]:
    """What the screen shows of the pieces the board holds, per floor, in the board's terms."""
    out: dict[int, Any] = {}
    for n in (1, 2):
        names = room_names(page, n)
        assert len(names) == 16, names
        out[n] = {"bouncer": [sq for sq, parts in names.items() if "bouncer" in parts],
                  "marker": [sq for sq, parts in names.items() if "destination" in parts],
                  "rooms": {sq: parts[0] for sq, parts in names.items() if parts and parts[0] in ROOM_LABELS.values()},
                  "burglars": {p: sq for sq, parts in names.items() for p in parts if re.fullmatch(r"\w+: \d heat", p)}}
    return out


def expected_on_screen(board: Casino) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for n, fl in board.floors.items():
        out[n] = {"bouncer": [fl["bouncer"]] if fl["bouncer"] else [], "marker": [fl["marker"]] if fl["marker"] else [],
                  "rooms": {sq: ROOM_LABELS[kind] for sq, (kind, _) in board.rooms[n].items()},
                  "burglars": {f"{name}: {b['heat']} heat": b["at"] for name, b in board.crew.items()
                               if b["floor"] == n and b["at"] and not b["out"]}}
    return out


class Table:
    """The taps a table makes, each one an action of the game (its version goes up by one)."""

    def __init__(self, page: Page, live_server: Any, game_id: str) -> None:
        self.page, self.live_server, self.game_id = page, live_server, game_id
        self.version = 0
        self.board = Casino()

    def press(self, button: Locator) -> None:
        button.click()
        self.version += 1
        version_is(self.page, self.version)

    def button(self, name: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str))

    def menu(self, floor: int, square: str) -> Locator:
        """Tap a room on the board: its menu opens."""
        room(self.page, floor, square).click()
        menu = self.page.get_by_role("region", name=f"What can happen in {square}")
        expect(menu.get_by_role("heading", name=re.compile(rf"^Floor {floor} · {square}"))).to_be_visible()
        return menu

    def card(self, square: str) -> None:
        """The table draws the top patrol card: tap the square it shows, in the question above the board."""
        question = self.page.get_by_role("alert")  # at setup the question names the card (bb2 Heist Setup 6-8)
        expect(question).to_contain_text(re.compile(r"Draw the top card of the floor-|draw the (top|next) card of its"))
        self.press(question.get_by_role("button", name=square, exact=True))

    def special(self, name: str) -> None:
        """A card that names no square, or "Our deck is empty"."""
        self.press(self.page.get_by_role("alert").get_by_role("button", name=re.compile("^" + re.escape(name))))

    def dice(self, total: int) -> None:
        question = self.page.get_by_role("alert")
        expect(question).to_contain_text("roll the two casino dice. What is their sum?")
        self.press(question.get_by_role("button", name=str(total), exact=True))

    def reveal(self, floor: int, square: str, kind: str, number: int) -> None:
        """A room turned face up (a peek): its type, then the number in its bottom-left corner."""
        menu = self.menu(floor, square).locator("details.reveal")
        menu.get_by_role("group", name="Room type").locator(f'input[value="{kind}"]').check()
        self.press(menu.get_by_role("button", name=f"Number {number}", exact=True))
        self.board.rooms[floor][square] = (kind, number)

    def say(self, floor: int, square: str, kind: str, number: int) -> None:
        """She walked into a face-down room: the turn bar asks what it is, and End turn waits for it (issue 35 §2)."""
        asked = self.page.locator("section.say-room")
        asked.get_by_role("group", name="Room type").locator(f'input[value="{kind}"]').check()
        self.press(asked.get_by_role("button", name=f"Number {number}", exact=True))
        self.board.rooms[floor][square] = (kind, number)

    def move(self, who: str, floor: int, square: str) -> None:
        self.press(self.menu(floor, square).get_by_role("button", name=f"Move {who} here", exact=True))
        self.board.burglar(who, floor=floor, at=square)

    def enter(self, who: str, square: str) -> None:
        """bb2 Entering the Casino: a burglar's first move is into one of the two entrances."""
        expect(self.page.get_by_text(f"{who}'s turn: first into the casino")).to_be_visible()
        self.press(self.button(f"{who} enters through {square}"))
        self.board.burglar(who, floor=1, at=square)

    def end_turn(self, who: str, moves: bool = True) -> None:
        expect(self.page.get_by_text(re.compile(rf"^{who}'s turn( · floor \d)?$"))).to_be_visible()
        self.press(self.button("End turn — the floor-1 bouncer moves" if moves else "End turn — no bouncer moves"))

    def exits(self, who: str) -> None:
        self.press(self.button(re.compile(rf"^{who} exits")))
        self.board.burglar(who, out=True)

    def check(self) -> None:
        """The stored state is the board; the screen shows the board's pieces, deck counts and heat."""
        assert self.live_server.store().load(self.game_id).state.pending is None
        assert stored(state_of(self.live_server, self.game_id)) == self.board.as_dict()
        want = expected_on_screen(self.board)
        deadline = time.monotonic() + 3
        while (seen := shown(self.page, self.board)) != want and time.monotonic() < deadline:
            time.sleep(0.1)
        assert seen == want
        for n, fl in self.board.floors.items():
            floor = self.page.get_by_role("region", name=f"Floor {n}", exact=True)
            expect(floor.get_by_title("patrol cards left")).to_have_text(re.compile(rf"^deck\s*{fl['deck']}$"))
            hunting = floor.get_by_title(re.compile("^the deck ran out"))
            expect(hunting).to_have_count(1 if fl["bouncer"] and not fl["marker"] else 0)
        for name, b in self.board.crew.items() if self.board.floors[1]["bouncer"] else ():  # the heat list: in play
            expect(self.page.get_by_role("group",
                                         name=f"{name}'s heat")).to_contain_text(f"{name}: {b['heat']} of 6 heat")


def set_up(page: Page) -> str:
    """The new-heist form: Burgle Bros 2, three burglars, the A1 and D4 entrances, no walls, a short floor-1
    deck (the Suspicion Meter took cards out: bb2 Heist Setup 5)."""
    page.emulate_media(reduced_motion="reduce")  # the board after each turn is the subject, not the walk played
    page.goto("/new")
    page.get_by_role("button", name=re.compile(r"^Burgle Bros 2")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Burgle Bros 2"))).to_have_attribute("aria-pressed", "true")
    for i, name in enumerate(CREW, start=1):
        page.get_by_role("textbox", name=f"Name of burglar {i}").fill(name)
    page.get_by_role("checkbox", name=re.compile("^A1")).check()
    page.get_by_role("checkbox", name=re.compile("^D4")).check()
    page.get_by_role("radio", name=re.compile("We place them")).check()
    page.get_by_role("spinbutton", name="Cards in the floor-1 deck").fill("6")
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    return game_id_of(page)


def test_a_bb2_heist_played_to_the_exits(page: Page, live_server):
    t = Table(page, live_server, set_up(page))
    board = t.board
    board.floor(1, deck=6)
    board.floor(2, deck=16)
    t.check()

    # Heist Setup 6-8: each floor's first card places the bouncer, the next his destination marker
    t.press(t.button("Place the bouncers — draw their patrol cards"))
    for square in ("C4", "A3", "B3", "C1"):
        t.card(square)
    board.floor(1, bouncer="C4", marker="A3", deck=4)
    board.floor(2, bouncer="B3", marker="C1", deck=14)
    t.check()

    # Turn 1, Ann: in through A1; B1 turned up as the Slots (2); nobody else is inside to watch its row or
    # column, so walking in makes a commotion: the marker comes to B1 and he steps C4 -> B4 at once
    t.enter("Ann", "A1")
    t.reveal(1, "B1", "slots", 2)
    t.move("Ann", 1, "B1")
    board.floor(1, bouncer="B4", marker="B1")
    t.check()
    # End turn: B3, B2, B1 (into Ann's room: 2 heat), his marker reached: the next card, D1
    t.end_turn("Ann")
    t.card("D1")
    board.floor(1, bouncer="B1", marker="D1", deck=3)
    board.burglar("Ann", heat=2)
    t.check()

    # Turn 2, Bob: in through D4; D3 turned up as the Table Games (4); he walks in and the table rolls 5:
    # a commotion in D3, the bouncer steps B1 -> C1 at once
    t.enter("Bob", "D4")
    t.reveal(1, "D3", "table-games", 4)
    t.move("Bob", 1, "D3")
    t.dice(5)
    board.floor(1, bouncer="C1", marker="D3")
    t.check()
    # End turn: D1, D2, D3 (Bob: 2 heat), arrived: the card is a Distracted; the even-numbered rooms face up
    # are B1 (2) and D3 (4), and D3 is his own, so B1 it is, with no question (§1.22)
    t.end_turn("Bob")
    t.special("Distracted")
    expect(page.get_by_role("alert")).to_have_count(0)
    board.floor(1, bouncer="D3", marker="B1", deck=2)
    board.burglar("Bob", heat=2)
    t.check()

    # Turn 3, Cy: in through D4, C4 turned up as the Count Room (3); ending the turn there makes a commotion
    # before the bouncer moves: marker to C4, he steps D3 -> D4 at once; then his 3 moves: C4 (Cy: 2 heat),
    # arrived, the card A2: B4, A4
    t.enter("Cy", "D4")
    t.reveal(1, "C4", "count-room", 3)
    t.move("Cy", 1, "C4")
    t.end_turn("Cy")
    t.card("A2")
    board.floor(1, bouncer="A4", marker="A2", deck=1)
    board.burglar("Cy", heat=2)
    t.check()

    # Turn 4, Ann: back to A1 and out. Her turn ends outside: the floor-1 bouncer skips this move
    t.move("Ann", 1, "A1")
    t.exits("Ann")
    t.end_turn("Ann", moves=False)
    t.check()

    # Turn 5, Bob: to D2. Exactly one move was skipped: he walks again, A3, A2, arrived; the count says one
    # card is left but the table's deck is empty (the Suspicion Meter took one more): he hunts. Bob in D2 is
    # 3 rooms away, Cy in C4 4: one step east to B2. D2 was face down: the table says it is the Lounge (1)
    t.move("Bob", 1, "D2")
    t.say(1, "D2", "lounge", 1)
    t.end_turn("Bob")
    t.special("Our deck is empty")
    board.floor(1, bouncer="B2", marker=None, deck=0)
    t.check()

    # Turn 6, Cy: out of the Count Room to D4 and out: no bouncer move
    t.move("Cy", 1, "D4")
    t.exits("Cy")
    t.end_turn("Cy", moves=False)
    t.check()

    # Turn 7, Bob, the last one inside: the hunting bouncer walks again, C2, D2, and stops in Bob's room
    # (2 heat: 4)
    t.end_turn("Bob")
    board.floor(1, bouncer="D2")
    board.burglar("Bob", heat=4)
    t.check()

    # Turn 8, Bob: through the Table Games (a 7: one heat less) to D4, and out: the heist is won
    t.move("Bob", 1, "D3")
    t.dice(7)
    board.burglar("Bob", heat=3)
    t.move("Bob", 1, "D4")
    t.exits("Bob")
    board.outcome = "escaped"
    t.check()
