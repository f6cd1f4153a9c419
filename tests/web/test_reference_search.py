"""Searching the rules reference (assistant/reference/search.py, SQLite FTS5): what players type at the table
finds the page, in English, Spanish and French, by any of its names, with or without accents, and each
hit shows the sentence that matched."""

from __future__ import annotations

import html
import re
import tomllib

import pytest

from assistant import reference
from assistant.reference.entries import ContentError
from assistant.reference.library import CONTENT
from assistant.reference.names import read_names
from assistant.reference.search import query_words, words
from assistant.reference.sentences import sentences


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def result_slugs(page: str) -> list[str]:
    return re.findall(r'<a href="/rules/([a-z0-9-]+)"><strong>', page)


def slugs(query: str, lang: str = "en") -> list[str]:
    return [hit.entry.slug for hit in reference.search(query, lang)]


def first(query: str, lang: str = "en") -> str | None:
    found = slugs(query, lang)
    return found[0] if found else None


def unmarked(sentence: str) -> str:
    return html.unescape(sentence.replace("<mark>", "").replace("</mark>", ""))


# -- the page named by the query comes first -------------------------------------------------------------

@pytest.mark.parametrize(("query", "first"), [("clockwise", "clockwise"), ("camera", "camera"),
                                              ("Shift Change", "shift-change"), ("shift change", "shift-change"),
                                              ("CAMERA", "camera"), ("emp", "emp"), ("Where's the guard",
                                                                                     "where-is-he"),
                                              ("squeak", "squeak"), ("lost visual", "lost-visual")])
def test_search_puts_the_page_named_by_the_query_first(client, query, first):
    response = client.get("/rules", query_string={"q": query})
    assert response.status_code == 200
    assert result_slugs(response.get_data(as_text=True))[0] == first


@pytest.mark.parametrize(("lang", "query", "slug"), [
    ("en", "cursed goblet", "cursed-goblet"), ("en", "Goblet", "cursed-goblet"), ("en", "goblet", "cursed-goblet"),
    ("es", "copa maldita", "cursed-goblet"), ("es", "Goblet", "cursed-goblet"),
    ("fr", "Coupe maudite", "cursed-goblet"), ("fr", "cursed goblet", "cursed-goblet"),
    ("es", "Pasarela", "walkway"), ("fr", "Digicode", "keypad"),
    ("es", "Cerrojo", "deadbolt"), ("fr", "Le voyant", "spotter"), ("es", "Cuervo", "raven"),
])
def test_a_page_is_found_first_by_its_name_in_each_language(lang, query, slug):
    assert first(query, lang) == slug


# -- several words: any of them may match, the pages holding more of them first ---------------------------

@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_laser_emp_finds_the_emp_page_and_the_laser_page_at_the_top(lang):
    assert set(slugs("laser emp", lang)[:2]) == {"laser", "emp"}


def test_a_search_of_several_words_puts_pages_holding_all_of_them_first():
    hits = reference.search("alarm walking distance")
    assert hits[0].entry.slug == "nearest-alarm"

    def held(slug: str) -> int:
        page = set(words(reference.get(slug).title + " " + reference.library().texts[slug]))
        return sum(any(w.startswith(q) for w in page) for q in ("alarm", "walking", "distance"))

    counts = [held(h.entry.slug) for h in hits]
    assert 1 in counts  # a page holding only some of the words is still found...
    assert counts.index(1) > counts.index(3)  # ...after those holding all of them


@pytest.mark.parametrize(("lang", "query", "slug"), [
    ("es", "pasarela caer guardia", "walkway"), ("es", "caer pasarela", "walkway"),
    ("fr", "passerelle tomber gardien", "walkway"), ("en", "walkway fall guard", "walkway"),
    ("en", "guard skips his move", "donuts"), ("fr", "tourniquet alarme", "motion"),
    ("en", "can the guard use secret doors", "secret-door"), ("es", "el guardia atraviesa puertas secretas",
                                                              "secret-door"),
    ("en", "two alarms same distance", "nearest-alarm"), ("fr", "deux alarmes à la même distance", "nearest-alarm"),
    ("es", "velocidad del guardia", "speed"), ("fr", "paquet vide", "reshuffle"), ("en", "dynamite wall", "dynamite"),
])
def test_a_two_or_three_word_question_finds_its_page_first(lang, query, slug):
    assert first(query, lang) == slug


def test_a_word_being_typed_finds_the_words_it_starts():
    assert "detector" in slugs("detec")[:3]
    assert "walkway" in slugs("walkw")
    assert first("passere", "fr") == "walkway"


def test_a_whole_word_does_not_find_longer_words_it_starts():
    """"emp" is the E.M.P.: it must not bring in every page saying "empty"."""
    assert slugs("emp") == ["emp"]


