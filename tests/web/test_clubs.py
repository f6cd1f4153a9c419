"""Who is the host on a hosted service (issue 37 §4): a club signs in with its name and password or a one-time link,
and every host page shows it its own heists alone; another club's heist id is the same 404 as an id of no heist.
Play and watch links stay as they are."""

from __future__ import annotations

import gzip
import html
import io
import re
import sqlite3
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.bb2.campaign import Meter
from assistant.engine.bb2.setup import new_bb2_game
from tests.web.helpers import HTMX, errors, make_app, new_heist

TABLET = {"REMOTE_ADDR": "203.0.113.7", "HTTP_HOST": "burgle.example"}


@pytest.fixture
def service(db_path: Path) -> Flask:
    return make_app(db_path, HOSTED=True, LIVE_HEARTBEAT=0.2)


def device(app: Flask, address: str = "203.0.113.7") -> FlaskClient:
    client = app.test_client()
    client.environ_base.update({**TABLET, "REMOTE_ADDR": address})
    return client


def club(app: Flask, name: str, password: str = "open sesame", address: str = "203.0.113.7") -> FlaskClient:
    """A new club started on a device of its own, which is then signed in to it."""
    client = device(app, address)
    response = client.post("/clubs", data={"club_name": name, "new_password": password, "again": password})
    assert response.status_code == 302 and response.headers["Location"] == "/", response.get_data(as_text=True)
    return client


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def main(page: str) -> str:
    """The page's own part (the header's CSRF token differs from one page to the next)."""
    return page[page.index("<main>"):]


def signed_in(client: FlaskClient) -> bool:
    return client.get("/").status_code == 200


def test_on_a_service_the_machine_itself_is_no_host_and_a_stranger_is_sent_to_sign_in(service: Flask) -> None:
    loopback = service.test_client()  # 127.0.0.1 asking for localhost: the laptop's host, not a server's
    response = loopback.get("/")
    assert response.status_code == 302 and response.headers["Location"] == "/signin"
    assert loopback.get(f"/host/{service.config['HOST_KEY']}").status_code == 404
    assert loopback.post("/new", data={}).status_code == 403
    page = loopback.get("/signin").get_data(as_text=True)
    assert 'action="/signin"' in page and 'action="/clubs"' in page


def test_starting_a_club_says_what_is_wrong_beside_the_form_and_keeps_the_name(service: Flask) -> None:
    client = device(service)
    for typed, said in (({"new_password": "long enough", "again": "long enougH"}, "The two passwords are not the same"),
                        ({"new_password": "short", "again": "short"}, "at least 8 characters"),
                        ({"club_name": "  ", "new_password": "long enough", "again": "long enough"},
                         "Give the club a name")):
        response = client.post("/clubs", data={"club_name": "Night Owls", **typed})
        page = response.get_data(as_text=True)
        assert response.status_code == 422 and said in errors(page)[0]
        assert 'value="Night Owls"' in page or typed.get("club_name") == "  "
        assert not signed_in(client)
    club(service, "Night Owls")
    response = client.post("/clubs", data={"club_name": "night owls", "new_password": "another one",
                                           "again": "another one"})
    assert response.status_code == 422 and "Another club has that name" in errors(response.get_data(as_text=True))[0]
    for _ in range(19):  # names tried one after another, to list the service's clubs, count as wrong guesses
        client.post("/clubs", data={"club_name": "Night Owls", "new_password": "another one", "again": "another one"})
    assert client.post("/clubs", data={"club_name": "Owls Twenty", "new_password": "another one",
                                       "again": "another one"}).status_code == 429


def test_a_club_signs_in_with_its_password_and_signs_out(service: Flask) -> None:
    club(service, "Night Owls", "open sesame")
    tablet = device(service, "203.0.113.8")
    response = tablet.post("/signin", data={"name": "Night Owls", "password": "open sesamE"})
    page = response.get_data(as_text=True)
    assert response.status_code == 401 and "No club has that name and password" in errors(page)[0]
    assert 'value="Night Owls"' in page and "open sesamE" not in page
    assert tablet.post("/signin", data={"name": "night owls", "password": "open sesame"}).status_code == 302
    assert signed_in(tablet)
    assert tablet.post("/signout").headers["Location"] == "/signin"
    assert not signed_in(tablet)


