"""Burgle Bros 2 bouncers and Burgle Bros 3 guards: the same guard loop with their own rules
(guard-rules.md §6-7; bb2 rulebook "Bouncer's Turn", "Hunting", "Commotions"; bb3 rulebook
"Turn Order and Guard Turns", "Alarms and Suspicion", "Workers")."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.cases import state_from_case
from assistant.engine.errors import IllegalActionError
from tests.engine.helpers import alarm, case, floor_case, move, play, turn


def game(rules: str, fl: dict[str, Any], crew: dict[str, dict] | None = None, **extra: Any):
    spec = case(fl, crew=crew)
    spec["rules"] = rules
    spec["floors"]["1"].update(extra)
    return state_from_case(spec)


def heat(at: str, value: int = 0) -> dict[str, Any]:
    return {"floor": 1, "at": at, "heat": value}


# -- Burgle Bros 2 ---------------------------------------------------------------------------------

def test_bouncer_moves_three_whatever_his_die():
    """bb2 Bouncer's Turn: always 3 spaces."""
    out = play(game("bb2", floor_case("A1", "D4", die=6, patrol=["A1"])), turn())
    assert out.entered() == ["B1", "C1", "D1"]


def test_bouncer_entry_gives_two_heat_to_each_player_and_he_walks_on():
    """bb2 Bouncer's Turn: each player in a room he enters gains 2 heat; he does not stop."""
    out = play(game("bb2", floor_case("A1", "D1", patrol=["D4"]), {"ana": heat("B1", 1), "bo": heat("B1")}), turn())
    assert out.entered() == ["B1", "C1", "D1"]
    assert (out.state.crew["ana"].heat, out.state.crew["bo"].heat) == (3, 2)


def test_hunting_example_of_the_rulebook_spends_the_last_two_moves_on_the_player():
    """bb2 Hunting example: he reaches his destination with an empty deck and walks his last 2 moves
    to the player 2 rooms away, who gains heat."""
    out = play(game("bb2", floor_case("B1", "B2", patrol=[]), {"ana": heat("B4")}), turn())
    assert out.entered() == ["B2", "B3", "B4"]
    assert out.floor().destination is None
    assert out.state.crew["ana"].heat == 2


def test_hunting_bouncer_stops_when_he_reaches_a_player():
    """bb2 Hunting: he stops in the first room with players, even with moves left."""
    out = play(game("bb2", floor_case("A1", None, patrol=[]), {"ana": heat("A2")}), turn())
    assert out.entered() == ["A2"]
    assert out.state.crew["ana"].heat == 2


def test_hunting_tie_between_players_is_the_tables_choice():
    """bb2 Hunting: equally near players, the players choose."""
    state = game("bb2", floor_case("B2", None, patrol=[]), {"ana": heat("B4"), "bo": heat("D2")})
    asked = play(state, turn())
    assert asked.question["options"] == ["B4", "D2"]
    out = play(state, turn(), answers=["D2"])
    assert out.entered() == ["C2", "D2"]
    assert out.state.crew["bo"].heat == 2


def test_hunting_bouncer_with_nobody_on_his_floor_stays():
    """guard-rules §6 ruling: no player on his floor, a hunting bouncer stays where he is."""
    out = play(game("bb2", floor_case("B2", None, patrol=[])), turn())
    assert out.entered() == []
    assert out.floor().guard == "B2"


def test_distracted_card_lets_the_players_pick_an_even_room_but_not_his_own():
    """bb2 Distracted; §6 ruling: the bouncer's own room is not offered."""
    state = game("bb2", floor_case("A1", "B1", patrol=["distracted"]), even=["B1", "C4", "D2"])
    out = play(state, turn())
    assert out.question["options"] == ["D2", "C4"]  # board order


def test_commotion_pulls_the_bouncer_one_step_at_once():
    """bb2 Commotions: the destination moves there and he steps 1 immediately."""
    out = play(game("bb2", floor_case("A1", "A4", patrol=["C3"])), {"do": "commotion", "floor": 1, "at": "D1"})
    assert out.entered() == ["B1"]
    assert out.floor().destination == "D1"


def test_newest_commotion_wins():
    """bb2 Commotions: only the newest commotion counts."""
    out = play(game("bb2", floor_case("A1", "A4", patrol=["C3"])),
               {"do": "commotion", "floor": 1, "at": "D1"}, {"do": "commotion", "floor": 1, "at": "B4"})
    assert out.floor().destination == "B4"
    assert out.entered() == ["B1", "B2"]


def test_commotion_is_a_bb2_thing_only():
    """guard-rules §6: commotions do not exist in Burgle Bros (1)."""
    with pytest.raises(IllegalActionError, match="Burgle Bros 2"):
        play(game("bb1", floor_case("A1", "A4")), {"do": "commotion", "floor": 1, "at": "D1"})


def test_surveillance_counts_bouncer_visits_and_heats_the_floor_on_the_fourth():
    """bb2 Surveillance: a cube per entry; at 4 every player on the floor gains 2 heat and cubes reset."""
    state = game("bb2", floor_case("A1", "C1", patrol=["D4"], tiles={"B1": "surveillance"}),
                 {"ana": heat("D4")}, cubes={"B1": 2})
    out = play(state, turn())
    assert out.floor().cubes == {"B1": 3}
    assert out.state.crew["ana"].heat == 0


