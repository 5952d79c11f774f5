"""Braille-variant timings: opening the longest record the limits allow (issue 23: within 5 s and 600 MB).

``ROWS`` maps a label to a function returning the measured figure as text (``build.py bench``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS), str(TESTS / "buttonmen" / "core")]
from bm_long import longest_record  # noqa: E402  (the tests' helpers: Button Men's, shared by the variant)
from long_records import open_longest  # noqa: E402

ROWS: dict[str, Callable[[], str]] = {
    "open the longest record": lambda: open_longest(longest_record("button-man-braille")),
}
