"""Button Up! benchmarks (``ROWS`` for ``build.py bench``): the engine against its minimal model,
measured side by side in one run (each seed's game through the protocol, then the same seed's game
in the minimal model of ``tests/benchmarks.py``), in CPU time so that other work on the machine
counts for neither.  Target: the engine at least 35 % of the model's moves per second."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import core

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from benchmarks import MIN_RATIOS, minimal_buttonup_game, random_game  # noqa: E402  (the shared minimal model)
from bu_long import longest_record  # noqa: E402  (the tests' helper, beside this file)
from long_records import open_longest  # noqa: E402

TARGET = MIN_RATIOS["button-up"]
GAMES = 200


def engine_over_minimal() -> str:
    """Moves/s of the engine's random playouts over the minimal model's, interleaved game by game."""
    game = core.GAMES["button-up"]
    engine_moves = model_moves = 0
    engine_time = model_time = 0.0
    for seed in range(GAMES):
        start = time.process_time()
        engine_moves += random_game(game, seed)
        middle = time.process_time()
        model_moves += minimal_buttonup_game(random.Random(seed))
        engine_time += middle - start
        model_time += time.process_time() - middle
    ratio = (engine_moves / engine_time) / (model_moves / model_time)
    return f"{ratio:.0%} {'PASS' if ratio >= TARGET else 'FAIL'} (>= {TARGET:.0%})"


ROWS: dict[str, Callable[[], str]] = {
    "engine/minimal side by side (CPU time)": engine_over_minimal,
    "open the longest record": lambda: open_longest(longest_record()),
}
