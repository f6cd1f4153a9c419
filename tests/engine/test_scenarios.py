"""The three jobs, default and random wall layouts, new games, and turn order (guard-rules §3, §4, 1.1)."""

import pytest

from assistant.engine.actions import apply
from assistant.engine.board import floorplan
from assistant.engine.errors import BoardError
from assistant.engine.bb1.setup import new_game
from assistant.engine.scenarios import SCENARIOS, inner_walls, random_walls
from tests.engine.helpers import (
    BANK_F1,
    BANK_F2,
    BANK_F3,
    OFFICE_F1,
    OFFICE_F2,
    burglar,
    event,
    floor_case,
    play,
    position,
)

CREW = [{"name": "ana"}, {"name": "bo"}, {"name": "cy"}]


def crew(n):
    return [{"name": name} for name in ("ana", "bo", "cy", "di", "ed")[:n]]


# -- the jobs (guard-rules §3, 1.12) ------------------------------------------------------------------------

def test_office_job_has_two_4x4_floors_with_dice_2_and_3():
    """guard-rules §3 and 1.12: Office Job 2 floors, dice 2/3."""
    job = SCENARIOS["office"]
    assert (job.floors, job.size, job.dice) == (2, 4, (2, 3))


def test_bank_job_has_three_4x4_floors_with_dice_2_3_4():
    """guard-rules §3 and 1.12: Bank Job 3 floors, dice 2/3/4."""
    job = SCENARIOS["bank"]
    assert (job.floors, job.size, job.dice) == (3, 4, (2, 3, 4))


def test_fort_knox_has_two_5x5_floors_with_dice_3_and_4_and_no_printed_walls():
    """guard-rules §3, §4 and 1.12: Fort Knox 2 floors 5x5, dice 3/4, players place 12 walls."""
    job = SCENARIOS["fort_knox"]
    assert (job.floors, job.size, job.dice, job.walls) == (2, 5, (3, 4), None)
    assert job.walls_per_floor == 12


@pytest.mark.parametrize("key, expected", [("bank", [BANK_F1, BANK_F2, BANK_F3]), ("office", [OFFICE_F1, OFFICE_F2])])
def test_default_walls_match_the_printed_layouts(key, expected):
    """guard-rules §4: the printed default layouts."""
    assert [sorted(w) for w in SCENARIOS[key].walls] == [sorted(w) for w in expected]


@pytest.mark.parametrize("key", ["bank", "office"])
def test_default_walls_are_legal_with_eight_per_floor(key):
    """guard-rules §4: walls only between rooms, every room reachable, 8 per 4x4 floor."""
    for walls in SCENARIOS[key].walls:
        plan = floorplan(4, walls=walls)
        assert len(plan.walls) == 8
        assert plan.cut_off() == []


@pytest.mark.parametrize("key, dice", [("office", [2, 3]), ("bank", [2, 3, 4])])
def test_new_game_sets_the_starting_dice(key, dice):
    """guard-rules 1.12: starting dice per job."""
    s = new_game(key, CREW)
    assert [s.floors[n].die for n in sorted(s.floors)] == dice


def test_new_fort_knox_game_has_24_card_decks_and_dice_3_4():
    """guard-rules §3 ruling: one card per room of the 5x5 floor minus the empty square."""
    walls = [random_walls(5, void=["C3"], seed=1), random_walls(5, void=["C3"], seed=2)]
    s = new_game("fort_knox", crew(4), void=["c3"], walls=walls)
    assert s.void == ("C3",)
    assert [s.floors[1].die, s.floors[2].die] == [3, 4]
    for n in (1, 2):
        cards = [*s.floors[n].deck, *s.floors[n].unseen]
        assert len(cards) == 24
        assert "C3" not in cards


@pytest.mark.parametrize("players, in_deck", [(1, 7), (2, 10), (3, 13), (4, 16)])
def test_new_game_sets_cards_aside_unseen_for_the_crew_size(players, in_deck):
    """guard-rules 1.11: 9/6/3/0 of the 16 cards set aside for 1/2/3/4 players, on every floor."""
    s = new_game("bank", crew(players))
    assert s.players == players
    for fl in s.floors.values():
        assert len(fl.deck) == in_deck
        assert len(fl.unseen) == 16 - in_deck
        assert sorted([*fl.deck, *fl.unseen]) == sorted(f"{c}{r}" for c in "ABCD" for r in "1234")


