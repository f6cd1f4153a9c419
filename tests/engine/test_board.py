"""Board geometry: square names, walls, reachability, Fort Knox's empty square, the die range."""

import pytest

from assistant.engine.board import floorplan, normalize_wall, square_coords, square_name
from assistant.engine.cases import run_case, state_from_case
from assistant.engine.errors import BoardError, RulesError
from tests.engine.helpers import BANK_F1, case, floor_case

# -- square names ---------------------------------------------------------------------------------

def test_top_left_room_is_a1_and_columns_are_letters():
    """guard-rules intro: columns A-D left to right, rows 1-4 top to bottom."""
    assert square_name(0, 0) == "A1"
    assert square_name(3, 0) == "D1"
    assert square_name(0, 3) == "A4"
    assert square_coords("C2", 4) == (2, 1)
    assert square_coords("E5", 5) == (4, 4)


def test_lower_case_square_name_is_read_as_upper_case():
    """guard-rules intro: a square is a column letter and a row number."""
    assert square_coords("b3", 4) == (1, 2)


def test_square_off_a_4x4_board_is_refused_with_the_board_range():
    """guard-rules intro: a 4x4 floor runs A1-D4 only."""
    with pytest.raises(BoardError, match=r"E1 is off the board.*A1 to D4"):
        square_coords("E1", 4)
    with pytest.raises(BoardError, match=r"A5 is off the board"):
        square_coords("A5", 4)


@pytest.mark.parametrize("bad", ["B", "B22", "Z1", "B0", "", 7])
def test_malformed_square_name_is_refused(bad):
    """guard-rules intro: square names are a letter A-E and a digit 1-5."""
    with pytest.raises(BoardError, match="not a square name"):
        square_coords(bad, 5)


# -- walls ----------------------------------------------------------------------------------------

def test_wall_is_spelled_in_board_order_whichever_way_it_is_written():
    """guard-rules intro: a wall is named by the two rooms it separates."""
    assert normalize_wall("B2-B1", 4) == "B1-B2"
    assert normalize_wall("B2-A2", 4) == "A2-B2"
    assert normalize_wall("c3-c4", 4) == "C3-C4"


def test_wall_between_rooms_that_are_not_neighbours_names_both_rooms():
    """guard-rules §4: walls stand only between two neighbouring rooms."""
    with pytest.raises(BoardError, match=r"A1-C1: A1 and C1 are not neighbouring"):
        floorplan(4, walls=["A1-C1"])
    with pytest.raises(BoardError, match=r"A1 and B2 are not neighbouring"):
        floorplan(4, walls=["A1-B2"])


def test_wall_text_without_two_rooms_is_refused():
    """guard-rules intro: a wall is written ROOM-ROOM."""
    with pytest.raises(BoardError, match="is not a wall"):
        floorplan(4, walls=["A1"])


def test_wall_blocks_the_step_both_ways_but_not_the_rooms_touching():
    """bb1 rulebook setup: rooms with a wall between them are not adjacent."""
    plan = floorplan(4, walls=["A1-B1"])
    assert plan.adjacent("A1") == ["A2"]
    assert "A1" not in plan.adjacent("B1")
    assert plan.open_between("A1", "A2") and not plan.open_between("B1", "A1")
    assert sorted(plan.touching("A1")) == ["A2", "B1"]


def test_walking_distance_goes_round_walls():
    """guard-rules 1.3: distance counts steps, no diagonals, no walls."""
    plan = floorplan(4, walls=["A1-B1"])
    assert plan.distance("A1", "B1") == 3
    assert floorplan(4).distance("A1", "D4") == 6


def test_bank_floor_one_has_every_room_reachable():
    """guard-rules §4: a default layout leaves no room shut off."""
    plan = floorplan(4, walls=BANK_F1)
    assert plan.cut_off() == []
    assert len(plan.walls) == 8


def test_walls_shutting_a_room_off_are_refused_naming_the_room():
    """guard-rules §4: every room must be reachable."""
    with pytest.raises(BoardError) as err:
        floorplan(4, walls=["A1-B1", "A1-A2"])
    assert "A1" in str(err.value)


