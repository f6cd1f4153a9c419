"""What the board adds for the table: the summary line of the last guard move at the top of the log,
and the floor tabs a phone uses (which floor it shows first)."""

from __future__ import annotations

import io
import json
import re

from assistant.web.table.summary import guard_summaries
from tests.web.helpers import act_ok, break_in, expect, new_heist, room_button, state, tie_pair


def shown_floors(page: str) -> list[str]:
    return re.findall(r'<section class="floor shown" id="floor-(\d)"', page)


def selected_tab(page: str) -> list[str]:
    return re.findall(r'role="tab"[^>]*data-floor="(\d)"[^>]*aria-selected="true"', page, re.DOTALL)


def test_the_guard_move_in_one_line_heads_the_real_board_checklist(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    reference = expect(app, game_id, do="end_turn")
    page = act_ok(client, game_id, do="end_turn")
    line, = guard_summaries(reference.log)
    assert line.startswith("Floor 1 guard, 2 moves: ")
    card = page[page.index('<section class="real-board"'):page.index('<section class="log"')]
    assert card.index(f'<p class="summary">{line}</p>') < card.index("On the real board") < card.index("<ol>")


def test_a_burglar_with_no_stealth_left_is_warned_beside_her_token_and_in_the_card(app, client):
    """1.8: with no Stealth token left, the next one she loses is the heist."""
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="set", field="stealth", who="Ann", value="0")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    warning = "Ann has 0 Stealth: next time a guard finds Ann, the heist is lost."
    assert 'class="burglar last" style="--c: ' in page and f'title="{warning}"' in page
    assert f"</span>{warning}</p>" in page[page.index('<section class="real-board"'):]
    assert "Bob has 0 Stealth" not in page


def test_no_summary_after_an_action_that_moves_no_guard(client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = act_ok(client, game_id, do="alarm", floor=1, at="D4")
    assert 'class="summary"' not in page


def test_a_phone_sees_tabs_for_every_floor_and_the_current_burglars_floor_first(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.findall(r'role="tab"[^>]*>Floor (\d)', page) == ["1", "2", "3"]
    assert selected_tab(page) == ["1"] and shown_floors(page) == ["1"]
    act_ok(client, game_id, do="move", who="Ann", floor=2, to="B2", via="ability")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert selected_tab(page) == ["2"] and shown_floors(page) == ["2"]
    assert '<option value="Bob">Bob\'s floor</option>' in page  # this phone may follow one burglar instead
    assert '"Ann": 2' in page.replace("&#34;", '"')  # where each burglar is, for that choice


def test_a_question_shows_its_floor_first(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="move", who="Ann", floor=2, to="B2", via="ability")
    first, second = tie_pair(state(app, game_id), floor=1)
    act_ok(client, game_id, do="alarm", floor=1, at=first)
    page = act_ok(client, game_id, do="alarm", floor=1, at=second)
    assert "phase-question" in page and shown_floors(page) == ["1"]


def test_a_single_floor_position_has_no_tabs(client):
    case = {"rules": "bb1", "size": 4, "floors": {"1": {"guard": "A1", "destination": "D4", "die": 2, "walls": [],
                                                         "patrol": ["B2"]}}, "crew": {}}
    response = client.post("/games/import", data={"case": (io.BytesIO(json.dumps(case).encode()), "case.json")})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'role="tab"' not in page and shown_floors(page) == ["1"]


def test_stairs_put_a_downstairs_token_on_the_floor_above(client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = act_ok(client, game_id, do="reveal", floor=1, at="C3", type="stairs", number=5)
    assert 'title="downstairs token: stairs down to floor 1"' in room_button(page, 2, "C3")
    assert "downstairs" not in room_button(page, 1, "C3") and "downstairs" not in room_button(page, 3, "C3")
