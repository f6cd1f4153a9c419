"""POST /games/<id>/act, /undo and /redo: what each button does to the stored game, checked against
the engine applied to the same position (never a hand-computed guess about the shuffled deck)."""

from __future__ import annotations

import html
import re

import pytest

from assistant.words import prompt
from tests.web.taps import room_posts, taps
from tests.web.helpers import (
    HTMX,
    act,
    act_ok,
    break_in,
    entries_text,
    errors,
    expect,
    game,
    guard_square,
    log_lines,
    new_heist,
    room_button,
    room_classes,
    state,
    store,
    tie_pair,
    version,
)


@pytest.fixture
def game_id(client) -> str:
    return new_heist(client)


@pytest.fixture
def playing(client, game_id) -> str:
    """A Bank Job in play: guard on floor 1, the crew in through B2, Ann to move."""
    break_in(client, game_id, "B2")
    return game_id


# -- the break-in --------------------------------------------------------------------------------

def test_break_in_places_the_guard_the_engine_draws(app, client, game_id):
    reference = expect(app, game_id, do="start")
    page = act_ok(client, game_id, do="start")
    fl = state(app, game_id).floors[1]
    assert fl.guard == reference.state.floors[1].guard is not None
    assert fl.destination is None  # §1.22 Break-in: the entrance first, then his destination
    assert guard_square(page, 1) == fl.guard
    assert log_lines(page) == entries_text(reference)
    assert f"The floor-1 guard appears in {fl.guard}." in log_lines(page)
    assert version(page) == 1
    assert "Tap the room where the crew breaks in on floor 1." in page


def test_the_crew_breaks_in_through_the_room_tapped(app, client, game_id):
    """§1.22 Break-in: the entrance, then the first destination; the first burglar walks in now, the
    others at the start of their own first turn."""
    act_ok(client, game_id, do="start")
    reference = expect(app, game_id, do="entrance", at="C4")
    page = act_ok(client, game_id, do="entrance", at="c4")
    s = state(app, game_id)
    assert (s.crew["Ann"].floor, s.crew["Ann"].at) == (1, "C4") and s.crew["Bob"].at is None
    assert s.floors[1].tiles["C4"] == "entrance"
    fl = s.floors[1]
    assert fl.destination is not None and fl.destination != fl.guard
    assert '<span class="die" title="guard die: destination">2</span>' in room_button(page, 1, fl.destination)
    assert log_lines(page) == entries_text(reference)
    assert log_lines(page)[0] == "The crew breaks in through C4 on floor 1."
    assert log_lines(page)[-1] == "Ann enters the building in C4."
    assert "End turn — the floor-1 guard moves" in page
    assert "revealed" in room_classes(page, 1, "C4")


# -- play --------------------------------------------------------------------------------------------

def test_revealing_a_room_with_its_number_marks_it(app, client, playing):
    page = act_ok(client, playing, do="reveal", floor=1, at="C3", type="camera", number=2)
    s = state(app, playing)
    assert s.floors[1].tiles["C3"] == "camera" and s.floors[1].numbers["C3"] == 2
    room = room_button(page, 1, "C3")
    assert '<span class="mark" title="Camera" data-kind="camera">' in room and '<span class="sr-only">◉</span>' in room
    assert '<span class="num">2</span>' in room
    assert "Floor 1 C3, Camera" in room
    assert log_lines(page) == ["C3 on floor 1, face up: camera."]


def test_revealing_a_room_without_a_number(app, client, playing):
    page = act_ok(client, playing, do="reveal", floor=2, at="A1", type="safe")
    assert state(app, playing).floors[2].tiles == {"A1": "safe"}
    room = room_button(page, 2, "A1")
    assert '<span class="mark" title="Safe" data-kind="safe">' in room and 'class="num"' not in room


def test_moving_a_burglar(app, client, playing):
    s = state(app, playing)
    target = next(r for r in ("C2", "A1", "D3") if r != s.floors[1].guard)
    reference = expect(app, playing, do="move", who="Ann", floor=1, to=target)
    page = act_ok(client, playing, do="move", who="Ann", floor=1, to=target)
    assert (state(app, playing).crew["Ann"].floor, state(app, playing).crew["Ann"].at) == (1, target)
    assert "Ann: 3 Stealth" in room_button(page, 1, target)
    assert "Ann: 3 Stealth" not in room_button(page, 1, "B2")
    assert log_lines(page) == entries_text(reference)
    assert f"Ann moves to {target} on floor 1." in log_lines(page)


