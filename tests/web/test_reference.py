"""The rules reference at /rules: every page renders, examples are legal floors that do what their notes
say, every rule the engine logs has a page, and no page copies the books (search: test_reference_search.py)."""

from __future__ import annotations

import ast
import html
import re
import shutil
from pathlib import Path

import pytest

from assistant import reference
from assistant.engine.board import floorplan
from assistant.engine.log import LogEntry
from assistant.engine.pathing import route
from assistant.reference.entries import ContentError
from assistant.reference.library import CONTENT, build
from assistant.reference.folding import fold
from assistant.web.sandbox.link import parse
from assistant.web.sandbox.turn import play as sandbox_turn
from tests.engine.helpers import alarm, burglar, event, floor_case, play, position

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
ENTRIES = reference.entries()
EXAMPLES = [(e.slug, n, ex) for e in ENTRIES for n, ex in enumerate(e.examples)]


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


# -- pages ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("entry", ENTRIES, ids=[e.slug for e in ENTRIES])
def test_every_page_renders_with_its_title_and_rulebook_reference(client, entry):
    response = client.get(f"/rules/{entry.slug}")
    assert response.status_code == 200
    page = text_of(response)
    assert entry.title in page
    assert entry.sources and all(" ".join(source.split()) in " ".join(page.split()) for source in entry.sources)


def test_the_index_lists_every_page_under_its_kind(client):
    response = client.get("/rules")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for entry in ENTRIES:
        assert f'href="/rules/{entry.slug}"' in page
    for label in {reference.KINDS[e.kind] for e in ENTRIES}:
        assert f"<h2>{html.escape(label)}</h2>" in page
    assert 'name="q"' in page and 'action="/rules"' in page  # the search works without JavaScript


def test_the_reference_covers_every_guard_topic_of_the_rules_spec():
    slugs = {e.slug for e in ENTRIES}
    wanted = {"who-moves", "speed", "shortest-path", "clockwise", "bga-reading", "arrival", "next-destination",
              "die-on-guard-square", "entering-rooms", "stealth", "alarms", "nearest-alarm", "last-alarm",
              "patrol-deck", "reshuffle", "starting-dice", "new-floor", "lost-visual", "camera", "foyer", "atrium",
              "lavatory", "tiara", "donuts", "raven", "shift-change", "switch-signs", "where-is-he", "throw-voice",
              "crash", "change-of-plans", "squeak", "espresso", "daydreaming", "jump-the-gun", "brown-out",
              "shoplifting", "emp", "dynamite", "thermal-bomb", "chihuahua", "isotope", "juicer", "spotter",
              "computer", "stairs", "rulings"}
    assert wanted <= slugs


def test_an_unknown_page_gets_the_apps_not_found_page(client):
    response = client.get("/rules/no-such-rule")
    assert response.status_code == 404
    assert "There is no such page" in response.get_data(as_text=True)


def test_pages_link_to_each_other_and_to_related_pages(client):
    page = client.get("/rules/clockwise").get_data(as_text=True)
    assert 'href="/rules/bga-reading"' in page
    assert "See also" in page


def test_the_header_of_every_page_links_to_the_rules(client):
    assert 'href="/rules"' in client.get("/").get_data(as_text=True)


