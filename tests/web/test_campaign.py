"""Issue 36 §1: a Burgle Bros 2 campaign played through the app, on a real heists file brought up from database
version 4 and carried to another laptop in a backup. Its Heist Log follows the bb2 rulebook (shared/seeds
bb2-casino-capers-en.md): "Before Your Heist (Campaign Mode)" (6 Suspicion at the first heist, finales 1 to 9 in
order), "Heist Setup" 5 (the Suspicion Meter's prompt changes the patrol decks) and 12 (the finale card stays face
down), "After Your Heist (Campaign Mode)" (players, won or lost, the new Suspicion: +1 on a win, -1 on a loss,
within 1 and 10; the finale's loot sticker on a win, an alternate gear card win or lose), "Playing with a Random
Finale" (any Suspicion, 6 the normal one; all nine finales, less those won)."""

from __future__ import annotations

import gzip
import html
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.state import HIDDEN
from assistant.store_upgrades import SCHEMA_VERSION, backup_name
from tests.web.helpers import HTMX, act_ok, errors, form_controls, make_app, state, store
from tests.web.test_backup import download, send
from tests.web.test_backup_hostile import as_found, edited, heists_of

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
SETUP_CARDS = ("B1", "D1", "C3", "C2")  # each floor's bouncer, then his destination (Heist Setup 6-8)


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def fields(page: str, action: str, **changes: Any) -> dict[str, list[str]]:
    """What the browser sends for the form posted to ``action`` as the page draws it, with ``changes`` typed in."""
    sent: dict[str, list[str]] = {}
    for name, value in form_controls(page, action)[0]:
        sent.setdefault(name, []).append(value)
    for name, value in changes.items():
        sent[name] = value if isinstance(value, list) else [str(value)]
    return sent


def set_up(client: FlaskClient, form_url: str, action: str, **changes: Any) -> str:
    """A heist set up through the campaign's form as the page fills it in; its id."""
    page = client.get(form_url, follow_redirects=True).get_data(as_text=True)
    response = client.post(action, data=fields(page, action, **changes))
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    return str(response.headers["Location"]).rsplit("/", 1)[1]


def placed(client: FlaskClient, game_id: str) -> None:
    act_ok(client, game_id, do="start")
    for card in SETUP_CARDS:
        act_ok(client, game_id, do="answer", choice=card)


def escaped(app: Flask, client: FlaskClient, game_id: str) -> None:
    """Every burglar in through an entrance and straight out again (their floor's bouncer skips each move)."""
    placed(client, game_id)
    crew = list(state(app, game_id).crew)
    for name in crew:
        act_ok(client, game_id, do="move", who=name, floor=1, to="A1")
        act_ok(client, game_id, do="escape", who=name)
        if name != crew[-1]:
            act_ok(client, game_id, do="end_turn")
    assert state(app, game_id).outcome == "escaped"


def caught(app: Flask, client: FlaskClient, game_id: str) -> None:
    """bb2 "How to Play, Win...and Lose": the first burglar reaches 6 heat."""
    placed(client, game_id)
    who = next(iter(state(app, game_id).crew))
    act_ok(client, game_id, do="move", who=who, floor=1, to="A1")
    act_ok(client, game_id, do="set", field="heat", who=who, value="6")
    assert state(app, game_id).outcome == "caught"


def decks(app: Flask, game_id: str) -> list[int]:
    s = state(app, game_id)
    assert all(card == HIDDEN for n in (1, 2) for card in s.floors[n].deck)  # the table's own cards, unknown
    return [len(s.floors[n].deck) for n in (1, 2)]


def written(client: FlaskClient, campaign: str, result: str, gear: str = "") -> str:
    response = client.post(f"/campaigns/{campaign}/result", data={"result": result, "gear": gear})
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    return client.get(f"/campaigns/{campaign}").get_data(as_text=True)


def log_rows(page: str) -> list[list[str]]:
    table = re.search(r'<table class="heist-log".*?</table>', page, re.DOTALL)
    assert table, "no Heist Log on the page"
    return [[html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell))).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)]
            for row in re.findall(r'<tr id="heist-\d">(.*?)</tr>', table.group(0), re.DOTALL)]


