"""No import circle in assistant/ (issue 34 §2, §3): every module of assistant/ is parsed and each of its imports
counted, those under ``if TYPE_CHECKING:`` and those inside functions too (an import put in a function to dodge a
circle is still one), so the engine's modules stand in layers: shared code below the games, each game's package
below engine/rulesets.py, which alone imports them all."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "assistant"


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name, for its __init__.py)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ``known`` that ``name`` imports anywhere in its text: ``from . import x`` names the module
    ``x`` where there is one, else the package; an import of a name from a module names that module."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*package[:len(package) - node.level + 1], *([node.module] if node.module else [])]) \
                if node.level else (node.module or "")
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target not in known and "." in target:  # ``import a.b.c`` of a name inside a.b
                target = target.rsplit(".", 1)[0]
            if target in known and target != name:
                yield target


def graph(known: dict[str, Path]) -> dict[str, set[str]]:
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted, sorted by their first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_engine_has_no_import_circle_counting_type_only_and_function_level_imports() -> None:
    """Issue 34 §2: no circle of engine modules, whatever kind of import ties it."""
    edges = graph(modules())
    engine = {m: {t for t in ts if t.startswith("assistant.engine")} for m, ts in edges.items()
              if m.startswith("assistant.engine")}
    assert circles(engine) == []


def test_assistant_has_no_import_circle_anywhere_counting_type_only_and_function_level_imports() -> None:
    """Issue 34: no circle in the whole package (the web layer's last two went: the wrong-link limiter has a module
    of its own, and the board's pieces dress the floors board_view builds instead of board_view calling them)."""
    assert circles(graph(modules())) == []


def test_the_shared_vocabulary_imports_no_game() -> None:
    """Issue 34 §2: engine/vocabulary.py stands below every game package (each game's actions are in its own)."""
    edges = graph(modules())
    assert not {t for t in edges["assistant.engine.vocabulary"] if t.startswith(("assistant.engine.bb1",
                                                                                 "assistant.engine.bb2",
                                                                                 "assistant.engine.bb3"))}


def layers() -> list[list[str]]:
    """docs/architecture.md's picture of the engine's layers, top line first: each line's modules, dotted."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("### The engine's layers", 1)[1].split("```", 2)[1]
    return [[f"assistant.engine.{m[:-3].replace('/', '.')}" for m in re.findall(r"(?:^|\s)([\w/]+\.py)(?=\s|$)", line)]
            for line in block.strip().splitlines()]


def test_the_layer_picture_of_the_architecture_names_every_engine_module_once() -> None:
    named = [m for line in layers() for m in line]
    engine = sorted(m for m, path in modules().items()
                    if m.startswith("assistant.engine") and path.name != "__init__.py")
    assert sorted(named) == engine


def test_every_engine_import_goes_to_its_own_line_of_the_layer_picture_or_below() -> None:
    """docs/architecture.md "The engine's layers" matches the code (issue 34 §8)."""
    line_of = {m: n for n, line in enumerate(layers()) for m in line}
    upward = [(m, t) for m, ts in graph(modules()).items() if m in line_of
              for t in ts if t in line_of and line_of[t] < line_of[m]]
    assert upward == []


def test_a_type_only_or_function_level_import_counts_as_an_edge(tmp_path: Path) -> None:
    """The finder itself: a circle tied only by an import under TYPE_CHECKING and one inside a function is found."""
    pkg = tmp_path / "assistant"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    (pkg / "c.py").write_text("from .b import f\n")
    assert circles(graph(modules(pkg))) == [["assistant.a", "assistant.b"]]
