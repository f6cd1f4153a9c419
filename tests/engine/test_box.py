"""Issue 21 §4: every room the table turns up is checked against the game's box (engine/box.py), and the table
keeps the last word with a reveal marked as a correction. Facts: ../shared/rules/tiles.json (types, combination
numbers, the Office Job's subset) and guard-rules.md §5; one Safe and one Stairs a floor: bb1 setup."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from assistant.engine.actions import apply
from assistant.engine.box import BB1_BOX, BB2_ROOMS, OFFICE_JOB_BOX
from assistant.engine.errors import IllegalActionError, NotInTheBoxError
from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.bb3.setup import new_bb3_game
from assistant.engine.state import GameState
from assistant.tiles import BB2_TILE_TYPES, TILE_TYPES

TILES_JSON = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "tiles.json"
CREW = [{"name": "ann"}, {"name": "bob"}]


def reveal(state: GameState, at: str, kind: str, number: int | None = None, floor: int = 1, **more) -> GameState:
    action = {"do": "reveal", "floor": floor, "at": at, "type": kind, **more}
    if number is not None:
        action["number"] = number
    return apply(state, action).state


def refusal(state: GameState, at: str, kind: str, number: int | None = None, floor: int = 1) -> str:
    """Why the box refuses this room (the table may overrule it with a correction)."""
    with pytest.raises(NotInTheBoxError) as err:
        reveal(state, at, kind, number, floor)
    assert isinstance(err.value, IllegalActionError)  # the rules' refusal, not a malformed action
    return str(err.value)


def unknown(state: GameState, kind: str) -> str:
    """Why a room the game does not have is refused, even as a correction (no such tile can be on the board)."""
    for correction in (False, True):
        with pytest.raises(IllegalActionError) as err:
            reveal(state, "B2", kind, correction=correction)
        assert not isinstance(err.value, NotInTheBoxError)
    return str(err.value)


@pytest.fixture
def bank() -> GameState:
    return new_game("bank", CREW, seed=1)


@pytest.fixture
def office() -> GameState:
    return new_game("office", CREW, seed=1)


@pytest.mark.skipif(not TILES_JSON.exists(), reason="../shared is not beside the checkout")
def test_the_box_holds_what_tiles_json_lists_for_the_whole_box_and_the_office_job():
    """tiles.json: 48 tiles (42 rooms + 3 Safes + 3 Stairs), one number per tile; the Office Job's 32."""
    types = json.loads(TILES_JSON.read_text())["types"]
    assert {k: tuple(v["numbers"]) for k, v in types.items()} == dict(BB1_BOX)
    office = {k: tuple(v["office_job_numbers"]) for k, v in types.items() if v["office_job_count"]}
    assert office == dict(OFFICE_JOB_BOX)
    assert sum(len(n) for n in BB1_BOX.values()) == 48
    assert sum(len(n) for n in OFFICE_JOB_BOX.values()) == 32


def test_the_tile_buttons_offer_the_numbers_of_the_box():
    """The tile grid (assistant/tiles.py) and the check agree: a button never sends a tile the box lacks."""
    assert {t.key: t.numbers for t in TILE_TYPES} == {k: tuple(n for n in v if n) for k, v in BB1_BOX.items()}
    assert {t.key for t in BB2_TILE_TYPES} == set(BB2_ROOMS)


def test_a_type_the_game_does_not_have_is_refused_naming_it(bank):
    """Issue 21 §4: a play link could store a room type "notatile", whose export then failed to import."""
    assert unknown(bank, "notatile").startswith("Burgle Bros has no 'notatile' room tile: atrium, camera")


def test_a_number_the_type_does_not_print_is_refused(bank):
    """tiles.json: the Cameras print 1, 2, 3 and 6."""
    assert refusal(bank, "B2", "camera", 4) == "the camera tiles print 1, 2, 3, 6, not 4"
    assert reveal(bank, "B2", "camera", 6).floors[1].numbers["B2"] == 6


def test_a_safe_prints_no_combination_number(bank):
    """tiles.json: the Safes' numbers are null."""
    assert refusal(bank, "B2", "safe", 3) == "a safe tile prints no combination number"


def test_the_office_job_uses_only_its_32_tiles(office):
    """tiles.json office_job_count / office_job_numbers: no Detector, no Atrium; the Cameras 2, 3 and 6 only."""
    assert refusal(office, "B2", "detector") == "The Office Job plays without the detector tiles"
    assert refusal(office, "B2", "atrium", 3) == "The Office Job plays without the atrium tiles"
    assert refusal(office, "B2", "camera", 1) == "the camera tiles print 2, 3, 6, not 1"
    assert reveal(office, "B2", "camera", 2).floors[1].tiles["B2"] == "camera"


@pytest.mark.parametrize("kind", ["safe", "stairs"])
def test_a_floor_has_one_safe_and_one_stairs(bank, kind):
    """bb1 setup: each floor's 16 tiles hold one Safe and one Stairs (tiles.json: 3 of each for 3 floors)."""
    state = reveal(bank, "A1", kind)
    assert refusal(state, "D4", kind) == f"floor 1 already has its {kind}, in A1"
    assert reveal(state, "D4", kind, floor=2).floors[2].tiles["D4"] == kind


