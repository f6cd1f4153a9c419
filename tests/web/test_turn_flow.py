"""A heist played with the table's own patrol cards (the app asks for each card and carries on), and
the two ways a heist ends: the crew caught, or everyone out."""

from __future__ import annotations

import re

from tests.web.helpers import act, act_ok, errors, log_lines, new_heist, state


def card_question(page: str) -> list[str]:
    """The squares the card question offers, or [] when the page asks nothing."""
    block = re.search(r'<div class="question" role="alert">.*?</div>\s*</div>', page, re.DOTALL)
    return re.findall(r'name="choice" value="([A-E]\d)"', block.group(0)) if block else []


def test_with_the_real_cards_the_app_asks_for_each_card_and_carries_on(app, client):
    game_id = new_heist(client, deck="table")
    page = act_ok(client, game_id, do="start")
    assert "Draw the top card of the floor-1 patrol deck" in page
    assert len(card_question(page)) == 16 and "End turn" not in page
    page = act_ok(client, game_id, do="answer", choice="A1")  # the guard's room
    assert "Tap the room where the crew breaks in on floor 1." in page  # §1.22: the entrance comes next
    page = act_ok(client, game_id, do="entrance", at="D4")
    assert "Draw the top card of the floor-1 patrol deck" in page
    page = act_ok(client, game_id, do="answer", choice="A2")  # his destination
    fl = state(app, game_id).floors[1]
    assert (fl.guard, fl.destination, fl.discard) == ("A1", "A2", ("A1", "A2"))
    page = act_ok(client, game_id, do="end_turn")  # die 2: he reaches A2 with a move left and needs a card
    assert "Draw the top card of the floor-1 patrol deck" in page
    assert state(app, game_id).floors[1].guard == "A2"
    page = act_ok(client, game_id, do="answer", choice="B2")  # his last move takes him there: another card
    assert state(app, game_id).floors[1].guard == "B2" and "Draw the top card" in page
    page = act_ok(client, game_id, do="answer", choice="D4")
    fl = state(app, game_id).floors[1]
    assert (fl.guard, fl.destination, fl.discard[-2:]) == ("B2", "D4", ("B2", "D4"))
    assert "Floor 1 patrol card: D4" in " ".join(log_lines(page))
    assert "reaches A2 · draws patrol B2" in page and "1 move left · reaches B2 · draws patrol D4" in page
    assert "Bob's turn" in page


def test_a_burglar_with_no_stealth_left_is_caught_and_the_team_loses(app, client):
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    act_ok(client, game_id, do="entrance", at="D4" if state(app, game_id).floors[1].guard != "D4" else "C4")
    act_ok(client, game_id, do="set", field="stealth", who="Ann", value=0)
    guard = state(app, game_id).floors[1].guard
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to=guard, via="ability")
    assert "Caught! The team loses this heist." in page
    assert "End turn" not in page
    assert state(app, game_id).outcome == "caught"
    refused = act(client, game_id, do="end_turn").get_data(as_text=True)
    assert errors(refused) == ["The game is over: the crew was caught"]


def test_everyone_out_wins_the_heist(app, client):
    """Escapes from floor 1 entered as the table's word (§1.22 "Escape and cracking a safe are checked")."""
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    act_ok(client, game_id, do="entrance", at="D4" if state(app, game_id).floors[1].guard != "D4" else "C4")
    act_ok(client, game_id, do="escape", who="Ann", correction="1")
    assert "success" not in act_ok(client, game_id, do="end_turn")
    page = act_ok(client, game_id, do="escape", who="Bob", correction="1")
    assert "Everyone got out: the heist is a success!" in page
    assert state(app, game_id).outcome == "escaped"