def version_4_file(tmp_path: Path) -> Path:
    """The heists file as the app of database version 4 wrote it (tests/fixtures/saves/README.md)."""
    path = tmp_path / "laptop" / "heists.sqlite3"
    path.parent.mkdir()
    with gzip.open(SAVES / "schema4.sqlite3.gz") as src, open(path, "wb") as out:
        shutil.copyfileobj(src, out)
    return path


@pytest.mark.sqlite_file  # the heists file as version 4 wrote it, or as it stands
def test_a_campaign_of_three_heists_won_lost_won_through_an_upgrade_and_a_backup(tmp_path: Path) -> None:
    path = version_4_file(tmp_path)
    app = make_app(path)
    client = app.test_client()
    assert store(app).upgraded == list(range(5, SCHEMA_VERSION + 1)) and Path(backup_name(path)).exists()
    before = {g["id"]: g["outcome"] for g in store(app).games()}
    assert sorted(before.values(), key=str) == [None, "escaped"]  # a Bank Job in play, a Casino Capers won
    for game_id in before:
        assert client.get(f"/games/{game_id}").status_code == 200

    # the first heist: a new campaign, at 6 Suspicion, finale 1; the sheet's prompt at 6 (as the table reads it from
    # its own Heist Log) shuffles a Distracted card into each floor's deck
    home = client.get("/").get_data(as_text=True)
    assert 'href="/new?game=bb2&amp;mode=campaign"' in home
    page = client.get("/new?game=bb2&mode=campaign").get_data(as_text=True)
    assert "Heist 1 of the campaign, at 6 Suspicion." in text(page)
    assert "Take finale card 1 out of the finales envelope and leave it face down" in text(page)
    first = set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", name2="Bob",
                   entrance=["A1", "D4"], campaign_name="Casino summer", distracted1=1, distracted2=1)
    assert decks(app, first) == [17, 17]
    [campaign] = [c.id for c in store(app).campaigns()]
    page = client.get(f"/campaigns/{campaign}").get_data(as_text=True)
    assert "Heist 1 (finale card 1) is being played." in text(page)
    assert client.get(f"/campaigns/{campaign}/next").status_code == 302  # the result first
    escaped(app, client, first)
    assert "Its board says everyone got out." in text(client.get(f"/campaigns/{campaign}").get_data(as_text=True))
    page = written(client, campaign, "won", gear="Crybaby")
    assert "Heist 2: finale card 2, at 7 Suspicion." in text(page)

    # the second: Play again on the first goes on with the campaign; Cy plays instead of Bob; at 7 the sheet takes
    # a patrol card out of floor 1. Ann reaches 6 heat: a loss (a win is refused, as the board says caught)
    response = client.get(f"/games/{first}/again")
    assert response.status_code == 302 and response.headers["Location"] == f"/campaigns/{campaign}/next"
    page = client.get(f"/campaigns/{campaign}/next").get_data(as_text=True)
    assert "Heist 2 of the campaign, at 7 Suspicion." in text(page) and "Heist 2 of Casino summer" in text(page)
    assert dict(form_controls(page, f"/campaigns/{campaign}/next")[0])["name1"] == "Ann"
    assert 'id="meter-remembered"' not in page  # nothing typed at 7 yet
    second = set_up(client, f"/games/{first}/again", f"/campaigns/{campaign}/next", name2="Cy", removed1=1)
    assert decks(app, second) == [15, 16]
    caught(app, client, second)
    response = client.post(f"/campaigns/{campaign}/result", data={"result": "won"})
    assert response.status_code == 422
    assert "heist 2's board says the crew was caught: it goes in the Heist Log as lost" in " ".join(
        errors(response.get_data(as_text=True)))
    page = written(client, campaign, "lost")
    assert "Heist 3: finale card 3, at 6 Suspicion." in text(page)

    # the third, back at 6: the prompt comes back as typed at 6 before; won
    page = client.get(f"/campaigns/{campaign}/next").get_data(as_text=True)
    assert "Filled in as you typed it the last time this campaign was at 6 Suspicion." in text(page)
    third = set_up(client, f"/campaigns/{campaign}/next", f"/campaigns/{campaign}/next", name2="Bob")
    assert decks(app, third) == [17, 17]
    escaped(app, client, third)
    page = written(client, campaign, "won")

    def as_the_book_says(page: str) -> None:
        assert log_rows(page) == [
            ["Finale 1", "Ann, Bob", "6", "floor 1: 17, floor 2: 17", "won", "7",
             "an alternate gear card (Crybaby); the finale 1 loot sticker", "Heist report"],
            ["Finale 2", "Ann, Cy", "7", "floor 1: 15, floor 2: 16", "lost", "6", "an alternate gear card",
             "Heist report"],
            ["Finale 3", "Ann, Bob", "6", "floor 1: 17, floor 2: 17", "won", "7",
             "an alternate gear card; the finale 3 loot sticker", "Heist report"]]
        assert "Suspicion: 7 · 3 heists of 9 played" in text(page)
        assert "Trophy Case: 1, 3. 3 alternate gear cards unlocked." in text(page)
        assert "Heist 4: finale card 4, at 7 Suspicion." in text(page)
        for game_id in (first, second, third):
            assert f'href="/games/{game_id}/report"' in page

    as_the_book_says(page)
    for game_id in (first, second, third):
        report = client.get(f"/games/{game_id}/report").get_data(as_text=True)
        assert f'href="/campaigns/{campaign}"' in report

    # a backup of this laptop, taken back on another: the same log, and the next heist set up there
    data = download(client)
    other = make_app(tmp_path / "other" / "heists.sqlite3")
    there = other.test_client()
    status, answer = send(there, data, mode="add")
    assert status == 200, answer
    as_the_book_says(there.get(f"/campaigns/{campaign}").get_data(as_text=True))
    page = there.get(f"/games/{third}/again", follow_redirects=True).get_data(as_text=True)
    assert "Heist 4 of the campaign, at 7 Suspicion." in text(page)
    assert "Filled in as you typed it the last time this campaign was at 7 Suspicion." in text(page)
    fourth = set_up(there, f"/campaigns/{campaign}/next", f"/campaigns/{campaign}/next")
    assert decks(other, fourth) == [15, 16]  # as the sheet's prompt at 7 was typed for heist 2
    assert store(other).campaign(campaign).log.heists[-1].finale == 4

    # and restored over this laptop's heists: the campaign as it was here
    status, answer = send(client, download(there), mode="replace")
    assert status == 200, answer
    assert store(app).campaign(campaign).games == (first, second, third, fourth)


