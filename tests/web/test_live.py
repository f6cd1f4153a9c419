"""Issue 4, through the test client: the doorbell (broker), the event stream, the share panel for
phones, revoking a link, the address settings, and the security rules around them (CSRF on every
POST, SameSite session cookie). The real-server tests (threads, leaks, logs) are in
test_live_server.py."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import qrcode
from flask import Flask
from flask.testing import FlaskClient
from qrcode.image.svg import SvgPathFillImage
from werkzeug.test import TestResponse

from assistant.broker import Broker, Event, StreamLimitError
from assistant.engine.bb1.setup import new_game
from assistant.web.phones import lan
from assistant.web.phones.live import EventStream
from tests.web.helpers import HTMX, break_in, game, make_app, new_heist, store, version
from tests.web.test_access import phone


def first_chunk(response: TestResponse) -> str:
    return next(chunks(response))


def chunks(response: TestResponse) -> Iterator[str]:
    """The body of a streamed response as the server writes it, one chunk at a time."""
    return (c.decode() for c in response.iter_encoded())


def qr_of(url: str) -> str:
    """The QR svg the share panel must show for ``url`` (what a phone's camera reads back)."""
    return qrcode.make(url, image_factory=SvgPathFillImage).to_string(encoding="unicode")


def share_panel(page: str) -> str:
    match = re.search(r'<section id="share".*?</section>', page, re.DOTALL)
    assert match, "no share panel on the page"
    return match.group(0)


def address_shown(page: str) -> str:
    match = re.search(r'<p class="address"><code>([^<]+)</code>', share_panel(page))
    assert match, "the share panel shows no address"
    return html.unescape(match.group(1))


@pytest.fixture
def live_app(app: Flask) -> Flask:
    app.config.update(LIVE_HEARTBEAT=0.01, PUBLIC_URL="http://192.168.1.10:8000/")
    return app


# -- the broker -------------------------------------------------------------------------------------

def test_a_change_rings_every_device_following_that_heist_and_no_other() -> None:
    broker = Broker()
    tablet, phone_sub, elsewhere = broker.subscribe("g1"), broker.subscribe("g1"), broker.subscribe("g2")
    broker.publish("g1", Event("changed", "4"))
    assert tablet.get(timeout=0) == phone_sub.get(timeout=0) == Event("changed", "4")
    assert elsewhere.get(timeout=0) is None
    assert broker.count("g1") == 2 and broker.count() == 3


def test_a_device_that_stops_reading_holds_a_bounded_queue_that_keeps_the_newest_versions() -> None:
    broker = Broker(maxsize=3)
    asleep = broker.subscribe("g1")
    for v in range(1, 101):
        broker.publish("g1", Event("changed", str(v)))
    assert asleep.pending() == 3
    assert [asleep.get(timeout=0) for _ in range(3)] == [Event("changed", v) for v in ("98", "99", "100")]


def test_the_stream_limit_refuses_one_more_device_until_a_place_is_given_back() -> None:
    broker = Broker()
    first, _second = broker.subscribe("g1", limit=2), broker.subscribe("g2", limit=2)
    with pytest.raises(StreamLimitError):
        broker.subscribe("g1", limit=2)
    first.close()
    first.close()  # closing twice (the stream's finally and the server's close) is harmless
    assert broker.subscribe("g1", limit=2)
    assert broker.count() == 2


def test_act_undo_and_redo_ring_with_the_new_version_and_a_refused_change_rings_nothing(app: Flask,
                                                                                        client: FlaskClient) -> None:
    gid = new_heist(client)
    sub = store(app).broker.subscribe(gid)
    store(app).act(gid, {"do": "start"}, 0)
    store(app).undo(gid, 1)
    store(app).redo(gid, 2)
    heard = [sub.get(timeout=0) for _ in range(3)]
    assert heard == [Event("changed", "1"), Event("changed", "2"), Event("changed", "3")]
    assert client.post(f"/games/{gid}/act", data={"do": "start", "version": "0"}, headers=HTMX).status_code == 200
    client.post(f"/games/{gid}/redo", data={"version": "3"}, headers=HTMX)  # nothing to redo
    assert sub.get(timeout=0) is None


def test_revoking_a_link_or_deleting_the_heist_rings_revoked(app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    sub = store(app).broker.subscribe(gid)
    store(app).new_token(gid, "watch")
    store(app).delete(gid)
    assert [sub.get(timeout=0), sub.get(timeout=0)] == [Event("revoked", "watch"), Event("revoked", "all")]


# -- the event stream ---------------------------------------------------------------------------------

def test_the_event_stream_is_uncached_text_event_stream_starting_with_the_current_version(
        live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    response = client.get(f"/games/{gid}/events", buffered=False)
    try:
        assert response.status_code == 200
        assert response.mimetype == "text/event-stream"
        assert response.headers["Cache-Control"] == "no-store"  # a link token's answers are never kept (issue 24)
        assert first_chunk(response) == "retry: 2000\nevent: changed\ndata: 2\n\n"
    finally:
        response.close()


def test_the_stream_rings_on_a_change_sends_heartbeats_and_gives_its_place_back_on_close(
        live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    broker = store(live_app).broker
    response = client.get(f"/games/{game(live_app, gid).play_token}/events", buffered=False)
    stream = chunks(response)
    assert "data: 0" in next(stream)
    assert broker.count(gid) == 1
    client.post(f"/games/{gid}/act", data={"do": "start", "version": "0"}, headers=HTMX)
    assert next(stream) == "event: changed\ndata: 1\n\n"
    assert next(stream) == "event: heartbeat\ndata: 1\n\n"  # nothing happened for LIVE_HEARTBEAT seconds
    response.close()
    assert broker.count() == 0


def test_a_stream_closed_before_its_first_chunk_still_gives_its_place_back() -> None:
    broker = Broker()
    stream = EventStream(broker.subscribe("g1"), 0, "play", heartbeat=5.0)
    stream.close()  # what waitress does when the phone is gone before the headers went out
    assert broker.count() == 0


def test_a_watch_stream_ends_when_its_link_is_revoked_but_not_when_the_play_link_is(
        live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    watcher = phone(live_app).get(f"/games/{game(live_app, gid).watch_token}/events", buffered=False)
    stream = chunks(watcher)
    next(stream)
    store(live_app).new_token(gid, "play")
    assert next(stream) == "event: heartbeat\ndata: 1\n\n"
    store(live_app).new_token(gid, "watch")
    assert next(stream) == "event: revoked\ndata: watch\n\n"
    assert list(stream) == []
    watcher.close()
    assert store(live_app).broker.count() == 0


def test_a_wrong_key_gets_a_plain_404_and_no_stream(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    response = phone(live_app).get(f"/games/{gid}/events")  # an id is not a link
    assert response.status_code == 404
    assert "There is no such page" in response.get_data(as_text=True)
    assert store(live_app).broker.count() == 0


def test_past_the_stream_limit_a_device_gets_the_version_and_a_later_retry_instead_of_a_thread(
        live_app: Flask, client: FlaskClient) -> None:
    live_app.config.update(LIVE_MAX_STREAMS=1, LIVE_BUSY_RETRY_MS=15000, LIVE_WAIT=0)  # no wait for a place
    gid = new_heist(client)
    held = client.get(f"/games/{gid}/events", buffered=False)
    try:
        first_chunk(held)
        busy = client.get(f"/games/{gid}/events")
        assert busy.status_code == 200 and busy.mimetype == "text/event-stream"
        assert busy.get_data(as_text=True) == "retry: 15000\nevent: changed\ndata: 0\n\n"  # and it ends
        assert store(live_app).broker.count() == 1
    finally:
        held.close()


def test_the_board_says_where_its_stream_is_and_how_to_fetch_itself_again(app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    token = game(app, gid).play_token
    page = phone(app).get(f"/games/{token}?room=1-C3").get_data(as_text=True)
    assert f'data-events="/games/{token}/events"' in page
    refresh = re.search(r'id="game".*?data-refresh="([^"]+)"', page, re.DOTALL)
    assert refresh and html.unescape(refresh.group(1)) == f"/games/{token}/panel?room=1-C3&animate=1"
    assert 'src="/static/app.js"' in page


def test_a_refetch_after_a_change_animates_the_guard_and_keeps_the_open_room_menu(app: Flask,
                                                                                 client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    client.post(f"/games/{gid}/act", data={"do": "end_turn"}, headers=HTMX)
    refetch = client.get(f"/games/{gid}/panel?room=1-C3&animate=1", headers=HTMX).get_data(as_text=True)
    assert re.search(r'<div id="game" class="[^"]*\banimate\b', refetch)
    assert "Floor 1 · C3" in refetch
    assert version(refetch) == 3
    tapped = client.get(f"/games/{gid}/panel?room=1-C3", headers=HTMX).get_data(as_text=True)
    assert not re.search(r'<div id="game" class="[^"]*\banimate\b', tapped)  # tapping a room replays nothing


# -- one stream for a browser's tabs (issue 35 §1) ------------------------------------------------------

def test_one_place_for_several_heists_keeps_each_heists_newest_change_and_every_revocation() -> None:
    broker = Broker()
    bells = broker.subscribe_all(("g1", "g2", "g1"))
    for v in range(1, 101):  # a browser whose leading tab stops reading loses no heist's newest version
        broker.publish("g1", Event("changed", str(v)))
    broker.publish("g2", Event("revoked", "watch"))
    broker.publish("g2", Event("revoked", "play"))
    broker.publish("g2", Event("changed", "9"))
    heard = [bells.get(timeout=0) for _ in range(5)]
    assert heard == [("g1", Event("changed", "100")), ("g2", Event("revoked", "watch")),
                     ("g2", Event("revoked", "play")), ("g2", Event("changed", "9")), None]
    assert broker.count() == 1 and broker.count("g1") == broker.count("g2") == 1  # one thread, counted once
    bells.close()
    assert broker.count() == 0


def test_one_place_for_several_heists_counts_once_against_the_stream_limit() -> None:
    broker = Broker()
    broker.subscribe_all(("g1", "g2", "g3"), limit=2)
    broker.subscribe("g4", limit=2)
    with pytest.raises(StreamLimitError):
        broker.subscribe_all(("g5",), limit=2)


def test_the_shared_stream_starts_with_every_keys_version_and_rings_each_change_by_its_key(
        live_app: Flask, client: FlaskClient) -> None:
    first, second = new_heist(client), new_heist(client)
    break_in(client, first)
    token = game(live_app, second).play_token
    assert phone(live_app).get(f"/games/events?key={first}&key={token}").status_code == 404  # an id is no link
    response = client.get(f"/games/events?key={first}&key={token}", buffered=False)
    stream = chunks(response)
    try:
        assert next(stream) == f"retry: 2000\nevent: changed\ndata: {first} 2\n\nevent: changed\ndata: {token} 0\n\n"
        assert store(live_app).broker.count() == 1
        client.post(f"/games/{second}/act", data={"do": "start", "version": "0"}, headers=HTMX)
        assert next(stream) == f"event: changed\ndata: {token} 1\n\n"
        assert next(stream) == "event: heartbeat\ndata: 1\n\n"
    finally:
        response.close()
    assert store(live_app).broker.count() == 0


def test_the_shared_stream_opens_each_key_as_its_own_stream_does_and_a_wrong_one_opens_none(
        live_app: Flask, client: FlaskClient) -> None:
    gid, other = new_heist(client), new_heist(client)
    watch = game(live_app, gid).watch_token
    device = phone(live_app)
    assert device.get(f"/games/events?key={watch}&key={other}").status_code == 404  # the other's id opens nothing
    assert device.get(f"/games/events?key={watch}&key=nonsense").status_code == 404
    assert device.get("/games/events").status_code == 400
    assert device.get("/games/events?" + "&".join(f"key=k{n}" for n in range(33))).status_code == 400
    assert store(live_app).broker.count() == 0


def test_a_leading_tabs_new_shared_stream_ends_its_last_one_at_once(live_app: Flask, client: FlaskClient) -> None:
    first, second = new_heist(client), new_heist(client)
    old = client.get(f"/games/events?tab=t1&key={first}", buffered=False)
    stream = chunks(old)
    next(stream)
    new = client.get(f"/games/events?tab=t1&key={first}&key={second}", buffered=False)
    try:
        assert next(stream) == "retry: 15000\n: replaced by a newer stream from this browser\n\n"
        assert list(stream) == []
        assert store(live_app).broker.count() == 1
    finally:
        old.close()
        new.close()


def test_new_tab_names_in_a_loop_hold_no_more_shared_streams_than_a_device_may(live_app: Flask,
                                                                             client: FlaskClient) -> None:
    gid = new_heist(client)
    opened = [client.get(f"/games/events?tab=t{n}&key={gid}", buffered=False) for n in range(10)]
    try:
        for response in opened:
            next(chunks(response))
        assert store(live_app).broker.count() == 4  # STREAMS_PER_DEVICE: the oldest were told to end
    finally:
        for response in opened:
            response.close()


def test_the_shared_stream_says_which_key_was_revoked_and_follows_the_others(live_app: Flask,
                                                                             client: FlaskClient) -> None:
    gid, other = new_heist(client), new_heist(client)
    watch, play = game(live_app, gid).watch_token, game(live_app, other).play_token
    response = phone(live_app).get(f"/games/events?key={watch}&key={play}", buffered=False)
    stream = chunks(response)
    next(stream)
    store(live_app).new_token(gid, "play")  # not the link this browser holds: nothing said
    store(live_app).new_token(gid, "watch")
    assert next(stream) == f"event: revoked\ndata: {watch} watch\n\n"
    store(live_app).act(other, {"do": "start"}, 0)
    assert next(stream) == f"event: changed\ndata: {play} 1\n\n"
    store(live_app).delete(other)
    assert next(stream) == f"event: revoked\ndata: {play} all\n\n"
    assert list(stream) == []  # nothing left to follow: the stream ends
    response.close()
    assert store(live_app).broker.count() == 0


# -- the share panel ------------------------------------------------------------------------------------

def test_the_tablet_board_shows_the_play_links_qr_code_and_address(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    url = f"http://192.168.1.10:8000/games/{game(live_app, gid).play_token}"
    assert address_shown(page) == url
    # the QR code is most of the panel's weight: the page loads it when it comes into view
    lazy_qr = r'<figure class="qr"[^>]* hx-get="([^"]+)" hx-trigger="revealed"[^>]*></figure>'
    later = re.search(lazy_qr, share_panel(page))
    assert later and 'id="qr-path"' not in page
    panel = client.get(html.unescape(later.group(1)), headers=HTMX).get_data(as_text=True)
    assert qr_of(url) in panel and panel.count('id="qr-path"') == 1  # one QR at a time: its svg ids are fixed


def test_the_share_panel_switches_to_the_watch_link(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    panel = client.get(f"/games/{gid}/share?kind=watch", headers=HTMX).get_data(as_text=True)
    url = f"http://192.168.1.10:8000/games/{game(live_app, gid).watch_token}"
    assert address_shown(panel) == url
    assert qr_of(url) in panel
    assert game(live_app, gid).play_token not in panel
    assert re.search(r'aria-pressed="true"\s+hx-get="[^"]+kind=watch"', panel)
    assert client.get(f"/games/{gid}/share?kind=host").status_code == 404


def test_phones_never_see_the_share_panel_nor_the_other_kind_of_link(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    g = game(live_app, gid)
    play_page = phone(live_app).get(f"/games/{g.play_token}").get_data(as_text=True)
    watch_page = phone(live_app).get(f"/games/{g.watch_token}").get_data(as_text=True)
    for page in (play_page, watch_page):
        assert 'id="share"' not in page and 'id="qr-path"' not in page
        assert "Keep this screen on while you play." in page
        assert 'id="wake-hint" class="wake-hint muted" hidden' not in page
    assert g.watch_token not in play_page
    assert g.play_token not in watch_page
    for token in (g.play_token, g.watch_token):
        assert phone(live_app).get(f"/games/{token}/share?kind=play").status_code == 403
    tablet = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="wake-hint" class="wake-hint muted" hidden' in tablet  # app.js shows it only if the lock fails


def test_the_address_is_the_lan_address_with_the_port_the_tablet_uses(app: Flask, client: FlaskClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.4.7"])
    gid = new_heist(client)
    page = client.get(f"/games/{gid}", headers={"Host": "localhost:8123"}).get_data(as_text=True)
    assert address_shown(page) == f"http://192.168.4.7:8123/games/{game(app, gid).play_token}"


def test_with_no_network_the_panel_says_so_instead_of_showing_localhost(app: Flask, client: FlaskClient,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_addresses", list)
    gid = new_heist(client)
    panel = share_panel(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "on no network" in panel and "<svg" not in panel
    assert "localhost" not in panel and "127.0.0.1" not in panel


def test_the_settings_address_wins_over_the_one_given_at_start(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    store(live_app).set_setting("public_url", "http://burgle.lan:8000/")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert address_shown(page) == f"http://burgle.lan:8000/games/{game(live_app, gid).play_token}"


def test_revoking_a_link_makes_a_new_one_and_the_old_one_leads_nowhere(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    before = game(live_app, gid)
    response = client.post(f"/games/{gid}/share/revoke", data={"kind": "watch"}, headers=HTMX)
    after = game(live_app, gid)
    assert response.status_code == 200
    assert after.watch_token != before.watch_token and after.play_token == before.play_token
    panel = response.get_data(as_text=True)
    assert address_shown(panel) == f"http://192.168.1.10:8000/games/{after.watch_token}"
    assert "The old watch link no longer works" in panel
    assert phone(live_app).get(f"/games/{before.watch_token}").status_code == 404
    assert phone(live_app).get(f"/games/{after.watch_token}").status_code == 200


def test_phones_cannot_revoke_links(live_app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    before = game(live_app, gid)
    for token in (before.play_token, before.watch_token):
        response = phone(live_app).post(f"/games/{token}/share/revoke", data={"kind": "play"}, headers=HTMX)
        assert response.status_code == 403
    assert client.post(f"/games/{gid}/share/revoke", data={"kind": "host"}, headers=HTMX).status_code == 404
    after = game(live_app, gid)
    assert (after.play_token, after.watch_token) == (before.play_token, before.watch_token)


# -- the address settings ------------------------------------------------------------------------------------

def test_the_settings_belong_to_the_tablet(app: Flask, client: FlaskClient) -> None:
    assert client.get("/settings").status_code == 200
    assert phone(app).get("/settings").status_code == 403
    assert phone(app).post("/settings", data={"public_url": "http://evil.example/"}).status_code == 403
    assert store(app).setting("public_url") is None


@pytest.mark.parametrize(("typed", "says"), [
    ("burgle.lan:8000", "Start the address with http:// or https://"),
    ("http://localhost:8000/", "phones cannot reach it"),
    ("http://127.0.0.1:8000/", "phones cannot reach it"),
    ("http://192.168.1.20:99999/", "must be a number from 1 to 65535"),
    ("http://192.168.1.20:8000/?x=<b>", "nothing after ? or #"),
])
def test_a_bad_address_is_refused_in_the_page_keeping_what_was_typed(app: Flask, client: FlaskClient, typed: str,
                                                                     says: str) -> None:
    response = client.post("/settings", data={"public_url": typed})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    message = re.search(r'<p class="error" role="alert" id="address-error">(.*?)</p>', page, re.DOTALL)
    assert message and says in html.unescape(message.group(1))
    assert f'value="{html.escape(typed)}"' in page
    assert store(app).setting("public_url") is None


def test_a_good_address_is_saved_and_an_empty_one_goes_back_to_automatic(app: Flask, client: FlaskClient,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["10.0.0.5"])
    saved = client.post("/settings", data={"public_url": " http://burgle.lan:8000 "}).get_data(as_text=True)
    assert store(app).setting("public_url") == "http://burgle.lan:8000/"
    assert "Saved." in saved and '<code class="address">http://burgle.lan:8000/</code>' in saved
    cleared = client.post("/settings", data={"public_url": ""}, headers={"Host": "localhost:8000"})
    assert store(app).setting("public_url") is None
    assert '<code class="address">http://10.0.0.5:8000/</code>' in cleared.get_data(as_text=True)


# -- security -------------------------------------------------------------------------------------------------

def test_every_post_route_refuses_a_request_without_a_csrf_token(db_path: Path) -> None:
    app = make_app(db_path, WTF_CSRF_ENABLED=True)
    try:
        client = app.test_client()
        gid = store(app).create("A heist", new_game("bank", [{"name": "Ann", "colour": "#e4572e"}], seed=1))
        before = game(app, gid)
        posts = [rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())]
        assert {r.endpoint for r in posts} >= {"game.act", "game.undo", "game.redo", "share.revoke", "settings.save",
                                               "home.delete", "setup.create", "game.import_case"}
        for rule in posts:
            built = rule.build({arg: gid for arg in rule.arguments}, append_unknown=False)
            assert built is not None
            path = built[1]
            response = client.post(path, data={"do": "start", "kind": "play", "public_url": "http://x.lan/"},
                                   headers=HTMX)
            assert response.status_code == 400, f"{rule.rule} took a POST without a CSRF token"
            assert "Page expired" in response.get_data(as_text=True)
        after = game(app, gid)
        assert (after.version, after.play_token, after.watch_token) == (before.version, before.play_token,
                                                                        before.watch_token)
        assert store(app).setting("public_url") is None
    finally:
        store(app).close()


def test_the_session_cookie_is_samesite_lax_and_http_only(app: Flask) -> None:
    tablet = phone(app)
    response = tablet.get(f"/host/{app.config['HOST_KEY']}")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("session=")
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


@pytest.mark.parametrize("path", ["act", "undo"])
def test_the_devices_following_are_told_once_the_tapping_devices_answer_is_drawn(
        app, client, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    """Issue 24: on a club night their fetches would otherwise share the interpreter with that answer."""
    from assistant.web.table import game as game_views

    game_id = new_heist(client)
    client.post(f"/games/{game_id}/act", data={"do": "start"}, headers=HTMX)
    phone = app.extensions["store"].broker.subscribe(game_id)
    heard_while_drawing = []
    respond = game_views._respond

    def drawing(*args, **kwargs):
        heard_while_drawing.append(phone.pending())
        return respond(*args, **kwargs)

    monkeypatch.setattr(game_views, "_respond", drawing)
    data = {"do": "entrance", "at": "B2"} if path == "act" else {}
    assert client.post(f"/games/{game_id}/{path}", data=data, headers=HTMX).status_code == 200
    assert heard_while_drawing == [0]
    assert phone.get(timeout=0) == Event("changed", str(app.extensions["store"].version(game_id)))
