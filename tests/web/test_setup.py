"""The new-heist form: every job starts, and bad input comes back as a message on the same form with
everything typed still there (design.md: "nothing already entered is lost by a rejected input")."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from assistant.engine.bb1.setup import new_game
from assistant.engine.scenarios import BANK_WALLS, SCENARIOS
from tests.web.helpers import bank_form, errors, new_heist, state


def checked(page: str, name: str) -> list[str]:
    """The values of the checked inputs called ``name``."""
    return [v for tag in re.findall(r"<input[^>]*>", page, re.DOTALL)
            if f'name="{name}"' in tag and re.search(r"\schecked", tag)
            for v in re.findall(r'value="([^"]*)"', tag)]


def value(page: str, name: str) -> str | None:
    for tag in re.findall(r"<input[^>]*>", page, re.DOTALL):
        if f'name="{name}"' in tag:
            match = re.search(r'value="([^"]*)"', tag)
            return match.group(1) if match else None
    return None


def test_the_form_offers_the_three_jobs_crew_and_choices(client):
    response = client.get("/new")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for job in SCENARIOS.values():
        assert job.title in page
    assert checked(page, "scenario") == ["bank"]
    assert checked(page, "difficulty") == ["normal"]
    assert checked(page, "walls") == ["default"]
    assert checked(page, "deck") == ["app"]
    assert checked(page, "tiebreak") == ["rulebook"]
    for i in range(1, 5):
        assert f'name="name{i}"' in page and f'name="colour{i}"' in page
    assert len(re.findall(r'name="void"', page)) == 25
    assert "Set up the board" in page
    assert errors(page) == []


def test_the_form_can_be_prefilled_from_the_address(client):
    page = client.get("/new?scenario=office&name1=Zoe&difficulty=hard").get_data(as_text=True)
    assert checked(page, "scenario") == ["office"]
    assert checked(page, "difficulty") == ["hard"]
    assert value(page, "name1") == "Zoe"


def test_a_bank_job_with_printed_walls_starts_in_the_break_in(app, client):
    game_id = new_heist(client)
    s = state(app, game_id)
    assert s.scenario == "bank" and s.size == 4 and sorted(s.floors) == [1, 2, 3]
    assert [s.floors[n].walls for n in (1, 2, 3)] == [tuple(sorted(w)) for w in BANK_WALLS]
    assert list(s.crew) == ["Ann", "Bob"] and s.crew["Ann"].colour == "#e4572e"
    assert all(b.stealth == 3 and b.at is None for b in s.crew.values())
    assert s.seed == 4242
    # the decks are the ones the engine deals for this seed
    reference = new_game("bank", [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}],
                         seed=4242)
    assert [s.floors[n].deck for n in (1, 2, 3)] == [reference.floors[n].deck for n in (1, 2, 3)]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Break in — place the floor-1 guard" in page


@pytest.mark.parametrize("fields, floors, size, void", [
    ({"scenario": "office"}, 2, 4, []),
    ({"scenario": "bank", "walls": "random"}, 3, 4, []),
    ({"scenario": "fort_knox", "void": "C3"}, 2, 5, ["C3"]),
    ({"scenario": "fort_knox", "void": "e5", "walls": "random", "hard": "on"}, 2, 5, ["E5"]),
])
def test_every_job_can_be_set_up(app, client, fields, floors, size, void):
    game_id = new_heist(client, **fields)
    s = state(app, game_id)
    assert (len(s.floors), s.size, list(s.void)) == (floors, size, void)
    assert client.get(f"/games/{game_id}").status_code == 200


def test_the_other_choices_reach_the_game(app, client):
    game_id = new_heist(client, difficulty="hard", deck="table", tiebreak="bga", lost_visual="on",
                        name3="Cy", name4="Di")
    s = state(app, game_id)
    assert all(b.stealth == 1 for b in s.crew.values())
    assert s.deck_mode == "table" and s.tiebreak == "bga" and s.lost_visual
    assert list(s.crew) == ["Ann", "Bob", "Cy", "Di"] and s.players == 4


def test_names_are_trimmed_and_gaps_between_them_ignored(app, client):
    game_id = new_heist(client, name1="  Ann  ", name2="", name3="Cy")
    assert list(state(app, game_id).crew) == ["Ann", "Cy"]


def test_the_same_seed_deals_the_same_decks(app, client):
    one = state(app, new_heist(client))
    two = state(app, new_heist(client))
    assert [f.deck for f in one.floors.values()] == [f.deck for f in two.floors.values()]


# -- rejected input -----------------------------------------------------------------------------------

def refused(client, **fields: str) -> str:
    response = client.post("/new", data=bank_form(**fields))
    assert response.status_code == 422, f"{fields} was accepted"
    page = response.get_data(as_text=True)
    assert "New heist" in page and "Set up the board" in page
    assert len(errors(page)) == 1
    return page


def test_no_names_is_refused_and_the_rest_of_the_form_is_kept(client):
    page = refused(client, name1="", name2="  ", scenario="office", difficulty="easy", walls="random",
                   deck="table", tiebreak="bga", colour1="#123456")
    assert errors(page) == ["give at least one burglar a name or a character"]
    assert checked(page, "scenario") == ["office"]
    assert checked(page, "difficulty") == ["easy"]
    assert checked(page, "walls") == ["random"]
    assert checked(page, "deck") == ["table"]
    assert checked(page, "tiebreak") == ["bga"]
    assert value(page, "colour1") == "#123456"


def test_fort_knox_without_its_empty_square_is_refused_keeping_the_crew(client):
    page = refused(client, scenario="fort_knox", name3="Cy", character3="Hacker")
    assert "empty square" in errors(page)[0]
    assert checked(page, "scenario") == ["fort_knox"]
    assert [value(page, f"name{i}") for i in (1, 2, 3)] == ["Ann", "Bob", "Cy"]
    assert '<option value="hacker" selected>Hacker</option>' in page  # picked from the nine characters


def test_fort_knox_with_an_empty_square_off_the_board_is_refused(client):
    page = refused(client, scenario="fort_knox", void="Z9")
    assert "Z9" in errors(page)[0]
    assert checked(page, "scenario") == ["fort_knox"]


def test_five_burglars_are_refused_not_silently_cut_to_four(client):
    """The box has pawns for four: a fifth name must not just disappear."""
    page = refused(client, name3="Cy", name4="Di", name5="Ed")
    assert "4" in errors(page)[0] or "four" in errors(page)[0]
    assert [value(page, f"name{i}") for i in (1, 2, 3, 4)] == ["Ann", "Bob", "Cy", "Di"]


def test_two_burglars_with_the_same_name_are_refused(client):
    page = refused(client, name2="Ann")
    assert "name of their own" in errors(page)[0]
    assert [value(page, "name1"), value(page, "name2")] == ["Ann", "Ann"]


def test_a_name_longer_than_the_field_is_refused(client):
    long = "Bartholomew the Quiet One"
    page = refused(client, name1=long)
    assert "too long" in errors(page)[0]
    assert value(page, "name1") == long


@pytest.mark.parametrize("fields, words", [
    ({"scenario": "casino"}, "three jobs"),
    ({"difficulty": "nightmare"}, "difficulty"),
    ({"walls": "sideways"}, "walls"),
])
def test_hand_edited_choices_are_refused_with_a_message(client, fields, words):
    page = refused(client, **fields)
    assert words in errors(page)[0]
    assert value(page, "name1") == "Ann" and value(page, "name2") == "Bob"


def test_a_refused_form_creates_no_heist(client):
    refused(client, name1="", name2="")
    assert "No saved heist yet." in client.get("/").get_data(as_text=True)


def test_markup_in_a_name_is_shown_as_text(client):
    game_id = new_heist(client, name1="<b>Ann</b>")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_the_settings_page_says_the_apps_version(client: FlaskClient) -> None:
    from assistant import __version__

    assert f"version {__version__}" in client.get("/settings").get_data(as_text=True)
