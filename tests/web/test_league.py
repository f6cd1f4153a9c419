"""The league page and its CSV file (issue 36 §2) on heists stored with known outcomes: the tables, the luckiest and
unluckiest heists linked to their reports, a chosen set of heists, the same rows as a download, the count kept per
heist version, and only the host sees any of it."""

from __future__ import annotations

import csv
import html
import io
import re
from fractions import Fraction

from flask import Flask
from flask.testing import FlaskClient

from assistant.league import league
from assistant.store import Store
from assistant.store_clubs import LOCAL
from assistant.web.setup import league as league_view
from tests.test_league import ANN_BOB, CY_DI, bank_job, counted, escape_all, half_a_chance
from tests.web.helpers import store

PHONE = {"REMOTE_ADDR": "192.168.1.23", "HTTP_HOST": "192.168.1.10:8000"}


def text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def section(page: str, table_id: str) -> str:
    start = page.index(f'id="{table_id}"')
    return page[start:page.index("</table>", start)]


def test_the_page_counts_every_heist_and_names_the_luckiest_and_unluckiest(app: Flask, client: FlaskClient) -> None:
    kept = store(app)
    unlucky, lucky = half_a_chance(kept, ["A1", "A3", "C1"]), half_a_chance(kept, ["C1", "A3", "A1"])
    won = bank_job(kept, ANN_BOB, seed=1)
    escape_all(kept, won)
    caught = bank_job(kept, ANN_BOB, seed=2, difficulty="hard", turns=60)
    bank_job(kept, ANN_BOB, seed=3, turns=0)  # no guard move yet: listed, not counted
    page = client.get("/league").get_data(as_text=True)
    assert "1 heist with no guard move yet is left out of the tables below." in page
    lucky_list = page[page.index("The luckiest heists"):page.index("The unluckiest heists")]
    unlucky_list = page[page.index("The unluckiest heists"):page.index('id="by-crew"')]
    assert f'href="/games/{lucky}/report"' in lucky_list and f'/games/{unlucky}/' not in lucky_list
    assert f'href="/games/{unlucky}/report"' in unlucky_list and f'/games/{lucky}/' not in unlucky_list
    assert "found 0 times where the odds expected 0.50 (luck +0.50)" in text(lucky_list)
    assert "found 1 time where the odds expected 0.50 (luck -0.50)" in text(unlucky_list)
    lines = {g: counted(kept, g) for g in (unlucky, lucky, won, caught)}
    crews = text(section(page, "by-crew"))
    ann_bob = league([lines[won], lines[caught]]).crews[0]
    assert (f"Ann & Bob 2 1 1 {ann_bob.stealth_lost} 0 {float(ann_bob.expected):.2f} {ann_bob.found} "
            f"{float(ann_bob.luck):+.2f}") in crews
    assert "Ana 2 0 0 1 0 1.00 1 +0.00" in crews
    jobs = text(section(page, "by-job"))
    assert "The Bank Job · Normal: 3 Stealth 1 1 0" in jobs and "The Bank Job · Hard: 1 Stealth 1 0 1" in jobs
    assert "Imported position, 1 floor 2 0 0 1 0 1.00 1 +0.00" in jobs
    characters = text(section(page, "by-character"))
    assert "Raven 2 1 1" in characters and "Hacker 2 1 1" in characters and "No character named 2 0 0" in characters
    every = section(page, "every-heist")
    for game_id, result in ((won, "escaped"), (caught, "caught"), (lucky, "still played")):
        row = text(every[every.index(f'id="heist-{game_id}"'):].split("</tr>", 1)[0])
        assert result in row and f"{float(lines[game_id].luck):+.2f}" in row


