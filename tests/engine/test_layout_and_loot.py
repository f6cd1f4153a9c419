"""Laying out a whole floor's walls before the break-in (guard-rules §4) and carrying loot that acts
on guards (the Tiara, §1.17)."""

import pytest

from assistant.engine.actions import apply
from assistant.engine.board import floorplan
from assistant.engine.errors import IllegalActionError, MalformedActionError
from assistant.engine.bb1.setup import new_game
from assistant.engine.scenarios import BANK_WALLS
from tests.engine.helpers import burglar, floor_case, play, position

CREW = [{"name": "Ann"}, {"name": "Bob"}]


def bank(**kwargs):
    return new_game("bank", CREW, seed=5, **kwargs)


def test_a_random_layout_has_the_jobs_wall_count_and_every_room_reachable():
    out = apply(bank(), {"do": "layout", "kind": "random", "seed": 11})
    for fl in out.state.floors.values():
        assert len(fl.walls) == 8
        assert floorplan(4, [], fl.walls).cut_off() == []
    assert [e.kind for e in out.log] == ["layout"]


def test_the_same_seed_deals_the_same_walls_and_another_seed_others():
    one = apply(bank(), {"do": "layout", "kind": "random", "seed": 11}).state
    again = apply(bank(), {"do": "layout", "kind": "random", "seed": 11}).state
    other = apply(bank(), {"do": "layout", "kind": "random", "seed": 12}).state
    assert [f.walls for f in one.floors.values()] == [f.walls for f in again.floors.values()]
    assert [f.walls for f in one.floors.values()] != [f.walls for f in other.floors.values()]


def test_the_printed_layout_comes_back_and_none_clears_every_floor():
    random = apply(bank(), {"do": "layout", "kind": "random", "seed": 3}).state
    printed = apply(random, {"do": "layout", "kind": "printed"}).state
    assert [f.walls for f in printed.floors.values()] == [tuple(sorted(w)) for w in BANK_WALLS]
    cleared = apply(printed, {"do": "layout", "kind": "none"}).state
    assert all(f.walls == () for f in cleared.floors.values())


def test_fort_knox_random_walls_keep_clear_of_the_empty_square():
    walls = [[] for _ in range(2)]
    s = new_game("fort_knox", CREW, void=["C3"], walls=walls, seed=2)
    out = apply(s, {"do": "layout", "kind": "hard", "seed": 9}).state
    for fl in out.floors.values():
        assert len(fl.walls) == 12 and not any("C3" in w for w in fl.walls)


@pytest.mark.parametrize("action, words", [
    ({"do": "layout", "kind": "printed"}, "no printed wall layout"),
    ({"do": "layout", "kind": "random"}, "needs a whole-number 'seed'"),
])
def test_bad_layouts_are_refused_with_the_reason(action, words):
    s = new_game("fort_knox", CREW, void=["C3"], walls=[[], []], seed=2)
    with pytest.raises(IllegalActionError, match=words):
        apply(s, action)


def test_a_layout_of_no_known_kind_is_not_an_action():
    s = new_game("fort_knox", CREW, void=["C3"], walls=[[], []], seed=2)
    with pytest.raises(MalformedActionError, match="'kind' must be one of printed, random, hard, none, not 'sideways'"):
        apply(s, {"do": "layout", "kind": "sideways"})


def test_after_the_break_in_the_layout_cannot_be_swapped():
    started = apply(bank(), {"do": "start"}).state
    with pytest.raises(IllegalActionError, match="only before the break-in"):
        apply(started, {"do": "layout", "kind": "none"})


def test_the_tiara_is_taken_and_put_down():
    s = position(floor_case("A1", "D1", 2), crew={"Ann": burglar("C3")})
    taken = apply(s, {"do": "loot", "who": "Ann", "kind": "Tiara", "on": True}).state
    assert taken.crew["Ann"].loot == ("tiara",)
    assert apply(taken, {"do": "loot", "who": "Ann", "kind": "tiara", "on": True}).state.crew["Ann"].loot == ("tiara",)
    assert apply(taken, {"do": "loot", "who": "Ann", "kind": "tiara", "on": False}).state.crew["Ann"].loot == ()


def test_carrying_the_tiara_next_to_the_guard_costs_stealth():
    """guard-rules 1.17: the holder loses 1 Stealth moving into a room next to a guard."""
    s = position(floor_case("A1", "D4", 2), crew={"Ann": burglar("C1")})
    out = play(s, {"do": "loot", "who": "Ann", "kind": "tiara"}, {"do": "move", "who": "Ann", "floor": 1, "to": "B1"})
    assert out.stealth("Ann") == 2


def test_loot_needs_a_name_and_a_burglar():
    s = position(floor_case("A1", "D1", 2), crew={"Ann": burglar("C3")})
    with pytest.raises(MalformedActionError, match="'kind': no loot card is called '': bust, chihuahua"):
        apply(s, {"do": "loot", "who": "Ann", "kind": " "})
    with pytest.raises(IllegalActionError, match=r"Nobody called|nobody called"):
        apply(s, {"do": "loot", "who": "Zed", "kind": "tiara"})
