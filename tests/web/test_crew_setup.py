"""Setting up the crew of a Burgle Bros 1 heist: each burglar picks one of the nine characters and the side
of its card (only the crew's abilities are then offered); a name is optional once a character is chosen."""

from __future__ import annotations

from tests.web.helpers import bank_form, errors, new_heist, state


def test_the_form_offers_the_nine_characters_and_both_sides(client):
    page = client.get("/new").get_data(as_text=True)
    for c in ("acrobat", "hacker", "hawk", "juicer", "peterman", "raven", "rigger", "rook", "spotter"):
        assert f'<option value="{c}">' in page
    assert '<option value="advanced">Advanced side</option>' in page


def test_each_burglar_keeps_the_character_and_side_picked(app, client):
    game_id = new_heist(client, character1="raven", side1="advanced", character2="juicer", side2="basic")
    crew = state(app, game_id).crew
    assert (crew["Ann"].character, crew["Ann"].side) == ("raven", "advanced")
    assert (crew["Bob"].character, crew["Bob"].side) == ("juicer", "basic")


def test_a_burglar_with_a_character_and_no_name_is_called_by_the_character(app, client):
    game_id = new_heist(client, name1="", character1="spotter", name2="", character2="", colour2="")
    assert list(state(app, game_id).crew) == ["Spotter"]


def test_the_rigger_starts_with_dynamite(app, client):
    game_id = new_heist(client, character2="rigger")
    assert state(app, game_id).crew["Bob"].tools == ("dynamite",)


def test_a_refused_form_keeps_every_character_and_side_typed(client):
    form = bank_form(name1="", character1="", name2="", character2="", character3="hawk", side3="advanced",
                     scenario="fort_knox")  # Fort Knox without its empty square is refused
    response = client.post("/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and len(errors(page)) == 1
    assert '<option value="hawk" selected>' in page and '<option value="advanced" selected>' in page


def test_a_character_not_in_the_box_is_refused_with_the_reason(client):
    response = client.post("/new", data=bank_form(character1="wizard"))
    assert response.status_code == 422
    assert "pick a character from the list" in errors(response.get_data(as_text=True))[0]
