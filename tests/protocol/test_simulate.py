"""``python -m core.simulate``: seeded games of every game, replayed and round-tripped."""

from __future__ import annotations

import json

import pytest

import core
from core import simulate

KEYS = {"games", "finished", "errors", "replay_mismatches", "mean_actions", "actions_per_second", "places"}


@pytest.mark.parametrize("name", sorted(core.GAMES))
def test_every_game_simulates_without_errors_or_mismatches(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main([name, "--games", "3", "--seed", "7", "--bots", "random,greedy", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == KEYS
    assert result["games"] == result["finished"] == 3 and result["errors"] == result["replay_mismatches"] == 0
    assert result["mean_actions"] > 0 and len(result["places"]) >= 2
    assert all(sum(seat.values()) == 3 for seat in result["places"])


def test_the_same_seed_plays_the_same_games() -> None:
    game = core.get_game("button-up")
    first = simulate.simulate(game, 2, 5, ["random", "greedy"], {})
    again = simulate.simulate(game, 2, 5, ["random", "greedy"], {})
    assert (first.actions, first.places) == (again.actions, again.places)


def test_text_report_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["button-men", "--games", "2", "--option", "max_wins=1",
                          "--option", "dice_source=manual"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 2 finished, 0 errors, 0 replay mismatches" in out and "seat 2:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess"], "unknown game"),
        (["button-up", "--games", "0"], "--games: must be"),
        (["button-up", "--games", "x"], "invalid int value"),
        (["button-up", "--bots", "wizard"], "--bots: levels of button-up"),
        (["button-up", "--option", "colour=red"], "has no option 'colour'"),
        (["button-up", "--option", "target_score=true"], "target_score"),
        (["button-up", "--option", "nonsense"], "--option: must be NAME=VALUE"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(argv: list[str], message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(argv) == 2 or pytest.fail("must exit 2")
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_replay_mismatch_fails_the_run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = core.replay
    monkeypatch.setattr(core, "replay", lambda record: real({**record, "seed": record["seed"] + 1}))
    assert simulate.main(["button-up", "--games", "2"]) == 1
    assert "2 replay mismatches" in capsys.readouterr().out
