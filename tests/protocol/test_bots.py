"""Bots: legal, seeded and stronger with more search."""

from dataclasses import replace
from typing import Any

import pytest

import core
from core import rng
from core.bots import MCTSBot, levels, make_bot, untimed
from core.buttonup import ChooseStarter, Sow
from core.buttonup.bots import action_values

GAMES = sorted(core.GAMES)


def exact_bot(game: core.Game, level: str) -> Any:
    """A bot of ``level`` without its time budget (``core.bots.untimed``): every level repeats exactly."""
    return untimed(make_bot(game, level, seed=3) if level != "mcts" else MCTSBot(game, iterations=30, seed=3))


@pytest.mark.parametrize("name", GAMES)
def test_every_level_plays_legal_moves_deterministically(name: str) -> None:
    game = core.get_game(name)
    state = game.new(seed=1)
    stream = rng.seed_stream(1)
    for _ in range(6):
        if state.is_over:
            break
        actor = min(state.actors, key=lambda a: (a < 0, a))
        legal = state.legal_actions(actor)
        if actor >= 0:   # no bot acts for typed dice or the moderator
            for level in levels(game):
                bot, again = exact_bot(game, level), exact_bot(game, level)
                choice = bot.choose(state, actor)
                assert choice in legal
                assert not choice.concedes or all(a.concedes for a in legal)
                assert again.choose(state, actor) == choice
        stream, action = rng.choice(stream, legal)
        state = state.apply(action, actor)


def test_unknown_level_lists_the_levels() -> None:
    with pytest.raises(ValueError, match="random, greedy, mcts, solver"):
        make_bot(core.get_game("button-up"), "godlike")


def play(game: core.Game, red: object, black: object, seed: int) -> int | None:
    state = game.new(seed=seed, first_round_starter="random")
    while not state.is_over:
        bot = red if state.to_move == 0 else black
        state = state.apply(bot.choose(state))  # type: ignore[attr-defined]
    return state.winner


def test_solver_beats_random_play() -> None:
    game = core.get_game("button-up")
    wins = sum(
        play(game, make_bot(game, "solver", s), make_bot(game, "random", s), seed=s) == 0 for s in range(10)
    )
    assert wins >= 9


def test_mcts_beats_random_play() -> None:
    game = core.get_game("button-up")
    wins = sum(
        play(game, make_bot(game, "random", s), MCTSBot(game, iterations=150, seed=s), seed=s) == 1
        for s in range(6)
    )
    assert wins >= 5


def test_solver_values_match_the_worked_example() -> None:
    game = core.get_game("button-up")
    state = game.new(seed=1, start="WRBWBRWBR")
    values = action_values(state)
    assert set(values) == {ChooseStarter(0), ChooseStarter(1)}
    started = state.apply(ChooseStarter(0))
    sow_values = action_values(started)
    assert set(sow_values) == {Sow(0), Sow(3), Sow(6)}
    assert max(sow_values.values()) == values[ChooseStarter(0)]


def test_untimed_drops_only_the_time_budget() -> None:
    game = core.get_game("button-men")
    timed = make_bot(game, "lookahead", seed=4)
    assert getattr(timed, "time_ms", None) and untimed(timed) == replace(timed, time_ms=None)
    random_bot = make_bot(game, "random")
    assert untimed(random_bot) is random_bot
