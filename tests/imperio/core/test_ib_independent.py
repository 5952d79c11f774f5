"""The independent Imperio scenario set (data/ib_independent.json), written from the rulebook alone, passes in
full and covers every section and ruling it can; the runner checks a refusal's sentence (``refused``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.imperio import conformance

INDEPENDENT = Path(__file__).parent / "data" / "ib_independent.json"
SCENARIOS = json.loads(INDEPENDENT.read_text())["scenarios"]
NAMES = " ".join(s["name"] for s in SCENARIOS)
BOARD = ["9 . . . . . . . f b"] + [f"{r} . . . . . . . . ." for r in range(8, 3, -1)] + \
    ["3 . . K . . . . . .", "2 . . . . . . . . .", "1 B F . . . . . . ."]


def test_the_independent_set_passes_in_full() -> None:
    passed, failed, lines = conformance.run_file(INDEPENDENT)
    assert failed == 0, "\n".join(line for line in lines if line.startswith("FAIL"))
    assert passed == len(SCENARIOS) >= 30


@pytest.mark.parametrize("topic", ["Section 2", "Section 4", "Section 5", "Section 6", "Section 7", "Table 6.1"])
def test_every_section_has_scenarios(topic: str) -> None:
    assert NAMES.count(topic) >= 2


def test_every_ruling_but_views_and_the_dice_floor_has_a_scenario() -> None:
    """IB-05 (public reserves) is a matter of views; IB-27 (at least 1 die) no default matchup reaches."""
    missing = [n for n in range(1, 40) if f"IB-{n:02d}" not in NAMES]
    assert missing == [5, 27]


def test_refusals_are_checked_by_their_sentence() -> None:
    refused = [step["refused"] for s in SCENARIOS for step in s["steps"] if "refused" in step]
    assert len(refused) >= 4 and "outside your deployment zone" in refused


def _write(tmp_path: Path, steps: list[object]) -> Path:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"schema": conformance.SCHEMA,
                                "scenarios": [{"name": "refusal", "board": BOARD, "steps": steps}]}))
    return path


def test_a_wrong_refusal_fails_quoting_the_sentence(tmp_path: Path) -> None:
    passed, failed, lines = conformance.run_file(_write(tmp_path, [{"do": "Kc3-b1", "refused": "outside"}]))
    assert failed == 1 and lines[0].startswith("FAIL refusal: Kc3-b1 is refused with '") and "'outside'" in lines[0]


def test_a_refused_step_that_is_legal_fails(tmp_path: Path) -> None:
    passed, failed, lines = conformance.run_file(_write(tmp_path, [{"do": "Kc3-c4", "refused": "occupied"}]))
    assert failed == 1 and "Kc3-c4 is legal, expected illegal" in lines[0]


@pytest.mark.parametrize("step", [{"do": "Kc3-b1", "refused": 5}, {"do": "Kc3-b1", "legal": True, "refused": "x"},
                                  {"do": "end now", "refused": "x"}])
def test_a_bad_refused_step_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], step: object) -> None:
    assert conformance.main([str(_write(tmp_path, [step]))]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("cannot run")
