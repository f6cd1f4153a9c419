"""The board page and the room menu (GET /games/<id> and /games/<id>/panel) in every phase."""

from __future__ import annotations

import pytest

from tests.web.helpers import (
    act_ok,
    break_in,
    errors,
    guard_square,
    new_heist,
    room_button,
    room_classes,
    state,
    version,
)
from tests.web.taps import posts


def test_the_board_draws_every_floor_and_room(client):
    game_id = new_heist(client)
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<title>The Bank Job — Ann &amp; Bob · Burgle Bros</title>" in page
    for floor in (1, 2, 3):
        assert f'id="floor-{floor}"' in page
        for square in ("A1", "D4", "B3"):
            assert f'id="room-{floor}-{square}"' in page
    assert 'id="room-1-E1"' not in page
    assert 'id="game"' in page and 'hx-target="this"' in page and version(page) == 0
    assert '"version": "0"' in page
    assert f'href="/games/{game_id}/log"' in page and f'href="/games/{game_id}/export.json"' in page


def test_the_printed_walls_are_drawn_on_the_rooms(client):
    game_id = new_heist(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    # floor 1 of the Bank Job has a wall A1-B1 and a wall A2-A3
    assert "wall-e" in room_classes(page, 1, "A1")
    assert "wall-w" in room_classes(page, 1, "B1")
    assert "wall-s" in room_classes(page, 1, "A2")
    assert "wall-n" in room_classes(page, 1, "A3")
    assert not {"wall-n", "wall-e", "wall-s", "wall-w"} & room_classes(page, 1, "B1") - {"wall-w"}


def test_break_in_phase_shows_one_primary_button(client):
    game_id = new_heist(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert page.count("button primary big") == 1
    assert "Break in — place the floor-1 guard" in page
    assert "no guard yet" in page
    assert 'disabled>Undo</button>' in page and 'disabled>Redo</button>' in page


def test_before_the_break_in_a_room_opens_its_walls(client):
    game_id = new_heist(client)
    response = client.get(f"/games/{game_id}/panel?room=1-A1")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert page.lstrip().startswith('<div id="game"')  # the partial alone, for htmx
    assert "<html" not in page
    assert "Floor 1 · A1" in page
    assert "East: wall" in page and "South: open" in page
    assert "North" not in page and "West" not in page  # the outer border is no wall to move
    assert "selected" in room_classes(page, 1, "A1")


def test_entrance_phase_room_menu_offers_the_break_in_on_floor_1_only(client):
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Tap the room where the crew breaks in on floor 1." in page
    menu = client.get(f"/games/{game_id}/panel?room=1-B2").get_data(as_text=True)
    assert "The crew breaks in here" in menu
    assert posts(menu, "The crew breaks in here") == {"do": "entrance", "at": "B2"}
    upstairs = client.get(f"/games/{game_id}/panel?room=2-B2").get_data(as_text=True)
    assert "The crew breaks in here" not in upstairs
    assert "The crew breaks in on floor 1." in upstairs


def test_play_phase_shows_whose_turn_and_the_end_turn_button(app, client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ann's turn · floor 1" in page
    assert "End turn — the floor-1 guard moves" in page
    assert guard_square(page, 1) == state(app, game_id).floors[1].guard
    assert 'title="Ann: 3 Stealth"><span class="initials">An</span>' in room_button(page, 1, "B2")
    assert "Bob" not in room_button(page, 1, "B2")  # he walks in at the start of his own first turn (§1.22)


def test_play_phase_room_menu_moves_alarms_reveals_and_walls(client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    page = client.get(f"/games/{game_id}/panel?room=1-C2").get_data(as_text=True)
    assert "Who moves into C2? It is face down: tap what it is." in page  # one picker: who, then the tile
    # Bob walks in by the entrance at the start of his own first turn (§1.22 Break-in): no door from outside to C2
    assert 'type="radio" name="who" value="Ann" checked' in page and 'type="radio" name="who" value="Bob"' not in page
    assert 'name="tile" value="laser:2"' in page
    assert "Alarm here" in page
    assert "Turn this room face up as…" in page
    assert 'aria-label="Camera 2"' in page and 'aria-label="Safe"' in page
    assert "Walls around C2" in page


def test_the_full_page_also_opens_a_room_from_the_address(client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    page = client.get(f"/games/{game_id}?room=1-c2").get_data(as_text=True)
    assert "Who moves into C2?" in page
    assert "selected" in room_classes(page, 1, "C2")


@pytest.mark.parametrize("room", ["junk", "", "1-", "-", "9-A1", "0-A1", "1-Z9", "1-E1", "1-A1-B2", "x-A1", "1-A",
                                  "é-é", "1-" + "A" * 500])
def test_a_room_that_does_not_exist_in_the_address_opens_nothing(client, room):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    for path in (f"/games/{game_id}", f"/games/{game_id}/panel"):
        response = client.get(path, query_string={"room": room})
        assert response.status_code == 200, (path, room)
        page = response.get_data(as_text=True)
        assert "room-menu" not in page
        assert "End turn — the floor-1 guard moves" in page
        assert errors(page) == []


def test_fort_knox_empty_square_is_drawn_empty_and_opens_no_menu(client):
    game_id = new_heist(client, scenario="fort_knox", void="C3")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'aria-label="empty square C3"' in page
    assert 'id="room-1-C3"' not in page
    menu = client.get(f"/games/{game_id}/panel?room=1-C3")
    assert menu.status_code == 200
    assert "room-menu" not in menu.get_data(as_text=True)


def test_the_close_button_returns_to_the_actions_menu(client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    page = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert "room-menu" not in page
    assert "Event card drawn on floor 1" in page
    assert "Tools, loot and abilities" in page


def test_the_log_page_lists_every_action_newest_first(app, client):
    game_id = new_heist(client)
    empty = client.get(f"/games/{game_id}/log")
    assert empty.status_code == 200
    assert "Nothing has happened yet." in empty.get_data(as_text=True)
    break_in(client, game_id, "B2")
    page = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert "#2 · entrance" in page and "#1 · start" in page
    assert page.index("#2 · entrance") < page.index("#1 · start")
    assert "The crew breaks in through B2 on floor 1." in page
    assert f"The floor-1 guard appears in {state(app, game_id).floors[1].guard}." in page
    assert f'href="/games/{game_id}"' in page
