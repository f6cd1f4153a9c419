"""Every kind of log entry and every question the engine can write has words (issue 15, the log is data)."""

from __future__ import annotations

import pytest

from assistant.engine.log import KINDS, LogEntry
from assistant.words import option_text, prompt, sentence
from assistant.words.questions import PROMPTS

SAMPLE = {"who": "Ann", "figure": "guard", "left": 2, "steps": 1, "count": 2, "cubes": 2, "card": "B2",
          "why": "entered", "guard": "B2", "guard_floor": 1, "tokens": {"laser": 3}, "others": [2], "names": ["Ann"],
          "moves": 3, "die": 2, "alarms": 1, "bonus": 1, "choice": "B2", "type": "camera", "loot": "tiara",
          "tool": "dynamite", "stealth": 2, "change": 1, "room": "laser", "hacker": "Bo", "computer": "laser",
          "value": 2, "what": "cubes", "wall": "A1-B1", "layout": "printed", "limit": 6, "heat": 2, "gained": 2,
          "suspicion": 1, "before": 2, "crow": "C1", "cost": 2, "to": "Bo", "buddy": "Bo", "reason": "guard"}


@pytest.mark.parametrize(("kind", "how"), [(k, h) for k, hows in sorted(KINDS.items()) for h in (hows or ("",))])
def test_every_kind_and_variant_of_log_entry_has_a_sentence(kind: str, how: str):
    entry = LogEntry(kind, "", 1, "B2", {**SAMPLE, "how": how})
    words = sentence(entry)
    assert (words and words[0].isupper()) or words[0] in "ABCDE", words
    assert words.endswith((".", "!")), words
    assert "%(" not in words and "{" not in words


@pytest.mark.parametrize("kind", sorted(PROMPTS))
def test_every_question_has_words_and_so_do_its_answers(kind: str):
    question = {"kind": kind, "floor": 1, "options": ["A1", "B2"], "params": {"who": "Ann", "square": "B2",
                                                                             "room": "laser", "steps": 2}}
    assert prompt(question).endswith(("?", ".")) and "%(" not in prompt(question)
    assert option_text({"kind": "lavatory"}, "room") == "A token of the room"
    assert option_text({"kind": "order"}, "2") == "Floor 2"


def test_the_guards_speed_reads_as_a_sum_with_a_minus_sign_for_daydreaming():
    """Issue 11 texts: "die 2 − 1", not "die 2 + -1"."""
    speed = LogEntry("speed", "1.2", 1, None, {"moves": 1, "die": 2, "alarms": 0, "bonus": -1})
    assert sentence(speed) == "The floor-1 guard moves 1 (die 2 \u2212 1 this turn)."
    speed = LogEntry("speed", "1.2", 1, None, {"moves": 5, "die": 2, "alarms": 2, "bonus": 1})
    assert sentence(speed) == "The floor-1 guard moves 5 (die 2 + 2 alarms + 1 this turn)."
