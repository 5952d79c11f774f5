"""The balance tool (rulebook 6.3): figures that add up, and one-line refusals of bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fs_helpers import STILL

from core.fairsquare.balance import main, measure, report
from core.fairsquare.pieces import piece_set


def test_figures_add_up_per_round() -> None:
    figures = measure(piece_set("project_v1"), 12, 3)
    assert [f.round_number for f in figures] == [1] * 6 + [2] * 5 + [3] * 5
    for r in (1, 2, 3):
        mine = [f for f in figures if f.round_number == r]
        assert sum(f.placed for f in mine) == pytest.approx(1.0)
        assert sum(f.won for f in mine) == pytest.approx(1.0)
        assert all(0 < f.in_winning_teams <= 1 for f in mine)
    text = report(figures)
    assert "Fortress" in text and text.splitlines()[-1].endswith("of the winners' pieces")


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "still.json"
    path.write_text(json.dumps(STILL))
    assert main(["--rounds", "3", "--seed", "2", "--pieces", str(path)]) == 0
    assert "Guard" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["--rounds", "0"], ["--rounds", "x"], ["--pieces", "/no/such/file"],
                                  ["--pieces", "project_v7"], ["--bogus"]])
def test_bad_arguments_exit_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
