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
