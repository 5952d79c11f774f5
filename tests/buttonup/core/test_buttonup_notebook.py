"""The Button Up! tutorial notebook: its content, and its exercises run with answers.

The static checks use only the standard library (this folder also runs inside
Pyodide).  The execution check needs nbclient and a local ipykernel; it runs the
notebook with the readers' answer cells filled in, plus a few extra cells, and
checks the feedback the exercises print.  ``tests/test_notebooks.py`` executes
every notebook as it is.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.buttonup import BLACK, RED

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "button-up.ipynb"
RULE_STEPS = ("Nine buttons", "first round", "Legal moves", "Sowing", "Extra turns", "Overflow",
              "End of the round", "next round", "Variants")


def notebook() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def code_cell(cell_id: str) -> str:
    for cell in notebook()["cells"]:
        if cell["id"] == cell_id:
            assert cell["cell_type"] == "code"
            return source(cell)
    raise AssertionError(f"no cell {cell_id!r} in {NOTEBOOK.name}")


def sections() -> dict[str, list[dict[str, Any]]]:
    """The cells under each level-2 heading, keyed by the heading line."""
    out: dict[str, list[dict[str, Any]]] = {}
    current = ""
    for cell in notebook()["cells"]:
        text = source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            current = text.splitlines()[0]
            out[current] = []
        out.setdefault(current, []).append(cell)
    return out


def test_committed_without_outputs() -> None:
    for cell in notebook()["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell["id"]


def test_first_cell_installs_the_wheel_in_jupyterlite_and_imports_locally() -> None:
    first = next(c for c in notebook()["cells"] if c["cell_type"] == "code")
    setup = source(first)
    assert 'sys.platform == "emscripten"' in setup
    assert 'await piplite.install("rulebox")' in setup
    assert "import core" in setup and "sys.path.insert" in setup
    for cell in notebook()["cells"]:
        for line in source(cell).splitlines():
            if line.lstrip().startswith(("%pip", "!pip")):
                assert "#" not in line, f"JupyterLite rejects a comment on a %pip line: {line}"


def test_every_rule_step_has_a_live_position_or_a_demonstration() -> None:
    found = sections()
    for step in RULE_STEPS:
        heading = next((h for h in found if step.lower() in h.lower()), None)
        assert heading, f"no section about {step!r}"
        code = "\n".join(source(c) for c in found[heading] if c["cell_type"] == "code")
        assert "show(" in code or "print(" in code, f"section {heading!r} runs nothing"
    shown = [h for h in found if any("show(" in source(c) for c in found[h])]
    assert len(shown) >= 6


def test_worked_example_table_is_the_rulebook_table() -> None:
    tree = ast.parse(code_cell("worked-example"))
    table = next(
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "EXAMPLE" for t in node.targets)
    )
    rows = eval(compile(ast.Expression(table), "EXAMPLE", "eval"), {"RED": RED, "BLACK": BLACK})
    rules_file = Path(__file__).with_name("test_buttonup_rules.py")
    spec = importlib.util.spec_from_file_location("rules_tests", rules_file)
    assert spec and spec.loader
    rules_tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rules_tests)
    assert [row[:4] for row in rows] == [tuple(r) for r in rules_tests.WORKED_EXAMPLE]
    assert 'start="WRBWBRWBR"' in code_cell("worked-example")


# --- running it with answers ---------------------------------------------------------------

ANSWERS = {
    # The rulebook's move 2: from W R B W B R W B R, Red lifts stack 1, then stack 1 (RW) is lifted.
    "exercise-1-input": 'circle = "WRBWBRWBR"\nmoves_before = [1]\nlift_number = 1\n'
                        'prediction = "br ww b r w b r"\npredict_extra_turn = True',
    # The rulebook's final stack: red 1 + 6 + 7 = 14, black 2 + 4 + 5 = 11.
    "exercise-2-input": 'final_stack = "RBWBBRRWW"\nmy_red_sum = 14\nmy_black_sum = 11',
}
EXTRA_CELLS = {
    "wrong-order": 'check_prediction("WRBWBRWBR", [1], 1, "WR BW B R W B R", False)',
    "not-movable": 'check_prediction("WRBWBRWBR", [1], 2, "", None)',
    "bad-circle": 'check_prediction("WWWWBRWBR", [], 1, "", None)',
    "best-choice": "my_choice = max(values, key=values.get)\n" + "{check}",
}


def run_with_answers() -> dict[str, str]:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    by_id = {cell.id: cell for cell in nb.cells}
    for cell_id, text in ANSWERS.items():
        by_id[cell_id].source = text
    at = nb.cells.index(by_id["exercise-3-check"]) + 1
    check = by_id["exercise-3-check"].source
    for offset, (cell_id, text) in enumerate(EXTRA_CELLS.items()):
        extra = nbformat.v4.new_code_cell(text.replace("{check}", check))
        extra.id = cell_id
        nb.cells.insert(at + offset, extra)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    texts: dict[str, str] = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            texts[cell.id] = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
            errors = [o for o in cell.outputs if o.output_type == "error"]
            assert not errors, f"cell {cell.id}: {errors}"
    return texts


def test_exercises_and_claims_when_run_with_answers() -> None:
    out = run_with_answers()
    assert "Correct! The circle becomes BR WW B R W B R" in out["exercise-1-check"]
    assert "Extra turn: you said True, it is True - right." in out["exercise-1-check"]
    assert "Not quite" in out["wrong-order"]
    assert re.search(r"The engine says:\s+BR WW B R W B R\n", out["wrong-order"])
    assert "it is True - wrong" in out["wrong-order"]
    assert "You cannot lift stack 2" in out["not-movable"] and "no white" in out["not-movable"]
    assert "Cannot set up this position" in out["bad-circle"]
    assert "Correct!" in out["exercise-2-check"] and "Red gains 3 point(s)" in out["exercise-2-check"]
    assert "is a perfect move" in out["best-choice"]
    assert "All checks passed." in out["worked-example"]
    assert "Game over" in out["bot-match"]
    assert "replay identical: True" in out["bot-match-record"]

    # The markdown's statements about these positions agree with what the engine prints.
    markdown = "\n".join(source(c) for c in notebook()["cells"] if c["cell_type"] == "markdown")
    claim = re.search(r"lifted stack (\d) in section 4, worth −(\d) against perfect play; "
                      r"stack (\d) would have been worth \+(\d)", markdown)
    assert claim, "the solver paragraph changed; update this test"
    played, loss, better, gain = claim.groups()
    opening = out["solver-opening"]
    assert re.search(rf"sow stack {played} \(white\)\s+margin for Red: -{loss}\b", opening)
    assert re.search(rf"sow stack {better} \(white\)\s+margin for Red: \+{gain}\b", opening)
    assert max(int(v) for v in re.findall(r"margin for Red: ([+-]\d+)", opening)) == int(gain)
    assert "Black lifts stack 4: match = True; next: Black" in out["extra-turn-chain"]
    assert "overflow: True" in out["overflow"]
    sums = re.search(r"Sums \(Red, Black\): \((\d+), (\d+)\)", out["tied-round"])
    assert sums and sums.group(1) == sums.group(2), "section 8 promises a tied round"
    assert "Round 2 starts with Black" in out["tied-round"]
    variants = out["variants"].splitlines()
    assert variants[0].startswith("default rules: Black to move")
    assert any(line.startswith("{'extra_turn': 'off'}: Red to move") for line in variants)
    assert any("'optional'" in line and "decline the extra turn" in line for line in variants)
    assert variants[-1] == "After Black declines (extra_turn='optional'): Red to move"
