"""Running cells in the built JupyterLite from a browser test, robust to a click that lands too early.

JupyterLite answers clicks before it has finished laying a notebook out; a click then can run
nothing (or another cell). :func:`until_queued` repeats a run command until the cell's prompt
shows it queued or run.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

RUN_TRIES = 3
"""Tries at a run command before the test gives up."""
QUEUED = re.compile(r"\[(\*|\d+)\]")
"""A code cell's prompt once it is queued or has run (``[*]:``, ``[1]:``)."""


def until_queued(page: Any, cell: Any, run: Callable[[], None]) -> None:
    """Call ``run`` until ``cell``'s prompt shows it queued or run; fail if JupyterLite shows a dialog."""
    prompt = cell.locator(".jp-InputPrompt")
    for _ in range(RUN_TRIES):
        try:
            run()
            expect(prompt).to_contain_text(QUEUED, timeout=20_000)
            break
        except (AssertionError, PlaywrightTimeout):
            continue
    dialog = page.locator("dialog.jp-Dialog")
    assert not dialog.count(), f"JupyterLite shows a dialog: {dialog.first.inner_text()!r}"
    expect(prompt).to_contain_text(QUEUED)
