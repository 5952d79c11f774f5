"""Button Men benchmarks: ``ROWS`` maps a label to a function returning the measured figure.

The recipe lab's speed (issue 24): 200 quick matches against the Tournament-Legal field (its first
100 opponents, each deal from both sides) within 15 s in CPython and 60 s in Pyodide, in CPU time
so that other work on a shared machine does not count (the wall time is shown beside it); the row
raises when over the target.  The careful level is reported (20 matches, and 200 projected from them).
"""

from __future__ import annotations

import sys
import time
from itertools import islice
from pathlib import Path

from core.buttonmen import lab

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from bm_long import longest_record  # noqa: E402  (the tests' helpers: beside this file, and in tests/)
from long_records import open_longest  # noqa: E402

TARGET_S = 60.0 if sys.platform == "emscripten" else 15.0
RECIPE = "(4) (8) (12) (20) (X)"


def _seconds(level: str, matches: int) -> tuple[float, float]:
    """CPU and wall seconds of the first ``matches`` matches of a lab run at ``level``."""
    run = lab.experiment(RECIPE, lab.TL, 2, level)
    results = lab.Results.empty(run)
    started, cpu = time.perf_counter(), time.process_time()
    for match in islice(lab.plan(run), matches):
        results.add(match, lab.play(run, match))
    return time.process_time() - cpu, time.perf_counter() - started


def _quick() -> str:
    cpu, wall = _seconds("quick", 200)
    if cpu > TARGET_S:
        raise RuntimeError(f"{cpu:.1f} s CPU per 200 matches, over {TARGET_S:.0f} s")
    return f"{cpu:.1f} s CPU ({wall:.1f} s wall) per 200, target {TARGET_S:.0f} s: PASS"


def _careful() -> str:
    cpu, _ = _seconds("careful", 20)
    return f"{cpu / 20:.2f} s CPU per match, {cpu * 10:.0f} s per 200 (projected)"


ROWS = {
    "lab, quick level, 200 matches vs the TL field": _quick,
    "lab, careful level": _careful,
    "open the longest record": lambda: open_longest(longest_record("button-men")),
}