# -- sandbox examples -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("slug", "n", "example"), EXAMPLES, ids=[f"{s}-{n}" for s, n, _ in EXAMPLES])
def test_every_sandbox_example_is_a_legal_floor_where_the_guard_walks_as_its_note_says(slug, n, example):
    params = dict(example.params)
    size = int(params.get("size", "4"))
    void = params["void"].split(",") if params.get("void") else []
    walls = params["walls"].split(",") if params.get("walls") else []
    plan = floorplan(size, void, walls)  # raises BoardError for a bad wall or a floor cut in two
    for square in [params["guard"], params["target"], *params.get("alarms", "").split(",")]:
        if square:
            plan.check(square)
    assert params["guard"] != params["target"]
    assert params.get("guard") not in params.get("alarms", "").split(",")
    assert 1 <= int(params.get("die", "2")) <= 6
    assert params.get("reading", "rulebook") in ("rulebook", "bga")
    assert example.route, "say which rooms he walks through, so the note is checked"
    assert route(plan, params["guard"], params["target"], params.get("reading", "rulebook")) == list(example.route)
    alarms = [a for a in params.get("alarms", "").split(",") if a]
    if alarms:  # as in a real game, the die sits on the one alarm nearest him (no hint, no question)
        dist = plan.distances(plan.index[params["guard"]])
        nearest = min(dist[plan.index[a]] for a in alarms)
        assert [a for a in alarms if dist[plan.index[a]] == nearest] == [params["target"]]


@pytest.mark.parametrize(("slug", "n", "example"), EXAMPLES, ids=[f"{s}-{n}" for s, n, _ in EXAMPLES])
def test_every_sandbox_example_plays_the_whole_turn_its_note_describes(slug, n, example):
    position, problems = parse(dict(example.params))
    assert problems == []
    turn = sandbox_turn(position)
    assert turn is not None and turn.error is None
    if example.walk:
        assert list(turn.steps) == list(example.walk)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.slug for e in ENTRIES])
def test_every_page_has_a_sandbox_example_with_a_note(entry):
    assert entry.examples, f"{entry.slug} has no [[entry.example]]"
    for example in entry.examples:
        assert len(example.note.split()) >= 12, "say in a sentence or two what to look at"


def test_the_clockwise_page_offers_the_rulebook_figure_in_the_sandbox(client):
    page = client.get("/rules/clockwise").get_data(as_text=True)
    assert ('/sandbox?walls=B1-B2,D1-D2,A2-B2,B2-B3,C2-C3,C3-C4,A4-B4,C4-D4&amp;guard=D3&amp;target=A1&amp;die=5'
            in page)


def test_every_page_links_to_the_sandbox_and_each_link_opens_without_an_error(app, client):
    if "sandbox.index" not in app.view_functions:
        pytest.skip("the sandbox is not registered in this app")
    for entry in ENTRIES:
        page = client.get(f"/rules/{entry.slug}").get_data(as_text=True)
        links = re.findall(r'href="(/sandbox\?[^"]+)"', page)
        assert len(links) == len(entry.examples) >= 1, entry.slug
        for link in links:
            response = client.get(html.unescape(link))
            assert response.status_code == 200, (entry.slug, link)
            body = response.get_data(as_text=True)
            assert 'class="error"' not in body and 'class="sb-hint"' not in body, (entry.slug, link)
            assert 'class="sb-path"' in body, (entry.slug, link)  # the guard's walk is shown


# -- rule numbers of the log ----------------------------------------------------------------------------

def engine_rule_ids() -> set[str]:
    """Every rule number written in the engine's source: the values its log entries and questions name."""
    ids = set()
    for path in (ROOT / "assistant" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"1\.\d{1,2}b?|§\d|bb[23] [A-Za-z][A-Za-z' ]*", node.value):
                ids.add(node.value)
    return ids


def test_every_rule_number_the_engine_logs_leads_to_a_page():
    ids = engine_rule_ids()
    assert {"1.2", "1.7", "1.21", "§2", "bb2 Hunting", "bb3 Alarms"} <= ids  # the scan still finds them
    missing = sorted(i for i in ids if reference.reference_slug_for_rule(i) is None)
    assert missing == []


@pytest.mark.parametrize(("rule", "slug"), [("1.1", "who-moves"), ("1.2", "speed"), ("1.3", "shortest-path"),
                                            ("§2", "clockwise"), ("1.6", "next-destination"),
                                            ("1.6b", "die-on-guard-square"), ("1.7", "entering-rooms"),
                                            ("1.8", "stealth"), ("1.9", "alarms"), ("1.11", "patrol-deck"),
                                            ("1.13", "new-floor"), ("1.14", "camera"), ("1.21", "events-overview"),
                                            (" 1.18 ", "donuts"), ("Cursed Goblet", "cursed-goblet")])
