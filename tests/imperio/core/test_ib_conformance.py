"""The conformance scenarios (one per ruling case) pass, and the runner reports failures and bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.imperio import conformance

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("ib_*.json"))


def test_there_are_scenario_files_for_every_topic() -> None:
    names = {f.stem for f in FILES}
    assert {"ib_movement", "ib_charges", "ib_pikemen", "ib_archers", "ib_bases", "ib_ties_and_elimination",
            "ib_setup", "ib_rulings_37_39"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenarios_pass(path: Path) -> None:
    passed, failed, lines = conformance.run_file(path)
    assert failed == 0, "\n".join(line for line in lines if line.startswith("FAIL"))
    assert passed >= 5


def test_every_ruling_has_a_scenario_or_a_test() -> None:
    """IB-01 (the board) and IB-05 (public reserves, a matter of views) are checked in test_ib_rules."""
    text = " ".join(s["name"] for f in FILES for s in json.loads(f.read_text())["scenarios"])
    tests = (Path(__file__).parent / "test_ib_rules.py").read_text()
    missing = [n for n in range(1, 40) if f"IB-{n:02d}" not in text and f"def test_ib{n:02d}_" not in tests]
    assert not missing
    assert "def test_ib01_" in tests and "def test_ib05_" in tests


def _write(tmp_path: Path, scenarios: object) -> Path:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"schema": conformance.SCHEMA, "scenarios": scenarios}))
    return path


def test_a_wrong_expectation_fails_with_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = ["9 . . . . . . . . b"] + ["%d . . . . . . . . ." % r for r in range(8, 1, -1)] + ["1 B K . . . . . . k"]
    path = _write(tmp_path, [{"name": "wrong", "board": board, "steps": [{"do": "Kb1-b2", "legal": False}]},
                             {"name": "right", "board": board, "steps": [{"do": "Kb1-b2"}]}])
    assert conformance.main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL wrong: Kb1-b2 is legal")
    assert out[-1] == "1 passed, 1 failed"


def test_wrong_dice_count_fails(tmp_path: Path) -> None:
    board = ["9 . . . . . . . . b"] + ["%d . . . . . . . . ." % r for r in range(8, 2, -1)] + \
        ["2 . . k . . . . . .", "1 B K . . . . . . ."]
    too_few = [{"name": "few", "board": board, "steps": [{"do": "Kb1xc2", "dice": [6, 6]}]}]
    passed, failed, lines = conformance.run_file(_write(tmp_path, too_few))
    assert failed == 1 and "asks for defence" in lines[0]


@pytest.mark.parametrize("content", [
    "not json", json.dumps([]), json.dumps({"schema": "other", "scenarios": []}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "board": ["9 . ."]}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "board": ["9 z"] * 9}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "options": {"nope": 1}}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "steps": [{"do": "I attack",
                                                                                      "dice": [7]}]}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "steps": [{"do": 5}]}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "expect": {"legal": [["end"]]}}]}),
    json.dumps({"schema": conformance.SCHEMA, "scenarios": [{"name": "x", "board": ["9 . . . . . . . . ."] * 9,
                                                               "units": {"a1": ["flying"]}}]}),
])
def test_a_bad_file_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert conformance.main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("cannot run")


def test_no_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert conformance.main([]) == 2
