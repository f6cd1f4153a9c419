"""The table renders what the engine offers (engine/offers.py): moving into a face-down room with its type
and number in one tap, the room's own tokens as corrections, the current burglar's tools and ability, and
corrections marked as such in the log."""

from __future__ import annotations

import html

from tests.web.helpers import HTMX, act_ok, break_in, log_lines, new_heist, opened, state


def panel(client, game_id: str, room: str = "") -> str:
    return html.unescape(client.get(f"/games/{game_id}/panel?room={room}", headers=HTMX).get_data(as_text=True))


def test_a_move_into_a_face_down_room_turns_it_up_in_the_same_tap(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    page = act_ok(client, game_id, do="move", who="Ann", floor=1, to="C2", tile="laser:2")
    s = state(app, game_id)
    assert s.crew["Ann"].at == "C2" and s.floors[1].tiles["C2"] == "laser" and s.floors[1].numbers["C2"] == 2
    assert "Extra action, no alarm" in page  # the Laser asks at once, in the flow


def test_put_here_is_a_correction_with_no_room_effect(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    assert "Put Bob here" in panel(client, game_id, "1-C3")
    page = act_ok(client, game_id, do="place", who="Ann", floor=1, to="C3")
    assert state(app, game_id).crew["Ann"].at == "C3"
    assert 'class="correction-tag"' in page


def test_a_lavatory_shows_its_tokens_and_they_can_be_corrected(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="lavatory", number=5)
    page = panel(client, game_id, "1-C3")
    assert "Stealth tokens lying here (correction)" in page
    assert 'aria-pressed="true" aria-label="Stealth tokens lying here (correction): 3"' in page
    page = act_ok(client, game_id, do="set", field="room_tokens", floor=1, at="C3", value=1)
    assert state(app, game_id).floors[1].lavatory["C3"] == 1
    assert log_lines(page) == ["C3 on floor 1 now holds 1 Stealth tokens."] and "correction-tag" in page


def test_the_current_burglars_tools_and_ability_are_offered_and_used(app, client):
    game_id = new_heist(client, character1="juicer")
    break_in(client, game_id)
    assert "Ann (Juicer) sets off an alarm in" in panel(client, game_id)  # the ability, open on her turn
    assert "Invisible Suit" in opened(client, game_id, "take")  # a tool to take
    act_ok(client, game_id, do="tool", who="Ann", kind="invisible-suit", on="1")
    assert "Invisible Suit" in panel(client, game_id).split("ability, tools and loot")[1].split("Event card")[0]
    act_ok(client, game_id, do="event", name="invisible_suit", floor=1, who="Ann")
    s = state(app, game_id)
    assert s.invisible == "Ann" and s.crew["Ann"].tools == ()


def test_the_virus_posts_its_tokens_in_one_tap(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    act_ok(client, game_id, do="tool", who="Ann", kind="virus", on="1")
    assert "Virus: 1 fingerprint, 1 laser, 1 motion" in panel(client, game_id)
    act_ok(client, game_id, do="event", name="virus", floor=1, who="Ann", tokens="fingerprint:2,laser:1")
    assert state(app, game_id).hack == {"fingerprint": 2, "laser": 1}


def test_stealth_is_corrected_from_the_panel_and_marked_in_the_log(app, client):
    game_id = new_heist(client)
    break_in(client, game_id)
    assert "Bob's Stealth: 6" in opened(client, game_id, "corrections")
    page = act_ok(client, game_id, do="set", field="stealth", who="Bob", value=1)
    assert state(app, game_id).crew["Bob"].stealth == 1 and "correction-tag" in page
