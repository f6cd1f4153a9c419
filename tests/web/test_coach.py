"""The Coach switch on the board (issue 25): off by default, per heist; when on, each room of the current
burglar's floor is shaded by the exact chance her floor's guard finds her there in his next move, the rooms she
can still walk to this turn are ringed, and the two safest of them are named; nothing of the deck's hidden
order shows."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from assistant.forecast.safety import safety_map
from assistant.web.table.coach import ACTIONS, advice, walked_this_turn
from tests.decks import another_deck_order
from tests.web.helpers import HTMX, board_switch, act_ok, break_in, game, new_heist, room_button, state, store, version


def test_coach_is_off_by_default_and_the_board_gives_no_advice(app: Flask, client: FlaskClient) -> None:
    """issue 25: opt-in, some tables do not want help."""
    gid = new_heist(client)
    break_in(client, gid)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "coach-shade" not in page and "Safest within reach" not in page and "Off: where is it safe?" in page


def test_coach_shades_her_floor_by_the_safety_map_and_names_the_two_safest_reachable_rooms(
        app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    before = version(client.get(f"/games/{gid}/panel", headers=HTMX).get_data(as_text=True))
    page = board_switch(client, gid, "coach", True)
    assert version(page) == before + 1  # every device re-fetches the board
    heist = game(app, gid)
    s = heist.state
    who = s.current()
    assert who is not None
    chances = safety_map(s, who, heist.rulebook)
    coach = advice(s, heist.rulebook, 0)
    assert coach is not None and len(coach.safest) == 2
    for square, chance in chances.items():
        button = room_button(page, 1, square)
        assert f'style="opacity: {float(chance.found) * 0.6:.2f}"' in button
        assert ("coach-reach" in button) == coach.rooms[square].reachable
    named = re.search(r"Safest within reach: ([A-D][1-4]), ([A-D][1-4])", page)
    assert named and tuple(named.groups()) == coach.safest
    assert "On: turn off" in page
    assert "coach-shade" not in board_switch(client, gid, "coach", False)


def test_the_rooms_in_reach_shrink_with_each_walk_this_turn(app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    heist = game(app, gid)
    s = heist.state
    who = s.current()
    assert who is not None
    first = advice(s, heist.rulebook, 0)
    assert first is not None and sum(r.reachable for r in first.rooms.values()) > 1
    b = s.crew[who]
    plan = s.plan(b.floor)
    to = next(r for r in plan.adjacent(b.at or ""))
    act_ok(client, gid, do="move", who=who, floor=b.floor, to=to)
    assert walked_this_turn(store(app).history(gid), who) == 1
    later = advice(state(app, gid), heist.rulebook, 1)
    assert later is not None and later.left == ACTIONS - 1
    distance = plan.distances(plan.index[to])
    assert {r for r, c in later.rooms.items() if c.reachable} == {r for r in plan.rooms
                                                                  if 0 <= distance[plan.index[r]] <= ACTIONS - 1}


def test_the_coach_shows_nothing_of_the_hidden_deck_order(app: Flask, client: FlaskClient) -> None:
    """design.md "Hidden information stays hidden": the same visible position with its deck in another order
    (and another seed) gives the same advice, shading and names."""
    gid = new_heist(client)
    break_in(client, gid)
    heist = game(app, gid)
    s = heist.state
    other = another_deck_order(s, 1, 3)
    assert advice(s, heist.rulebook, 0) == advice(other, heist.rulebook, 0)
    board_switch(client, gid, "coach", True)
    first = client.get(f"/games/{gid}/panel", headers=HTMX).get_data(as_text=True)
    twin = store(app).create("Twin", other)
    board_switch(client, twin, "coach", True)
    second = client.get(f"/games/{twin}/panel", headers=HTMX).get_data(as_text=True)
    for square in s.plan(1).rooms:
        assert room_button(first, 1, square) == room_button(second, 1, square).replace(twin, gid)
