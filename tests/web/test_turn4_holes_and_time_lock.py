"""The table app on the turn-4 rows of guard-rules.md §1.22 about Stairs: the Thermal Bomb's question and its hole,
Time Lock and Gymnastics offered among the event cards, a refused walk said where the player tapped (EN Thermal
Bomb line 477, Gymnastics line 592; BGA help Time look line 266)."""

from __future__ import annotations

import pytest

from tests.web.helpers import act, act_ok, break_in, errors, make_app, new_heist, opened, state


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "heists.sqlite3")


@pytest.fixture
def client(app):
    return app.test_client()


def on_floor_2(client) -> str:
    """A Bank Job in play, Ann carried up to floor 2 by the Freight Elevator, holding a Thermal Bomb."""
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="event", name="freight_elevator", floor=1, who="Ann")
    act_ok(client, game_id, do="tool", who="Ann", kind="thermal-bomb", on="true")
    return game_id


def test_the_thermal_bomb_asks_the_table_where_its_hole_leads(app, client):
    """§1.22 "Thermal Bomb holes": on floor 2 of 3 the board asks which floor, with a button per floor; the answer
    records the hole."""
    game_id = on_floor_2(client)
    page = act_ok(client, game_id, do="event", name="thermal_bomb", floor=2, who="Ann")
    assert "to which floor does its hole lead?" in page
    assert "Floor 3" in page and "Floor 1" in page
    act_ok(client, game_id, do="answer", choice="1")
    assert state(app, game_id).holes == ("1-B2",)


def test_time_lock_and_gymnastics_are_among_the_event_cards(client):
    """§1.22 "Time Lock" and Gymnastics: the events menu offers both."""
    game_id = new_heist(client)
    break_in(client, game_id)
    menu = opened(client, game_id, "events")
    assert "Time Lock" in menu and "Gymnastics" in menu


def test_a_walk_up_the_stairs_under_a_time_lock_is_refused_in_words(app, client):
    """§1.22 "Time Lock": the walk is refused where the player tapped, saying why, and nothing changes."""
    game_id = on_floor_2(client)
    act_ok(client, game_id, do="event", name="time_lock", floor=2, who="Ann")
    before = state(app, game_id)
    page = act(client, game_id, do="move", who="Ann", floor=3, to="B2", via="stairs").get_data(as_text=True)
    assert any("Time Lock" in e for e in errors(page))
    assert state(app, game_id).crew["Ann"].floor == before.crew["Ann"].floor == 2