def test_a_rule_number_alone_leads_to_its_main_page(rule, slug):
    assert reference.reference_slug_for_rule(rule) == slug


@pytest.mark.parametrize(("rule", "kind", "data", "slug"), [
    ("1.21", "event", {"how": "shift_change"}, "shift-change"),
    ("1.21", "event", {"how": "squeak"}, "squeak"),
    ("1.21", "event", {"how": "emp"}, "emp"),
    ("1.10", "alarm_off", {"how": "emp"}, "emp"),
    ("1.21", "destination", {"why": "crash"}, "crash"),
    ("1.21", "hack", {"how": "cancel"}, "computer"),
    ("1.21", "alarm_off", {"how": "picked_up"}, "juicer"),
    ("1.9", "destination", {"why": "nearest_alarm"}, "nearest-alarm"),
    ("1.11", "reshuffle", {}, "reshuffle"),
    ("1.8", "stealth", {"why": "entered", "how": "lavatory"}, "lavatory"),
    ("1.13", "redraw", {"reason": "place", "card": "lost-visual"}, "lost-visual"),
    ("1.9", "alarm", {}, "alarms"),
])
def test_the_codes_of_a_log_entry_pick_the_precise_page(rule, kind, data, slug):
    """The lookup reads the entry's kind and codes, never its words (the log is data, any language)."""
    words = reference.log_words(LogEntry(kind, rule, 1, None, data))
    assert reference.reference_slug_for_rule(rule, words) == slug


def test_unknown_or_empty_rule_numbers_have_no_page():
    assert reference.reference_slug_for_rule("") is None
    assert reference.reference_slug_for_rule("9.9") is None


@pytest.mark.parametrize(("name", "extra", "slug"), [
    ("shift_change", {}, "shift-change"), ("switch_signs", {}, "switch-signs"),
    ("throw_voice", {"at": "D3"}, "throw-voice"), ("crash", {"at": "C3"}, "crash"), ("squeak", {}, "squeak"),
    ("espresso", {}, "espresso"), ("daydreaming", {}, "daydreaming"), ("jump_the_gun", {}, "jump-the-gun"),
    ("emp", {"who": "Ann"}, "emp"),
])
def test_each_events_own_log_lines_lead_to_its_page(name, extra, slug):
    state = position(floor_case("A1", "D4", 2, patrol=["C1", "B4", "A4"]),
                     floor_case("A2", "D2", 2, patrol=["A4", "B4"]), crew={"Ann": burglar("C3")})
    lines = [e for e in play(state, event(name, **extra)).log if e.rule == "1.21"]
    assert lines
    assert {reference.reference_slug_for_rule(e.rule, reference.log_words(e)) for e in lines} == {slug}


@pytest.mark.parametrize(("name", "extra", "slug"), [
    ("brown_out", {}, "brown-out"), ("change_of_plans", {}, "change-of-plans"),
    ("throw_voice", {"at": "D3"}, "throw-voice"), ("crash", {"at": "C3"}, "crash"),
])
def test_events_blocked_or_changed_by_an_alarm_lead_to_their_page(name, extra, slug):
    state = position(floor_case("A1", "D4", 2, patrol=["C1", "B4", "A4"]), crew={"Ann": burglar("C3")})
    lines = [e for e in play(state, alarm("B2"), event(name, **extra)).log if e.rule == "1.21"]
    assert lines
    assert {reference.reference_slug_for_rule(e.rule, reference.log_words(e)) for e in lines} == {slug}


def test_the_rule_page_helper_is_available_to_templates(app):
    with app.test_request_context():
        url = app.jinja_env.globals["rule_page_url"]
        assert url("1.21", "Squeak!: the guard takes one step toward B2.") == "/rules/squeak"
        assert url("") is None


