"""Placement bots: legal, deterministic, better than random; the protocol's generic bots play too."""

from __future__ import annotations

import pytest
from fs_helpers import STILL, new, place, still_placement

from core.bots import GreedyBot, MCTSBot, RandomBot, levels, make_bot
from core.fairsquare import GAME, Confirm, FairSquareState, Place
from core.fairsquare.bots import PlacementBot, board_points
from core.fairsquare.placement import random_placement


def play(state: FairSquareState, bots: dict[int, object]) -> FairSquareState:
    while not state.is_over:
        actor = min(state.actors)
        state = state.apply(bots[actor].choose(state, actor), actor)  # type: ignore[attr-defined]
    return state


def test_levels_replace_greedy_and_add_a_thorough_level() -> None:
    names = levels(GAME)
    assert list(names) == ["random", "greedy", "mcts", "thorough"]
    assert isinstance(make_bot(GAME, "greedy", 1), PlacementBot) and isinstance(make_bot(GAME, None, 1), PlacementBot)


def test_a_bot_places_four_legal_pieces_then_confirms() -> None:
    state = new(seed=3)
    bot = PlacementBot(GAME, 3, candidates=6, samples=2)
    for _ in range(4):
        action = bot.choose(state, 5)
        assert isinstance(action, Place) and state.is_legal(action, 5)
        state = state.apply(action, 5)
    assert bot.choose(state, 5) == Confirm()
    assert len({k for k, _ in state.placements[5].pieces}) >= 3


def test_a_bot_completes_a_placement_begun_by_hand() -> None:
    state = new(seed=3)
    legal = state.legal_actions(2)
    state = state.apply(legal[-1], 2)
    action = PlacementBot(GAME, 0, candidates=6, samples=2).choose(state, 2)
    assert state.is_legal(action, 2)


def test_bots_are_deterministic() -> None:
    state = new(seed=8)
    first = PlacementBot(GAME, 4, candidates=8, samples=2).plan(state, 1)
    again = PlacementBot(GAME, 4, candidates=8, samples=2).plan(state, 1)
    assert first == again


def test_greedy_beats_random_placements() -> None:
    """Against three random players the greedy bot's mean round points clearly exceed the 1.5 average."""
    total = 0
    games = 12
    for seed in range(games):
        state = new(seed=seed, single_board=True, rounds=1)
        bots: dict[int, object] = {p: RandomBot(seed + p) for p in range(1, 4)}
        bots[0] = PlacementBot(GAME, seed, candidates=40, samples=4)
        total += play(state, bots).points[0]
    assert total / games > 1.9


def test_board_points_hand_out_three_two_one_zero() -> None:
    state = new(seed=2, single_board=True)
    board = state.board_of(0)
    teams = []
    stream = 5
    for _ in range(4):
        stream, team = random_placement(stream, board, state.roster())
        teams.append(team)
    points = board_points(board, state.roster(), teams, 9)
    assert max(points) == 3 and len(points) == 4


@pytest.mark.parametrize("bot", [RandomBot(2), GreedyBot(GAME, 2), MCTSBot(GAME, iterations=20, seed=2)],
                         ids=["random", "greedy", "mcts"])
def test_the_protocols_generic_bots_play_a_placement(bot: object) -> None:
    state = new(seed=6, players_per_board=2, rounds=1)
    final = play(state, {0: bot, 1: RandomBot(1)})
    assert final.is_over and final.outcome is not None


def test_a_vote_goes_to_a_tied_player() -> None:
    state = new(seed=5, players_per_board=2, piece_set=STILL, rounds=1)
    for p in (0, 1):
        state = place(state, p, still_placement(state, p))
    assert state.voters == (0, 1)
    bot = PlacementBot(GAME, 1)
    vote = bot.choose(state, 0)
    assert state.is_legal(vote, 0)
