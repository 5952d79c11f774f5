"""The ten shared conformance scenarios replayed through the engine (rulebook section 14)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bm_helpers import SHARED

from core.buttonmen.conformance import main, run_scenario

FILE = SHARED / "conformance.json"
SCENARIOS = 10


def scenarios(shared_path: Callable[[str], Path]) -> list[dict[str, Any]]:
    """The shared scenarios (the file absent: skips locally, fails under CI)."""
    data: dict[str, Any] = json.loads(shared_path("buttonmen/conformance.json").read_text(encoding="utf-8"))
    return list(data["scenarios"])


def test_there_are_ten_scenarios(shared_path: Callable[[str], Path]) -> None:
    assert len(scenarios(shared_path)) == SCENARIOS


@pytest.mark.parametrize("index", range(SCENARIOS), ids=lambda i: f"S{i + 1:02d}")
def test_scenario(index: int, shared_path: Callable[[str], Path]) -> None:
    scenario = scenarios(shared_path)[index]
    assert str(scenario["id"]).startswith(f"S{index + 1:02d}_")
    run_scenario(scenario)


def test_command_line_reports_and_exit_status(capsys: pytest.CaptureFixture[str], tmp_path: Any,
                                              shared_path: Callable[[str], Path]) -> None:
    assert main([str(shared_path("buttonmen/conformance.json"))]) == 0
    assert capsys.readouterr().out.strip().endswith("10 passed, 0 failed")
    data = json.loads(FILE.read_text(encoding="utf-8"))
    broken = data["scenarios"][0]
    broken["expect_start"]["round_scores"] = [99, 99]
    data["scenarios"] = [broken]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL S01" in out and out.strip().endswith("0 passed, 1 failed")
