"""A game is found by its name only where a stored heist, a case or the new-heist form is opened (issue 34 §3).

Everywhere else the game travels as an object (``engine/rulesets.Rulebook``: ``store.Game.rulebook``,
``cases.Replay.rulebook``), as OpenSpiel's state holds its game. Every module of assistant/ is parsed and each place
that finds a game by its name is listed: a call of ``rulebook(name)``, ``RULEBOOKS[name]``, ``RULEBOOKS.get(name)``,
``name in RULEBOOKS``, or a game's name compared with a word (``state.rules == "bb1"``). Going through every game
(``RULEBOOKS.values()``, ``RULEBOOKS.items()``) asks no name and is not listed."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.test_import_circles import modules

# (module, function) -> why the game is looked up by its name there
ALLOWED = {
    ("assistant.engine.rulesets", "rulebook"): "the lookup itself",
    ("assistant.store", "Store.load"): "a stored heist is opened: its state names its game",
    ("assistant.store", "Store.setup"): "a stored heist's first position is opened (Play again)",
    ("assistant.store", "Store.replay"): "a stored heist is replayed from its first position",
    ("assistant.backup", "_replay"): "a backup's heist is opened, replayed from its first position",
    ("assistant.written", "check_state"): "a backup's stored position is checked: it names a game of ours",
    ("assistant.written", "_as_case"): "a backup's stored position is exported as a case to be checked",
    ("assistant.written", "_cards"): "a backup's stored position is checked: its patrol cards",
    ("assistant.engine.cases", "_state_from_case"): "a case is read: it names its game",
    ("assistant.engine.cases", "replay"): "a case is played: its game, once for all its actions",
    ("assistant.web.forms", "chosen_game"): "the new-heist form names the game it sets up",
    ("assistant.web.forms", "new_heist_from_form"): "the new-heist form names the game it sets up",
    ("assistant.engine.actions", "apply"): "a bare state (a test's, a doctest's, an old database's upgrade) is "
                                           "played by the game it names; the store and the cases pass theirs",
}


def _scopes(tree: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """Every node with the outermost function (``Class.method``) it is in, ``<module>`` outside any."""
    def walk(node: ast.AST, scope: str, inside: list[str]) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                outer = ".".join([*inside, child.name]) if scope == "<module>" else scope
                yield from walk(child, outer, [*inside, child.name])
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, scope, [*inside, child.name])
            else:
                yield scope, child
                yield from walk(child, scope, inside)
    yield from walk(tree, "<module>", [])


def _names_a_game(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("rulebook", "rules_of"):
        return True
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "RULEBOOKS":
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "RULEBOOKS":
        return True
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and any(
                isinstance(s, ast.Name) and s.id == "RULEBOOKS" for s in sides):
            return True
        named = any(isinstance(s, ast.Attribute) and s.attr == "rules" for s in sides)
        word = any(isinstance(s, ast.Constant) and s.value in ("bb1", "bb2", "bb3") for s in sides)
        return named and word
    return False


def lookups(root: Path | None = None) -> dict[tuple[str, str], int]:
    """Each (module, function) that finds a game by its name, and how many times it does."""
    found: dict[tuple[str, str], int] = {}
    for name, path in (modules(root) if root else modules()).items():
        for scope, node in _scopes(ast.parse(path.read_text(encoding="utf-8"))):
            if _names_a_game(node):
                found[(name, scope)] = found.get((name, scope), 0) + 1
    return found


def test_a_game_is_looked_up_by_its_name_only_where_a_heist_a_case_or_the_form_is_opened() -> None:
    assert sorted(lookups()) == sorted(ALLOWED)


def test_rules_of_is_gone() -> None:
    """The ruleset class is the rulebook's (``game.rulebook.rules``), never asked of a state."""
    assert not any(node for name, path in modules().items()
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Name) and node.id in ("rules_of", "ruleset_for", "RULESETS"))


def test_the_finder_sees_every_kind_of_lookup(tmp_path: Path) -> None:
    """The finder itself: a call, a subscript, a get, a membership test and a name compared with a word."""
    pkg = tmp_path / "assistant"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "def f(s):\n    return rulebook(s.rules)\n"
        "class C:\n    def g(self, s):\n        return RULEBOOKS[s.rules], RULEBOOKS.get('bb2')\n"
        "def h(s):\n    return s.rules in RULEBOOKS or s.rules == 'bb1'\n"
        "def fine():\n    return [b.name for b in RULEBOOKS.values()]\n")
    assert lookups(pkg) == {("assistant.a", "f"): 1, ("assistant.a", "C.g"): 2, ("assistant.a", "h"): 2}
