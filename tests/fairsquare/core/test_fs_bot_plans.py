"""A page makes a fresh bot for every action: the placement is still planned once, and stays the same."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import make_bot
from core.fairsquare import GAME
from core.fairsquare.bots import PlacementBot

from fs_helpers import new


def test_fresh_bots_share_one_plan_per_placement(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = PlacementBot.plan

    def counted(self: PlacementBot, state: Any, player: int) -> Any:
        calls.append(player)
        return original(self, state, player)

    monkeypatch.setattr(PlacementBot, "plan", counted)
    state = new(seed=41, single_board=True, rounds=1)
    one = make_bot(GAME, "greedy", seed=9)
    for _ in range(5):  # one bot for the whole placement
        state = state.apply(one.choose(state, 1), 1)
    again = new(seed=41, single_board=True, rounds=1)
    for _ in range(5):  # a fresh bot per action, as the page's session does
        again = again.apply(make_bot(GAME, "greedy", seed=9).choose(again, 1), 1)
    assert calls == [1], "the second placement reused the first one's plan"
    assert again.placements[1] == state.placements[1]


def test_a_time_budget_stops_the_candidates_after_the_first_few(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.fairsquare import bots

    simulated: list[int] = []
    original = bots.board_points

    def counted(*args: Any, **kwargs: Any) -> Any:
        simulated.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(bots, "board_points", counted)
    state = new(seed=43, single_board=True, rounds=1)
    plan = PlacementBot(GAME, 5, candidates=50, samples=3, time_ms=0).plan(state, 2)
    assert len(plan) == 4 and len({k for k, _ in plan}) >= 3
    assert len(simulated) == bots.MIN_CANDIDATES * 3, "past the budget no candidate is simulated"
    assert make_bot(GAME, "greedy", 1).time_ms == 700  # type: ignore[attr-defined]