@pytest.mark.parametrize("difficulty, stealth", [("easy", 6), ("normal", 3), ("hard", 1)])
def test_difficulty_sets_starting_stealth(difficulty, stealth):
    """guard-rules §3: 6 / 3 / 1 Stealth each."""
    s = new_game("office", CREW, difficulty=difficulty)
    assert {b.stealth for b in s.crew.values()} == {stealth}


def test_start_places_only_the_first_floors_guard():
    """guard-rules 1.13: floor 1 at setup (his destination once the entrance is chosen, §1.22), the others
    when a player first arrives."""
    r = apply(apply(new_game("bank", CREW, seed=5), {"do": "start"}).state, {"do": "entrance", "at": "A1"})
    fl = r.state.floors
    assert fl[1].guard is not None and fl[1].destination is not None
    assert fl[1].guard != fl[1].destination
    assert fl[1].discard[-1] == fl[1].destination
    assert fl[2].guard is None and fl[3].guard is None
    assert len(fl[1].deck) == 13 - len(fl[1].discard)


def test_same_seed_gives_the_same_game():
    """design: the app deck is seeded; a different seed shuffles differently."""
    a = new_game("bank", CREW, seed=11)
    assert a.to_json() == new_game("bank", CREW, seed=11).to_json()
    assert any(new_game("bank", CREW, seed=k).floors[1].deck != a.floors[1].deck for k in range(12, 15))


# -- new_game refusals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    ({"scenario": "casino"}, "unknown job 'casino'"),
    ({"crew": []}, "1 to 4 burglars"),
    ({"crew": crew(5)}, "1 to 4 burglars"),
    ({"crew": [{"name": "ana"}, {"name": "ana "}]}, "name of their own"),
    ({"crew": [{"name": "  "}]}, "name of their own"),
    ({"difficulty": "insane"}, "difficulty is one of"),
    ({"void": ["B2"]}, "has no empty square"),
    ({"walls": [BANK_F1, BANK_F2]}, "has 3 floors, the walls given cover 2"),
    ({"walls": [BANK_F1, ["A1-B1", "A1-A2"], BANK_F3]}, "floor 2:"),
    ({"walls": [BANK_F1, BANK_F2, ["A1-C1"]]}, r"floor 3: wall A1-C1"),
])
def test_new_game_refuses_bad_setups_with_a_clear_message(kwargs, message):
    """guard-rules §3/§4: jobs, crew size, names, difficulty, walls."""
    args = {"scenario": "bank", "crew": CREW, **kwargs}
    with pytest.raises(BoardError, match=message):
        new_game(args.pop("scenario"), args.pop("crew"), **args)


def test_fort_knox_needs_its_empty_square():
    """guard-rules §3: the players choose the one empty square."""
    with pytest.raises(BoardError, match="empty square"):
        new_game("fort_knox", CREW, walls=[[], []])


def test_fort_knox_needs_walls_placed_by_the_players():
    """guard-rules §4: Fort Knox has no printed layout."""
    with pytest.raises(BoardError, match="no printed wall layout"):
        new_game("fort_knox", CREW, void=["C3"])


# -- random layouts (guard-rules §4) ----------------------------------------------------------------------------

def challenge(size, void, walls):
    """Dead-end rooms plus open doors whose closing would cut the floor."""
    plan = floorplan(size, void, walls)
    dead = sum(1 for r in plan.rooms if len(plan.adjacent(r)) == 1)
    chokes = 0
    for door in set(inner_walls(size, void)) - set(plan.walls):
        if floorplan(size, void, [*list(plan.walls), door], connected=False).cut_off():
            chokes += 1
    return dead + chokes


@pytest.mark.parametrize("seed", range(8))
def test_random_4x4_layout_is_legal_with_eight_walls(seed):
    """guard-rules §4: 8 walls on 16 rooms, every room reachable."""
    walls = random_walls(4, seed=seed)
    assert len(walls) == len(set(walls)) == 8
    assert floorplan(4, walls=walls).cut_off() == []


