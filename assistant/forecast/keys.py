"""A state's key: the bytes the forecast's engine runs, points and rests of moves are cached by (see runs.py).

Equal keys are equal states, but for the drawing floor's deck, discard and set-aside piles: the engine reads them
only for their sizes, which a point keeps beside its state, so that runs are shared across deck sizes. Every field
of the state is a number, a string, None, or a list or dict of them (as ``GameState.copy`` relies on), which
``marshal`` writes quickly; equal bytes are equal states (the fields in their order, each with its type), and equal
states equal bytes in its version 2, which writes no references to an object met before (a guard and a die on the
same square may be one string or two). Anything else falls back to ``pickle``.

Much of a state is the same in every state one forecast reaches: the walls and rooms of each floor, the game's
settings, the crew's characters and what they carry. No guard move assigns those fields (``FIXED``), so a state
whose own are equal to the forecast's first state's (checked at every key) is written without them, behind a mark
of its own: two such keys are equal only if the rest of the two states is. A state whose are not is written whole
behind another mark (no state of the bench's forecasts and safety maps is).
"""

from __future__ import annotations

import marshal
import pickle
from dataclasses import fields
from operator import itemgetter
from typing import Any

from ..engine.state import Burglar, FloorState, GameState

# Per class of the state, fields a guard move never assigns, whose values are strings, None, or tuples and mappings of
# strings (equal values are equal bytes): a state whose own are equal to the first state's is keyed without them.
FIXED: dict[type, tuple[str, ...]] = {
    GameState: ("rules", "scenario", "void", "tiebreak", "deck_mode", "order", "entrances", "emp_by", "invisible",
                "loop_by", "lock_by", "gymnastics_by", "holes"),
    FloorState: ("walls", "tiles", "kitty", "cameras_off", "disabled", "crowd", "even"),
    Burglar: ("loot", "colour", "character", "side", "tools", "motion", "unsaid"),
}
PILES = ("deck", "discard", "unseen")  # the drawing floor's, left out of every key
BLIND = ("stealth", "heat", "lavatory")  # left out of a blind key (see runs.Runs._transplant)
_NO_PILES: list[str] = []


class StateKeys:
    """The keys of the states one forecast reaches from ``first`` (the move's start), drawing on ``floor``."""

    def __init__(self, first: GameState, floor: int) -> None:
        self.floor = floor
        # each a getter of several fields' values from an object's __dict__ (a tuple: FIXED names several a class)
        fixed = {cls: itemgetter(*names) for cls, names in FIXED.items()}
        moving = {cls: [f.name for f in fields(cls) if f.name not in FIXED[cls] and f.name not in ("floors", "crew")]
                  for cls in FIXED}
        self.game_fixed, self.floor_fixed, self.burglar_fixed = fixed[GameState], fixed[FloorState], fixed[Burglar]
        self.game_moving = itemgetter(*moving[GameState])
        # per floor not drawing, the drawing floor, a burglar: what the key writes, and what its blind key writes
        self.written = [itemgetter(*moving[FloorState]),
                        itemgetter(*(name for name in moving[FloorState] if name not in PILES)),
                        itemgetter(*moving[Burglar])]
        self.blinded = [itemgetter(*(name for name in moving[FloorState] if name not in BLIND)),
                        itemgetter(*(name for name in moving[FloorState] if name not in PILES + BLIND)),
                        itemgetter(*(name for name in moving[Burglar] if name not in BLIND))]
        self.first = self.game_fixed(first.__dict__)
        self.first_floors = {n: self.floor_fixed(fl.__dict__) for n, fl in first.floors.items()}
        self.first_crew = {name: self.burglar_fixed(b.__dict__) for name, b in first.crew.items()}

    def of(self, state: GameState) -> bytes:
        """The state's key (see the module's docstring)."""
        return self._moving(state, self.written, b"s") or self.whole(state)

    def blind(self, state: GameState) -> bytes:
        """The state's key as if the crew had no Stealth or heat and no room Lavatory tokens (``BLIND``)."""
        got = self._moving(state, self.blinded, b"b")
        if got is None:
            state = state.copy()
            for b in state.crew.values():
                b.stealth = b.heat = 0
            for fl in state.floors.values():
                fl.lavatory = {}
            got = self.whole(state)
        return got

    def _moving(self, state: GameState, getters: list[itemgetter[Any]], mark: bytes) -> bytes | None:
        """The state written without its fixed fields behind ``mark``, with the fields ``getters`` read (per floor
        not drawing, the drawing floor, a burglar); None when its fixed fields are not the first state's."""
        values = state.__dict__
        if self.game_fixed(values) != self.first:
            return None
        fixed, first_floors = self.floor_fixed, self.first_floors
        others, drawing, burglar = getters
        floors = []
        for n, fl in values["floors"].items():
            mine = fl.__dict__
            if fixed(mine) != first_floors.get(n):
                return None
            floors.append((n, drawing(mine) if n == self.floor else others(mine)))
        fixed, first_crew = self.burglar_fixed, self.first_crew
        crew = []
        for name, b in values["crew"].items():
            mine = b.__dict__
            if fixed(mine) != first_crew.get(name):
                return None
            crew.append((name, burglar(mine)))
        try:
            return mark + marshal.dumps((self.game_moving(values), floors, crew), 2)
        except ValueError:
            return None

    def whole(self, state: GameState) -> bytes:
        """The state written whole, without the drawing floor's piles."""
        fl = state.floors[self.floor]
        piles = fl.deck, fl.discard, fl.unseen
        fl.deck, fl.discard, fl.unseen = _NO_PILES, (), ()
        values = state.__dict__
        floors, crew = values["floors"], values["crew"]
        # the floors and the crew as their fields' values while the state is written (quicker than leaving them
        # out of the state's fields and writing them beside)
        values["floors"] = [(n, tuple(f.__dict__.values())) for n, f in floors.items()]
        values["crew"] = [(n, tuple(b.__dict__.values())) for n, b in crew.items()]
        try:
            return b"m" + marshal.dumps(tuple(values.values()), 2)
        except ValueError:
            values["floors"], values["crew"] = floors, crew
            return b"p" + pickle.dumps(state, 5)
        finally:
            values["floors"], values["crew"] = floors, crew
            fl.deck, fl.discard, fl.unseen = piles
