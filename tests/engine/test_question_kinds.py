"""Every question the rules ask the table is declared once (engine/questions.py): what the board, the answer
buttons and the answer words read, so they cannot drift apart (issue 23: Switch Signs with tied alarms said
"tap a highlighted room" and the board highlighted none)."""

from __future__ import annotations

import ast
from pathlib import Path

from assistant.engine.questions import QUESTIONS, question_highlights_rooms
from assistant.engine.ruleset import ANSWER_WORDS
from assistant.web.table.board_view import build_floors
from assistant.words.questions import PROMPTS, option_text
from tests.engine.helpers import event, floor_case, play, position

ENGINE = Path(__file__).resolve().parents[2] / "assistant" / "engine"


def asked_kinds() -> set[str]:
    """The kind of every ``ask("kind", …)`` call in the engine's code."""
    kinds = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ask":
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path.name}:{node.lineno}: a question's kind is a literal"
                kinds.add(first.value)
    return kinds


def test_every_question_the_engine_asks_is_declared_and_every_declared_one_is_asked():
    asked = asked_kinds()
    assert len(asked) >= 14
    assert asked == set(QUESTIONS)


def test_every_declared_question_has_its_words():
    assert set(PROMPTS) == set(QUESTIONS)


def test_answer_words_come_from_the_registry():
    assert ANSWER_WORDS[("lavatory", "yes")] == "room" and ANSWER_WORDS[("chihuahua", "no")] == "1-5"
    assert {kind for kind, _ in ANSWER_WORDS} == {q.kind for q in QUESTIONS.values() if q.words}


def test_answer_buttons_are_labelled_as_the_registry_says():
    assert option_text({"kind": "order"}, "2") == "Floor 2"
    assert option_text({"kind": "laser"}, "action") == "Extra action, no alarm"
    assert option_text({"kind": "guard_room"}, "stop") == "His turn ends there"
    assert option_text({"kind": "alarm_put"}, "B2") == "B2"


def test_switch_signs_with_tied_alarms_highlights_them_on_the_board():
    """guard-rules §1.21 Switch Signs with alarms: the guard is put on the nearest; on a tie the table picks one
    of the rooms, highlighted on the board, as the hint under the question says."""
    out = play(position(floor_case("B2", "D4", 2, alarms=["B1", "B3"])), event("switch_signs"))
    question = out.state.pending["question"]
    assert (question["kind"], sorted(question["options"])) == ("alarm_put", ["B1", "B3"])
    assert question_highlights_rooms(question)
    rooms = build_floors(out.state, [])[0].rooms
    assert sorted(r.square for r in rooms if r.option) == ["B1", "B3"]


def test_a_question_answered_in_words_highlights_no_room():
    assert not question_highlights_rooms({"kind": "lavatory", "options": ["room", "own"], "floor": 1})
    assert not question_highlights_rooms({"kind": "card", "options": ["A1", "B1"], "floor": 1})
    assert not question_highlights_rooms(None)
