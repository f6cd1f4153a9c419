"""What the panels beside the board read of the table itself (the crew in turn order, each floor's counters,
the layout): a small view made from the state once a board, so no template reaches into the game state."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.state import GameState


@dataclass(frozen=True)
class Member:
    name: str
    colour: str
    character: str
    stealth: int
    heat: int


@dataclass(frozen=True)
class FloorCounters:
    number: int
    deck: int  # patrol cards left
    suspicion: int
    die: int


@dataclass(frozen=True)
class TablePieces:
    game: str  # which game's partials draw its own panels ("bb1", "bb2", "bb3")
    crew: tuple[Member, ...]  # in turn order
    floors: tuple[FloorCounters, ...]
    size: int
    void: tuple[str, ...]
    entrances: tuple[str, ...]
    me: Member | None  # whose turn it is
    spotted: bool  # the Spotter looked at a top card and has still to say where it goes (§1.22)


def table_pieces(state: GameState) -> TablePieces:
    crew = tuple(Member(n, b.colour or "#888", b.character, b.stealth, b.heat)
                 for n, b in ((n, state.crew[n]) for n in state.order))
    current = state.current()
    floors = tuple(FloorCounters(n, len(fl.deck), fl.suspicion, fl.die) for n, fl in sorted(state.floors.items()))
    return TablePieces(state.rules, crew, floors, state.size, tuple(state.void), tuple(state.entrances),
                       next((m for m in crew if m.name == current), None), bool(state.spotted))
