"""Fair and Square timings: one board's 15 turns (placement to score), bot placements and opening
the longest record the input limits allow.

``ROWS`` maps a label to a function returning the measured figure as text (``build.py bench``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from core import rng
from core.fairsquare import GAME, FairSquareState, simulate
from core.fairsquare.bots import LEVELS
from core.fairsquare.boards import generate
from core.fairsquare.pieces import piece_set
from core.fairsquare.placement import random_placement
from core.fairsquare.trace import Piece

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from fs_helpers import longest_record  # noqa: E402  (the tests' helper, beside this file)
from long_records import open_longest  # noqa: E402

BOARDS = 100


def _setups(round_number: int) -> list[tuple[object, list[Piece]]]:
    roster = piece_set("project_v1").roster(round_number)
    by_name = {t.name: t for t in roster}
    stream = rng.seed_stream(round_number)
    setups = []
    for _ in range(BOARDS):
        stream, board = generate(stream)
        pieces = []
        for player in range(4):
            stream, team = random_placement(stream, board, roster)
            pieces += [Piece(player, by_name[k], s) for k, s in team]
        setups.append((board, pieces))
    return setups


def round_time(round_number: int, record: bool) -> Callable[[], str]:
    """Mean time of one board of a round (4 players, 16 random pieces), with or without the trace."""

    def measure() -> str:
        setups = _setups(round_number)
        start = time.process_time()
        for board, pieces in setups:
            simulate(board, pieces, 4, 7, record=record)  # type: ignore[arg-type]
        return f"{(time.process_time() - start) / BOARDS * 1000:.2f} ms CPU (target <= 2 ms)"

    return measure


def bot_time(level: str) -> Callable[[], str]:
    """Mean and max time of a whole bot placement (four pieces and the confirmation), rounds 1-3."""

    def measure() -> str:
        spent = []
        for seed in range(1):
            state = GAME.new(seed=seed, single_board=True)
            assert isinstance(state, FairSquareState)
            bot = LEVELS[level].factory(GAME, seed)
            while not state.is_over:
                actor = min(state.actors)
                start = time.process_time()
                for _ in range(5):
                    state = state.apply(bot.choose(state, actor), actor)
                spent.append(time.process_time() - start)
        return f"{sum(spent) / len(spent):.3f} s mean, {max(spent):.3f} s max CPU per placement"

    return measure


ROWS: dict[str, Callable[[], str]] = {
    **{f"round {r} board, 15 turns{' with trace' if record else ''}": round_time(r, record)
       for r in (1, 2, 3) for record in (False, True)},
    "greedy bot placement": bot_time("greedy"),
    "thorough bot placement": bot_time("thorough"),
    "open the longest record": lambda: open_longest(longest_record()),
}


if __name__ == "__main__":
    for label, row in ROWS.items():
        print(f"{label:40} {row()}")