def test_a_heist_deleted_keeps_its_line_in_the_heist_log(app: Flask, client: FlaskClient) -> None:
    first = set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", entrance=["A1", "D4"])
    [campaign] = [c.id for c in store(app).campaigns()]
    written(client, campaign, "lost")
    client.post(f"/games/{first}/delete")
    page = client.get(f"/campaigns/{campaign}").get_data(as_text=True)
    assert log_rows(page) == [["Finale 1", "Ann", "6", "floor 1: 16, floor 2: 16", "lost", "5",
                               "an alternate gear card", "heist deleted"]]
    assert "Heist 2: finale card 2, at 5 Suspicion." in text(page)
    page = client.get(f"/campaigns/{campaign}/next").get_data(as_text=True)  # no last heist to fill the form in from
    assert "Heist 2 of the campaign, at 5 Suspicion." in text(page)


@pytest.mark.parametrize(("changes", "words"), [
    ({"distracted1": 4, "distracted2": 3}, "the box has 6 Distracted cards, not 7"),
    ({"removed2": 15}, "floor 2: 15 patrol cards taken out of 16 leave fewer than the 2 cards the setup draws"),
    ({"distracted1": "two"}, "floor 1, Distracted cards added: write a whole number, not 'two'"),
    ({"name1": ""}, "give at least one burglar a name"),
])
def test_a_meter_the_box_cannot_make_is_refused_on_the_form_and_nothing_is_set_up(
        app: Flask, client: FlaskClient, changes: dict[str, Any], words: str) -> None:
    page = client.get("/new?game=bb2&mode=campaign").get_data(as_text=True)
    sent = fields(page, "/campaigns", **{"name1": "Ann", "entrance": ["A1", "D4"], **changes})
    response = client.post("/campaigns", data=sent)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert errors(page) == [words]
    assert 'action="/campaigns"' in page and "Heist 1 of the campaign, at 6 Suspicion." in text(page)
    assert store(app).campaigns() == [] and store(app).games() == []


