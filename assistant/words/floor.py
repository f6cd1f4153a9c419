"""One floor in words (issue 35 §6), for a player who cannot see the board: the rooms turned up, where each burglar
and the guard stand, his die, the alarms and the walls beside each burglar, in the reader's language. Read from the
state as every device sees it: a room not turned up is only counted as face down, and nothing here reads a deck.

>>> from assistant.engine.bb1.setup import new_game
>>> from assistant.engine.rulesets import RULEBOOKS
>>> state = new_game("bank", [{"name": "Ann"}])
>>> describe_floor(state, 2, RULEBOOKS["bb1"])[:2]
['Floor 2 of 3.', 'Every room is face down.']
"""

from __future__ import annotations

from ..engine.board import square_coords, square_name
from ..engine.rulesets import Rulebook
from ..engine.state import GameState
from .i18n import N_, _, ngettext
from .names import room_name

# a row's and a column's names: the first, second, third, fourth, last, and the middle one of five
ROWS = (N_("top row"), N_("second row"), N_("third row"), N_("fourth row"), N_("bottom row"), N_("middle row"))
COLUMNS = (N_("left column"), N_("second column"), N_("third column"), N_("fourth column"), N_("right column"),
           N_("middle column"))
# the sides of a room as the board lies on the table, in the order a sentence names them: (column, row) steps
SIDES = ((0, -1, N_("above")), (1, 0, N_("to the right")), (0, 1, N_("below")), (-1, 0, N_("to the left")))


def _line(index: int, size: int, names: tuple[str, ...]) -> str:
    """A row's or column's name: first, last and middle in words, the others counted ("second row")."""
    last, middle = 4, 5
    at = last if index == size - 1 else middle if size % 2 and index == size // 2 and index else index
    return _(names[at])


def place(square: str, size: int) -> str:
    """A square with its row and column in words: "B2, second row, second column"."""
    col, row = square_coords(square, size)
    return _("%(square)s, %(row)s, %(column)s", square=square, row=_line(row, size, ROWS),
             column=_line(col, size, COLUMNS))


def walls_beside(state: GameState, floor: int, square: str) -> list[str]:
    """The sides of ``square`` a wall closes (the floor's edge and Fort Knox's empty square are not walls)."""
    plan = state.plan(floor)
    col, row = square_coords(square, state.size)
    sides = []
    for dc, dr, side in SIDES:
        c, r = col + dc, row + dr
        if 0 <= c < state.size and 0 <= r < state.size:
            other = square_name(c, r)
            if other not in state.void and not plan.open_between(square, other):
                sides.append(_(side))
    return sides


def _rooms(state: GameState, floor: int) -> list[str]:
    fl = state.floors[floor]
    up = [sq for sq in plan_order(state) if sq in fl.tiles]
    lines = []
    for sq in up:
        name = room_name(fl.tiles[sq])
        if sq in fl.numbers:
            name = _("%(room)s, number %(number)s", room=name, number=fl.numbers[sq])
        lines.append(_("Face up: %(place)s: %(room)s.", place=place(sq, state.size), room=name))
    down = len(plan_order(state)) - len(up)
    if not up:
        return [_("Every room is face down.")]
    if down:
        lines.append(ngettext("%(num)s room face down.", "%(num)s rooms face down.", down))
    return lines


def plan_order(state: GameState) -> list[str]:
    """The floor's rooms in reading order, row by row (the empty square left out)."""
    return [square_name(c, r) for r in range(state.size) for c in range(state.size)
            if square_name(c, r) not in state.void]


def _crew(state: GameState, floor: int) -> list[str]:
    here = [(name, b.at) for name, b in state.crew.items() if b.floor == floor and b.at and not b.escaped]
    if not here:
        return [_("No burglar on this floor.")]
    lines = []
    for name, at in here:
        lines.append(_("%(who)s is in %(place)s.", who=name, place=place(at, state.size)))
        sides = walls_beside(state, floor, at)
        lines.append(_("Walls beside %(who)s: %(sides)s.", who=name, sides=", ".join(sides)) if sides else
                     _("No wall beside %(who)s.", who=name))
    return lines


def _figure(state: GameState, floor: int, book: Rulebook) -> list[str]:
    fl, game = state.floors[floor], book.rules
    figure = _(game.figure)
    if fl.lost:
        return [_("The %(figure)s is off the board until he next moves (Lost Visual).", figure=figure)]
    if fl.guard is None:
        return [_("No %(figure)s on this floor yet.", figure=figure)]
    lines = [_("The %(figure)s is in %(place)s.", figure=figure, place=place(fl.guard, state.size))]
    if fl.destination is not None and game.uses_die:
        lines.append(_("His die shows %(n)s, on %(place)s.", n=fl.die, place=place(fl.destination, state.size)))
    elif fl.destination is not None:
        lines.append(_("His destination marker is on %(place)s.", place=place(fl.destination, state.size)))
    return lines


def _alarms(state: GameState, floor: int) -> list[str]:
    alarms = state.floors[floor].alarms
    if not alarms:
        return [_("No alarm on this floor.")]
    squares = sorted(set(alarms), key=plan_order(state).index)
    # Burgle Bros 3 puts a cube a time on a room: a room with more says how many
    places = [place(sq, state.size) if alarms.count(sq) == 1 else
              _("%(place)s, %(num)s cubes", place=place(sq, state.size), num=alarms.count(sq)) for sq in squares]
    return [ngettext("%(num)s alarm: %(places)s.", "%(num)s alarms: %(places)s.", len(squares),
                     places="; ".join(places))]


def describe_floor(state: GameState, floor: int, book: Rulebook) -> list[str]:
    """The floor in sentences: which floor, its rooms face up, the crew on it and the walls beside each, the guard
    and his die, the alarms."""
    return [_("Floor %(n)s of %(floors)s.", n=floor, floors=len(state.floors)), *_rooms(state, floor),
            *_crew(state, floor), *_figure(state, floor, book), *_alarms(state, floor)]
