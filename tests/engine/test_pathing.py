"""Shortest routes and the clockwise tie-break (guard-rules §2, §2.1 worked examples, §2.2 BGA reading)."""

import pytest

from assistant.engine.board import floorplan
from assistant.engine.errors import BoardError
from assistant.engine.pathing import explain, loop_area2, next_step, route, shortest_routes
from assistant.engine.scenarios import random_walls
from tests.engine.helpers import BANK_F1, floor_case, play, position, turn

CARD_A1_WALLS = ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3", "C3-C4", "A4-B4", "C4-D4"]
CARD_C4_WALLS = ["A1-B1", "B1-B2", "D1-D2", "B2-C2", "C2-D2", "A3-B3", "D3-D4", "A4-B4"]
ARRIVE_WALLS = ["A1-B1", "D1-D2", "B2-C2", "C2-D2", "A3-B3", "B3-C3", "B3-B4", "D3-D4"]
RARE_WALLS = ["A1-B1", "B1-B2", "D1-D2", "B2-B3", "C2-C3", "A3-A4", "C3-D3", "B4-C4"]


# -- the rulebook figures (guard-rules §2.1, 1-3) --------------------------------------------------

def test_rulebook_p6_card_a1_guard_goes_west_then_north():
    """guard-rules §2.1 ex.1 (bb1 rulebook p.6, card A1): D3-C3-B3-A3-A2-A1."""
    plan = floorplan(4, walls=CARD_A1_WALLS)
    assert route(plan, "D3", "A1") == ["C3", "B3", "A3", "A2", "A1"]


def test_rulebook_p6_card_a1_has_exactly_two_tied_routes():
    """guard-rules §2.1 ex.1: the figure shows two equally short routes."""
    plan = floorplan(4, walls=CARD_A1_WALLS)
    routes = shortest_routes(plan, "D3", "A1")
    assert sorted(routes) == [["C3", "B3", "A3", "A2", "A1"], ["D2", "C2", "C1", "B1", "A1"]]
    assert explain(plan, "D3", "A1").tied_routes == 2


def test_rulebook_p6_card_c4_guard_goes_right_then_down():
    """guard-rules §2.1 ex.2 (bb1 rulebook p.6, card C4): B3-C3-C4, not B3-B4-C4."""
    plan = floorplan(4, walls=CARD_C4_WALLS)
    assert route(plan, "B3", "C4") == ["C3", "C4"]
    assert next_step(plan, "B3", "C4") == "C3"


def test_rulebook_p5_guard_arrives_draws_and_uses_his_last_move():
    """guard-rules §2.1 ex.3 and 1.5 (bb1 rulebook p.5 figure): B2 to B1, card D1, one step to C1."""
    s = position(floor_case("B2", "B1", 2, walls=ARRIVE_WALLS, patrol=["D1", "A4"]))
    out = play(s, turn())
    assert out.entered() == ["B1", "C1"]
    assert out.drawn() == ["D1"]
    assert (out.floor().guard, out.floor().destination) == ("C1", "D1")
    assert out.floor().deck == ["A4"]


# -- open floor (guard-rules §2.1) ------------------------------------------------------------------

@pytest.mark.parametrize("start, dest, expected", [
    ("A1", "B2", ["B1", "B2"]),  # heading down-right: right first
    ("B1", "A2", ["B2", "A2"]),  # heading down-left: down first
    ("B2", "A1", ["A2", "A1"]),  # heading up-left: left first
    ("A2", "B1", ["A1", "B1"]),  # heading up-right: up first
    ("D4", "A1", ["C4", "B4", "A4", "A3", "A2", "A1"]),
])
def test_open_floor_ties_follow_the_clockwise_loop(start, dest, expected):
    """guard-rules §2.1 open-floor examples: facing the destination he keeps to his left."""
    assert route(floorplan(4), start, dest) == expected


def test_open_floor_long_diagonal_has_twenty_tied_routes():
    """guard-rules §2: D4 to A1 on an open 4x4 floor ties 20 routes (6 choose 3)."""
    assert explain(floorplan(4), "D4", "A1").tied_routes == 20


def test_straight_line_has_no_tie_and_no_fork():
    """guard-rules 1.3: a unique shortest route needs no tie-break."""
    exp = explain(floorplan(4), "A2", "D2")
    assert exp.route == ("B2", "C2", "D2")
    assert exp.tied_routes == 1
    assert exp.forks == ()


def test_one_wall_detour_goes_round_below_clockwise():
    """guard-rules §2.1: one wall B1-C1, A1 to C1 goes A1-B1-B2-C2-C1."""
    assert route(floorplan(4, walls=["B1-C1"]), "A1", "C1") == ["B1", "B2", "C2", "C1"]


def test_bank_floor_one_c3_to_c1_detours_north_then_west():
    """guard-rules §2.1: Bank floor 1, C3 to C1 goes C3-C2-B2-B1-C1, not via D3-D2-D1."""
    assert route(floorplan(4, walls=BANK_F1), "C3", "C1") == ["C2", "B2", "B1", "C1"]


def test_route_is_empty_when_already_on_the_destination():
    """guard-rules 1.3: no step is needed to reach his own square."""
    assert route(floorplan(4), "B2", "B2") == []


def test_route_round_the_empty_square_takes_the_clockwise_side():
    """guard-rules §2 and §3: Fort Knox void C3, C2 to C4 goes east of the hole."""
    plan = floorplan(5, void=["C3"], walls=["A1-B1", "D1-D2", "E3-E4", "A4-A5", "C4-C5"])
    assert route(plan, "C2", "C4") == ["D2", "D3", "D4", "C4"]


