"""Teach me on the board (issue 36 §3, web/table/teach.py): chosen on the new-heist page, each step says what to do
on the real board from this heist and the rule in its reference page's own summary, in the device's language; Got
it moves on, Stop teaching leaves the lesson and the heist goes on as any other."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import reference
from assistant.engine.rulesets import RULEBOOKS
from assistant.reference.entries import ContentError
from assistant.reference.library import build
from assistant.web.table.lesson import PAGES, STEPS
from assistant.why import explain_entry
from tests.web.helpers import HTMX, act_ok, form_controls, game, new_heist, state, store, version
from tests.web.test_access import phone
from tests.web.test_reference import KEYPAD, ROOT, translations_in

LANGS = ("en", "es", "fr")


def panel(page: str) -> str | None:
    """The teaching panel's words, or None when the board shows none."""
    found = re.search(r'<section class="teach[^"]*".*?</section>', page, re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(0))).split()) if found else None


def board(client: FlaskClient, gid: str, lang: str = "en") -> str:
    return client.get(f"/games/{gid}", headers={"Accept-Language": lang}).get_data(as_text=True)


def dismiss(client: FlaskClient, gid: str, step: str) -> str:
    response = client.post(f"/games/{gid}/teach", data={"step": step}, headers=HTMX, follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def summary(step: str, lang: str = "en") -> str:
    entry = reference.get(PAGES[step], lang)
    assert entry is not None
    return entry.summary


@pytest.mark.parametrize("lang", LANGS)
def test_every_steps_rule_page_has_a_summary_in_the_language_and_shows_it(client: FlaskClient, lang: str):
    for step in STEPS:
        entry = reference.get(PAGES[step], lang)
        assert entry is not None and entry.lang == lang and entry.summary, (step, lang)
        assert len(entry.summary) <= 240, "a line or two"
        page = client.get(f"/rules/{entry.slug}", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert html.escape(entry.summary, quote=False) in page.replace("&#39;", "'")


def test_a_translation_without_the_summary_of_its_english_page_is_refused(tmp_path):
    english = (tmp_path / "rooms.toml")
    lines = KEYPAD + 'notes = ["Nota."]\n'
    translations_in(tmp_path, "es", lines)
    english.write_text(english.read_text(encoding="utf-8").replace(
        'slug = "keypad"\n', 'slug = "keypad"\nsummary = "A code."\n', 1), encoding="utf-8")
    with pytest.raises(ContentError, match="summary"):
        build(tmp_path, ROOT, "es")
    (tmp_path / "es" / "rooms.toml").write_text(lines + 'summary = "Un código."\n', encoding="utf-8")
    assert build(tmp_path, ROOT, "es").by_slug["keypad"].summary == "Un código."


def test_teach_me_fills_in_a_bank_job_for_two_with_the_lesson_ticked(client: FlaskClient):
    page = client.get("/new").get_data(as_text=True)
    assert 'href="/new?teach=1"' in page
    sent, _names = form_controls(client.get("/new?teach=1").get_data(as_text=True))
    fields = dict(sent)
    assert (fields["scenario"], fields["name1"], fields["name2"], fields["teach"]) == \
        ("bank", "Burglar 1", "Burglar 2", "on")
    response = client.post("/new", data={**fields, "seed": "4242"})
    gid = response.headers["Location"].rsplit("/", 1)[1]
    assert panel(board(client, gid)).startswith("Teach me · step 1 of 8 Setting up")
    again, _names = form_controls(client.get(f"/games/{gid}/again").get_data(as_text=True))
    assert "teach" not in dict(again)  # Play again is a normal heist unless ticked again


def test_a_heist_not_taught_shows_no_lesson(app: Flask, client: FlaskClient):
    gid = new_heist(client)
    assert panel(board(client, gid)) is None
    # a Got it after another device stopped the lesson: the board again, and the heist still not taught
    assert client.post(f"/games/{gid}/teach", data={"step": "setup"}).status_code == 303
    assert store(app).setting(f"teach/{gid}") is None
    assert panel(board(client, gid)) is None


def test_the_lesson_is_offered_for_burgle_bros_1_only(client: FlaskClient):
    assert RULEBOOKS["bb1"].rules.printed_walls and not RULEBOOKS["bb2"].rules.printed_walls
    assert 'name="teach"' in client.get("/new").get_data(as_text=True)
    assert 'name="teach"' not in client.get("/new?game=bb2").get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
def test_each_step_to_the_first_guard_move_says_this_heist_and_the_rule_in_the_language(
        app: Flask, client: FlaskClient, lang: str):
    gid = new_heist(client, teach="on")
    words = panel(board(client, gid, lang))
    assert words is not None and summary("setup", lang) in words and "4×4" in words
    act_ok(client, gid, do="start")
    fl = state(app, gid).floors[1]
    words = panel(board(client, gid, lang))
    assert summary("break_in", lang) in words and f" {fl.guard} " in words and f" {fl.die}" in words
    act_ok(client, gid, do="entrance", at="A1")
    assert summary("move", lang) in panel(board(client, gid, lang))
    act_ok(client, gid, do="move", who="Ann", floor=1, to="A2")
    dismiss(client, gid, "move")
    assert summary("peek", lang) in panel(board(client, gid, lang))
    act_ok(client, gid, do="alarm", floor=1, at="A2")
    words = panel(board(client, gid, lang))
    assert summary("alarm", lang) in words and "A2" in words
    dismiss(client, gid, "alarm")
    dismiss(client, gid, "peek")
    assert panel(board(client, gid, lang)).endswith(("Stop teaching", "Dejar de enseñar", "Arrêter l'apprentissage"))
    act_ok(client, gid, do="end_turn")
    page = board(client, gid, lang)
    words = panel(page)
    assert summary("guard_turn", lang) in words
    seq = game(app, gid).head
    before, action, log = store(app).action_at(gid, seq)
    with app.test_request_context(headers={"Accept-Language": lang}):
        # the Why? of his speed, as the log's link says it
        moved = explain_entry(list(log), 0, before, RULEBOOKS[before.rules], action)
    assert moved is not None and " ".join(moved.sentence.split()) in words
    assert f'href="/games/{gid}/why/{seq}/1"' in page  # his first step's Why?
    dismiss(client, gid, "guard_turn")
    assert summary("clockwise", lang) in panel(board(client, gid, lang))
    dismiss(client, gid, "clockwise")
    assert summary("event", lang) in panel(board(client, gid, lang))


def test_each_step_links_to_its_rule_page(client: FlaskClient):
    gid = new_heist(client, teach="on")
    assert 'href="/rules/wall-layouts"' in re.search(r'<section class="teach.*?</section>', board(client, gid),
                                                      re.DOTALL).group(0)


def test_the_clockwise_step_explains_the_tie_he_broke(app: Flask, client: FlaskClient):
    gid = new_heist(client, teach="on", walls="draw")  # no walls: many ways from B1 to D4 are equally short
    for step in ("setup", "break_in", "move"):
        dismiss(client, gid, step)
    act_ok(client, gid, do="start")
    act_ok(client, gid, do="entrance", at="A1")
    act_ok(client, gid, do="end_turn")
    dismiss(client, gid, "guard_turn")
    words = panel(board(client, gid))
    seq = game(app, gid).head
    before, action, log = store(app).action_at(gid, seq)
    index = next(i for i, e in enumerate(log) if e.kind == "enter" and e.data["fork"])
    with app.test_request_context():
        tie = explain_entry(list(log), index, before, RULEBOOKS[before.rules], action)
    assert tie is not None and " ".join(tie.sentence.split()) in words and "no tie" not in words


def test_got_it_bumps_the_version_so_every_device_shows_the_next_step(client: FlaskClient):
    gid = new_heist(client, teach="on")
    act_ok(client, gid, do="start")
    before = version(board(client, gid))
    page = dismiss(client, gid, "break_in")
    assert version(page) == before + 1
    assert "Breaking in" not in (panel(page) or "")


def test_stop_teaching_leaves_the_lesson_and_the_heist_goes_on(app: Flask, client: FlaskClient):
    gid = new_heist(client, teach="on")
    act_ok(client, gid, do="start")
    act_ok(client, gid, do="entrance", at="A1")
    response = client.post(f"/games/{gid}/teach", data={"stop": "1"}, headers=HTMX, follow_redirects=True)
    assert response.status_code == 200 and panel(response.get_data(as_text=True)) is None
    assert store(app).setting(f"teach/{gid}") is None and store(app).setting(f"teach-done/{gid}") is None
    act_ok(client, gid, do="end_turn")
    assert state(app, gid).turn == 1 and panel(board(client, gid)) is None


def test_an_unknown_step_is_refused(client: FlaskClient):
    gid = new_heist(client, teach="on")
    assert client.post(f"/games/{gid}/teach", data={"step": "nap"}).status_code == 400
    assert panel(board(client, gid)).startswith("Teach me · step 1 of 8")


def test_a_watch_link_reads_the_step_but_cannot_dismiss_it(app: Flask, client: FlaskClient):
    gid = new_heist(client, teach="on")
    token = game(app, gid).watch_token
    watcher = phone(app)
    page = watcher.get(f"/games/{token}").get_data(as_text=True)
    assert summary("setup") in panel(page) and "Got it" not in panel(page)
    assert watcher.post(f"/games/{token}/teach", data={"stop": "1"}, headers=HTMX).status_code == 403
    assert store(app).setting(f"teach/{gid}") == "on"


def test_the_event_step_names_the_card_just_played(client: FlaskClient):
    gid = new_heist(client, teach="on")
    act_ok(client, gid, do="start")
    act_ok(client, gid, do="entrance", at="A1")
    act_ok(client, gid, do="end_turn")
    for step in ("guard_turn", "clockwise"):
        dismiss(client, gid, step)
    assert "draw the top event card" in panel(board(client, gid))
    act_ok(client, gid, do="event", name="espresso", floor=1)
    words = panel(board(client, gid, "es"))
    assert "Café exprés" in words and summary("event", "es") in words


def test_a_step_about_the_guards_move_is_drawn_in_its_card_and_at_the_top_once_the_table_moves_on(client: FlaskClient):
    gid = new_heist(client, teach="on")
    act_ok(client, gid, do="start")
    act_ok(client, gid, do="entrance", at="A1")
    act_ok(client, gid, do="end_turn")
    page = board(client, gid)
    card = re.search(r'<section class="real-board".*?</ol>(.*?)</section>\s*</section>', page, re.DOTALL)
    assert card and "The guard's turn" in html.unescape(card.group(1))
    assert "Walk the guard on your board" not in panel(page)  # the card's own checklist says it
    act_ok(client, gid, do="move", who="Bob", floor=1, to="A2")  # Bob's turn: the move's card is gone
    page = board(client, gid)
    assert 'class="real-board"' not in page
    words = panel(page)
    assert words.startswith("Teach me · step 6 of 8 The guard's turn")
    assert "Walk the guard on your board" in words and "Floor 1 guard" in words
