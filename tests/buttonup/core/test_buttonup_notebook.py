"""The Button Up! tutorial notebook: its structure, and its claims checked against the rulebook.

Standard library only (this folder also runs inside Pyodide); ``tests/test_notebooks.py``
executes every notebook as it is.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from core.teach import buttonup as lesson

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "button-up.ipynb"
RULE_STEPS = ("Nine buttons", "Which stack may move", "Sowing", "Extra turns", "Too few stacks", "Scoring",
              "next round and the end")


def cells() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return data


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def sections() -> dict[str, list[dict[str, Any]]]:
    """The cells under each level-2 heading, keyed by the heading line."""
    out: dict[str, list[dict[str, Any]]] = {}
    current = ""
    for cell in cells():
        text = source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            current = text.splitlines()[0]
        out.setdefault(current, []).append(cell)
    return out


def calls(cell: dict[str, Any]) -> list[ast.Call]:
    """The function calls of a code cell, in source order (top-level ``await`` allowed)."""
    tree = ast.parse(source(cell).replace("await ", ""))
    return sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))


def name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""


def test_shipped_with_every_cells_output_and_the_set_up_cell_folded() -> None:
    code = [cell for cell in cells() if cell["cell_type"] == "code"]
    assert all(cell["outputs"] and cell["execution_count"] is None for cell in code)
    assert code[0]["metadata"]["jupyter"]["source_hidden"] is True


def test_first_cell_loads_the_lesson_in_jupyterlite_and_locally() -> None:
    first = next(c for c in cells() if c["cell_type"] == "code")
    setup = source(first)
    assert 'if sys.platform != "emscripten":' in setup  # a copy of the project: its own engine
    assert "piplite" not in setup  # the site's kernel loads the engine and the buttons at start
    assert "from core.teach.buttonup import *" in setup
    assert 'display(Markdown("Loading the game engine…"), display_id=True)' in setup
    assert setup.rstrip().endswith("status.update(start())")


def test_every_rule_step_has_a_position_or_an_exercise() -> None:
    found = sections()
    for step in RULE_STEPS:
        heading = next((h for h in found if step.lower() in h.lower()), None)
        assert heading, f"no section about {step!r}"
        used = {name(c) for cell in found[heading] if cell["cell_type"] == "code" for c in calls(cell)}
        assert used & {"show", "exercise", "may_lift"}, f"section {heading!r} shows nothing"


def test_positions_are_the_rulebooks_worked_example() -> None:
    """Section 1 deals the rulebook's circle; the overflow is the rulebook's move 7 (BWW, k=3, m=2)."""
    setups = [c for cell in cells() if cell["cell_type"] == "code" for c in calls(cell) if name(c) == "circle"]
    assert [ast.literal_eval(c.args[0]) for c in setups] == [lesson.EXAMPLE] == ["WRBWBRWBR"]
    assert lesson.lift(lesson.circle(), 1).stacks == ("RW", "B", "W", "B", "R", "W", "B", "R")
    before = lesson.example(6)
    assert before.stacks == ("BRR", "BWW", "RBW")
    assert lesson.lift(before, 2).stacks == ("BRRWW", "RBWB")


def test_every_exercise_has_an_empty_answer_slot_so_no_answer_is_shown() -> None:
    posed, slots = [], []
    for cell in cells():
        if cell["cell_type"] != "code":
            continue
        for call in calls(cell):
            if name(call) == "exercise":
                posed.append(ast.literal_eval(call.args[0]))
            elif name(call) == "answer":
                assert isinstance(call.args[1], ast.Constant) and call.args[1].value is ..., source(cell)
                slots.append(ast.literal_eval(call.args[0]))
            assert name(call) not in ("hint", "solution"), source(cell)
    assert posed == slots == [1, 2, 3]
