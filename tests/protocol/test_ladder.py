"""``python -m core.ladder``: bot levels against each other, seats alternating, with intervals."""

from __future__ import annotations

import json

import pytest

import core
from core import ladder


def test_pairings_alternate_seats_and_count_every_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert ladder.main(["button-up", "--matches", "4", "--levels", "random,solver", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    (pairing,) = result["pairings"]
    assert (pairing["first"], pairing["second"]) == ("random", "solver")
    assert pairing["wins"] + pairing["draws"] + pairing["losses"] == 4
    low, high = pairing["interval95"]
    assert 0 <= low <= pairing["score"] <= high <= 1
    assert result["move_seconds"]["solver"]["moves"] > 0


def test_wilson_interval_narrows_with_more_matches() -> None:
    few, many = ladder.Pairing("a", "b", wins=6, losses=4), ladder.Pairing("a", "b", wins=60, losses=40)
    assert few.score == many.score == 0.6
    assert many.interval()[1] - many.interval()[0] < few.interval()[1] - few.interval()[0]
    assert many.interval()[0] == pytest.approx(0.502, abs=0.002)


def test_the_stronger_level_wins_more() -> None:
    result = ladder.run(core.get_game("button-up"), ["random", "solver"], 6, 0, {"target_score": 5})
    assert result.pairings[0].score < 0.5


@pytest.mark.parametrize(("argv", "message"), [
    (["button-up", "--levels", "random"], "--levels: two or more"),
    (["button-up", "--levels", "random,wizard"], "wizard"),
    (["button-up", "--matches", "-1"], "--matches"),
    (["nope"], "unknown game"),
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert ladder.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
