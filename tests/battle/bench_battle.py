"""ButtonMen Battle benchmarks: ``ROWS`` maps a label to a function returning the measured figure."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from core.battle import GAME, OrderBot, load_map
from core.battle.placement import best_cuts

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from bb_long import longest_record  # noqa: E402  (the tests' helper, beside this file)
from long_records import open_longest  # noqa: E402


def _campaigns_per_second(seconds: float = 3.0) -> str:
    started, count, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - started < seconds:
        state = GAME.new(seed, players=3 + seed % 3, edition=1 + seed % 2, battle_max_wins=1)
        bots = [OrderBot(seed + p, "random") for p in range(state.players)]
        while not state.is_over:
            actor = min(state.actors)
            state = state.apply(bots[actor].choose(state, actor), actor)
        count, seed = count + 1, seed + 1
    return f"{count / (time.perf_counter() - started):.2f} campaigns/s (quick battles, random battle bots)"


def _placement(map_id: str) -> Callable[[], str]:
    def measure() -> str:
        board = load_map(map_id)
        started = time.perf_counter()
        for players in (3, 4, 5):
            best_cuts(board, players, 2)
        return f"{(time.perf_counter() - started) / 3 * 1000:.1f} ms per placement (3-5 players x 2)"
    return measure


def _order_bot() -> str:
    timings = []
    for seed in range(10):
        state = GAME.new(seed)
        bot = OrderBot(seed)
        for player in sorted(state.actors):
            started = time.perf_counter()
            bot.choose(state, player)
            timings.append(time.perf_counter() - started)
    return f"{sum(timings) / len(timings) * 1000:.2f} ms per order (max {max(timings) * 1000:.2f} ms)"


ROWS: dict[str, Callable[[], str]] = {
    "ButtonMen Battle: bot campaigns": _campaigns_per_second,
    "ButtonMen Battle: balanced placement, Belgium": _placement("belgium"),
    "ButtonMen Battle: balanced placement, Lesotho": _placement("lesotho"),
    "ButtonMen Battle: order bot": _order_bot,
    "ButtonMen Battle: open the longest record": lambda: open_longest(longest_record()),
}
