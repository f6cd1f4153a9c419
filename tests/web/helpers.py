"""Shared helpers for the web tests: start a heist through the form, press buttons the way htmx
does, and read what the page says back (errors, log lines, the version, the room marks)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from assistant.engine.actions import Result, apply
from assistant.engine.state import GameState
from assistant.store import Game, Store
from assistant.web import create_app
from assistant.words import sentence
from tests.pg_cluster import DATABASES, STORE

HTMX = {"HX-Request": "true"}
SEED = "4242"  # a fixed seed: the patrol decks are then known, and the engine can say what must happen


def make_app(db: Path | str, laptop: bool = False, **config: object) -> Flask:
    """The app on a given database file, set up for the test client (CSRF off unless asked for). With
    ASSISTANT_TEST_STORE=postgresql, on a PostgreSQL database of its own instead (the same one each time the test
    names that file: tests/pg_cluster.py), unless it is another ``laptop``'s, whose file the test edits. Made by a
    module's fixture (outside a test), the app outlives the test and its database too: the fixture shuts its store."""
    on_pg = STORE == "postgresql" and not DATABASES.sqlite_file and not laptop
    target = (DATABASES.for_path(str(db)) if DATABASES.in_test else DATABASES.for_server(str(db))) if on_pg else str(db)
    settings: dict[str, object] = {"TESTING": True, "DATABASE": target, "SECRET_KEY": "web-tests",
                                   "WTF_CSRF_ENABLED": False}
    settings.update(config)
    app = create_app(settings)
    if on_pg:
        if DATABASES.in_test:
            DATABASES.stores.append(app.extensions["store"])
        app.extensions["store"]._folder = Path(db).parent  # where the SQLite file's backups would wait
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    return app


def bank_form(**fields: str) -> dict[str, str]:
    """The new-heist form as a person fills it for a Bank Job with the printed walls."""
    form = {"scenario": "bank", "name1": "Ann", "colour1": "#e4572e", "name2": "Bob", "colour2": "#29a3e6",
            "difficulty": "normal", "walls": "default", "deck": "app", "tiebreak": "rulebook", "seed": SEED}
    form.update(fields)
    return form


def new_heist(client: FlaskClient, **fields: str) -> str:
    """Create a heist through POST /new and return its id."""
    response = client.post("/new", data=bank_form(**fields))
    assert response.status_code == 302, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert re.fullmatch(r"/games/[0-9a-f]+", location), location
    return location.rsplit("/", 1)[1]


class _FormControls(HTMLParser):
    """What a browser sends for the form posted to ``action``, its CSRF token aside: each text, number, colour and
    hidden field's value, the checked radios and checkboxes ("on" without a value), each select's selected option (else
    its first)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.sent = action, False, []
        self.names: set[str] = set()  # every field's name, sent or not
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("action") == self.action and a.get("method") == "post"
        elif not self.inside or a.get("name") == "csrf_token" or (not a.get("name") and tag != "option"):
            return
        elif tag == "input":
            self.names.add(a["name"])
            if a.get("type") not in ("radio", "checkbox") or "checked" in a:
                self.sent.append((a["name"], a.get("value", "on" if a.get("type") == "checkbox" else "")))
        elif tag == "select":
            self.names.add(a["name"])
            self.select, self.options = a["name"], []
        elif tag == "option" and self.select:
            self.options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select and self.options:
            picked = [v for v, selected in self.options if selected] or [self.options[0][0]]
            self.sent.append((self.select, picked[0]))
            self.select = None


def form_controls(page: str, action: str = "/new") -> tuple[list[tuple[str, str]], set[str]]:
    """The fields the form posted to ``action`` sends as drawn on ``page`` (name, value), and every field's name."""
    parser = _FormControls(action)
    parser.feed(page)
    return parser.sent, parser.names


def store(app: Flask) -> Store:
    return app.extensions["store"]


def game(app: Flask, game_id: str) -> Game:
    return store(app).load(game_id)


def state(app: Flask, game_id: str) -> GameState:
    return game(app, game_id).state


def act(client: FlaskClient, game_id: str, **fields: Any) -> TestResponse:
    """A button press as htmx sends it: the action's fields, posted with HX-Request."""
    return client.post(f"/games/{game_id}/act", data={k: str(v) for k, v in fields.items()}, headers=HTMX)


def act_ok(client: FlaskClient, game_id: str, **fields: Any) -> str:
    response = act(client, game_id, **fields)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert errors(page) == [], f"{fields} was refused: {errors(page)}"
    return page


def expect(app: Flask, game_id: str, **action: Any) -> Result:
    """What the engine says the action does to the stored position (the reference for a test)."""
    return apply(state(app, game_id), action)