def test_wrong_passwords_count_against_the_address_as_wrong_links_do(service: Flask) -> None:
    club(service, "Night Owls", "open sesame")
    guesser = device(service, "198.51.100.9")
    for _ in range(20):
        assert guesser.post("/signin", data={"name": "Night Owls", "password": "guess"}).status_code == 401
    assert guesser.post("/signin", data={"name": "Night Owls", "password": "open sesame"}).status_code == 429
    assert device(service, "203.0.113.9").post("/signin", data={"name": "Night Owls",
                                                                "password": "open sesame"}).status_code == 302


def test_a_sign_in_link_lets_one_more_device_in_once(service: Flask) -> None:
    owls = club(service, "Night Owls")
    mine = new_heist(owls)
    page = owls.post("/settings/sign-in-link").get_data(as_text=True)
    link = re.search(r"<code>http://localhost(/signin/[A-Za-z0-9_-]{32})</code>", page)  # the service's own name
    assert link is not None and "QR code of the sign-in link" in page
    path = link[1]
    second = device(service, "203.0.113.20")
    assert second.get(path).status_code == 200 and not signed_in(second)  # a preview of the link spends nothing
    assert second.post(path).headers["Location"] == "/"
    assert mine in second.get("/").get_data(as_text=True)
    third = device(service, "203.0.113.21")
    response = third.post(path)
    assert response.status_code == 404 and "used already" in errors(response.get_data(as_text=True))[0]
    assert not signed_in(third)


def test_an_expired_sign_in_link_lets_nobody_in(service: Flask) -> None:
    club(service, "Night Owls")
    store = service.extensions["store"]
    owls = store.signed_in("Night Owls", "open sesame")
    token = store.make_sign_in_link(owls.id, lifetime=timedelta(seconds=-1))
    late = device(service, "203.0.113.22")
    assert late.post(f"/signin/{token}").status_code == 404 and not signed_in(late)


def test_a_new_password_signs_out_the_clubs_other_devices_and_keeps_this_one(service: Flask) -> None:
    first = club(service, "Night Owls", "open sesame")
    second = device(service, "203.0.113.30")
    second.post("/signin", data={"name": "Night Owls", "password": "open sesame"})
    assert signed_in(second)
    response = first.post("/settings/password", data={"new_password": "new secret", "again": "new secreT"})
    assert response.status_code == 422 and "not the same" in errors(response.get_data(as_text=True))[0]
    assert signed_in(second)
    response = first.post("/settings/password", data={"new_password": "new secret", "again": "new secret"})
    assert response.status_code == 200 and "other devices must sign in again" in response.get_data(as_text=True)
    assert signed_in(first) and not signed_in(second)
    assert second.post("/signin", data={"name": "Night Owls", "password": "open sesame"}).status_code == 401
    assert second.post("/signin", data={"name": "Night Owls", "password": "new secret"}).status_code == 302


def test_no_public_sign_up_when_the_operator_turns_it_off(db_path: Path) -> None:
    app = make_app(db_path, HOSTED=True, SIGNUP=False)
    client = device(app)
    assert 'action="/clubs"' not in client.get("/signin").get_data(as_text=True)
    assert client.post("/clubs", data={"club_name": "X", "new_password": "long enough",
                                       "again": "long enough"}).status_code == 404


def test_the_laptop_has_no_sign_in_and_its_tablet_is_the_host_as_before(app: Flask, client: FlaskClient) -> None:
    assert client.get("/signin").status_code == 404 and client.post("/clubs").status_code == 404
    assert client.get("/").status_code == 200
    assert "Make a new host link" in client.get("/settings").get_data(as_text=True)


# -- two clubs: every host page shows each its own ------------------------------------------------------------------

