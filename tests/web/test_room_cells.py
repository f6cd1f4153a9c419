"""A room's bottom row (issue 26 §2): two 40 px pieces, the guard first, then his die, the burglars, one token per
kind; a busier room shows its first piece and "+N" naming the rest, and its menu names them all."""

from __future__ import annotations

from assistant.web.table.board_view import FloorView, Room
from assistant.web.table.pieces import Badge
from assistant.web.table.room_cells import folded_here, room_cells


def floor(*rooms: Room, donuts: bool = False) -> FloorView:
    return FloorView(1, 4, list(rooms), None, None, 3, [], 0, [], False, donuts, True)


def burglar(name: str) -> dict[str, str]:
    return {"name": name, "title": f"{name}: 2 Stealth"}


def test_two_burglars_fill_the_row_and_nothing_is_folded():
    room = Room(1, "C3", burglars=[burglar("Ann"), burglar("Bob")])
    cells = room_cells(room, floor(room), downstairs=False)
    assert (cells.folded, cells.more) == (frozenset(), 0)


def test_a_busier_room_keeps_the_guard_and_folds_the_rest_into_a_count_that_names_them():
    room = Room(1, "B2", guard=True, die=3, die_title="guard die: destination", burglars=[burglar("Ann")])
    cells = room_cells(room, floor(room), downstairs=False)
    assert cells.folded == {"die", "burglar:Ann"} and cells.more == 2
    assert cells.more_title == "guard die: destination, Ann: 2 Stealth"
    assert cells.everything == "guard, guard die: destination, Ann: 2 Stealth"


def test_without_the_guard_the_die_comes_first_then_the_burglars_then_the_tokens():
    room = Room(1, "B3", die=5, die_title="die", burglars=[burglar("Ann")], crow=True, lavatory=3)
    cells = room_cells(room, floor(room), downstairs=True)
    assert [t.kind for t in cells.tokens] == ["crow", "downstairs", "lavatory"]
    assert cells.folded == {"burglar:Ann", "token:crow", "token:downstairs", "token:lavatory"} and cells.more == 4


def test_each_kind_of_token_is_one_piece_with_its_count():
    room = Room(1, "C2", hacks=2, badges=[Badge("workers", "♟", "2 workers", 2), Badge("crowd", "⁂", "Crowd chip")])
    cells = room_cells(room, floor(room, donuts=True), downstairs=False)
    assert [(t.kind, t.count) for t in cells.tokens] == [("hacks", 2), ("workers", 2), ("crowd", 0)]
    assert cells.more == 2  # three kinds: the first, and +2


def test_the_room_menu_names_the_pieces_only_of_a_room_that_folds_some():
    busy = Room(1, "B2", guard=True, die=3, die_title="die", burglars=[burglar("Ann")])
    calm = Room(1, "C3", burglars=[burglar("Bob")])
    floors = [floor(busy, calm)]
    assert folded_here(floors, (1, "B2"), set()) == "guard, die, Ann: 2 Stealth"
    assert folded_here(floors, (1, "C3"), set()) == ""
    assert folded_here(floors, (2, "C3"), set()) == ""