# -- accents are optional ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "query", "slug"), [
    ("es", "camara", "camera"), ("es", "Cámara", "camera"), ("es", "vestibulo", "foyer"),
    ("es", "termico", "thermo"), ("es", "isotopo", "isotope"), ("fr", "detecteur thermique", "thermo"),
    ("fr", "Serrure", "deadbolt"), ("fr", "diademe", "tiara"), ("fr", "reverie", "daydreaming"),
    ("fr", "electronicienne", "juicer"), ("es", "camera", "camera"), ("es", "apagon", "brown-out"),
])
def test_search_in_the_readers_language_ignores_accents(client, lang, query, slug):
    client.get(f"/language/{lang}")
    page = client.get("/rules", query_string={"q": query}).get_data(as_text=True)
    assert result_slugs(page)[0] == slug


def test_deteccion_without_its_accent_finds_the_detector_rooms():
    found = slugs("deteccion", "es")
    assert found[:3] and set(found[:3]) <= {"detector", "thermo", "fingerprint"}
    assert set(slugs("detección", "es")) == set(found)


def test_a_word_typed_without_accents_is_marked_where_the_text_has_them():
    sentence = str(reference.search("camara", "es")[0].sentence)
    assert re.search(r"<mark>[Cc]ámaras?</mark>", sentence)


# -- abbreviations and the other books' names ----------------------------------------------------------------

@pytest.mark.parametrize(("lang", "query"), [
    ("fr", "IEM"), ("fr", "iem"), ("en", "IEM"), ("es", "PEM"), ("es", "P.E.M."), ("en", "E.M.P."), ("en", "EMP"),
    ("fr", "E.M.P."), ("es", "pulso electromagnetico"), ("fr", "impulsion électromagnétique"),
    ("fr", "Data Switch"), ("en", "electromagnetic pulse"),
])
def test_every_name_of_the_emp_finds_it_first(lang, query):
    assert first(query, lang) == "emp"


# the French Board Game Arena help's names, typed by a reader of another language
FRENCH_HELP = [("Tourniquet", "motion"), ("Digicode", "keypad"), ("Cour intérieure", "atrium"), ("Hall", "foyer"),
               ("Chinchilla", "chihuahua"), ("Pied-de-biche", "crowbar"), ("Couic", "squeak"),
               ("Changement de planning", "shift-change"), ("Le fauconnier", "raven"), ("Brouilleur", "brown-out"),
               ("Coupe maudite", "cursed-goblet"), ("Détecteur d'empreintes", "fingerprint")]
# the Spanish rulebook's names, typed by a reader of another language
SPANISH_BOOK = [("Sala de Laser", "laser"), ("Teclado", "keypad"), ("Copa Maldita", "cursed-goblet"),
                ("Pulso ElectroMagnetico", "emp"), ("Montacargas", "freight-elevator"),
                ("Detector de Huellas", "fingerprint"), ("Sensor de Movimiento", "motion"),
                ("Proyectar Voz", "throw-voice"), ("Estruendo", "crash"), ("Exprimidor", "juicer"),
                ("Ordenadores", "computer")]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("query", "slug"), FRENCH_HELP)
def test_the_french_helps_names_find_their_page_in_other_languages(lang, query, slug):
    assert first(query, lang) == slug


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("query", "slug"), SPANISH_BOOK)
def test_the_spanish_books_names_find_their_page_in_other_languages(lang, query, slug):
    assert first(query, lang) == slug


# -- synonyms ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "written"), [("es", "guardia", "guarda"), ("fr", "vigile", "gardien"),
                                                       ("en", "thief", "burglar"), ("es", "habitacion", "loseta")])
def test_a_synonym_finds_the_pages_of_the_word_they_write(lang, said, written):
    found = slugs(said, lang)
    assert found and set(found) == set(slugs(written, lang))
    assert re.search(rf"<mark>{written}", str(reference.search(said, lang)[0].sentence), re.IGNORECASE)


# -- each hit shows its sentence ---------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "query"), [("en", "walking distance"), ("en", "camera"), ("fr", "passerelle"),
                                             ("es", "pasarela caer guardia"), ("en", "laser emp"),
                                             ("es", "deteccion"), ("fr", "IEM")])
def test_each_hit_shows_a_sentence_of_its_page_with_the_words_found_marked(lang, query):
    library = reference.library(lang)
    hits = reference.search(query, lang)
    assert hits
    for hit in hits:
        said = unmarked(str(hit.sentence)).strip("…")
        assert said.strip() and any(said.strip() in s for s in sentences(hit.entry, library.titles)), said
        marked = re.findall(r"<mark>([^<]+)</mark>", str(hit.sentence))
        held = [w for w in words(said) if any(w.startswith(q) for q in words(query))]
        assert len(marked) >= len(held) > 0 or not held  # every word found in the sentence is marked


def test_a_page_found_by_a_name_only_shows_its_opening_sentence():
    hit = reference.search("IEM", "fr")[0]
    assert unmarked(str(hit.sentence)).rstrip("…") in sentences(hit.entry, reference.library("fr").titles)[0]


