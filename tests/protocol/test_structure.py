"""The engine stays readable: no module of ``core/`` over 500 lines, no function over 120 (issue 21)."""

from __future__ import annotations

import ast
from pathlib import Path

import core

CORE = Path(core.__file__).parent
MODULE_LINES, FUNCTION_LINES = 500, 120


def long_modules(root: Path, limit: int = MODULE_LINES) -> list[tuple[str, int]]:
    """Every module under ``root`` longer than ``limit`` lines, with its length."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append((path.relative_to(root).as_posix(), lines))
    return found


def long_functions(root: Path, limit: int = FUNCTION_LINES) -> list[tuple[str, str, int]]:
    """Every function (methods and nested ones included) under ``root`` longer than ``limit`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > limit:
                    found.append((path.relative_to(root).as_posix(), node.name, size))
    return found


def test_no_core_module_over_500_lines() -> None:
    assert len(list(CORE.rglob("*.py"))) >= 100, "the whole engine is checked"
    assert long_modules(CORE) == []


def test_no_core_function_over_120_lines() -> None:
    assert long_functions(CORE) == []


def test_the_checks_find_a_long_module_and_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(121))
    (tmp_path / "long.py").write_text(f"def long() -> None:\n{body}\n", encoding="utf-8")
    (tmp_path / "short.py").write_text("def short() -> None:\n    pass\n", encoding="utf-8")
    assert long_modules(tmp_path, limit=100) == [("long.py", 122)]
    assert long_functions(tmp_path) == [("long.py", "long", 122)]
