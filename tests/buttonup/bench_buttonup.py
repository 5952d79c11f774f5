"""Button Up! benchmarks (``ROWS`` for ``build.py bench``) beyond the generic ones of ``tests/benchmarks.py``
(whose side-by-side comparison with the minimal model holds the engine to at least 35 % of its moves/s)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent / "core")]
from bu_long import longest_record  # noqa: E402  (the tests' helper, beside this file)
from long_records import open_longest  # noqa: E402

ROWS: dict[str, Callable[[], str]] = {
    "open the longest record": lambda: open_longest(longest_record()),
}
