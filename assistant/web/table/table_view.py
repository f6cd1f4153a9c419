"""What the table page needs beyond the floors themselves: the summary of the last guard move, the
setup guide and its wall editor, the floor a phone shows first, and the cards and abilities a room
or the crew can use. Presentation only: the engine checks every action these buttons send."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine.bb1.offers import EVENT_CODES
from ...engine.log import LogEntry
from ...engine.offers import Offer
from ...engine.rulesets import Rulebook
from ...engine.state import GameState
from ...store import Played
from .felt import found
from .guide import SetupGuide, setup_guide
from .board_view import colour_of, initials
from .pieces import last_warning
from .real_board import checklist
from .summary import guard_summaries

ROOM_GROUPS = {"move": "moves", "move_reveal": "moves", "rook_orders": "moves", "go_with_your_gut": "moves",
               "move_via": "ways", "put": "puts",
               "alarm": "alarms",
               "alarm_hacked": "alarms", "pick_up_alarm": "alarms", "room_tokens": "tokens",
               "hack_count": "hack_counts"}
PLAYER_GROUPS = {"spotter_look": "abilities", "juicer_alarm": "abilities", "juicer_drop": "abilities",
                 "rigger_tool": "abilities", "tool_drop": "drops", "loot_drop": "drops",
                 **{code: "events" for code in EVENT_CODES}}


def grouped(offers: list[Offer], groups: dict[str, str], default: str) -> dict[str, list[Offer]]:
    """Offers sorted into the menu's groups (moves, alarms, cards …), each in the engine's order."""
    out: dict[str, list[Offer]] = {}
    for o in offers:
        out.setdefault(groups.get(o.code, default), []).append(o)
    return out


def own_offers(state: GameState, book: Rulebook, current: str | None) -> dict[str, list[Offer]]:
    """The group open on every turn: the ability, tools and loot of whoever's turn it is (in Burgle Bros 2 and
    3: setting up, coming in, a card on a bouncer, getting out). The events drawn, taking a card and the
    corrections are menus of their own, loaded when opened (web/table/menus.py)."""
    if current is None:
        return {}
    offers = book.rules.legal.player(state, current)
    return grouped([o for o in offers if o.code not in EVENT_CODES], PLAYER_GROUPS, "tools")


def panel_offers(state: GameState, book: Rulebook, current: str | None) -> list[Offer]:
    """Everything the game's legal-actions query offers the actions panel at once, for the games whose panel
    shows it whole (Burgle Bros 2 and 3: turns, exits, heat, decks, suspicion, dice, disguises)."""
    legal = book.rules.legal
    return [*(legal.player(state, current) if current else []), *legal.corrections(state)]


def focus_floor(state: GameState) -> int:
    """The floor a phone shows first: where the table is being asked something, else where the
    current burglar is, else floor 1."""
    question = state.pending["question"] if state.pending else None
    if question and isinstance(question.get("floor"), int) and question["floor"] in state.floors:
        return question["floor"]
    current = state.current()
    burglar = state.crew.get(current) if current else None
    if burglar and burglar.at and not burglar.escaped and burglar.floor in state.floors:
        return burglar.floor
    return min(state.floors, default=1)


def downstairs(state: GameState) -> set[tuple[int, str]]:
    """Where a downstairs token lies: the square above each revealed Stairs room, one floor up."""
    return {(n + 1, sq) for n, fl in state.floors.items() for sq, kind in fl.tiles.items()
            if kind == "stairs" and n + 1 in state.floors}


def laboratories(state: GameState) -> list[tuple[int, str]]:
    """Every revealed Laboratory, for Shoplifting."""
    return [(n, sq) for n, fl in sorted(state.floors.items()) for sq, kind in sorted(fl.tiles.items())
            if kind == "laboratory"]


def whole_move(last_log: Sequence[LogEntry], history: Callable[[], Sequence[Played]]) -> Sequence[LogEntry]:
    """The log of the last action and, when it answered a question, of the actions that asked: a
    guard move that stopped for a card or a tie is summed up whole, not from the answer on. The
    history is read only then, so an ordinary turn costs nothing more."""
    if not last_log or last_log[0].kind != "answer":
        return last_log
    entries: list[LogEntry] = []
    for past in reversed(history()):
        entries[:0] = past.log
        if past.action.do != "answer":
            break
    return entries


def last_warnings(state: GameState, book: Rulebook) -> list[dict[str, str]]:
    """Every burglar one discovery from losing the heist, for the turn's card: her token and the warning."""
    letters = initials(list(state.crew))
    return [{"name": name, "initial": letters[name], "colour": colour_of(state, name), "text": text}
            for name in state.crew if (text := last_warning(state, book, name))]


STEP_MS = 350  # static/app.css: each step of the guard's walk shows this long after the one before


def walk_of(entries: Sequence[LogEntry]) -> dict[str, int] | None:
    """The floor of the last guard walk in these entries and how long it takes on screen (ms), so a phone
    stays on that floor and the verdict waits until the walk reaches the burglar; None when no one walked."""
    steps: dict[int, int] = {}
    last = None
    for e in entries:
        if e.kind == "enter" and e.floor is not None:
            last = e.floor
            steps[last] = steps.get(last, 0) + 1
    return {"floor": last, "ms": steps[last] * STEP_MS + 300} if last is not None else None


@dataclass(frozen=True)
class TableView:
    """What the table page shows beside its floors: the last guard move (in one line, on the real board, his walk
    and who he found), the warnings, the setup guide, the floor a phone shows first, and what a room and the
    current player are offered."""

    summary: list[str]
    walk: dict[str, int] | None
    found: list[str]
    real_board: list[str]
    warnings: list[dict[str, str]]
    guide: SetupGuide | None
    focus: int
    crew_floors: dict[str, int | None]
    room_offers: dict[str, list[Offer]]
    offers_here: list[Offer]
    own_offers: dict[str, list[Offer]]
    # called by the templates that show the whole panel, so a Burgle Bros 1 tap never works it out
    panel_offers: Callable[[], list[Offer]]
    downstairs: set[tuple[int, str]]


def table_view(state: GameState, book: Rulebook, last_log: Sequence[LogEntry], phase: str,
               selected: tuple[int, str] | None, history: Callable[[], Sequence[Played]]) -> TableView:
    setting_up = phase in ("break_in", "entrance")
    move = whole_move(last_log, history)
    here = book.rules.legal.room(state, *selected) if selected else []
    figure = book.rules.figure
    return TableView(
        summary=guard_summaries(move, figure),
        walk=walk_of(last_log),
        found=found(last_log),
        real_board=checklist(move, {n: fl.die for n, fl in state.floors.items()}, figure),
        warnings=last_warnings(state, book) if phase in ("play", "question") else [],
        guide=setup_guide(state, book) if setting_up else None,
        focus=focus_floor(state),
        crew_floors={n: (None if b.escaped or b.at is None else b.floor) for n, b in state.crew.items()},
        room_offers=grouped(here, ROOM_GROUPS, "cards"),
        offers_here=here,
        own_offers=own_offers(state, book, state.current()) if phase == "play" else {},
        panel_offers=lambda: panel_offers(state, book, state.current()),
        downstairs=downstairs(state),
    )