def test_a_type_and_number_is_never_turned_up_twice_in_the_heist(bank):
    """tiles.json: one number per tile, every number once per type: a second Laser 2 is not in the box."""
    state = reveal(bank, "A1", "laser", 2)
    assert refusal(state, "C3", "laser", 2, floor=3) == "the laser numbered 2 is already on the board, in A1 on floor 1"
    assert reveal(state, "C3", "laser", 3, floor=3).floors[3].numbers["C3"] == 3


def test_no_more_tiles_of_a_type_than_the_box_holds(bank):
    """tiles.json: 2 Foyers in the box; a third, even without its number, is refused."""
    state = reveal(reveal(bank, "A1", "foyer"), "B1", "foyer", floor=2)
    assert refusal(state, "C1", "foyer", floor=3) == "all 2 foyer tiles of the box are already on the board"


def test_turning_up_the_same_room_again_replaces_what_it_was(bank):
    """A room's own tile is left out of the count: the table re-tapping a room corrects it, not duplicates it."""
    state = reveal(bank, "A1", "safe")
    assert reveal(state, "A1", "safe").floors[1].tiles["A1"] == "safe"
    assert reveal(reveal(state, "B1", "lavatory", 5), "B1", "lavatory", 5).floors[1].numbers["B1"] == 5


def test_a_move_into_a_face_down_room_is_checked_too(bank):
    """A move that turns a room up (docs/conformance.md ``type``) reveals it by the same check."""
    state = apply(apply(bank, {"do": "start"}).state, {"do": "entrance", "at": "B2"}).state
    with pytest.raises(NotInTheBoxError):
        apply(state, {"do": "move", "who": "ann", "floor": 1, "to": "A2", "type": "camera", "number": 5})
    moved = apply(state, {"do": "move", "who": "ann", "floor": 1, "to": "A2", "type": "camera", "number": 5,
                          "correction": True})
    assert moved.state.floors[1].numbers["A2"] == 5
    assert [e.data.get("correction") for e in moved.log if e.kind == "reveal"] == [True]


def test_the_table_keeps_the_last_word_with_a_correction_logged_as_one(bank):
    """Issue 21 §4: "the board says otherwise" on a refused reveal is allowed and marked in the log."""
    state = reveal(bank, "A1", "laser", 2)
    result = apply(state, {"do": "reveal", "floor": 2, "at": "B1", "type": "laser", "number": 2, "correction": True})
    assert result.state.floors[2].tiles["B1"] == "laser"
    (entry,) = result.log
    assert (entry.kind, entry.data) == ("reveal", {"type": "laser", "correction": True})
    plain = apply(bank, {"do": "reveal", "floor": 1, "at": "A1", "type": "laser", "number": 2}).log
    assert [e.data for e in plain] == [{"type": "laser"}]


def test_a_correction_reads_back_from_its_stored_json(bank):
    """The flag is a key of the action (engine/vocabulary.py), stored and replayed like the others."""
    from assistant.engine.vocabulary import from_json

    action = from_json({"do": "reveal", "floor": 1, "at": "A1", "type": "laser", "correction": "1"})
    assert action.to_json() == {"do": "reveal", "floor": 1, "at": "A1", "type": "laser", "correction": True}


def test_bb2_knows_its_own_rooms_only():
    """bb2 "Tile Clarifications": a Slots room, never a bb1 Camera."""
    state = new_bb2_game(CREW, entrances=["A1", "D4"])
    assert reveal(state, "B2", "slots", 4).floors[1].tiles["B2"] == "slots"
    assert unknown(state, "camera").startswith("Burgle Bros 2 has no 'camera' room tile")


def test_bb3_knows_a_room_and_a_guard_room():
    """bb3 Adjacency: what the app follows of a bb3 tile is whether it carries the guard banner."""
    state = new_bb3_game(CREW)
    assert reveal(state, "B2", "guard-room").floors[1].tiles["B2"] == "guard-room"
    assert unknown(state, "notatile").startswith("Burgle Bros 3 has no 'notatile' room tile")


def test_the_box_is_never_exceeded_by_a_whole_bank_job_of_reveals(bank):
    """The 48 tiles of the box fill the Bank Job's 48 rooms exactly, each accepted once, the 49th refused."""
    tiles = [(kind, n) for kind, numbers in BB1_BOX.items() for n in numbers]
    order = sorted(tiles, key=lambda t: t[0] not in ("safe", "stairs"))  # one Safe and one Stairs a floor first
    rooms = [(f, f"{c}{r}") for r in "1234" for c in "ABCD" for f in (1, 2, 3)]
    state = bank
    per_floor: Counter[int] = Counter()
    for (floor, square), (kind, number) in zip(rooms, order, strict=True):
        state = reveal(state, square, kind, number, floor=floor)
        per_floor[floor] += 1
    assert per_floor == {1: 16, 2: 16, 3: 16}
    with pytest.raises(NotInTheBoxError):
        reveal(state, "A1", "camera", 1, floor=1)  # A1 of floor 1 is a Safe: a Camera 1 is already out
