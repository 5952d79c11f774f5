"""``python -m core.buttonmen.lab``: one line per opponent and a summary, ``--json``, one-line errors (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"recipe", "field", "level", "matches", "wins", "draws", "losses", "win_rate", "interval95", "opponents",
        "verdict"}


def lab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "core.buttonmen.lab", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)


def test_one_line_per_opponent_then_the_summary_and_the_verdict() -> None:
    done = lab("(4) (8) (12) (20) (X)", "--against", "Bauer,Avis,Kith", "--matches", "2", "--seed", "3")
    assert done.returncode == 0 and not done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["Bauer", "Avis", "Kith"]
    assert all(" won " in line and " lost " in line for line in lines[:3])
    assert lines[3].startswith("(4) (8) (12) (20) (X): ") and "in 6 matches against 3 named buttons" in lines[3]
    assert lines[4].startswith("verdict: ") and len(lines) == 5


def test_json_is_one_object_and_repeats_with_the_seed() -> None:
    args = ("(20) (20) (20) (20) (20)", "--against", "The Core", "--matches", "4", "--json")
    first, again = lab(*args), lab(*args)
    assert first.returncode == 0 and first.stdout == again.stdout
    result = json.loads(first.stdout)
    assert set(result) == KEYS and result["field"] == "the set The Core" and result["level"] == "quick"
    assert result["matches"] == 60 == result["wins"] + result["draws"] + result["losses"]
    assert [set(o) for o in result["opponents"]] == [{"name", "wins", "draws", "losses"}] * 15
    assert result["interval95"][0] > 0.5 and result["verdict"].startswith("too strong:")


@pytest.mark.parametrize(("recipe", "verdict"), [("(20) (20) (20) (20) (20)", "too strong:"),
                                                 ("(1) (1) (1) (1)", "too weak:")])
def test_against_the_tournament_legal_field_the_test_buttons_fall_outside_the_band(recipe: str, verdict: str) -> None:
    """The issue's test buttons: five d20 above 60 % and four d1 below 40 %, each interval excluding 50 %."""
    done = lab(recipe, "--against", "tl", "--matches", "2", "--json")
    result = json.loads(done.stdout)
    low, high = result["interval95"]
    assert result["matches"] == 2 * 261
    if verdict == "too strong:":
        assert result["win_rate"] > 0.6 and low > 0.5, result["verdict"]
    else:
        assert result["win_rate"] < 0.4 and high < 0.5, result["verdict"]
    assert result["verdict"].startswith(verdict)


@pytest.mark.parametrize("args", [
    ("(4) (8",),
    ("(4)", "--against", "Nobody At All"),
    ("(4)", "--matches", "0"),
    ("(4)", "--matches", "many"),
    ("(4)", "--level", "mcts"),
    ("(4)", "--seed", "-5"),
    ("(4)", "--against", "tl", "--matches", "500"),
    (),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    done = lab(*args)
    assert done.returncode == 2 and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("python -m core.buttonmen.lab: ")
    assert "Traceback" not in done.stderr and "None" not in done.stderr