def test_walls_cutting_the_floor_in_two_name_the_rooms_shut_off():
    """guard-rules §4: a wall line across the floor is not a legal layout."""
    with pytest.raises(BoardError, match=r"shut A3, B3, C3, D3, A4, B4, C4, D4 off"):
        floorplan(4, walls=["A2-A3", "B2-B3", "C2-C3", "D2-D3"])


def test_cut_off_rooms_are_listed_when_the_check_is_skipped():
    """guard-rules §4: cut_off() reports the unreachable rooms."""
    plan = floorplan(4, walls=["D3-D4", "C4-D4"], connected=False)
    assert plan.cut_off() == ["D4"]


def test_floor_size_other_than_4_or_5_is_refused():
    """guard-rules §3: floors are 4x4 or 5x5."""
    with pytest.raises(BoardError, match="4x4 or 5x5"):
        floorplan(3)


# -- Fort Knox's empty square -----------------------------------------------------------------------

def test_empty_square_is_not_a_room_and_blocks_steps():
    """guard-rules §3: Fort Knox has one empty square, acting as walls."""
    plan = floorplan(5, void=["C3"])
    assert len(plan.rooms) == 24
    assert "C3" not in plan.rooms
    assert "C3" not in plan.adjacent("C2")
    assert sorted(plan.adjacent("C2")) == ["B2", "C1", "D2"]
    assert plan.distance("C2", "C4") == 4


def test_nothing_can_stand_on_the_empty_square():
    """guard-rules §3: the empty square holds no room."""
    with pytest.raises(BoardError, match="C3 is the empty square"):
        floorplan(5, void=["C3"]).check("C3")


def test_wall_against_the_empty_square_is_refused():
    """guard-rules §3: the empty square is already a wall all round."""
    with pytest.raises(BoardError, match=r"touches the empty square C3"):
        floorplan(5, void=["C3"], walls=["C2-C3"])


def test_case_with_guard_on_the_empty_square_is_refused():
    """guard-rules §3: no guard on the empty square."""
    c = case(floor_case("C3", "A1"), size=5, void=["C3"])
    out = run_case(c)
    assert "C3 is the empty square" in out["error"]


# -- the die and bad cases ------------------------------------------------------------------------

@pytest.mark.parametrize("die", [1, 6])
def test_die_from_one_to_six_is_accepted(die):
    """guard-rules 1.2/1.11: the guard die shows 1 to 6."""
    assert state_from_case(case(floor_case("A1", "B1", die))).floors[1].die == die


@pytest.mark.parametrize("die", [0, 7, True, "3"])
def test_die_outside_one_to_six_is_refused_naming_the_value(die):
    """guard-rules 1.11: the die never shows more than 6 (nor less than 1)."""
    with pytest.raises(BoardError, match=r"floor 1: the die shows"):
        state_from_case(case(floor_case("A1", "B1", die)))


def test_bad_case_is_reported_as_an_error_line_naming_the_culprit():
    """conformance FORMAT: a rejected case prints {"id", "error"} and no traceback."""
    out = run_case(case(floor_case("E1", "B1")))
    assert set(out) == {"id", "error"}
    assert "E1" in out["error"] and "guard" in out["error"]
    assert "A1-C1" in run_case(case(floor_case("A1", "B1", walls=["A1-C1"])))["error"]


def test_two_alarm_tokens_in_one_room_are_refused():
    """guard-rules 1.9: at most one alarm token per square."""
    with pytest.raises(BoardError, match="at most one alarm"):
        state_from_case(case(floor_case("A1", "B1", alarms=["C2", "C2"])))


def test_alarm_under_the_guard_in_a_case_is_refused():
    """guard-rules 1.9: there is never an alarm on the guard's square."""
    with pytest.raises(BoardError, match="guard's square A1"):
        state_from_case(case(floor_case("A1", "B1", alarms=["A1"])))


def test_board_errors_are_rules_errors():
    """engine contract: every refusal is a RulesError (ValueError) with a message."""
    assert issubclass(BoardError, RulesError) and issubclass(RulesError, ValueError)