def test_walking_into_the_guard_costs_stealth(app, client, playing):
    guard = state(app, playing).floors[1].guard
    page = act_ok(client, playing, do="move", who="Bob", floor=1, to=guard, via="ability")
    assert state(app, playing).crew["Bob"].stealth == 2
    assert f"Bob loses 1 Stealth (walked into the guard in {guard}): 2 left." in log_lines(page)


def test_moving_upstairs_brings_that_floors_guard(app, client, playing):
    reference = expect(app, playing, do="move", who="Ann", floor=2, to="D4", via="ability")
    page = act_ok(client, playing, do="move", who="Ann", floor=2, to="D4", via="ability")
    assert state(app, playing).floors[2].guard == reference.state.floors[2].guard is not None
    assert guard_square(page, 2) == reference.state.floors[2].guard
    assert log_lines(page) == entries_text(reference)


def test_an_alarm_takes_the_die_and_is_drawn(app, client, playing):
    s = state(app, playing)
    square = next(r for r in ("D1", "A4", "C1") if r not in (s.floors[1].guard, s.floors[1].destination))
    reference = expect(app, playing, do="alarm", floor=1, at=square)
    page = act_ok(client, playing, do="alarm", floor=1, at=square)
    fl = state(app, playing).floors[1]
    assert fl.alarms == (square,) and fl.destination == square == reference.state.floors[1].destination
    room = room_button(page, 1, square)
    assert '<span class="alarm" title="alarm">' in room and '<span class="sr-only">!</span>' in room
    assert ", alarm" in room and ", destination" in room
    assert "alarms <b>1</b>" in page
    assert log_lines(page) == entries_text(reference)
    assert f"Alarm in {square} on floor 1." in log_lines(page)


def test_an_alarm_on_the_guards_square_does_nothing_and_says_so(app, client, playing):
    guard = state(app, playing).floors[1].guard
    page = act_ok(client, playing, do="alarm", floor=1, at=guard)
    assert state(app, playing).floors[1].alarms == ()
    assert log_lines(page) == [f"No alarm in {guard}: the guard is standing there."]
    assert "!" not in re.sub(r"<[^>]+>", "", room_button(page, 1, guard))


def test_end_turn_moves_the_guard_where_the_engine_says(app, client, playing):
    reference = expect(app, playing, do="end_turn")
    page = act_ok(client, playing, do="end_turn")
    expected = reference.state.floors[1]
    assert state(app, playing).floors[1].guard == expected.guard
    assert guard_square(page, 1) == expected.guard
    assert log_lines(page) == entries_text(reference)
    assert "The floor-1 guard moves 2 (die 2)." in log_lines(page)
    assert f"The floor-1 guard stops in {expected.guard}." in log_lines(page)
    assert log_lines(page)[-2:] == ["Bob's turn.", "Bob enters the building in B2."]  # his first turn (§1.22)
    entered = [e.square for e in reference.log if e.kind == "enter"]
    assert len(entered) == 2
    for n, square in enumerate(entered, start=1):
        assert f'title="guard step {n}">{n}</span>' in room_button(page, 1, square)
    assert "Bob's turn · floor 1" in page


def test_several_turns_follow_the_engine(app, client, playing):
    for _ in range(6):
        reference = expect(app, playing, do="end_turn")
        page = act_ok(client, playing, do="end_turn")
        for n, fl in reference.state.floors.items():
            assert state(app, playing).floors[n].guard == fl.guard
            assert guard_square(page, n) == fl.guard
        assert log_lines(page) == entries_text(reference)


def test_walls_can_be_moved_before_the_break_in(app, client, game_id):
    page = act_ok(client, game_id, do="wall", floor=1, wall="B1-B2")
    assert "B1-B2" in state(app, game_id).floors[1].walls
    assert "wall-s" in room_classes(page, 1, "B1")
    page = act_ok(client, game_id, do="wall", floor=1, wall="B2-B1")
    assert "B1-B2" not in state(app, game_id).floors[1].walls
    assert log_lines(page) == ["Wall B1-B2 on floor 1 taken down."]


# -- refused input: a message in the page, nothing changed ------------------------------------------

def refused(app, client, game_id, **fields) -> str:
    before = game(app, game_id)
    response = act(client, game_id, **fields)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert len(errors(page)) == 1, f"{fields}: {errors(page)}"
    after = game(app, game_id)
    assert (after.version, after.head, after.state) == (before.version, before.head, before.state)
    assert version(page) == before.version
    assert 'id="game"' in page and "<html" not in page
    return errors(page)[0]


