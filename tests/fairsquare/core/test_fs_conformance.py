"""The conformance scenarios (rulings FS-01..21 and the piece rules) and the runner's command line."""

import json
from pathlib import Path

import pytest

from core.fairsquare.conformance import main, run_file

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("fs_*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_scenario_passes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    passed, failed = run_file(path)
    out = capsys.readouterr().out
    assert failed == 0, out
    assert passed == len(json.loads(path.read_text())["scenarios"]) and out.endswith(f"{passed} passed, 0 failed\n")


def test_the_rulings_are_covered() -> None:
    ids = " ".join(s["id"] for path in FILES for s in json.loads(path.read_text())["scenarios"])
    for ruling in ("FS-01", "FS-02", "FS-03", "FS-04", "FS-05", "FS-06", "FS-07", "FS-08", "FS-09", "FS-10", "FS-11",
                   "FS-12", "FS-13", "FS-14", "FS-15", "FS-20", "FS-21"):
        assert ruling in ids


def test_a_wrong_expectation_fails_with_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((DATA / "fs_rules.json").read_text())
    scenario = data["scenarios"][0]
    scenario["expect"][0]["squares"] = {"0@D2": "D3"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"schema": data["schema"], "scenarios": [scenario]}))
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL hold" in out and "0@D2 on D2, expected D3" in out and out.endswith("0 passed, 1 failed\n")


@pytest.mark.parametrize("content", ["not json", json.dumps({"schema": "other", "scenarios": []}), "[]"])
def test_an_unreadable_file_exits_2_with_one_line(tmp_path: Path, content: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cannot run") and err.count("\n") == 1


def test_usage_and_missing_file_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["/nonexistent/file.json"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 2
