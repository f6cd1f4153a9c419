"""The engine's refusals speak the reader's language (issue 15): every refusal the engine can raise is an
English message marked for the catalogue, never an f-string; each has a reviewed Spanish and French
translation with the same parameters; the parameters reach the sentence said (names of rooms, cards and
tools through words/names.py, nested refusals in turn); and ``str(err)`` stays the English sentence."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from assistant.engine.errors import N_, BoardError, IllegalActionError, RulesError
from assistant.engine.upgrades import SaveFormatError
from assistant.words.refusals import SAID, refusal, refusal_sentence
from tests.web.helpers import make_app

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "assistant" / "engine"
LANGUAGES = ("es", "fr")
PARAM = re.compile(r"%\((\w+)\)s")
ERRORS = {"RulesError", "BoardError", "IllegalActionError", "MalformedActionError", "AmbiguousTieError",
          "SaveFormatError"}


def _marked(node: ast.AST) -> bool:
    """An English message marked with N_, or a choice between two (``N_(a) if … else N_(b)``)."""
    if isinstance(node, ast.IfExp):
        return _marked(node.body) and _marked(node.orelse)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))


def engine_raises() -> Iterator[tuple[str, int, ast.Call]]:
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                    isinstance(node.exc.func, ast.Name) and node.exc.func.id in ERRORS:
                yield path.name, node.lineno, node.exc


def engine_messages() -> set[str]:
    """Every message the engine marks with N_ (its refusals and the phrases they name)."""
    found = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if _marked(node) and isinstance(node, ast.Call):
                found.add(node.args[0].value)  # type: ignore[attr-defined]
    return found


MESSAGES = engine_messages()


def catalogue(lang: str):
    with (ROOT / "assistant" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def test_every_engine_refusal_is_a_marked_message_not_an_fstring():
    raises = list(engine_raises())
    assert len(raises) > 140  # the whole engine is read, not one file
    unmarked = [f"{name}:{line}" for name, line, call in raises if not call.args or not _marked(call.args[0])]
    assert unmarked == []
    assert len(MESSAGES) > 150


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_message_has_a_reviewed_translation_with_the_same_parameters(lang: str):
    po = catalogue(lang)
    problems = []
    for msgid in sorted(MESSAGES):
        message = po.get(msgid)
        if message is None or message.fuzzy or not message.string.strip():
            problems.append(f"untranslated: {msgid!r}")
        elif set(PARAM.findall(message.string)) != set(PARAM.findall(msgid)):
            problems.append(f"parameters differ: {msgid!r} -> {message.string!r}")
    assert problems == []


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(tmp_path_factory.mktemp("refusals") / "heists.sqlite3")
    yield app
    app.extensions["store"].shutdown()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_parameter_reaches_the_translated_sentence(app: Flask, lang: str):
    """Each refusal, said with a distinct value for each parameter: every value is in the sentence (a
    parameter a translation dropped or misspelt would lose it), and the sentence is not the English one."""
    english_too = []
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for msgid in sorted(MESSAGES):
            names = PARAM.findall(msgid)
            values = {name: f"Q{i}" for i, name in enumerate(dict.fromkeys(names), start=1)}
            if "figure" in values:
                values["figure"] = "bouncer"
            said = refusal(IllegalActionError(msgid, **values))
            for name, value in values.items():
                shown = {"bouncer": {"es": "portero", "fr": "videur"}[lang]}.get(value, value)
                assert shown in said, f"{name} lost from {said!r} ({msgid!r})"
            if said == str(IllegalActionError(msgid, **values)) and re.search(r"[a-z]{4}", PARAM.sub("", msgid)):
                english_too.append(msgid)
    # a few read the same in every language (a phrase and its choices, "%(what)s: %(choices)s")
    assert english_too == []


def test_outside_a_request_a_refusal_is_its_english_sentence():
    err = BoardError(N_("floor %(n)s: %(problem)s"), n=2,
                     problem=BoardError(N_("%(name)s is the empty square: nothing can stand there"), name="C3"))
    assert str(err) == refusal(err) == "floor 2: C3 is the empty square: nothing can stand there"
    assert refusal_sentence(err) == "Floor 2: C3 is the empty square: nothing can stand there"
    assert err.message == "floor %(n)s: %(problem)s" and err.params["n"] == 2
    assert isinstance(err, ValueError) and isinstance(err, RulesError)
    tools = IllegalActionError(N_("a tool is one of: %(tools)s"), tools=["crowbar", "emp"])
    assert str(tools) == "a tool is one of: crowbar, emp"  # the resolver's words, unchanged
    assert refusal(tools) == "a tool is one of: Crowbar, E.M.P."  # the app shows the cards' printed names


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "planta 2: C3 es el hueco vacío: ahí no se puede poner nada"),
    ("fr", "étage 2\u202f: C3 est la case vide\u202f: rien ne peut s'y trouver"),
])
def test_a_nested_refusal_is_said_in_the_same_language(app: Flask, lang: str, said: str):
    err = BoardError(N_("floor %(n)s: %(problem)s"), n=2,
                     problem=BoardError(N_("%(name)s is the empty square: nothing can stand there"), name="C3"))
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        assert refusal(err) == said


@pytest.mark.parametrize(("lang", "tools", "room"), [("es", "Palanca, P.E.M.", "cámara"),
                                                     ("fr", "Pied-de-biche, E.M.P.", "caméra")])
def test_names_in_a_refusal_read_as_the_languages_edition_prints_them(app: Flask, lang: str, tools: str, room: str):
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        said = refusal(IllegalActionError(N_("a tool is one of: %(tools)s"), tools=["crowbar", "emp"]))
        assert said.endswith(tools)
        rooms = refusal(BoardError(N_("floor %(floor)s: no Burgle Bros room is called %(value)s: %(rooms)s"),
                                   floor=1, value="'vault'", rooms=["camera"]))
        assert rooms.endswith(room) and "'vault'" in rooms
        phrase = refusal(IllegalActionError(N_("%(what)s exist only in %(game)s"), what=N_("commotions"),
                                            game="Burgle Bros 2"))
        assert phrase.startswith({"es": "los alborotos", "fr": "les tapages"}[lang])


def test_a_saved_heist_from_a_newer_app_is_refused_in_the_readers_language(app: Flask):
    from assistant.engine.upgrades import upgrade_state
    with pytest.raises(SaveFormatError) as refused:
        upgrade_state({"format": 999})
    assert "newer version of the app" in str(refused.value)
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert "version plus récente de l'application" in refusal(refused.value)


def test_every_name_the_words_translate_is_one_the_engine_uses():
    """SAID reads parameters by their names: a name no refusal uses would be a misspelling."""
    used = {name for msgid in MESSAGES for name in PARAM.findall(msgid)}
    assert set(SAID) - used - {"room", "card", "character", "tool"} == set()