def test_a_wall_that_shuts_a_room_off_is_refused_and_changes_nothing(app, client, playing):
    # Bank floor 1 already has A1-B1: a wall A1-A2 would leave A1 with no way in
    message = refused(app, client, playing, do="wall", floor=1, wall="A1-A2")
    assert "shut" in message and "every room must be reachable" in message


def test_a_wall_that_shuts_a_room_off_names_that_room(app, client, playing):
    message = refused(app, client, playing, do="wall", floor=1, wall="A1-A2")
    assert "A1" in message, message


@pytest.mark.parametrize("fields, words", [
    ({"do": "alarm", "floor": 1, "at": "Z9"}, "'Z9' is not a square name"),
    ({"do": "alarm", "floor": 1, "at": "E1"}, "E1 is off the board"),
    ({"do": "move", "who": "Ann", "floor": 1, "to": "A5"}, "A5 is off the board"),
    ({"do": "reveal", "floor": 1, "at": "Q1", "type": "safe"}, "not a square name"),
    ({"do": "alarm", "floor": 1, "at": ""}, "The action 'alarm' needs 'at'"),
    ({"do": "alarm", "floor": 1}, "The action 'alarm' needs 'at'"),
    ({"do": "alarm", "floor": 1, "at": "B"}, "'at' must be a square name like B2, not 'B'"),
    ({"do": "alarm", "floor": 4, "at": "B1"}, "Floor 4 does not exist (floors: 1, 2, 3)"),
    ({"do": "alarm", "floor": 0, "at": "B1"}, "Floor 0 does not exist"),
    ({"do": "alarm", "floor": -1, "at": "B1"}, "Floor -1 does not exist"),
    ({"do": "alarm", "floor": "99999999999999999999", "at": "B1"}, "does not exist"),
    ({"do": "alarm", "at": "B1"}, "The action 'alarm' needs 'floor'"),
    ({"do": "alarm", "floor": "two", "at": "B1"}, "'floor' must be a whole number, not 'two'"),
    ({"do": "alarm", "floor": "1.5", "at": "B1"}, "'floor' must be a whole number, not '1.5'"),
    ({"do": "reveal", "floor": 1, "at": "C3", "type": "camera", "number": "x"},
     "'number' must be a whole number, not 'x'"),
    ({"do": "reveal", "floor": 1, "at": "C3", "type": "camera", "number": 7},
     "'number' must be a whole number from 1 to 6, not 7"),
    ({"do": "reveal", "floor": 1, "at": "C3"}, "The action 'reveal' needs 'type'"),
    ({"do": "guard_turn", "floor": 1, "bonus": 9}, "'bonus' must be a whole number from -3 to 3, not 9"),
    ({"do": "move", "who": "Zed", "floor": 1, "to": "C3"}, "Nobody called 'Zed' is in the crew"),
    ({"do": "wall", "floor": 1, "wall": "A1-C3"}, "not neighbouring rooms"),
    ({"do": "wall", "floor": 1, "wall": "junk"}, "is not a wall"),
    ({"do": "event", "floor": 1, "name": "fireworks"}, "'name': unknown event 'fireworks'"),
    ({"do": "answer", "choice": "B1"}, "There is no question to answer"),
    ({"do": "hack", "kind": "toaster"}, "'kind' must be one of fingerprint, laser, motion, hacker, not 'toaster'"),
    ({"do": "teleport", "floor": 1, "at": "B1"}, "Unknown action 'teleport'"),
    ({"do": ""}, "Nothing to do"),
    ({}, "Nothing to do"),
])
def test_hand_edited_requests_get_a_message_never_a_500(app, client, playing, fields, words):
    assert words in refused(app, client, playing, **fields)


def test_a_message_names_the_culprit_in_plain_words(app, client, playing):
    assert refused(app, client, playing, do="alarm", floor=1, at="E1") == \
        "E1 is off the board: a 4x4 floor runs from A1 to D4"


def test_fort_knox_empty_square_cannot_hold_anything(app, client):
    game_id = new_heist(client, scenario="fort_knox", void="C3")
    break_in(client, game_id, "A1")
    assert "C3 is the empty square" in refused(app, client, game_id, do="alarm", floor=1, at="C3")
    assert "F1" in refused(app, client, game_id, do="alarm", floor=1, at="F1")
    assert "Floor 3 does not exist (floors: 1, 2)" in refused(app, client, game_id, do="alarm", floor=3, at="B1")


