"""Issue 21 §5 and §1.22 "Information" (no screen shows the deck order): the exported heist lists the app's
face-down patrol cards as a set and the import deals them afresh; the file in draw order, for a bug report, is
the tablet's alone, behind a spoiler warning."""

from __future__ import annotations

import io
import json

from assistant.engine.cases import state_from_case
from assistant.web.case_file import CaseFileError, read_case
from assistant.web.table.export import game_as_case
from assistant.engine.rulesets import RULEBOOKS
import pytest

from tests.web.helpers import act_ok, break_in, game, new_heist, state
from tests.web.test_access import phone


def exported(client, game_id: str) -> bytes:
    response = client.get(f"/games/{game_id}/export.json")
    assert response.status_code == 200
    return response.get_data()


def imported(client, body: bytes) -> str:
    response = client.post("/games/import", data={"case": (io.BytesIO(body), "case.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_the_exported_file_is_the_same_whatever_the_decks_order(app, client):
    """Issue 21 §5: two states that differ only in the order of their face-down patrol cards export alike."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    s = state(app, game_id)
    other = s.copy()
    for fl in other.floors.values():
        fl.deck = list(reversed(fl.deck))
    assert [fl.deck for fl in other.floors.values()] != [fl.deck for fl in s.floors.values()]
    files = [json.dumps(game_as_case(x, RULEBOOKS[x.rules], "t", None, [])).encode() for x in (s, other)]
    assert files[0] == files[1]
    case = json.loads(exported(client, game_id))
    assert all("patrol" not in spec for spec in case["floors"].values())
    assert {n: spec["face_down"] for n, spec in case["floors"].items()} == \
           {str(n): sorted(fl.deck) for n, fl in s.floors.items()}


def test_an_imported_file_deals_its_cards_afresh_the_same_each_time(app, client):
    """docs/conformance.md ``face_down``: the cards of the file, shuffled by the file's own seed, not the tablet's
    order (which the file does not know); opening the same file twice deals the same decks."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    body = exported(client, game_id)
    first, second = (state(app, imported(client, body)) for _ in range(2))
    original = state(app, game_id)
    for n, fl in original.floors.items():
        assert sorted(first.floors[n].deck) == sorted(fl.deck)
        assert first.floors[n].deck == second.floors[n].deck
    assert [first.floors[n].deck for n in original.floors] != [fl.deck for fl in original.floors.values()]
    assert first.seed == json.loads(body)["seed"] != original.seed


def test_the_files_seed_never_is_the_games_own(app, client):
    """The game's seed would let anyone recompute the shuffle: the file's seed comes from what the file shows."""
    game_id = new_heist(client)
    act_ok(client, game_id, do="start")
    case = json.loads(exported(client, game_id))
    assert case["seed"] != game(app, game_id).state.seed
    again = game_as_case(state_from_case(case), RULEBOOKS["bb1"], "The Bank Job — Ann & Bob", None, [None])
    assert case["seed"] == again["seed"]


def test_the_known_top_of_a_deck_stays_on_top_and_the_rest_is_dealt_below():
    """A case may name its top cards in order (``patrol``) and leave the rest as a set (``face_down``)."""
    case = {"seed": 7, "floors": {"1": {"patrol": ["A1", "B1"], "face_down": ["D4", "C3", "C2", "B4"]}}}
    deck = state_from_case(case).floors[1].deck
    assert deck[:2] == ["A1", "B1"] and sorted(deck[2:]) == ["B4", "C2", "C3", "D4"]
    assert state_from_case({**case, "seed": 8}).floors[1].deck[:2] == ["A1", "B1"]


def test_a_seed_that_is_no_whole_number_is_refused():
    with pytest.raises(CaseFileError, match="seed"):
        read_case(b'{"seed": "x", "floors": {"1": {}}}')


def test_the_file_in_draw_order_is_behind_a_spoiler_warning_on_the_tablet(app, client):
    """Issue 21 §5: the fuller file sits behind a clear spoiler warning, a separate link, the host's only."""
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    whole_log = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    assert f"/games/{game_id}/export-in-order" in whole_log
    warning = client.get(f"/games/{game_id}/export-in-order")
    assert warning.mimetype == "text/html"
    page = warning.get_data(as_text=True)
    assert "in the order the guards will draw them" in page and "confirm=yes" in page
    response = client.get(f"/games/{game_id}/export-in-order?confirm=yes")
    assert response.headers["Content-Disposition"] == f"attachment; filename=heist-{game_id}-spoiler.json"
    case = json.loads(response.get_data(as_text=True))
    assert case["about"].startswith("SPOILER")
    assert {n: spec["patrol"] for n, spec in case["floors"].items()} == \
           {str(n): fl.deck for n, fl in state(app, game_id).floors.items()}


def test_a_play_link_gets_neither_the_file_in_order_nor_its_link(app, client):
    game_id = new_heist(client)
    break_in(client, game_id, "B2")
    token = game(app, game_id).play_token
    device = phone(app)
    assert "export-in-order" not in device.get(f"/games/{token}/log").get_data(as_text=True)
    assert device.get(f"/games/{token}/export-in-order?confirm=yes").status_code == 403