# -- the rulings table ----------------------------------------------------------------------------------

def test_the_rulings_page_shows_every_row_of_docs_rulings(client):
    rows = [line for line in (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith("| Topic")]
    page = client.get("/rules/rulings").get_data(as_text=True)
    assert page.count("<tr>") == sum(1 for s in reference.get("rulings").table if s.rows)  # the headers
    ids = re.findall(r'<tr id="([^"]+)">', page)  # each row, by the anchor a ruling badge links to
    assert len(ids) == len(rows) == len(set(ids))
    assert "Lavatory" in page and "Raven" in page
    assert 'href="/rules/next-destination">1.6</a>' in page  # rule numbers link to their pages


# -- the content files ----------------------------------------------------------------------------------

def test_a_link_to_a_missing_page_is_refused_when_the_content_is_read(tmp_path):
    for file in CONTENT.glob("*.toml"):
        (tmp_path / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    loot = tmp_path / "loot.toml"
    loot.write_text(loot.read_text(encoding="utf-8").replace("[[foyer]]", "[[fojer]]"), encoding="utf-8")
    with pytest.raises(ContentError, match="fojer"):
        build(tmp_path, ROOT)


def test_a_page_without_a_source_is_refused(tmp_path):
    for file in CONTENT.glob("*.toml"):
        (tmp_path / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    loot = tmp_path / "loot.toml"
    text = loot.read_text(encoding="utf-8")
    loot.write_text(re.sub(r'(?m)^sources = \[.*\]$', "sources = []", text, count=1), encoding="utf-8")
    with pytest.raises(ContentError, match="tiara"):
        build(tmp_path, ROOT)


def words(text: str) -> list[str]:
    """The words of a text, accents and apostrophes left out ("l'alarme" and "Cámara" read "lalarme",
    "camara"), so a copied sentence cannot hide behind a missing accent."""
    return re.findall(r"[a-z0-9]+", fold(text).replace("’", "").replace("'", ""))


# each language's texts against the books in that language (the English ones against all the English books)
BOOKS = [("en", "bb1-rules-en.md"), ("en", "bb2-casino-capers-en.md"), ("en", "bb3-future-flip-en.txt"),
         ("es", "bb1-rules-es.txt"), ("fr", "bb1-bga-help-fr.txt")]


@pytest.mark.parametrize(("lang", "book"), BOOKS)
def test_no_page_copies_eight_words_in_a_row_from_a_rulebook(lang, book):
    path = SEEDS / book
    if not path.exists():
        pytest.skip(f"{book} is not beside the project")
    source = words(path.read_text(encoding="utf-8"))
    windows = {tuple(source[i:i + 8]) for i in range(len(source) - 7)}
    library = reference.library(lang)
    copied = []
    for entry in library.entries:
        if entry.lang != lang:
            continue  # an untranslated page is checked with the English books
        mine = words(" ".join([entry.title, library.texts[entry.slug], *entry.aliases]))
        copied += [(entry.slug, " ".join(mine[i:i + 8])) for i in range(len(mine) - 7)
                   if tuple(mine[i:i + 8]) in windows]
    assert copied == []


# -- other languages ------------------------------------------------------------------------------------

TRANSLATED = [(lang, e) for lang in ("es", "fr") for e in reference.entries(lang) if e.lang == lang]


def test_both_languages_translate_pages():
    assert {lang for lang, _ in TRANSLATED} == {"es", "fr"}


@pytest.mark.parametrize(("lang", "entry"), TRANSLATED, ids=[f"{lang}-{e.slug}" for lang, e in TRANSLATED])
def test_a_translated_page_renders_in_the_devices_language_with_its_sources(client, lang, entry):
    client.get(f"/language/{lang}")
    page = " ".join(text_of(client.get(f"/rules/{entry.slug}")).split())
    assert " ".join(entry.title.split()) in page  # split: the narrow space before a French colon too
    assert all(" ".join(source.split()) in page for source in entry.sources)
    for example in entry.examples:
        assert " ".join(html.unescape(re.sub(r"\[\[[a-z0-9-]+\|?|\]\]", "", example.note)).split())[:40] in page


@pytest.mark.parametrize(("lang", "entry"), TRANSLATED, ids=[f"{lang}-{e.slug}" for lang, e in TRANSLATED])
def test_a_translation_names_sections_not_the_english_editions_pages(lang, entry):
    assert not [s for s in entry.sources if re.search(r"(?i)\bp\.\s*\d|\bpage\s+\d|\bpágina\s+\d", s)]


@pytest.mark.parametrize(("lang", "entry"), TRANSLATED, ids=[f"{lang}-{e.slug}" for lang, e in TRANSLATED])
def test_a_translation_keeps_the_english_pages_rule_and_positions(lang, entry):
    english = reference.get(entry.slug)
    assert (entry.kind, entry.rules, entry.see, entry.log_words) == (english.kind, english.rules, english.see,
                                                                      english.log_words)
    assert [e.params for e in entry.examples] == [e.params for e in english.examples]
    assert set(english.aliases) <= set(entry.aliases)  # English words still find the page


def test_a_page_not_yet_translated_reads_in_english(tmp_path):
    """Every page is translated today; a page missing from a language's folder still reads, in English."""
    shutil.copytree(CONTENT, tmp_path / "content")
    spanish = tmp_path / "content" / "es" / "loot.toml"
    first = re.search(r'(?m)^slug = "([^"]+)"', spanish.read_text(encoding="utf-8"))
    assert first
    spanish.unlink()
    pages = {e.slug: e for e in build(tmp_path / "content", ROOT, "es").entries}
    assert pages[first.group(1)].lang == "en" and pages[first.group(1)].title == reference.get(first.group(1)).title
    assert any(e.lang == "es" for e in pages.values())


def test_the_index_shows_headings_and_titles_in_the_devices_language(client):
    client.get("/language/es")
    page = text_of(client.get("/rules"))
    assert "Losetas" in page and "Vestíbulo" in page


def translations_in(tmp_path, lang: str, text: str):
    for file in CONTENT.glob("*.toml"):
        (tmp_path / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / lang).mkdir()
    (tmp_path / lang / "rooms.toml").write_text(text, encoding="utf-8")
    return tmp_path


KEYPAD = """[[entry]]\nslug = "keypad"\ntitle = "Teclado"\nsources = ["a", "b", "c"]\ntext = "Un código."\n"""


def test_a_translation_is_read_over_the_english_page(tmp_path):
    library = build(translations_in(tmp_path, "es", KEYPAD + 'notes = ["Nota."]\n'), ROOT, "es")
    page = library.by_slug["keypad"]
    assert (page.title, page.text, page.lang, page.examples[0].note) == ("Teclado", "Un código.", "es", "Nota.")
    assert library.by_slug["laser"].lang == "en"


@pytest.mark.parametrize(("text", "complaint"), [
    (KEYPAD.replace('"keypad"', '"keypadd"') + 'notes = ["Nota."]\n', "no English page"),
    (KEYPAD, "a note for each"),
    (KEYPAD.replace('["a", "b", "c"]', '["a"]') + 'notes = ["Nota."]\n', "each of the 3 sources"),
    (KEYPAD + 'notes = ["Nota."]\nrules = ["1.3"]\n', "unknown field"),
    (KEYPAD.replace('text = "Un código."', 'text = ""') + 'notes = ["Nota."]\n', "'text' is missing"),
    (KEYPAD.replace("Un código.", "Ver [[keypadd]].") + 'notes = ["Nota."]\n', "keypadd"),
])
def test_a_translation_that_does_not_fit_its_page_is_refused_when_read(tmp_path, text, complaint):
    with pytest.raises(ContentError, match=re.escape(complaint)):
        build(translations_in(tmp_path, "es", text), ROOT, "es")