@pytest.mark.parametrize("seed", range(4))
def test_random_fort_knox_layout_is_legal_with_twelve_walls_clear_of_the_hole(seed):
    """guard-rules §4: 12 walls on 24 rooms; none against the empty square."""
    walls = random_walls(5, void=["B4"], seed=seed)
    assert len(walls) == 12
    assert not any("B4" in w.split("-") for w in walls)
    assert floorplan(5, ["B4"], walls).cut_off() == []


def test_random_layout_honours_a_custom_wall_count():
    """guard-rules §4: the count can be chosen."""
    assert len(random_walls(4, count=5, seed=3)) == 5


def test_random_layout_is_the_same_for_the_same_seed_and_varies_with_it():
    """design: seeded generator, deterministic."""
    assert random_walls(4, seed=42) == random_walls(4, seed=42)
    assert len({tuple(random_walls(4, seed=k)) for k in range(6)}) > 1


def test_impossible_wall_count_is_refused():
    """guard-rules §4: more walls than a connected floor can hold."""
    with pytest.raises(BoardError, match="cannot place"):
        random_walls(4, count=10, seed=0)


def test_prefer_chokepoints_never_gives_an_easier_layout():
    """bb1 rulebook 'Advanced wall layouts': more dead ends and choke points for a harder game."""
    plain = [challenge(4, [], random_walls(4, seed=k)) for k in range(8)]
    hard = [challenge(4, [], random_walls(4, seed=k, prefer_chokepoints=True)) for k in range(8)]
    assert all(h >= p for h, p in zip(hard, plain, strict=False))
    assert sum(hard) > sum(plain)


def test_prefer_chokepoints_layout_is_still_legal():
    """guard-rules §4: every room reachable."""
    walls = random_walls(4, seed=9, prefer_chokepoints=True)
    assert len(walls) == 8
    assert floorplan(4, walls=walls).cut_off() == []


# -- turns (guard-rules 1.1, §1.21 Jump the Gun) -----------------------------------------------------------------

def three_players(**floor):
    return position(floor_case("A1", "D4", 1, patrol=["A1", "D1", "A4"], **floor),
                    crew={"ana": burglar("A4"), "bo": burglar("B4"), "cy": burglar("C4")})


def whose_turn(state):
    return state.order[state.turn]


def test_end_turn_moves_the_guard_and_passes_to_the_next_player():
    """guard-rules 1.1: after ana's turn the guard moves, then bo plays."""
    out = play(three_players(), {"do": "end_turn"})
    assert out.entered() == ["B1"]
    assert whose_turn(out.state) == "bo"


def test_turns_go_round_in_order():
    """bb1 rulebook: turns proceed around the table."""
    out = play(three_players(), *[{"do": "end_turn"}] * 3)
    assert whose_turn(out.state) == "ana"
    assert len(out.entered()) == 3


def test_jump_the_gun_skips_the_next_players_turn_and_guard_move():
    """guard-rules §1.21 Jump the Gun: bo's turn, guard move included, is skipped."""
    out = play(three_players(), event("jump_the_gun"), {"do": "end_turn"})
    assert whose_turn(out.state) == "cy"
    assert out.entered() == ["B1"]
    assert [e.kind for e in out.log].count("skip") == 1


def escape(who: str) -> dict[str, object]:
    """An escape as the table's word: these tests are about turns after it, not where she stood (§1.22 'Escape and
    cracking a safe are checked')."""
    return {"do": "escape", "who": who, "correction": True}


def test_escaped_player_moves_no_guard_at_the_end_of_the_turn():
    """guard-rules 1.1: a player who escaped to the roof moves no guard."""
    out = play(three_players(), escape("ana"), {"do": "end_turn"})
    assert out.entered() == []
    assert whose_turn(out.state) == "bo"


def test_escaped_players_are_passed_over():
    """guard-rules 1.1: only players still inside take turns."""
    s = three_players()
    out = play(s, escape("bo"), {"do": "end_turn"})
    assert whose_turn(out.state) == "cy"
    out = play(out.state, {"do": "end_turn"})
    assert whose_turn(out.state) == "ana"


def test_everyone_escaped_ends_the_game_as_a_success():
    """bb1 rulebook: all burglars on the roof -> the heist succeeds."""
    out = play(three_players(), *[escape(n) for n in ("ana", "bo", "cy")])
    assert out.state.outcome == "escaped"