def test_after_the_ninth_heist_random_finale_mode_comes_with_the_finales_not_won(
        app: Flask, client: FlaskClient) -> None:
    """"Playing with a Random Finale": once the nine heists are played; the finales won may be taken out."""
    set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", entrance=["A1", "D4"])
    [campaign] = [c.id for c in store(app).campaigns()]
    for n in range(1, 10):
        if n > 1:  # at 3 Suspicion (the eighth heist) this table's sheet takes a card out of each deck
            set_up(client, f"/campaigns/{campaign}/next", f"/campaigns/{campaign}/next",
                   **({"removed1": 1, "removed2": 1} if n == 8 else {}))
        written(client, campaign, "won" if n in (2, 5, 9) else "lost")
    page = client.get(f"/campaigns/{campaign}").get_data(as_text=True)
    # 6, then -1, +1, -1, -1, +1, -1, -1, -1, +1: 5, 6, 5, 4, 5, 4, 3, 2, 3
    assert [row[5] for row in log_rows(page)] == ["5", "6", "5", "4", "5", "4", "3", "2", "3"]
    assert "The campaign is over: all nine finales are played." in text(page)
    assert client.get(f"/campaigns/{campaign}/next").status_code == 302
    link = html.unescape(re.search(r'<a class="button primary" href="([^"]+)">Set up a Random Finale heist', page)[1])
    form = client.get(link).get_data(as_text=True)
    ticked = [v for k, v in form_controls(form)[0] if k == "finale"]
    assert ticked == ["1", "3", "4", "6", "7", "8"]
    shown = dict(form_controls(form)[0])  # at the campaign's last Suspicion, its sheet's prompt as typed there
    assert (shown["suspicion"], shown["removed1"], shown["removed2"], shown["distracted1"]) == ("3", "1", "1", "0")


def test_random_finale_mode_asks_a_suspicion_six_by_default_and_every_finale(app: Flask, client: FlaskClient) -> None:
    page = client.get("/new?game=bb2&mode=random").get_data(as_text=True)
    sent = fields(page, "/new", name1="Ann", entrance=["A1", "D4"], suspicion=8, removed1=2, removed2=2)
    assert dict(form_controls(page)[0])["suspicion"] == "6"
    assert sent["finale"] == [str(n) for n in range(1, 10)]
    response = client.post("/new", data=sent)
    assert response.status_code == 302
    game_id = str(response.headers["Location"]).rsplit("/", 1)[1]
    assert decks(app, game_id) == [14, 14]
    again = dict(form_controls(client.get(f"/games/{game_id}/again").get_data(as_text=True))[0])
    assert (again["mode"], again["suspicion"], again["removed1"]) == ("random", "8", "2")
    assert store(app).campaigns() == []  # Random Finale Mode keeps no Heist Log
    sent.update(finale=[], suspicion=["11"])
    assert "Suspicion is 1 to 10 on the Heist Log's meter, not 11" in errors(
        client.post("/new", data=sent).get_data(as_text=True))


def test_a_bb2_heist_of_one_keeps_its_decks_typed_by_hand(app: Flask, client: FlaskClient) -> None:
    page = client.get("/new?game=bb2").get_data(as_text=True)
    assert 'name="cards1"' in page and 'name="distracted1"' not in page
    assert 'href="/new?game=bb2&amp;mode=campaign"' not in page  # the mode buttons are a GET form of their own
    assert re.search(r'<button class="button game-pick on" name="mode" value=""', page)


def test_the_campaign_pages_are_the_tablets(app: Flask, client: FlaskClient) -> None:
    set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", entrance=["A1", "D4"])
    [campaign] = [c.id for c in store(app).campaigns()]
    phone = {"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"}
    for url in (f"/campaigns/{campaign}", f"/campaigns/{campaign}/next"):
        assert client.get(url, environ_base=phone).status_code == 403
    assert client.post(f"/campaigns/{campaign}/result", data={"result": "won"}, environ_base=phone).status_code == 403
    assert client.get("/campaigns/00000000").status_code == 404
    assert client.post(f"/campaigns/{campaign}/result", data={"result": "maybe"}).status_code == 422
    assert store(app).campaign(campaign).log.playing is not None