def test_crows_nest_heats_neighbours_even_through_walls():
    """bb2 Crow's Nest: adjacent players gain 1 heat when he enters, walls or not."""
    state = game("bb2", floor_case("A2", "B2", walls=["B2-C2"], patrol=["D4"], tiles={"B2": "crows-nest"}),
                 {"ana": heat("C2"), "bo": heat("D4")})
    out = play(state, turn())
    assert (out.state.crew["ana"].heat, out.state.crew["bo"].heat) == (1, 0)


def test_walking_into_the_bouncers_room_gives_two_heat():
    """§1.22 bb2: a player walking into the bouncer's room gains 2 heat, as when he enters theirs (a ruling:
    the seed lacks that page)."""
    state = game("bb2", floor_case("B1", "D1", patrol=["D4"]), {"ana": heat("A1")})
    out = play(state, {"do": "move", "who": "ana", "floor": 1, "to": "B1"})
    assert out.state.crew["ana"].heat == 2
    assert [e.ruling for e in out.log if e.kind == "heat"] == [True]


def test_a_crowd_chip_does_not_cover_for_a_hunting_bouncer_who_starts_his_turn_there():
    """§1.22 bb2 Crowd: it protects only when a bouncer enters; a hunting bouncer starting his turn in the
    room still gives 2 heat, and the chip stays."""
    state = game("bb2", floor_case("B1", None, patrol=[]), {"ana": heat("B1")}, crowd=["B1"])
    out = play(state, turn())
    assert out.state.crew["ana"].heat == 2 and out.floor().crowd == ("B1",)


def test_crowd_chip_spares_the_players_once_then_is_discarded():
    """bb2 Crowd chip: no heat the first time, the chip goes away."""
    state = game("bb2", floor_case("A1", "D1", patrol=["D4"]), {"ana": heat("B1")}, crowd=["B1"])
    out = play(state, turn())
    assert out.state.crew["ana"].heat == 0
    assert out.floor().crowd == ()


def test_six_heat_loses_the_game():
    """bb2: a player reaching 6 heat loses it for the team."""
    out = play(game("bb2", floor_case("A1", "D1", patrol=["D4"]), {"ana": heat("B1", 5)}), turn())
    assert out.state.outcome == "caught"
    assert out.floor().guard == "B1"


def test_a_player_exiting_makes_that_floors_bouncer_skip_exactly_one_move():
    """§1.22 bb2 (bb2 "Completing the Finale"): the bouncer skips the move after the exiting player's
    turn, and only that one: the next player's turn moves him again (it used to be skipped too)."""
    out = play(game("bb2", floor_case("A1", "D1", patrol=["D4"]), {"ana": heat("B4"), "bo": heat("B1")}),
               {"do": "escape", "who": "ana"}, {"do": "end_turn"}, {"do": "end_turn"})
    assert out.entered() == ["B1", "C1", "D1"]
    assert out.state.crew["bo"].heat == 2


def test_distracted_with_one_even_room_sends_the_bouncer_there_without_asking():
    """§1.22 bb2 Distracted: with one even-numbered room there is nothing to choose."""
    case = floor_case("A1", "A2", patrol=["distracted"])
    case["even"] = ["D4"]
    out = play(game("bb2", case, {"ana": heat("D1")}), turn())
    assert out.question is None and out.floor().destination == "D4"


# -- Burgle Bros 3 ---------------------------------------------------------------------------------

def test_bb3_speed_counts_every_alarm_cube():
    """bb3 Guard Turns: die + 1 per alarm cube, two cubes on one square count twice."""
    out = play(game("bb3", floor_case("A1", "D4", die=1, alarms=["D4", "D4", "C1"], patrol=["A1"])), turn())
    assert len(out.entered()) == 4


def test_bb3_new_alarm_takes_the_die_only_when_strictly_nearer():
    """bb3 Alarms: equal distance keeps the current alarm destination."""
    state = game("bb3", floor_case("A1", "B2", alarms=["B2"]))
    assert play(state, alarm("C1")).floor().destination == "B2"
    assert play(state, alarm("B1")).floor().destination == "B1"


def test_bb3_alarm_under_the_guard_becomes_suspicion_and_three_raise_the_die():
    """bb3 Alarms and Suspicion: an alarm on his square is suspicion; the 3rd cube turns the die up."""
    state = game("bb3", floor_case("B2", "D4", die=3), suspicion=2)
    out = play(state, alarm("B2"))
    assert (out.floor().suspicion, out.floor().die, out.floor().alarms) == (0, 4, ())


def test_bb3_worker_absorbs_the_cubes_instead_of_suspicion():
    """bb3 Workers: cubes and one worker return to the supply."""
    state = game("bb3", floor_case("A1", "B1", alarms=["B1", "B1"], patrol=["D4"]), workers={"B1": 1})
    out = play(state, turn())
    assert (out.floor().suspicion, out.floor().workers) == (0, {})


def test_bb3_disguised_burglar_walks_into_the_guard_for_free():
    """bb3 Guard Turns: geared loses 1 Stealth moving into the guard, disguised does not."""
    spec = case(floor_case("B2", "D4"), crew={"ana": {"floor": 1, "at": "B1", "stealth": 3, "geared": False}})
    spec["rules"] = "bb3"
    out = play(state_from_case(spec), move("ana", "B2"))
    assert out.stealth("ana") == 3


def test_bb3_worker_card_adds_a_worker_and_draws_again():
    """bb3 Workers: a worker card is resolved, then the next card is drawn."""
    out = play(game("bb3", floor_case("A1", "B1", patrol=["worker", "worker", "C4"])), turn())
    assert out.floor().workers == {"B1": 2}
    assert out.floor().destination == "C4"
