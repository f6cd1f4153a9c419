"""A state's copy shares the lists that are only ever replaced (state.REPLACED_ONLY): that is safe only
while no code changes them in place, which this test checks by reading the code (issue 12, a fast engine)."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.engine.scenarios import new_game
from assistant.engine.state import REPLACED_ONLY

ROOT = Path(__file__).resolve().parents[2]
FIELDS = "|".join(sorted(REPLACED_ONLY))
METHODS = "append|remove|pop|extend|insert|sort|clear|reverse|update|setdefault|popitem"
IN_PLACE = re.compile(rf"\.({FIELDS})(\.({METHODS})\("
                      rf"|\[[^]]*\]\s*[-+]?=(?!=)|\s*\+=)|\bdel\b.*\.({FIELDS})\[")


def test_no_code_changes_a_shared_list_in_place():
    offenders = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                 for folder in ("assistant", "tests", "bench")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                 if IN_PLACE.search(line)]
    assert offenders == []


def test_a_copy_changed_in_place_leaves_its_original_alone():
    state = new_game("bank", [{"name": "Ann"}, {"name": "Bob"}], seed=1)
    copy = state.copy()
    copy.floors[1].deck.pop()
    copy.floors[1].lavatory["A1"] = 3
    copy.hack["laser"] = 2
    assert state.to_json() != copy.to_json()
    assert state.floors[1].lavatory == {} and state.hack == {}
    assert len(state.floors[1].deck) == len(copy.floors[1].deck) + 1