# -- a hostile backup's campaign ---------------------------------------------------------------------------------

def campaign_backup(tmp_path: Path) -> bytes:
    other = make_app(tmp_path / "source" / "heists.sqlite3")
    client = other.test_client()
    set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", entrance=["A1", "D4"])
    [campaign] = [c.id for c in store(other).campaigns()]
    written(client, campaign, "won")
    set_up(client, f"/campaigns/{campaign}/next", f"/campaigns/{campaign}/next")
    return download(client)


HOSTILE = [
    ("UPDATE campaign_heists SET finale = 3 WHERE finale = 2;", "the campaign Campaign of Ann in it is damaged"),
    ("UPDATE campaign_heists SET result = NULL WHERE finale = 1;", "the campaign Campaign of Ann in it is damaged"),
    ("UPDATE campaign_heists SET result = 'draw';", "the campaign Campaign of Ann in it is damaged"),
    ("UPDATE campaign_heists SET game_id = 'ffffffff' WHERE finale = 1;", "the campaign Campaign of Ann in it"),
    ("DROP INDEX campaign_heists_game; UPDATE campaign_heists SET game_id = "
     "(SELECT game_id FROM campaign_heists WHERE finale = 1);", "the campaign Campaign of Ann in it is damaged"),
    ("UPDATE campaigns SET meter = '{\"6\": [[9, 0], [0, 0]]}';", "the campaign Campaign of Ann in it is damaged"),
    ("UPDATE campaign_heists SET campaign_id = 'ffffffff';", "it holds a Heist Log line of no campaign in it"),
    ("DROP TABLE campaigns; CREATE VIEW campaigns AS SELECT 'a' AS id, 'b' AS name, '' AS created, '' AS updated, "
     "'{}' AS meter;", "its campaigns is not a plain table"),
]


@pytest.mark.parametrize("mode", ["replace", "add"])
@pytest.mark.parametrize(("sql", "words"), HOSTILE, ids=[str(n) for n in range(len(HOSTILE))])
def test_a_backup_whose_campaign_was_edited_by_hand_is_refused_and_nothing_here_changes(
        app: Flask, client: FlaskClient, db_path: Path, tmp_path: Path, sql: str, words: str, mode: str) -> None:
    data = campaign_backup(tmp_path)
    set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Di", entrance=["A1", "D4"])
    before = as_found(db_path)
    status, page = send(client, edited(data, tmp_path, sql), mode)
    assert status == 422, page
    assert words in html.unescape(page)
    assert as_found(db_path) == before
    with heists_of(db_path) as db:  # the file, or the PostgreSQL database standing for it
        assert db.execute("SELECT count(*) FROM campaign_heists").fetchone() == (1,)
    assert client.get("/", headers=HTMX).status_code == 200


def test_a_result_tapped_wrongly_is_written_again_until_the_next_heist_is_set_up(
        app: Flask, client: FlaskClient) -> None:
    set_up(client, "/new?game=bb2&mode=campaign", "/campaigns", name1="Ann", entrance=["A1", "D4"])
    [campaign] = [c.id for c in store(app).campaigns()]
    page = written(client, campaign, "won", gear="Crybaby")
    assert "Heist 2: finale card 2, at 7 Suspicion." in text(page)
    assert client.post(f"/campaigns/{campaign}/reopen").status_code == 302
    page = client.get(f"/campaigns/{campaign}").get_data(as_text=True)
    assert "Heist 1 (finale card 1) is being played." in text(page) and 'value="Crybaby"' in page
    page = written(client, campaign, "lost", gear="Crybaby")
    assert log_rows(page)[0][4:7] == ["lost", "5", "an alternate gear card (Crybaby)"]
    set_up(client, f"/campaigns/{campaign}/next", f"/campaigns/{campaign}/next")
    response = client.post(f"/campaigns/{campaign}/reopen")
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True)) == ["no heist of the campaign has a result to write again"]
    assert 'id="reopen-form"' not in response.get_data(as_text=True)
