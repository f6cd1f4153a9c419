"""Export a heist as a conformance case and open it again (GET export.json, POST /games/import)."""

from __future__ import annotations

import io
import json

import pytest

from assistant.engine.cases import run_case
from assistant.engine.vocabulary import Move
from assistant.web.case_file import MAX_ACTIONS
from tests.web.helpers import act_ok, break_in, errors, game, new_heist, state, store, tie_pair


def export(client, game_id: str, query: str = "") -> dict:
    response = client.get(f"/games/{game_id}/export.json{query}")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return json.loads(response.get_data(as_text=True))


def upload(client, body: bytes | str, name: str = "case.json"):
    data = body.encode() if isinstance(body, str) else body
    return client.post("/games/import", data={"case": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def imported(client, body: bytes | str) -> str:
    response = upload(client, body)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_export_is_a_download_named_for_the_heist(client):
    game_id = new_heist(client)
    response = client.get(f"/games/{game_id}/export.json")
    assert response.headers["Content-Disposition"] == f"attachment; filename=heist-{game_id}.json"
    case = json.loads(response.get_data(as_text=True))
    assert case["rules"] == "bb1" and case["size"] == 4 and sorted(case["floors"]) == ["1", "2", "3"]
    assert case["about"] == "The Bank Job — Ann & Bob: exported after 0 actions"


def test_export_of_one_floor(client):
    game_id = new_heist(client)
    break_in(client, game_id)
    response = client.get(f"/games/{game_id}/export.json?floor=2")
    assert response.headers["Content-Disposition"] == f"attachment; filename=heist-{game_id}-floor2.json"
    case = json.loads(response.get_data(as_text=True))
    assert list(case["floors"]) == ["2"] and case["crew"] == {}


def test_export_ignores_a_floor_that_is_not_a_number(client):
    game_id = new_heist(client)
    assert sorted(export(client, game_id, "?floor=top")["floors"]) == ["1", "2", "3"]


def test_export_then_import_gives_the_same_position(app, client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    s = state(app, game_id)
    act_ok(client, game_id, do="reveal", floor=1, at="C3", type="camera", number=2)
    act_ok(client, game_id, do="move", who="Bob", floor=1, to=next(r for r in ("A4", "D1") if r != s.floors[1].guard),
           via="ability")
    act_ok(client, game_id, do="end_turn")
    act_ok(client, game_id, do="move", who="Bob", floor=2, to="C2", via="ability")  # brings the floor-2 guard
    alarm = next(r for r in ("D4", "A1", "C1") if r != state(app, game_id).floors[1].guard)
    act_ok(client, game_id, do="alarm", floor=1, at=alarm)
    case = export(client, game_id)

    copy_id = imported(client, json.dumps(case))
    assert copy_id != game_id
    original, copy = state(app, game_id), state(app, copy_id)
    for n, fl in original.floors.items():
        twin = copy.floors[n]
        assert (twin.walls, twin.guard, twin.destination, twin.die, twin.alarms, sorted(twin.deck), twin.discard,
                twin.tiles) == (fl.walls, fl.guard, fl.destination, fl.die, fl.alarms, sorted(fl.deck), fl.discard,
                                fl.tiles), f"floor {n}"  # the same cards, dealt afresh (test_export_hides_the_deck)
    assert {n: (b.floor, b.at, b.stealth) for n, b in copy.crew.items()} == \
           {n: (b.floor, b.at, b.stealth) for n, b in original.crew.items()}
    again = export(client, copy_id)
    assert again["floors"] == case["floors"] and again["crew"] == case["crew"]
    # the copy is a heist of its own on the list, titled from the export, and it plays on
    assert "exported after 7 actions" in client.get("/").get_data(as_text=True)
    page = client.get(f"/games/{copy_id}").get_data(as_text=True)
    assert errors(page) == []
    act_ok(client, copy_id, do="end_turn")


def test_export_right_after_the_guard_is_placed_imports_and_opens(client):
    """Export at the entrance step (guard placed, crew not in yet), open it again: the board must open."""
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    copy_id = imported(client, json.dumps(export(client, game_id)))
    response = client.get(f"/games/{copy_id}")
    assert response.status_code == 200


def test_a_position_waiting_on_a_question_exports_and_imports(app, client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    first, second = tie_pair(state(app, game_id))
    act_ok(client, game_id, do="alarm", floor=1, at=first)
    act_ok(client, game_id, do="alarm", floor=1, at=second)
    copy_id = imported(client, json.dumps(export(client, game_id)))
    assert sorted(state(app, copy_id).floors[1].alarms) == sorted([first, second])
    assert client.get(f"/games/{copy_id}").status_code == 200


# -- a case's actions (issue 38 §2: the import plays them as every reader does, engine/cases.replay) -------------

DIAGONAL = {"id": "diagonal", "seed": 0,
            "floors": {"1": {"guard": "D4", "destination": "A4", "die": 2, "patrol": ["C1"]}},
            "crew": {"ana": {"floor": 1, "at": "A2", "stealth": 3}},
            "actions": [{"do": "move", "who": "ana", "floor": 1, "to": "B1"}, {"do": "guard_turn", "floor": 1}]}


def test_an_imported_case_opens_after_its_actions_with_them_in_its_log(app, client):
    """Issue 38 §2: the heist opens at the position after the case's actions, the position the resolver reports;
    the diagonal walk is the table's word (docs/conformance.md "Walks"), kept as a correction in the log."""
    copy_id = imported(client, json.dumps(DIAGONAL))
    heist = game(app, copy_id)
    assert heist.head == 2 and heist.state.crew["ana"].at == "B1"
    assert heist.state.floors[1].guard == run_case(DIAGONAL)["floors"]["1"]["guard"] == "B4"
    walk, turn = (played.action for played in store(app).history(copy_id))
    assert isinstance(walk, Move) and walk.via == "table" and turn.do == "guard_turn"
    assert client.get(f"/games/{copy_id}").status_code == 200


def test_undo_takes_an_imported_cases_actions_back_to_its_position(app, client):
    """Issue 38 §2: the case's own position is the heist's first: Undo goes back through its actions."""
    copy_id = imported(client, json.dumps(DIAGONAL))
    store(app).undo(copy_id)
    back = store(app).undo(copy_id)
    assert back.head == 0 and back.state.crew["ana"].at == "A2" and back.state.floors[1].guard == "D4"
    assert store(app).replay(copy_id).crew["ana"].at == "A2"


def test_an_imported_case_that_stops_at_a_question_leaves_it_pending(app, client):
    """Issue 38 §2: a case whose actions stop at a question (bb1 Laser: the table says whether two actions were
    spent) opens with that question waiting on the board; answering it plays on."""
    case = {"id": "laser", "seed": 0, "floors": {"1": {"guard": "D4", "destination": "D3", "die": 1, "patrol": ["D1"],
                                                        "tiles": {"B2": "laser"}}},
            "crew": {"ana": {"floor": 1, "at": "A2", "stealth": 3}},
            "actions": [{"do": "move", "who": "ana", "floor": 1, "to": "B2"}]}
    copy_id = imported(client, json.dumps(case))
    waiting = state(app, copy_id)
    assert waiting.pending is not None and waiting.pending["question"]["options"] == ["alarm", "action"]
    assert 'id="answer"' in client.get(f"/games/{copy_id}").get_data(as_text=True)
    act_ok(client, copy_id, do="answer", choice="alarm")
    assert state(app, copy_id).pending is None and state(app, copy_id).floors[1].alarms == ("B2",)


def test_a_case_whose_action_the_rules_refuse_is_not_imported(app, client):
    """Issue 38 §2: an action the rules refuse is the case's error, as the resolver prints it; no heist is made."""
    case = {**DIAGONAL, "actions": [{"do": "move", "who": "bob", "floor": 1, "to": "B1"}]}
    before = len(store(app).games())
    message = refused(client, json.dumps(case))
    assert run_case(case)["error"] in message
    assert len(store(app).games()) == before


def test_a_case_with_more_actions_than_a_heist_has_is_refused(client):
    """Every action is played at import: their number is bounded (web/case_file.MAX_ACTIONS)."""
    case = {**DIAGONAL, "actions": [{"do": "end_turn"}] * (MAX_ACTIONS + 1)}
    assert f"actions: {MAX_ACTIONS + 1} entries; a case has at most {MAX_ACTIONS}" in refused(client, json.dumps(case))


# -- bad files ----------------------------------------------------------------------------------------

def refused(client, body: bytes | str) -> str:
    response = upload(client, body)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Heists" in page and "<details class=\"import\"" in page
    assert '<details class="import" open>' in page  # the message is not hidden
    assert len(errors(page)) == 1
    message = errors(page)[0]
    assert message.startswith("That file is not a case: ")
    assert "Traceback" not in page
    return message


def test_a_file_that_is_not_json_is_refused_with_a_message(client):
    assert "it breaks off at line 1, column 1" in refused(client, "this is a shopping list")


def test_a_binary_file_is_refused_with_a_message(client):
    refused(client, b"\x89PNG\r\n\x1a\n\x00\xff")


def test_no_file_at_all_is_refused_with_a_message(client):
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True))


@pytest.mark.parametrize("body, words", [
    ("{}", "a case needs at least one floor"),
    ('{"floors": {"1": {"walls": ["A1-B1", "A1-A2"]}}}', "every room must be reachable"),
    ('{"floors": {"1": {"die": 9}}}', "a guard die shows 1 to 6"),
    ('{"floors": {"1": {"guard": "E1"}}}', "E1 is off the board"),
    ('{"floors": {"7": {}}}', "floors are numbered 1 to 3"),
    ('{"floors": {"1": {}}, "rules": "bb9"}', "unknown rules"),
    ('{"floors": {"1": {}}, "size": 7}', "a floor is 4x4 or 5x5"),
    ('{"floors": {"1": {"guard": "A1", "alarms": ["A1"]}}}', "no alarm can be on the guard's square"),
    ('{"floors": {"1": {}}, "crew": {"Ann": {"floor": 2, "at": "A1"}}}', "which the case does not have"),
    # issue 38 §4, docs/conformance.md `tiles`: a room type the game lacks, named with the game's own types
    ('{"rules": "bb2", "floors": {"1": {"tiles": {"B2": "crowsnest"}}}}',
     "no Burgle Bros room is called 'crowsnest': buffet, cashier cages, count room, crow's nest"),
    ('{"rules": "bb3", "floors": {"1": {"tiles": {"B2": "kitchen"}}}}', "'kitchen': room, guard room, entrance"),
])
def test_a_bad_case_is_refused_with_a_message_naming_the_problem(client, body, words):
    assert words in refused(client, body)
    assert "No saved heist yet." in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("body", [
    "[1, 2, 3]",
    '"a case"',
    '{"floors": {"1": "walls everywhere"}}',
    '{"floors": {"1": {}}, "crew": {"Ann": 3}}',
    '{"floors": {"1": {}}, "void": [5]}',
])
def test_json_of_the_wrong_shape_is_refused_not_a_500(client, body):
    refused(client, body)


def test_a_case_whose_room_types_are_not_names_is_refused_or_opens(client):
    """Whatever the import accepts must open: a stored heist that cannot be shown is lost."""
    response = upload(client, '{"floors": {"1": {"tiles": {"A1": 5}}}}')
    assert response.status_code in (302, 422)
    if response.status_code == 302:
        assert client.get(response.headers["Location"]).status_code == 200


def test_a_burgle_bros_2_case_with_no_crew_opens(client):
    response = upload(client, '{"rules": "bb2", "floors": {"1": {}}}')
    assert response.status_code in (302, 422)
    if response.status_code == 302:
        assert client.get(response.headers["Location"]).status_code == 200


def test_an_imported_heist_can_be_undone_to_its_start_only(app, client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    copy_id = imported(client, json.dumps(export(client, game_id)))
    assert game(app, copy_id).head == 0
    act_ok(client, copy_id, do="end_turn")
    client.post(f"/games/{copy_id}/undo", headers={"HX-Request": "true"})
    client.post(f"/games/{copy_id}/undo", headers={"HX-Request": "true"})
    assert game(app, copy_id).head == 0