def test_a_chosen_set_of_heists_is_counted_alone_and_downloaded_as_the_same_rows(app: Flask,
                                                                               client: FlaskClient) -> None:
    kept = store(app)
    ours, theirs = bank_job(kept, ANN_BOB, seed=4), bank_job(kept, CY_DI, seed=5)
    page = client.get(f"/league?heist={ours}").get_data(as_text=True)
    assert "Ann & Bob" in text(section(page, "by-crew")) and "Cy & Di" not in text(section(page, "by-crew"))
    assert re.search(rf'name="heist" value="{ours}" checked', page)
    assert re.search(rf'name="heist" value="{theirs}">', page)  # offered, not ticked
    assert f'href="/league.csv?heist={ours}"' in page
    answer = client.get(f"/league.csv?heist={ours}")
    assert answer.mimetype == "text/csv"
    assert re.fullmatch(r"attachment; filename=burgle-league-\d{4}-\d\d-\d\d\.csv",
                        answer.headers["Content-Disposition"])
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[0] == ["Table", "Name", "Heists", "Won", "Caught", "Stealth lost", "Heat gained", "Finds expected",
                       "Finds", "Luck"]
    line = counted(kept, ours)

    def numbers(lost: int, expected: Fraction, found: int) -> list[str]:
        return ["1", "0", "0", str(lost), "0", f"{float(expected):.2f}", str(found), f"{float(expected - found):+.2f}"]

    crew = numbers(line.stealth_lost, line.expected, line.found)
    ann, bob = line.burglars
    assert rows[1:] == [["Crew", "Ann & Bob", *crew],
                        ["Character", "Hacker", *numbers(bob.lost, bob.expected, bob.found)],
                        ["Character", "Raven", *numbers(ann.lost, ann.expected, ann.found)],
                        ["Job and difficulty", "The Bank Job · Normal: 3 Stealth", *crew],
                        ["Heist", f"The Bank Job — Ann & Bob ({ours})", *crew]]
    assert len(list(csv.reader(io.StringIO(client.get("/league.csv").get_data(as_text=True))))) == 1 + 6 + 2


def test_a_name_a_spreadsheet_would_run_is_written_as_text(app: Flask, client: FlaskClient) -> None:
    kept: Store = store(app)
    game_id = bank_job(kept, [{"name": "=HYPERLINK(1)"}, {"name": "Bob"}], seed=1, turns=1)
    rows = list(csv.reader(io.StringIO(client.get(f"/league.csv?heist={game_id}").get_data(as_text=True))))
    assert [r[1] for r in rows[1:] if r[0] in ("Crew", "Heist")] == [
        "'=HYPERLINK(1) & Bob", f"The Bank Job — =HYPERLINK(1) & Bob ({game_id})"]


def test_a_heist_is_counted_again_only_once_it_changed(app: Flask, client: FlaskClient) -> None:
    kept = store(app)
    still, played = bank_job(kept, ANN_BOB, seed=4), bank_job(kept, CY_DI, seed=5)
    client.get("/league")
    before = {key[-1]: line for key, (_version, line) in league_view._counted.items() if key[0] == kept.path}
    kept.act(played, {"do": "end_turn"})
    assert f"{counted(kept, played).moves} " in text(client.get("/league").get_data(as_text=True))
    after = {key[-1]: line for key, (_version, line) in league_view._counted.items() if key[0] == kept.path}
    assert after[still] is before[still] and after[played] is not before[played]
    assert after[played].moves == before[played].moves + 1
    kept.delete(still)
    client.get("/league")
    assert (kept.path, LOCAL, still) not in league_view._counted


def test_figures_are_written_as_the_reader_writes_numbers(app: Flask, client: FlaskClient) -> None:
    half_a_chance(store(app), ["C1", "A3", "A1"])
    page = text(client.get("/league", headers={"Accept-Language": "es"}).get_data(as_text=True))
    assert "Liga de los golpes del club" in page and "0,50" in page and "+0,50" in page


def test_the_home_and_club_pages_lead_to_the_league(client: FlaskClient) -> None:
    for path in ("/", "/club"):
        assert 'href="/league"' in client.get(path).get_data(as_text=True)


def test_only_the_host_sees_the_league_and_its_file(app: Flask, client: FlaskClient) -> None:
    half_a_chance(store(app), ["C1", "A3", "A1"])
    phone = app.test_client()
    phone.environ_base.update(PHONE)
    for path in ("/league", "/league.csv"):
        answer = phone.get(path)
        assert answer.status_code == 403 and "Ana" not in answer.get_data(as_text=True)
        mine = client.get(path)
        assert mine.status_code == 200 and mine.headers["Cache-Control"] == "no-store"  # a shared tablet's history
