"""A room's bottom row (issue 26 §2): pieces of at least 40 px, the guard first, then his die, the burglars, one token
per kind; a row holding c pieces shows a busier room's first c - 1 and "+N" naming the rest (every row width has its
own "+N"; the browser shows the one that fits), and the room's menu names them all."""

from __future__ import annotations

from assistant.web.table.board_view import FloorView, Room
from assistant.web.table.board_view import Badge
from assistant.web.table.room_cells import CAPACITIES, Cells, folded_here, room_cells


def floor(*rooms: Room, donuts: bool = False) -> FloorView:
    return FloorView(1, 4, list(rooms), None, None, 3, [], 0, [], False, donuts, True)


def burglar(name: str) -> dict[str, str]:
    return {"name": name, "title": f"{name}: 2 Stealth"}


def row(cells: Cells, pieces: list[str], capacity: int) -> tuple[list[str], str]:
    """What a row holding ``capacity`` pieces shows (static/app.css: data-fold, data-cap) and its "+N"."""
    shown = [p for p in pieces if cells.fold.get(p, 0) < capacity]
    more = next((f"+{m.count}" for m in cells.mores if m.capacity == capacity), "")
    return shown, more


def test_two_burglars_fill_the_row_and_nothing_is_folded():
    room = Room(1, "C3", burglars=[burglar("Ann"), burglar("Bob")])
    cells = room_cells(room, floor(room), downstairs=False)
    assert (cells.fold, cells.mores) == ({}, ())


def test_a_busier_room_keeps_the_guard_and_folds_the_rest_into_a_count_that_names_them():
    room = Room(1, "B2", guard=True, die=3, die_title="guard die: destination", burglars=[burglar("Ann")])
    cells = room_cells(room, floor(room), downstairs=False)
    assert cells.fold == {"die": 2, "burglar:Ann": 2}
    assert [(m.capacity, m.count, m.title) for m in cells.mores] == [(2, 2, "guard die: destination, Ann: 2 Stealth")]
    assert cells.everything == "guard, guard die: destination, Ann: 2 Stealth"


def test_a_wider_row_shows_as_many_as_fit_and_one_wide_enough_shows_all():
    room = Room(1, "B2", guard=True, die=3, die_title="die", burglars=[burglar("Ann"), burglar("Bob")], hacks=2)
    cells = room_cells(room, floor(room), downstairs=False)
    pieces = ["guard", "die", "burglar:Ann", "burglar:Bob", "token:hacks"]
    assert row(cells, pieces, 2) == (["guard"], "+4")
    assert row(cells, pieces, 3) == (["guard", "die"], "+3")
    assert row(cells, pieces, 4) == (["guard", "die", "burglar:Ann"], "+2")
    assert row(cells, pieces, 5) == (pieces, "")
    assert [m.title for m in cells.mores][-1] == "Bob: 2 Stealth, 2 hack tokens"


def test_no_row_folds_a_burglar_while_it_shows_a_token():
    room = Room(1, "C3", burglars=[burglar("Ann"), burglar("Bob"), burglar("Cat")], lavatory=2, hacks=1)
    cells = room_cells(room, floor(room), downstairs=True)
    pieces = ["burglar:Ann", "burglar:Bob", "burglar:Cat", "token:downstairs", "token:lavatory", "token:hacks"]
    for capacity in CAPACITIES:
        shown, more = row(cells, pieces, capacity)
        assert shown == pieces[:len(shown)] and (more == "") == (shown == pieces), capacity
        assert len(shown) + bool(more) <= capacity


def test_without_the_guard_the_die_comes_first_then_the_burglars_then_the_tokens():
    room = Room(1, "B3", die=5, die_title="die", burglars=[burglar("Ann")], crow=True, lavatory=3)
    cells = room_cells(room, floor(room), downstairs=True)
    assert [t.kind for t in cells.tokens] == ["crow", "downstairs", "lavatory"]
    assert cells.fold == {"burglar:Ann": 2, "token:crow": 3, "token:downstairs": 4, "token:lavatory": 4}
    assert [(m.capacity, m.count) for m in cells.mores] == [(2, 4), (3, 3), (4, 2)]


def test_each_kind_of_token_is_one_piece_with_its_count():
    room = Room(1, "C2", hacks=2, badges=[Badge("workers", "♟", "2 workers", 2), Badge("crowd", "⁂", "Crowd chip")])
    cells = room_cells(room, floor(room, donuts=True), downstairs=False)
    assert [(t.kind, t.count) for t in cells.tokens] == [("hacks", 2), ("workers", 2), ("crowd", 0)]
    assert cells.mores[0].count == 2  # three kinds: the first, and +2


def test_the_room_menu_names_the_pieces_only_of_a_room_that_folds_some():
    busy = Room(1, "B2", guard=True, die=3, die_title="die", burglars=[burglar("Ann")])
    calm = Room(1, "C3", burglars=[burglar("Bob")])
    floors = [floor(busy, calm)]
    assert folded_here(floors, (1, "B2"), set()) == "guard, die, Ann: 2 Stealth"
    assert folded_here(floors, (1, "C3"), set()) == ""
    assert folded_here(floors, (2, "C3"), set()) == ""
