"""Every message of the app has a reviewed Spanish and French translation (issue 15): CI fails on a message
missing from a catalogue, left empty, marked fuzzy, or whose %(name)s parameters differ from the English
(a misspelt parameter would break the sentence at the table, not here). The compiled .mo beside each .po
must say the same, or the app would show an older translation than the one reviewed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tests.conftest import compile_stale_catalogues

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "assistant" / "translations"
LANGUAGES = ("es", "fr")
PARAM = re.compile(r"%\((\w+)\)s")


def code_messages() -> dict[str, tuple[str, ...]]:
    """What the code and the templates say through ``_``, ``ngettext`` and ``N_``, read as ./translations.sh
    reads them (babel.cfg: the templates with Jinja's i18n extension, trimmed)."""
    found: dict[str, tuple[str, ...]] = {}
    sources = [(ROOT / "assistant", [("**.py", "python")], {}),
               (ROOT / "templates", [("**.html", "jinja2")],
                {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}})]
    for folder, method_map, options_map in sources:
        for _file, _line, message, _comments, _context in extract_from_dir(
                str(folder), method_map=method_map, options_map=options_map):
            forms = (message,) if isinstance(message, str) else tuple(message)
            found[forms[0]] = forms
    return found


CODE = code_messages()


def catalogue(lang: str):
    with (CATALOGUES / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def _key(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    return text if isinstance(text, str) else tuple(text)


def params(texts) -> set[str]:
    return {name for text in texts for name in PARAM.findall(text)}


def test_the_code_has_messages_to_translate():
    assert len(CODE) > 250 and "Floor %(n)s" in CODE  # the extraction really reads assistant/words
    assert "What just happened" in CODE and "Turn this room face up as…" in CODE  # … and the templates


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_has_a_reviewed_translation_with_the_same_parameters(lang: str):
    po = catalogue(lang)
    problems = []
    for msgid, forms in CODE.items():
        message = po.get(msgid)
        if message is None:
            problems.append(f"missing: {msgid!r} (run ./translations.sh)")
            continue
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        if not all(s.strip() for s in strings) or len(strings) != (1 if len(forms) == 1 else po.num_plurals):
            problems.append(f"untranslated: {msgid!r}")
        elif any(params([s]) - params(forms) for s in strings) or params(strings) != params(forms):
            problems.append(f"parameters differ: {msgid!r} -> {strings!r}")
        else:
            sample = {name: "X" for name in params(forms)} | {"num": 2}
            try:
                [s % sample for s in strings]
            except (KeyError, ValueError, TypeError) as err:
                problems.append(f"not a valid %-format: {strings!r} ({err})")
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_catalogue_keeps_no_message_the_code_no_longer_says(lang: str):
    kept = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue(lang) if m.id}
    assert sorted(kept - set(CODE)) == []


def test_a_plain_clone_gets_its_catalogues_compiled_and_a_fresh_one_is_left_alone(tmp_path: Path):
    """Issue 34 §8: a clone has no .mo (they are not committed); tests/conftest.py compiles a missing or older one
    before the tests run, and says so in the report's header."""
    po = tmp_path / "es" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Floor"\nmsgstr "Planta"\n', encoding="utf-8")
    assert compile_stale_catalogues(tmp_path) == ["es"]
    with po.with_suffix(".mo").open("rb") as fh:
        assert {m.id: m.string for m in read_mo(fh) if m.id} == {"Floor": "Planta"}
    assert compile_stale_catalogues(tmp_path) == []  # compiled already, and not older than its .po
    assert sorted(p.name for p in po.parent.iterdir()) == ["messages.mo", "messages.po"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_says_what_the_reviewed_one_says(lang: str):
    mo_path = CATALOGUES / lang / "LC_MESSAGES" / "messages.mo"
    if not mo_path.exists():
        pytest.fail(f"{mo_path} is missing: ./venv.sh (or ./translations.sh -c) compiles the catalogues")
    with mo_path.open("rb") as fh:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(fh) if m.id}
    reviewed = {_key(m.id): _key(m.string) for m in catalogue(lang)
                if m.id and not m.fuzzy and all(_key(m.string))}  # msgfmt leaves out what is not translated
    assert compiled == reviewed, "a .po changed since it was compiled: run ./venv.sh"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_naming_a_card_uses_the_name_its_title_has(lang: str):
    """Issue 26 §7: a card is called what its language's book calls it (the French help's "Echo" for Throw
    Voice), in every sentence that names it, not a word of the translator's ("Ventriloquie")."""
    from assistant.words import names
    po = catalogue(lang)
    english = {say() for group in (names.EVENTS, names.TOOLS, names.LOOT) for say in group.values()}
    titles = {m.id: m.string for m in po if m.id in english and m.string and m.string != m.id}
    wrong = [(m.id, m.string) for m in po if isinstance(m.id, str) and m.string
             for en, name in titles.items()
             if m.id != en and re.search(rf"\b{re.escape(en)}\b", m.id) and name.lower() not in m.string.lower()]
    assert wrong == []
