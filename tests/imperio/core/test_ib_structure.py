"""The Imperio package stays readable: no module over 500 lines, no function over 120 (issue 21)."""

from __future__ import annotations

import ast
from pathlib import Path

import core.imperio

PACKAGE = Path(core.imperio.__file__).parent


def test_no_module_over_500_lines_and_no_function_over_120() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 10
    long_modules = [(m.name, n) for m in modules if (n := len(m.read_text(encoding="utf-8").splitlines())) > 500]
    assert not long_modules
    long_functions = [
        (m.name, node.name, size)
        for m in modules
        for node in ast.walk(ast.parse(m.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and (size := (node.end_lineno or node.lineno) - node.lineno + 1) > 120
    ]
    assert not long_functions
