"""Bots play Button Men through the protocol: random, greedy and MCTS."""

from __future__ import annotations

from bm_helpers import GAME, play, position

from core.bots import MCTSBot, make_bot
from core.buttonmen import ChooseSwing, Reserve, Surrender
from core.buttonmen.state import ButtonMenState


def test_greedy_prefers_large_swing_and_reserve_dice() -> None:
    state = GAME.new(seed=1, buttons=("Bauer", "Avis"))
    choice = make_bot(GAME, "greedy", 1).choose(state)
    assert isinstance(choice, ChooseSwing) and choice.size >= 12
    lost = position("(4) r(6) r(20)", "(6)", [[1], [2]])
    lost = play(lost, Surrender())
    assert make_bot(GAME, "greedy", 1).choose(lost) == Reserve(2)


def test_every_level_finishes_a_short_match() -> None:
    for level in ("random", "greedy"):
        state = GAME.new(seed=5, buttons=("Bauer", "Avis"), max_wins=1)
        bot = make_bot(GAME, level, 3)
        for _ in range(300):
            if state.is_over:
                break
            state = state.apply(bot.choose(state))
        assert state.is_over


def test_mcts_picks_a_legal_attack_quickly() -> None:
    state = position("(10) (4) (X)", "(20) (6) (8)", [[9, 2, 5], [9, 5, 7]], swing=({"X": 8}, {}))
    bot = MCTSBot(GAME, iterations=60, seed=2)
    choice = bot.choose(state)
    assert choice in state.legal_actions()
    assert isinstance(state, ButtonMenState)
