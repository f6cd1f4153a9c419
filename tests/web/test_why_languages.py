"""Why? reads Spanish and French (issue 15): every kind of explanation the engine's log can ask for, the words
of every rule it names and the danger forecast's sentences are drawn inside a request in each language, and
every message they look up has a reviewed translation in that language's catalogue. A message said in English
because nobody translated it (or because it was glued together outside the catalogue) fails here, before a
table sees it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from assistant.engine.actions import apply
from assistant.engine.state import GameState
from assistant.engine.vocabulary import from_json
from assistant.web.table.danger import chance_words, danger_words
from assistant.why import Why, explain_entry
from assistant.why.rules import known_rules, rule_text
from assistant.words import i18n
from assistant.engine.rulesets import RULEBOOKS
from tests.engine.helpers import alarm, burglar, event, floor_case, position, turn
from tests.engine.test_explain import BGA_DIFFERS_WALLS, CARD_A1_WALLS

ROOT = Path(__file__).resolve().parents[2]


def _scenes() -> list[tuple[str, GameState, dict[str, Any]]]:
    """Positions and actions whose logs hold every kind of line Why? explains in its own way."""
    tie = floor_case("D3", "A1", 6, walls=CARD_A1_WALLS, patrol=["A4", "B2"])
    return [
        ("tie, a burglar walked into, steps to spare", position(tie, crew={"red": burglar("B3")}), turn()),
        ("the BGA reading", position(floor_case("C4", "B2", 5, walls=BGA_DIFFERS_WALLS, patrol=["A4"]),
                                     tiebreak="bga"), turn()),
        ("a later fork", position(floor_case("D4", "A1", 6, patrol=["A4"])), turn()),
        ("alarms and Espresso", position(floor_case("A1", "A3", 2, alarms=["A3", "D4"], patrol=["B1"])),
         turn(bonus=1)),
        ("Daydreaming", position(floor_case("A1", "D4", 2, patrol=["B1"])), turn(bonus=-1)),
        ("the nearest alarm", position(floor_case("A2", "D4", 2, walls=["A1-B1", "A2-B2", "A3-B3"], alarms=["A3"],
                                                  patrol=["B1"])), alarm("C1", cause="laser")),
        ("a reshuffle", position(floor_case("A1", "A2", 3, discard=list(position(floor_case()).plan(1).rooms)),
                                 crew={"ana": burglar("D4"), "bo": burglar("D4")}, players=2), turn()),
        ("a card on his own room", position(floor_case("A1", "B1", 3, patrol=["B1", "C1", "C3"])), turn()),
        ("the Foyer", position(floor_case("A1", "C1", 2, tiles={"B2": "foyer"}, patrol=["D4"]),
                               crew={"ana": burglar("B2")}), turn()),
        ("caught", position(floor_case("A1", "D1", 3, patrol=["D4"]), crew={"ana": burglar("B1", stealth=0)}),
         turn()),
        ("cameras on two floors", position(floor_case("A1", "D1", 2, tiles={"B1": "camera"}, patrol=["D4"]),
                                           floor_case("D4", "A1", 2, tiles={"C3": "camera"}, patrol=["B1"]),
                                           crew={"ana": burglar("C3", 2)}), turn()),
        ("Switch Signs", position(floor_case("A1", "C3", 2, patrol=["D1"]), crew={"ana": burglar("C3")}),
         event("switch_signs")),
    ]


def _whys() -> Iterator[tuple[str, Why]]:
    for name, state, action in _scenes():
        log = apply(state, action).log
        for i in range(len(log)):
            why = explain_entry(log, i, state, RULEBOOKS[state.rules], from_json(action))
            if why is not None:
                yield f"{name}: {log[i].kind}", why


def _tie_answered() -> Iterator[tuple[str, Why]]:
    """Two alarms equally near: the players' answer, and the die's move after it."""
    s = position(floor_case("B2", "A2", 2, alarms=["A2"], patrol=["B1"]))
    pending = apply(s, alarm("C2"))
    answered = {"do": "answer", "choice": "C2"}
    log = apply(pending.state, answered).log
    for i in range(len(log)):
        why = explain_entry(log, i, pending.state, RULEBOOKS[pending.state.rules], from_json(answered))
        if why is not None:
            yield f"alarm tie: {log[i].kind}", why


def said(why: Why) -> list[str]:
    """Everything of a Why that a person reads, its log line aside (the log's own words are tested apart)."""
    texts = [why.sentence, why.switch, why.rule.title, why.rule.words, why.rule.reference]
    texts += [f"{name}: {value}" for name, value in why.facts]
    for picture in why.pictures:
        texts += [picture.caption, *(m.text for m in picture.marks), *(r.label for r in picture.routes)]
    return [t for t in texts if t]


@pytest.fixture
def looked_up(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The msgid of every message looked up in the reader's catalogue while the test runs."""
    seen: list[str] = []
    real = i18n.catalogue

    class Watched:
        def __init__(self, said: Any) -> None:
            self.said = said

        def ugettext(self, message: str) -> str:
            seen.append(message)
            return str(self.said.ugettext(message))

        def ungettext(self, singular: str, plural: str, n: int) -> str:
            seen.append(singular)
            return str(self.said.ungettext(singular, plural, n))

    monkeypatch.setattr(i18n, "catalogue", lambda: None if real() is None else Watched(real()))
    return seen


def reviewed(lang: str) -> set[str]:
    with (ROOT / "assistant" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalogue = read_po(fh, locale=lang)
    done = set()
    for m in catalogue:
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if m.id and not m.fuzzy and all(s.strip() for s in strings):
            done.add(m.id if isinstance(m.id, str) else m.id[0])
    return done


def in_language(app: Flask, lang: str, draw: Callable[[], list[str]]) -> list[str]:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        return draw()


def every_why() -> list[tuple[str, Why]]:
    return [*_whys(), *_tie_answered()]


def test_the_scenes_hold_every_kind_of_explanation():
    """So the language test below draws each explainer at least once, and the tricky variants."""
    kinds = {label.split(": ")[-1] for label, _ in every_why()}
    assert {"enter", "speed", "destination", "draw", "redraw", "reshuffle", "stealth", "caught", "camera", "arrive",
            "stop", "alarm", "alarm_off", "answer"} <= kinds
    sentences = " ".join(w.sentence for _, w in every_why())
    for variant in ("BGA-compatible reading", "they meet again in", "plus 1 for Espresso", "minus 1 for Daydreaming",
                    "are equally near", "set aside unseen again", "Foyer", "Cameras watch each other",
                    "puts the guard straight into", "He still has 1 step to walk"):
        assert variant in sentences, variant


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_why_and_every_rule_is_drawn_from_reviewed_translations(app: Flask, looked_up: list[str], lang: str):
    english = [why.sentence for _, why in every_why()]

    def draw() -> list[str]:
        texts = [t for _, why in every_why() for t in said(why)]
        for rule in known_rules():
            r = rule_text(rule)
            texts += [r.title, r.words, r.reference]
        return [*texts, danger_words(Fraction(3, 11)), chance_words(Fraction(0)), chance_words(Fraction(1))]

    assert in_language(app, lang, draw)
    assert len(set(looked_up)) > 300, "the words did not go through the catalogue"
    assert sorted(set(looked_up) - reviewed(lang)) == []
    translated = in_language(app, lang, lambda: [why.sentence for _, why in every_why()])
    stayed = [t for t, e in zip(translated, english, strict=False) if t and t == e]
    assert stayed == [], f"sentences that stayed English in {lang}"
