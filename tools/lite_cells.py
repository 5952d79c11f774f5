"""Running cells in the built JupyterLite from a browser test or the start-time bench, robust to a click that
lands too early.

JupyterLite answers clicks before it has finished laying a notebook out; a click then can run
nothing (or another cell). :func:`until_queued` repeats a run command until the cell's prompt
shows it queued or run; :func:`run_setup` runs a tutorial's first cell, whose code is folded away.
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
RAN = re.compile(r"\[\d+\]")
"""A code cell's prompt once it has run."""


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


def run_setup(page: Any, timeout_ms: int) -> Any:
    """Unfold the notebook's first code cell (every tutorial ships its set-up folded), run it as a reader would
    (click into it, Shift+Enter) and wait until it has run; returns the cell.

    A folded cell shows a placeholder without an execution prompt, and its shipped output already
    reads as run, so only the unfolded prompt tells that this kernel has run it.
    """
    cell = page.locator(".jp-CodeCell").first
    expect(cell).to_be_visible(timeout=60_000)
    folded = cell.locator(".jp-InputPlaceholder")
    expect(folded).to_be_visible(timeout=60_000)  # JupyterLite shows the code first, then folds it
    for _ in range(RUN_TRIES):  # a click before the notebook is laid out may be lost
        folded.click()
        try:
            expect(folded).to_have_count(0, timeout=10_000)
            break
        except AssertionError:
            continue
    expect(folded).to_have_count(0)

    def run() -> None:
        cell.locator(".jp-InputArea-editor").click(timeout=10_000)
        page.keyboard.press("Shift+Enter")

    until_queued(page, cell, run)
    expect(cell.locator(".jp-InputPrompt")).to_contain_text(RAN, timeout=timeout_ms)
    return cell
