"""Takes the README's screenshots in Debian's Chromium: a Bank Job a few turns in, on a 10" tablet in
landscape (docs/img/board.png) and on a phone (docs/img/phone.png, with a room's menu open), plus the
phone's board alone (docs/img/phone-board.png).

    .venv/bin/python docs/make_screenshots.py

The heist is played in the store the app uses (seeded, so the pictures are the same every time), then
served by the real app in a waitress thread, as the browser tests do."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.engine.bb1.setup import new_game
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer

CREW = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}]
OUT = ROOT / "docs" / "img"


def heist(server: LiveServer) -> str:
    store = server.store()
    game_id = store.create("The Bank Job — Ann & Bob", new_game("bank", CREW, seed=2024))
    for action in ({"do": "start"}, {"do": "entrance", "at": "B2"},
                   {"do": "move", "who": "Ann", "floor": 1, "to": "C2", "type": "keypad", "number": 4},
                   {"do": "alarm", "floor": 1, "at": "C2"}, {"do": "end_turn"},
                   {"do": "move", "who": "Bob", "floor": 1, "to": "B1", "type": "laboratory", "number": 3},
                   {"do": "end_turn"}):
        store.act(game_id, action)
    return game_id


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(Path(folder) / "heists.sqlite3")
        server.start()
        try:
            game_id = heist(server)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, viewport in (("board", (1280, 800)), ("phone", (390, 844))):
                    phone = viewport[0] < 600
                    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                                  base_url=server.url, has_touch=phone, is_mobile=phone,
                                                  device_scale_factor=2 if phone else 1, reduced_motion="reduce")
                    page = context.new_page()
                    page.goto(f"/games/{game_id}")
                    expect(page.get_by_role("button", name=re.compile("^End turn"))).to_be_visible()
                    if phone:
                        page.screenshot(path=str(OUT / "phone-board.png"))
                        page.get_by_role("button", name=re.compile(r"^Floor 1 C3(,|$)")).click()
                        expect(page.locator("#room-menu")).to_be_visible()
                    page.screenshot(path=str(OUT / f"{name}.png"))
                    context.close()
                browser.close()
        finally:
            server.stop()
    print("wrote", ", ".join(str(p.relative_to(ROOT)) for p in sorted(OUT.glob("*.png"))))


if __name__ == "__main__":
    main()