def test_a_plain_form_post_gets_the_whole_page_back(app, client, playing):
    """Without htmx (a form post) the answer is a page: a redirect on success, the board with the message
    on a refusal."""
    response = client.post(f"/games/{playing}/act", data={"do": "alarm", "floor": "1", "at": "E1"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<html" in page and errors(page) == ["E1 is off the board: a 4x4 floor runs from A1 to D4"]
    response = client.post(f"/games/{playing}/act", data={"do": "end_turn"})
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{playing}"
    assert game(app, playing).head == 3


def test_a_refused_plain_post_from_a_rooms_menu_says_why_in_that_menu(app, client, playing):
    """A room menu's form posts its room (web/table/tap_fields.py): the page a refusal brings back has that
    menu open, the message in it; a second post of the same board's version is a double tap, refused as such."""
    page = client.get(f"/games/{playing}?room=1-C3").get_data(as_text=True)
    walls = next(form for tap, form in taps(page) if tap.label.startswith("North:"))
    assert walls is not None and walls.fields["room"] == "1-C3" and walls.fields["version"] == str(version(page))
    response = client.post(f"/games/{playing}/act", data={**walls.fields, "floor": "1", "wall": "C3-Z9"})
    menu = re.search(r'<section class="menu room-menu" id="room-menu".*?</section>', response.get_data(as_text=True),
                     re.DOTALL)
    assert response.status_code == 200 and menu and 'role="alert"' in menu.group(0)
    assert game(app, playing).head == 2
    client.post(f"/games/{playing}/act", data={**walls.fields, "do": "end_turn"})
    again = client.post(f"/games/{playing}/act", data={**walls.fields, "do": "end_turn"})
    assert "tapped twice" in errors(again.get_data(as_text=True))[0] and game(app, playing).head == 3


# -- versions: another device, or a double tap -------------------------------------------------------

def test_a_stale_version_is_refused_with_the_fresh_board(app, client, playing):
    current = game(app, playing).version
    act_ok(client, playing, do="end_turn", version=current)  # another device ends the turn
    fresh = game(app, playing)
    response = act(client, playing, do="alarm", floor=1, at="D1", version=current)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert errors(page) == [("The board changed on another device (or the button was tapped twice). "
                             "This is the board as it is now.")]
    assert version(page) == fresh.version
    assert game(app, playing) == fresh
    assert "Bob's turn" in page


def test_a_double_tap_applies_the_action_once(app, client, playing):
    before = game(app, playing)
    first = act(client, playing, do="end_turn", version=before.version).get_data(as_text=True)
    second = act(client, playing, do="end_turn", version=before.version).get_data(as_text=True)
    assert errors(first) == []
    assert "tapped twice" in errors(second)[0]
    after = game(app, playing)
    assert after.head == before.head + 1 and after.version == before.version + 1
    assert [h.action.do for h in store(app).history(playing)] == ["start", "entrance", "end_turn"]
    assert after.state.turn == 1  # Bob's turn, not Ann's again
    assert version(second) == after.version


def test_an_unreadable_version_is_not_taken_for_a_current_one(app, client, playing):
    """A version that is not a number cannot prove the page was up to date."""
    before = game(app, playing)
    response = act(client, playing, do="end_turn", version="abc")
    assert response.status_code == 200
    assert game(app, playing).head == before.head, "an action sent with version=abc was applied"
    assert errors(response.get_data(as_text=True))


# -- undo and redo -----------------------------------------------------------------------------------

def test_undo_gives_back_the_previous_board_and_redo_replays_it(app, client, playing):
    before = game(app, playing)
    before_page = client.get(f"/games/{playing}").get_data(as_text=True)
    act_ok(client, playing, do="end_turn")
    moved = game(app, playing)
    assert moved.state.floors[1].guard != before.state.floors[1].guard or moved.state.turn != before.state.turn

    response = client.post(f"/games/{playing}/undo", data={"version": moved.version}, headers=HTMX)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    undone = game(app, playing)
    assert undone.state == before.state and undone.head == before.head and undone.can_redo
    assert undone.version == moved.version + 1
    assert guard_square(page, 1) == guard_square(before_page, 1) == before.state.floors[1].guard
    assert "Ann's turn" in page
    assert 'disabled>Redo' not in page

    response = client.post(f"/games/{playing}/redo", data={"version": undone.version}, headers=HTMX)
    page = response.get_data(as_text=True)
    redone = game(app, playing)
    assert redone.state == moved.state and not redone.can_redo
    assert guard_square(page, 1) == moved.state.floors[1].guard
    assert "Bob's turn" in page and "disabled>Redo</button>" in page


def test_undo_matches_a_replay_of_the_remaining_actions(app, client, playing):
    for _ in range(3):
        act_ok(client, playing, do="end_turn")
    client.post(f"/games/{playing}/undo", headers=HTMX)
    client.post(f"/games/{playing}/undo", headers=HTMX)
    assert game(app, playing).state == store(app).replay(playing)
    assert game(app, playing).head == 3


def test_a_new_action_after_undo_drops_the_undone_ones(app, client, playing):
    act_ok(client, playing, do="end_turn")
    client.post(f"/games/{playing}/undo", headers=HTMX)
    page = act_ok(client, playing, do="reveal", floor=1, at="A1", type="safe")
    assert "disabled>Redo</button>" in page
    assert [h.action.do for h in store(app).history(playing)] == ["start", "entrance", "reveal"]
    assert client.post(f"/games/{playing}/redo", headers=HTMX).status_code == 200
    assert game(app, playing).head == 3


def test_undo_with_nothing_to_undo_and_redo_with_nothing_to_redo_change_nothing(app, client, game_id):
    before = game(app, game_id)
    page = client.post(f"/games/{game_id}/undo", headers=HTMX).get_data(as_text=True)
    assert errors(page) == [] and game(app, game_id).state == before.state and game(app, game_id).head == 0
    page = client.post(f"/games/{game_id}/redo", headers=HTMX).get_data(as_text=True)
    assert errors(page) == [] and game(app, game_id).head == 0
    assert "Break in — place the floor-1 guard" in page


def test_a_stale_undo_is_refused(app, client, playing):
    old = game(app, playing).version
    act_ok(client, playing, do="end_turn")
    page = client.post(f"/games/{playing}/undo", data={"version": old}, headers=HTMX).get_data(as_text=True)
    assert "tapped twice" in errors(page)[0]
    assert game(app, playing).head == 3


def test_undo_without_htmx_goes_back_to_the_board(app, client, playing):
    response = client.post(f"/games/{playing}/undo")
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{playing}"
    assert game(app, playing).head == 1


def test_undo_can_go_back_to_before_the_break_in(app, client, playing):
    client.post(f"/games/{playing}/undo", headers=HTMX)
    page = client.post(f"/games/{playing}/undo", headers=HTMX).get_data(as_text=True)
    assert "Break in — place the floor-1 guard" in page
    assert state(app, playing).floors[1].guard is None
    assert "disabled>Undo</button>" in page


# -- questions to the table ----------------------------------------------------------------------------

def test_two_alarms_equally_near_ask_the_table_and_the_room_tapped_answers(app, client, playing):
    first, second = tie_pair(state(app, playing))
    act_ok(client, playing, do="alarm", floor=1, at=first)
    page = act_ok(client, playing, do="alarm", floor=1, at=second)
    s = state(app, playing)
    assert s.pending is not None
    options = s.pending["question"]["options"]
    assert sorted(options) == sorted([first, second])
    assert html.escape(prompt(s.pending["question"]), quote=False) in page
    assert "You can also tap a highlighted room." in page
    for square in options:
        assert "option" in room_classes(page, 1, square)
        assert room_posts(page, 1, square) == {"do": "answer", "choice": square}
    assert "End turn" not in page

    # nothing else can happen until the table answers
    assert "question to answer first" in refused(app, client, playing, do="end_turn")
    assert "is not one of the choices" in refused(app, client, playing, do="answer", choice="A1"
                                                  if "A1" not in options else "D4")

    choice = options[1]
    reference = expect(app, playing, do="answer", choice=choice)
    page = act_ok(client, playing, do="answer", choice=choice)
    s = state(app, playing)
    assert s.pending is None and s.floors[1].destination == choice == reference.state.floors[1].destination
    assert f"The table chose {choice}." in log_lines(page)
    assert "End turn — the floor-1 guard moves" in page
    assert "option" not in room_classes(page, 1, choice)


def test_undo_of_an_answer_asks_the_question_again(app, client, playing):
    first, second = tie_pair(state(app, playing))
    act_ok(client, playing, do="alarm", floor=1, at=first)
    act_ok(client, playing, do="alarm", floor=1, at=second)
    act_ok(client, playing, do="answer", choice=second)
    page = client.post(f"/games/{playing}/undo", headers=HTMX).get_data(as_text=True)
    assert state(app, playing).pending is not None
    assert "You can also tap a highlighted room." in page
