"""Braille-variant timings: replaying a long record (issue: 20,000 actions in at most 2 s).

``ROWS`` maps a label to a function returning the measured figure as text (``build.py bench``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import core
from core.buttonmen.actions import Pass

GAME = core.get_game("button-man-braille")
ROUNDS = 10_000
"""Every round of passes is a draw: the record holds about twice as many actions."""


def long_record_replay() -> str:
    """Seconds to replay a record of about 20,000 passes (10,000 drawn rounds) with ``core.replay``."""
    state = GAME.new(seed=5, round_cap=ROUNDS, must_attack=False)
    while not state.is_over:
        state = state.apply(Pass())
    record = state.to_record()
    start = time.perf_counter()
    replayed = core.replay(record)
    seconds = time.perf_counter() - start
    if replayed != state:
        return "error: the replay differs from the match"
    return f"{seconds:.2f} s for {len(record['actions']):,} actions (target ≤ 2 s)"


ROWS: dict[str, Callable[[], str]] = {"replay of a 20,000-action record": long_record_replay}
