"""Every rule a log entry names has our words for Why? (issue 10 item 8: every modifier has its own log
line and Why?)."""

from __future__ import annotations

import ast
from pathlib import Path

from assistant.why.rules import known_rules

ENGINE = Path(__file__).resolve().parents[2] / "assistant" / "engine"


def rules_named_in_the_engine() -> set[str]:
    named = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("log", "ask")
                    and len(node.args) >= 2):
                rule = node.args[1] if node.func.attr == "log" else (node.args[3] if len(node.args) > 3 else None)
                if isinstance(rule, ast.Constant) and isinstance(rule.value, str) and rule.value:
                    named.add(rule.value)
    return named


def test_every_rule_a_log_entry_names_has_words():
    named = rules_named_in_the_engine()
    assert len(named) > 40
    assert sorted(named - set(known_rules())) == []