def test_results_show_title_sentence_and_link_with_the_words_marked_and_escaped(client):
    page = client.get("/rules", query_string={"q": "walking distance"}).get_data(as_text=True)
    assert '<a href="/rules/nearest-alarm"><strong>Nearest alarm: walking distance and ties</strong></a>' in page
    assert re.search(r"<p>[^<]*(<mark>[^<]+</mark>[^<]*)+</p>", page)
    assert "\x02" not in page and "\x03" not in page


def test_a_sentence_quoting_a_word_is_escaped(client):
    client.get("/language/fr")
    page = client.get("/rules", query_string={"q": "importe quelle pièce"}).get_data(as_text=True)
    assert "n&#39;importe" in page or "n&#39;<mark>importe" in page


def test_a_word_found_only_in_another_languages_text_still_finds_the_page_in_the_readers_language(client):
    hits = reference.search("hoping", "fr")
    assert hits and hits[0].entry.lang == "fr" and hits[0].entry.slug == "stealth"
    assert "<mark>hoping</mark>" in str(hits[0].sentence) and hits[0].lang == "en"
    client.get("/language/fr")
    page = client.get("/rules", query_string={"q": "hoping"}).get_data(as_text=True)
    assert f"<strong>{reference.get('stealth', 'fr').title}</strong>" in page
    assert '<p lang="en">' in page  # a screen reader reads the English sentence in English


# -- what the web search does ------------------------------------------------------------------------------

def test_search_results_mark_the_words_found(client):
    page = client.get("/rules", query_string={"q": "walking distance"}).get_data(as_text=True)
    assert "<mark>" in page


def test_a_search_that_finds_nothing_says_so(client):
    response = client.get("/rules", query_string={"q": "zebra trampoline"})
    assert response.status_code == 200
    page = text_of(response)
    assert "Nothing found for “zebra trampoline”" in page
    assert result_slugs(response.get_data(as_text=True)) == []


def test_htmx_search_gets_only_the_results_list_it_swaps(client):
    response = client.get("/rules", query_string={"q": "camera"},
                          headers={"HX-Request": "true", "HX-Target": "reference-results"})
    page = response.get_data(as_text=True)
    assert page.lstrip().startswith('<div id="reference-results"')
    assert "<html" not in page
    assert result_slugs(page)[0] == "camera"


def test_the_search_box_asks_htmx_for_results_as_the_player_types(client):
    page = client.get("/rules").get_data(as_text=True)
    assert 'hx-get="/rules"' in page and 'hx-target="#reference-results"' in page
    assert 'hx-trigger="input changed delay:200ms, search"' in page


def test_the_index_tells_caches_it_answers_htmx_differently(client):
    assert "HX-Target" in client.get("/rules", query_string={"q": "camera"}).headers["Vary"]


def test_an_htmx_history_reload_gets_the_whole_page(client):
    response = client.get("/rules", query_string={"q": "camera"},
                          headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in response.get_data(as_text=True)


def test_punctuation_alone_finds_nothing_and_breaks_nothing(client):
    for query in ('"', "*", "()", "OR", "NEAR(", "-", "'"):
        assert client.get("/rules", query_string={"q": query}).status_code == 200


# -- the names file ----------------------------------------------------------------------------------------

def test_every_name_in_the_names_file_names_an_existing_page():
    with (CONTENT / "names.toml").open("rb") as fh:
        named = tomllib.load(fh)["names"]
    assert set(named) <= set(reference.library().by_slug)
    for slug, names in named.items():
        for name in names:
            assert slug in slugs(name), f"{name!r} does not find {slug}"


def test_the_names_file_holds_only_names_no_page_gives():
    with (CONTENT / "names.toml").open("rb") as fh:
        named = tomllib.load(fh)["names"]
    given = {(slug, tuple(query_words(n))) for lang in reference.languages() for e in reference.entries(lang)
             for slug, n in [(e.slug, e.title), *((e.slug, a) for a in e.aliases)]}
    assert [(slug, n) for slug, names in named.items() for n in names if (slug, tuple(query_words(n))) in given] == []


@pytest.mark.parametrize(("text", "complaint"), [
    ('[names]\nno-such-page = ["x"]\n', "no page with this slug"),
    ('[names]\nemp = []\n', "list of words"),
    ('[synonyms]\ngroups = [["alone"]]\n', "two or more single words"),
    ('[synonyms]\ngroups = [["two words", "x"]]\n', "two or more single words"),
    ('[aliases]\n', "unknown table"),
    ('[fillers]\nwords = ["two words"]\n', "fillers are single words"),
    ('[fillers]\nwords = "how"\n', "fillers are single words"),
])
def test_a_names_file_that_does_not_fit_the_pages_is_refused(tmp_path, text, complaint):
    path = tmp_path / "names.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(complaint)):
        read_names(path, reference.library().by_slug)
