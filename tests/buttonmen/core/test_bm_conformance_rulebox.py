"""Our own conformance scenarios (schema version 2: the corrected rules and what version 1 cannot say),
and a command line that turns any bad file into one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.buttonmen.conformance import main, run_scenario

FILE = Path(__file__).with_name("data") / "bm_conformance_rulebox.json"
DATA: dict[str, Any] = json.loads(FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("scenario", DATA["scenarios"], ids=lambda s: s["id"])
def test_scenario(scenario: dict[str, Any]) -> None:
    run_scenario(scenario)


def test_the_file_covers_every_corrected_rule_and_every_extension() -> None:
    covered = {c for s in DATA["scenarios"] for c in s["covers"]}
    assert {"morphing", "radioactive", "mood", "mighty", "maximum", "wildcard", "chance", "fire", "turbo",
            "auxiliary", "reserve", "option dice", "echo", "zero-sided dice"} <= covered


def test_command_line_passes_the_file_and_fails_a_broken_expectation(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    assert main([str(FILE)]) == 0
    assert capsys.readouterr().out.strip().endswith(f"{len(DATA['scenarios'])} passed, 0 failed")
    broken = json.loads(json.dumps(DATA))
    broken["scenarios"] = [broken["scenarios"][0]]
    broken["scenarios"][0]["steps"][0]["expect"]["notation"] = [["mt(4)", "(4)"], ["(6)"]]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "FAIL R1_morphing_trip_takes_size_and_rerolls: step 1 (attack): notation" in capsys.readouterr().out


def scenario_with(**changes: Any) -> dict[str, Any]:
    scenario = json.loads(json.dumps(DATA["scenarios"][0]))
    scenario.update(changes)
    return scenario


@pytest.mark.parametrize(("content", "reason"), [
    (None, "cannot be read"),
    ("{not json", "is not JSON"),
    ('"just a string"', "schema"),
    ({"schema": "buttonmen-conformance/9", "scenarios": []}, "schema"),
    ({"schema": "buttonmen-conformance/2", "scenarios": 5}, "scenarios: must be a list"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(players=5)]}, "players"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(steps=[{"do": "dance", "player": 0}])]},
     "'do' is one of"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(
        steps=[{"do": "attack", "player": 0, "type": "Power", "attackers": ["0"], "targets": [0]}])]},
     "attackers: must hold only int"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(
        players=[{"button": "A", "recipe": "(4)" * 60}, {"button": "B", "recipe": "(6)"}])]}, "150 characters"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(options={"round_cap": 0})]}, "round_cap"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(options={"max_wins": 2})]}, "unknown keys"),
    ({"schema": "buttonmen-conformance/1", "scenarios": [scenario_with()]}, "unknown keys"),
    ({"schema": "buttonmen-conformance/2", "scenarios": [scenario_with(
        start={"values": [[1], [2]], "first_player": "me"})]}, "first_player"),
])
def test_a_bad_file_is_one_line_and_exit_status_2(content: Any, reason: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and reason in err and "Traceback" not in err


def test_usage_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1
