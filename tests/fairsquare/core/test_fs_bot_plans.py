"""A page makes a fresh bot for every action: the placement is still planned once, and stays the same."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import make_bot
from core.fairsquare import GAME, Place
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


class WorkClock:
    """A fake clock that only moves while the bot simulates: ``cost`` seconds per simulated board."""

    def __init__(self, cost: float) -> None:
        self.now, self.cost, self.simulated = 0.0, cost, 0

    def __call__(self) -> float:
        return self.now

    def simulate(self, original: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            self.simulated += 1
            self.now += self.cost
            return original(*args, **kwargs)
        return timed


@pytest.mark.parametrize(("cost", "budget_ms"), [(1 / 16, 700), (1 / 4, 700), (1.0, 700), (1 / 16, 0), (1 / 1024, 100)])
def test_the_time_budget_bounds_the_planning(monkeypatch: pytest.MonkeyPatch, cost: float, budget_ms: int) -> None:
    """However slow a simulation is, planning stops within one simulation of the budget (costs are
    binary fractions, so the fake time adds up exactly)."""
    from core.fairsquare import bots

    clock = WorkClock(cost)
    monkeypatch.setattr(bots, "board_points", clock.simulate(bots.board_points))
    state = new(seed=43, single_board=True, rounds=1)
    plan = PlacementBot(GAME, 5, candidates=200, samples=3, time_ms=budget_ms, clock=clock).plan(state, 2)
    assert len(plan) == 4 and len({k for k, _ in plan}) >= 3 and state.is_legal(Place(*plan[0]), 2)
    assert clock.now <= budget_ms / 1000 + cost
    assert clock.simulated == min(200 * 3, int(budget_ms / 1000 / cost) + 1)


def test_without_a_budget_every_candidate_is_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.fairsquare import bots

    clock = WorkClock(10.0)
    monkeypatch.setattr(bots, "board_points", clock.simulate(bots.board_points))
    PlacementBot(GAME, 5, candidates=6, samples=2, clock=clock).plan(new(seed=43, single_board=True, rounds=1), 2)
    assert clock.simulated == 12


def test_the_greedy_level_keeps_its_label() -> None:
    assert make_bot(GAME, "greedy", 1).time_ms == 700  # type: ignore[attr-defined]
    assert "at most 0.7 s" in GAME.bot_levels["greedy"].label