def opened(client: FlaskClient, game_id: str, menu: str) -> str:
    """A menu of the actions panel as the device that opens it gets it (it loads when opened)."""
    response = client.get(f"/games/{game_id}/menu/{menu}", headers={"HX-Request": "true"})
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def errors(page: str) -> list[str]:
    """The messages the page shows in its alert paragraphs, unescaped."""
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
            for m in re.findall(r'<p class="error" role="alert"[^>]*>(.*?)</p>', page, re.DOTALL)]


def log_lines(page: str) -> list[str]:
    """The lines of "What just happened", without their rule badges and Why? links."""
    section = re.search(r'<section class="log".*?</section>', page, re.DOTALL)
    assert section, "no log section on the page"
    items = re.findall(r'<li class="log-[\w-]+">(.*?)</li>', section.group(0), re.DOTALL)
    return [html.unescape(re.sub(r"<span class=\"(?:rule|correction-tag)\".*?</span>|<a class=\"why-link\".*?</a>",
                                 "", i)).strip()
            for i in items]


def version(page: str) -> int:
    match = re.search(r'id="game"[^>]*data-version="(\d+)"', page, re.DOTALL)
    assert match, "no #game component on the page"
    return int(match.group(1))


def board_switch(client: FlaskClient, game_id: str, name: str, on: bool) -> str:
    """Turn the board's ``name`` switch ("danger" or "coach") as its button does; the board htmx gets back."""
    response = client.post(f"/games/{game_id}/{name}", data={"on": "1" if on else "0"}, headers=HTMX,
                           follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def room_button(page: str, floor: int, square: str) -> str:
    """The HTML of one room's button on the board."""
    match = re.search(rf'<button class="room[^"]*"\s+id="room-{floor}-{square}".*?</button>', page, re.DOTALL)
    assert match, f"no room {floor}-{square} on the page"
    return match.group(0)


def room_token(kind: str, title: str, glyph: str, count: int = 0) -> str:
    """A token lying on a room as the board draws it (templates/partials/_room.html): one per kind, its count on it."""
    return (f'<span class="token {kind}" title="{title}"><span aria-hidden="true">{glyph}</span>'
            + (f"<b>{count}</b>" if count else "") + "</span>")


def room_classes(page: str, floor: int, square: str) -> set[str]:
    match = re.match(r'<button class="([^"]*)"', room_button(page, floor, square))
    assert match
    return set(match.group(1).split())


def guard_square(page: str, floor: int) -> str | None:
    """Where the board draws the floor's guard (the room holding the G)."""
    section = re.search(rf'<section class="floor[^"]*" id="floor-{floor}".*?</section>', page, re.DOTALL)
    assert section, f"no floor {floor} on the page"
    found = re.findall(r'id="room-\d-([A-E]\d)"[^>]*>(?:(?!</button>).)*<span class="guard"', section.group(0),
                       re.DOTALL)
    assert len(found) <= 1, found
    return found[0] if found else None


def entries_text(result: Result) -> list[str]:
    return [sentence(e) for e in result.log]


def break_in(client: FlaskClient, game_id: str, entrance: str = "B2") -> None:
    """Place the floor-1 guard and bring the crew in through ``entrance``: the game is then in play."""
    act_ok(client, game_id, do="start")
    act_ok(client, game_id, do="entrance", at=entrance)


def tie_pair(s: GameState, floor: int = 1) -> tuple[str, str]:
    """Two rooms where alarms make the floor's guard ask the table which one he goes to: the engine
    says so (two alarms equally near him), not a guess about this seed's deck."""
    plan = s.plan(floor)
    guard = s.floors[floor].guard
    assert guard is not None
    rooms = [r for r in plan.rooms if r != guard]
    for first in rooms:
        after_first = apply(s, {"do": "alarm", "floor": floor, "at": first})
        if after_first.question:
            continue
        for second in rooms:
            if second == first:
                continue
            result = apply(after_first.state, {"do": "alarm", "floor": floor, "at": second})
            if result.question and result.question["kind"] == "alarm":
                return first, second
    raise AssertionError("no two rooms give a tie on this floor")


def bank_job_in_play(client: FlaskClient) -> str:
    """A Bank Job of three burglars broken into through the setup form: the path of its board."""
    crew = {"scenario": "bank", "name1": "Ana", "character1": "raven", "name2": "Bo", "character2": "hacker",
            "name3": "Cy", "character3": "peterman", "seed": "101"}
    game = client.post("/new", data=crew).headers["Location"]
    for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}):
        client.post(f"{game}/act", data=action)
    return str(game)
