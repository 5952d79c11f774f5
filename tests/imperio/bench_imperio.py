"""Imperio Bellum benchmarks: playout speed, exact odds, bot turn times (``ROWS`` for ``build.py bench``)."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable

import core.imperio as ib
from core import replay
from core.bots import RandomBot, make_bot
from core.imperio.dice import _odds
from core.imperio.state import ImperioState


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


def longest_record() -> str:
    """The longest record allowed (turns ended at once, no turn limit) and a random game's record, replayed."""
    cap = ib.GAME.max_record_actions
    assert cap is not None
    ends = {"game": ib.GAME.name, "rules_version": ib.GAME.rules_version, "seed": 4,
            "options": {"setup": "default_armies", "turn_limit": 0},
            "actions": [{"do": "role", "role": "attacker"}] + [{"do": "end"}] * (cap - 1)}
    start = time.process_time()
    replay(ends)
    seconds = time.process_time() - start
    tracemalloc.start()
    replay(ends)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    state, bot = _start(5), RandomBot(5)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    record = state.to_record()
    start = time.process_time()
    replay(record)
    per_action = (time.process_time() - start) / len(record["actions"])
    return (f"{cap:,} ends in {seconds:.2f} s CPU, peak {peak / 2**20:.0f} MB traced; a played game "
            f"{per_action * 1e6:.0f} µs per action ({per_action * cap:.1f} s at {cap:,})")


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
    "imperio-bellum longest record": longest_record,
    **{f"imperio-bellum {level} bot turn": _bot_turn(level) for level in ("greedy", "mcts", "tactician")},
}

if __name__ == "__main__":
    for label, row in ROWS.items():
        print(f"{label}: {row()}")
