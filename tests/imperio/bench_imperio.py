"""Imperio Bellum benchmarks: playout speed, exact odds, bot turn times (``ROWS`` for ``build.py bench``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import core.imperio as ib
from core import replay
from core.bots import RandomBot, make_bot
from core.imperio.dice import _odds
from core.imperio.state import ImperioState

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from ib_helpers import ends_record  # noqa: E402  (the tests' helper, beside this file)
from long_records import open_longest  # noqa: E402


def _start(seed: int) -> ImperioState:
    state = ib.GAME.new(seed=seed, setup="default_armies", turn_limit=60).apply(ib.ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    return state


def playout_speed() -> str:
    """Random playouts from the default armies: actions per second."""
    actions, start = 0, time.perf_counter()
    for seed in range(3):
        state, bot = _start(seed), RandomBot(seed)
        while not state.is_over:
            state = state.apply(bot.choose(state))
            actions += 1
    return f"{actions / (time.perf_counter() - start):,.0f} actions/s"


def odds_speed() -> str:
    """Every pool pair 1-12 x 1-12, both rules, computed from scratch (cache cleared)."""
    _odds.cache_clear()
    start = time.perf_counter()
    for rule in ("sum", "highest"):
        for a in range(1, 13):
            for d in range(1, 13):
                ib.combat_odds(a, d, rule)
    return f"{(time.perf_counter() - start) * 1000:.1f} ms for 288 tables"


def open_longest_record() -> str:
    """The longest record allowed (turns ended at once, no turn limit), opened as a page opens it."""
    cap = ib.GAME.max_record_actions
    assert cap is not None
    return open_longest(ends_record(cap))


def played_per_action() -> str:
    """A random game's record replayed: time per action, and at the cap."""
    cap = ib.GAME.max_record_actions
    assert cap is not None
    state, bot = _start(5), RandomBot(5)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    record = state.to_record()
    start = time.process_time()
    replay(record)
    per_action = (time.process_time() - start) / len(record["actions"])
    return f"{per_action * 1e6:.0f} µs per action CPU ({per_action * cap:.1f} s at {cap:,})"


def _bot_turn(level: str) -> Callable[[], str]:
    def measure() -> str:
        times = []
        for seed in range(2):
            state, bot = _start(seed), make_bot(ib.GAME, level, seed)
            for _ in range(2):
                turn, start = state.turn, time.perf_counter()
                while state.turn == turn and not state.is_over:
                    state = state.apply(bot.choose(state))
                times.append(time.perf_counter() - start)
        return f"{sum(times) / len(times):.3f} s per whole turn (max {max(times):.3f} s)"
    measure.__doc__ = f"A whole turn of the {level} bot from the default armies."
    return measure


ROWS: dict[str, Callable[[], str]] = {
    "imperio-bellum random playout": playout_speed,
    "imperio-bellum exact odds": odds_speed,
    "imperio-bellum open the longest record": open_longest_record,
    "imperio-bellum played game replay": played_per_action,
    **{f"imperio-bellum {level} bot turn": _bot_turn(level) for level in ("greedy", "mcts", "tactician")},
}

if __name__ == "__main__":
    for label, row in ROWS.items():
        print(f"{label}: {row()}")