@pytest.fixture
def two(service: Flask) -> tuple[FlaskClient, FlaskClient, str, str]:
    owls, larks = club(service, "Night Owls"), club(service, "Early Larks", address="203.0.113.50")
    return owls, larks, new_heist(owls, name1="Olivia"), new_heist(larks, name1="Lucas")


def test_each_club_lists_and_opens_its_own_heists_and_another_clubs_id_is_no_heist(
        service: Flask, two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, larks, ours, theirs = two
    assert "Signed in to Night Owls." in text(owls.get("/").get_data(as_text=True))
    for page in ("/", "/club", "/league"):
        shown = owls.get(page).get_data(as_text=True)
        assert "Olivia" in shown and "Lucas" not in shown and theirs not in shown, page
    assert "Olivia" in owls.get("/club/tables", headers=HTMX).get_data(as_text=True)
    assert "Lucas" not in owls.get("/league.csv").get_data(as_text=True)
    assert owls.get(f"/games/{ours}").status_code == 200
    nowhere_page = owls.get("/games/00000000").get_data(as_text=True)
    for path in (f"/games/{theirs}", f"/games/{theirs}/delete", f"/games/{theirs}/again"):
        response = owls.get(path)
        assert (response.status_code, main(response.get_data(as_text=True))) == (404, main(nowhere_page)), path
    assert owls.post(f"/games/{theirs}/delete").status_code == 404
    assert owls.post(f"/games/{theirs}/act", data={"do": "start"}, headers=HTMX).status_code == 404
    assert larks.get(f"/games/{theirs}").status_code == 200  # still there, still theirs
    # a play link is a play link, whoever holds it
    token = service.extensions["store"].load(theirs).play_token
    assert owls.get(f"/games/{token}").status_code == 200
    report = owls.get(f"/games/{token}/report").get_data(as_text=True)
    assert theirs not in report and f"/games/{ours}/again" in owls.get(f"/games/{ours}/report").get_data(as_text=True)


def _checked_ids(data: bytes) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "b.sqlite3"
        path.write_bytes(gzip.decompress(data))
        with sqlite3.connect(path) as db:
            ids = [row[0] for row in db.execute("SELECT id FROM games")]
            assert db.execute("SELECT count(*) FROM clubs").fetchone()[0] == 0
        return ids


def restore(client: FlaskClient, data: bytes, mode: str) -> tuple[int, str]:
    response = client.post("/restore", data={"mode": mode, "backup": (io.BytesIO(data), "b.sqlite3.gz")},
                           content_type="multipart/form-data")
    return response.status_code, response.get_data(as_text=True)


def test_a_backup_holds_the_clubs_heists_and_restores_into_that_club_alone(
        service: Flask, two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, larks, ours, theirs = two
    packed = owls.get("/backup").get_data()
    assert _checked_ids(packed) == [ours]
    later = new_heist(owls, name1="Oscar")
    status, page = restore(owls, packed, "replace")
    assert status == 200, errors(page)
    store = service.extensions["store"]
    assert [g["id"] for g in store.games(store.load(ours).club)] == [ours]
    assert later not in {g["id"] for g in store.games(store.load(ours).club)}
    # the larks restoring the owls' backup take nothing of theirs, and lose nothing of their own
    for mode in ("replace", "add"):
        status, page = restore(larks, packed, mode)
        assert status == 422 and "nothing was" in errors(page)[0]
    assert store.load(ours).club != store.load(theirs).club
    assert "Lucas" in larks.get("/").get_data(as_text=True) and "Olivia" not in larks.get("/").get_data(as_text=True)


def test_settings_are_each_clubs_own(two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, larks, _ours, _theirs = two
    assert owls.post("/settings", data={"public_url": "http://owls.example:8000/"}).status_code == 200
    assert "owls.example" not in larks.get("/settings").get_data(as_text=True)
    assert "owls.example" in owls.get("/settings").get_data(as_text=True)
    assert "Make a new host link" not in owls.get("/settings").get_data(as_text=True)
    assert owls.post("/settings/host-link").status_code == 404


def test_a_campaign_is_its_clubs_own(service: Flask, two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, larks, _ours, theirs = two
    store = service.extensions["store"]
    larks_club = store.load(theirs).club
    crew = [{"name": "Lucas", "colour": "#e4572e"}, {"name": "Lena", "colour": "#29a3e6"}]
    state = new_bb2_game(crew, entrances=["A1", "D4"], seed=7)
    campaign, _heist = store.create_campaign_heist(None, "Larks' campaign", "Casino", state, [], ["Lucas", "Lena"],
                                                   Meter.from_json([[0, 0], [0, 0]]), club=larks_club)
    assert larks.get(f"/campaigns/{campaign}").status_code == 200
    assert owls.get(f"/campaigns/{campaign}").status_code == 404
    assert owls.post(f"/campaigns/{campaign}/result", data={"result": "won"}).status_code == 404
    assert "Larks&#39; campaign" not in owls.get("/").get_data(as_text=True)


def test_the_club_stream_rings_for_the_clubs_own_heists_alone(
        service: Flask, two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, larks, ours, theirs = two
    stream = owls.get("/club/events", buffered=False)
    chunks = (chunk.decode() for chunk in stream.response)
    assert "event: changed" in next(chunks)  # what changed since the page was drawn
    larks.post(f"/games/{theirs}/act", data={"do": "start"}, headers=HTMX)
    assert "heartbeat" in next(chunks)
    owls.post(f"/games/{ours}/act", data={"do": "start"}, headers=HTMX)
    assert "event: changed" in next(chunks)
    new_heist(larks)
    assert "heartbeat" in next(chunks)
    fresh = new_heist(owls)  # a new heist of the club: followed from then on
    assert "event: changed" in next(chunks)
    while "heartbeat" not in next(chunks):
        pass
    owls.post(f"/games/{fresh}/act", data={"do": "start"}, headers=HTMX)
    assert "event: changed" in next(chunks)
    stream.close()


def test_the_operator_makes_a_club_whose_printed_link_signs_its_first_device_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.club_cli import main as clubs
    db = tmp_path / "heists.sqlite3"
    assert clubs(["add", "Night Owls", "--instance", str(tmp_path), "--url", "https://burgle.example/"],
                 tmp_path) == 0
    printed = capsys.readouterr().out
    link = re.search(r"^https://burgle\.example(/signin/[A-Za-z0-9_-]{32})$", printed, re.MULTILINE)
    assert link is not None and "Night Owls" in printed
    assert clubs(["add", "night owls", "--instance", str(tmp_path)], tmp_path) == 2
    app = make_app(db, laptop=True, HOSTED=True, SIGNUP=False)
    first = device(app)
    assert first.post(link[1]).headers["Location"] == "/" and signed_in(first)
    assert first.post("/settings/password", data={"new_password": "our own one",
                                                  "again": "our own one"}).status_code == 200
    assert device(app, "203.0.113.99").post("/signin", data={"name": "Night Owls",
                                                             "password": "our own one"}).status_code == 302


@pytest.mark.parametrize(("code", "title", "wrong"), [
    ("es", "Inicia sesión en tu club", "Ningún club tiene ese nombre y esa contraseña"),
    ("fr", "Connectez-vous à votre club", "Aucun club n’a ce nom et ce mot de passe")])
def test_the_sign_in_page_and_its_refusal_speak_the_devices_language(service: Flask, code: str, title: str,
                                                                     wrong: str) -> None:
    client = device(service)
    client.get(f"/language/{code}?next=/signin")
    assert title in client.get("/signin").get_data(as_text=True)
    page = client.post("/signin", data={"name": "Nobody", "password": "nothing"}).get_data(as_text=True)
    assert wrong in errors(page)[0]


def test_a_device_signed_in_to_a_club_guessing_another_clubs_ids_is_turned_away(
        two: tuple[FlaskClient, FlaskClient, str, str]) -> None:
    owls, _larks, ours, theirs = two  # anyone may start a club: being signed in is no licence to guess
    for _ in range(19):
        assert owls.get("/games/00000000").status_code == 404
    assert owls.get(f"/games/{theirs}").status_code == 404
    assert owls.get(f"/games/{ours}").status_code == 429
