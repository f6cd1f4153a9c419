"""Issue 21 §2 and §3 for Burgle Bros 3 at the table: the setup banner follows the steps, nothing offers to
turn a room face up (bb3 rooms are plain or guard rooms, marked from a room's menu), alarms are cubes in every
language, and a guard jumped or put back by hand is one tap in a room's menu.

Sources: bb3 rulebook "Standard Setup" 8-13, "Alarms and Suspicion" ("place an alarm cube on that square"),
"Adjacency, Moving, and Jumping" ("Jumping means you place that figure directly on the indicated square ...
Effects that trigger upon entering ... will not trigger").
"""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import act_ok, log_lines, state
from tests.web.test_bb2_bb3 import bb3_in_play, panel, placed, text

# an alarm called a token, as Burgle Bros 1 has them, in each language
TOKEN_ALARM = {"en": re.compile(r"alarm tokens?", re.I), "es": re.compile(r"fichas? de alarma", re.I),
               "fr": re.compile(r"jetons? (d['’])?alarme", re.I)}


def bb3_pages(client, game_id: str, lang: str) -> list[str]:
    """Every page the table reads during a bb3 turn: the board, a room's menu, the actions panel's menus, the
    whole log, and Why? for each guard step."""
    pages = [client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True),
             client.get(f"/games/{game_id}?lang={lang}&room=1-C1").get_data(as_text=True),
             client.get(f"/games/{game_id}/log?lang={lang}").get_data(as_text=True)]
    for group in re.findall(r"/games/[^/\"]+/menu/([a-z_]+)", pages[0]):
        pages.append(client.get(f"/games/{game_id}/menu/{group}?lang={lang}", headers={"HX-Request": "true"})
                     .get_data(as_text=True))
    links = {link.replace("&amp;", "&") for page in pages[:3] for link in re.findall(r'href="([^"]*/why[^"]*)"', page)}
    assert links, "no Why? link to follow"
    for link in links:
        pages.append(client.get(link + ("&" if "?" in link else "?") + f"lang={lang}").get_data(as_text=True))
    return pages


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_bb3_alarms_are_cubes_in_every_language(app, client, lang):
    """bb3 "Alarms and Suspicion": an alarm places a cube (several to a square); the guard finding them turns
    them to suspicion. No page of a bb3 turn calls them tokens, in English, Spanish or French."""
    game_id = bb3_in_play(client)
    client.get(f"/language/{lang}")
    act_ok(client, game_id, do="alarm", floor=1, at="C1")
    act_ok(client, game_id, do="alarm", floor=1, at="C1")
    act_ok(client, game_id, do="remove_alarm", floor=1, at="C1")
    act_ok(client, game_id, do="end_turn")
    for page in bb3_pages(client, game_id, lang):
        found = TOKEN_ALARM[lang].search(text(page))
        assert not found, text(page)[max(0, found.start() - 200):found.end() + 100]


def test_the_bb3_setup_banner_follows_the_steps(app, client):
    """bb3 Standard Setup 8-13: the setup places each guard and then his destination die; once it is placed the
    banner says where it is and asks only for the entrance, never "then his destination"."""
    game_id = placed(client, "bb3")
    bar = text(re.search(r'<section class="turnbar">.*?</section>', panel(client, game_id), re.DOTALL).group(0))
    fl = state(app, game_id).floors[1]
    assert f"Floor 1's guard stands on {fl.guard} , his die on {fl.destination} showing {fl.die} ; " \
           "the entrance comes next." in bar
    assert "then his destination" not in bar
    assert "Tap the room where the crew breaks in on floor 1." in bar


def test_nothing_offers_to_turn_a_bb3_room_face_up(app, client):
    """bb3 rooms are not typed in from a tile picker (the app follows plain rooms and guard rooms, bb3 "Adjacency,
    Moving, and Jumping"): no page of a turn says to turn a room face up; a room's menu marks a guard room."""
    game_id = bb3_in_play(client)
    pages = bb3_pages(client, game_id, "en")
    for page in pages:
        assert not re.search(r"face up", text(page), re.I), text(page)
    assert "This is a guard room (grey banner)" in text(pages[1])


def test_a_room_menu_jumps_the_guard_or_puts_him_back_and_the_log_says_which(app, client):
    """bb3 Jumping (no entering effect) and a guard correction (marked as one in the log), each one tap."""
    game_id = bb3_in_play(client)
    act_ok(client, game_id, do="alarm", floor=1, at="C2")
    cubes = state(app, game_id).floors[1].alarms
    menu = text(panel(client, game_id, "1-C2"))
    assert "The guard jumps here" in menu and "Correction: the guard stands here" in menu
    page = act_ok(client, game_id, do="guard", floor=1, at="C2", how="jump", room="1-C2")
    s = state(app, game_id).floors[1]
    assert (s.guard, s.alarms, s.suspicion) == ("C2", cubes, 0)
    assert "The floor-1 guard jumps to C2 (no entering effect)." in log_lines(page)
    page = act_ok(client, game_id, do="guard", floor=1, at="B3", how="place", room="1-B3")
    assert state(app, game_id).floors[1].guard == "B3"
    assert "The floor-1 guard is put on B3, where the board shows him." in log_lines(page)
    assert re.search(r'class="log-place"><span class="correction-tag"[^>]*>correction</span>', page)