# -- the BGA reading (guard-rules §2.2) ------------------------------------------------------------

def test_rare_layout_loop_rule_goes_west():
    """guard-rules §2 (case 11): the loop rule picks C4-C3-B3-A3-A2-B2."""
    assert route(floorplan(4, walls=RARE_WALLS), "C4", "B2") == ["C3", "B3", "A3", "A2", "B2"]


def test_rare_layout_bga_reading_takes_the_other_branch():
    """guard-rules §2.2 (case 12): the BGA compass table picks C4-D4-D3-D2-C2-B2."""
    plan = floorplan(4, walls=RARE_WALLS)
    assert route(plan, "C4", "B2", reading="bga") == ["D4", "D3", "D2", "C2", "B2"]


def test_bga_reading_agrees_with_the_loop_rule_on_the_rulebook_figures():
    """guard-rules §2.2: the BGA reading matches the loop rule on shipped layouts."""
    assert route(floorplan(4, walls=CARD_A1_WALLS), "D3", "A1", reading="bga") == ["C3", "B3", "A3", "A2", "A1"]
    assert route(floorplan(4, walls=CARD_C4_WALLS), "B3", "C4", reading="bga") == ["C3", "C4"]
    assert route(floorplan(4, walls=BANK_F1), "C3", "C1", reading="bga") == ["C2", "B2", "B1", "C1"]


def test_bga_reading_as_a_case_setting_changes_the_guard_walk():
    """guard-rules §2.2: the table setting 'bga' is used by the guard's move."""
    fl = floor_case("C4", "B2", 5, walls=RARE_WALLS, patrol=["D1"])
    assert play(position(fl, tiebreak="bga"), turn()).entered() == ["D4", "D3", "D2", "C2", "B2"]
    assert play(position(fl), turn()).entered() == ["C3", "B3", "A3", "A2", "B2"]


def test_bga_explanation_names_bearing_and_direction_pair():
    """guard-rules §2.2: the app must say which reading decided the fork and why."""
    exp = explain(floorplan(4, walls=RARE_WALLS), "C4", "B2", reading="bga")
    fork = exp.forks[0]
    assert fork.at == "C4" and fork.reading == "bga"
    assert fork.chosen == "D4"
    assert fork.pair == "RU"
    assert fork.bearing == "LU"


def test_unknown_tie_break_reading_is_refused():
    """guard-rules §2.2: only the loop rule and the BGA reading exist."""
    with pytest.raises(BoardError, match="unknown tie-break reading"):
        route(floorplan(4), "A1", "B2", reading="fan")


# -- the explanation object ---------------------------------------------------------------------------

def test_explanation_names_chosen_and_rejected_branch_of_card_a1():
    """guard-rules §2 point 2: the fork at D3, branches C3 and D2, the loop decides C3."""
    exp = explain(floorplan(4, walls=CARD_A1_WALLS), "D3", "A1")
    assert exp.route == ("C3", "B3", "A3", "A2", "A1")
    assert exp.distance == 5
    assert len(exp.forks) == 1
    fork = exp.forks[0]
    assert fork.at == "D3"
    assert fork.chosen == "C3"
    assert sorted(b.first for b in fork.branches) == ["C3", "D2"]
    rejected = [b for b in fork.branches if b.first != fork.chosen]
    assert [b.first for b in rejected] == ["D2"]
    assert rejected[0].route == ("D2", "C2", "C1", "B1", "A1")
    assert fork.meet == "A1"
    assert fork.loops[0][0] == "D2" and fork.loops[0][1] > 0


def test_explanation_as_dict_is_plain_data_for_the_app():
    """guard-rules §2: the explanation is shown to the table (JSON-ready)."""
    d = explain(floorplan(4, walls=CARD_A1_WALLS), "D3", "A1").as_dict()
    assert d["route"] == ["C3", "B3", "A3", "A2", "A1"]
    assert d["forks"][0]["chosen"] == "C3"
    assert d["forks"][0]["loops"][0]["against"] == "D2"
    assert d["forks"][0]["loops"][0]["area2"] > 0


def test_guard_step_log_carries_the_fork_explanation():
    """guard-rules §2: each step at a fork records why that branch was chosen."""
    s = position(floor_case("D3", "A1", 1, walls=CARD_A1_WALLS, patrol=["C4"]))
    step = play(s, turn()).of_kind("enter")[0]
    assert step.square == "C3"
    assert step.data["fork"]["chosen"] == "C3"
    assert {b["first"] for b in step.data["fork"]["branches"]} == {"C3", "D2"}


def test_clockwise_loop_has_positive_shoelace_sum():
    """guard-rules §2 point 2: y points down, so a clockwise loop on the board sums positive."""
    plan = floorplan(4)
    clockwise = [plan.index[n] for n in ("A1", "B1", "B2", "A2")]
    assert loop_area2(plan, clockwise) == 2
    assert loop_area2(plan, clockwise[::-1]) == -2


# -- general properties on random legal layouts -------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_route_is_a_shortest_walk_through_open_doors(seed):
    """guard-rules 1.3: one room at a time, no walls, shortest length."""
    plan = floorplan(4, walls=random_walls(4, seed=seed))
    for start in ("A1", "D1", "B3"):
        for dest in ("D4", "A4", "C2"):
            rooms = route(plan, start, dest)
            assert len(rooms) == plan.distance(start, dest)
            here = start
            for room in rooms:
                assert plan.open_between(here, room)
                here = room
            assert here == dest
