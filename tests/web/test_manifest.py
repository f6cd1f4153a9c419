"""The app can be installed on the tablet's home screen and open full-screen: a web app manifest whose
icons are served by the app at the sizes it says."""

from __future__ import annotations

import re
import struct


def test_every_page_links_a_manifest_whose_icons_are_served_at_their_sizes(client):
    page = client.get("/rules").get_data(as_text=True)
    href = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert href
    with client.get(href.group(1)) as answer:
        manifest = answer.get_json()
    assert manifest["display"] == "fullscreen" and manifest["start_url"] == "/"
    base = href.group(1).rsplit("/", 1)[0]
    for icon in manifest["icons"]:
        with client.get(f"{base}/{icon['src']}") as answer:  # static files are streamed: close them
            body = answer.get_data()
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert body.startswith(b"<svg")


def test_the_service_worker_is_served_from_the_top_so_it_may_answer_for_every_page(client):
    with client.get("/sw.js") as answer:
        body = answer.get_data(as_text=True)
        assert answer.status_code == 200 and answer.mimetype in ("text/javascript", "application/javascript")
        assert answer.headers["Cache-Control"] == "no-cache"
    assert 'cache.add(OFFLINE)' in body and 'const OFFLINE = "/offline"' in body
    page = client.get("/rules").get_data(as_text=True)
    script = re.search(r'<script src="(/static/page\.js[^"]*)" defer>', page)
    assert script  # every page registers it (over https)
    with client.get(script.group(1)) as answer:
        assert 'navigator.serviceWorker.register("/sw.js"' in answer.get_data(as_text=True)


def test_the_page_an_installed_app_shows_without_the_laptop_is_whole_and_in_the_devices_language(client):
    for language, words in (("en", "Cannot reach the laptop"), ("es", "No se puede"), ("fr", "Impossible de joindre")):
        page = client.get("/offline", headers={"Accept-Language": language}).get_data(as_text=True)
        assert words in page, language
        assert "<script" not in page and "<link" not in page and 'href=""' in page  # nothing else is kept
