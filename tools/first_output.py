"""Time to a tutorial's first output in JupyterLite, in Chromium (a part of ``build.py bench``).

For every notebook of the site, in a new browser context (a first visit: nothing cached), the
tutorial is opened, its first code cell (the set-up: the engine's import and ``start()``, shipped
folded) unfolded and run as soon as the notebook shows, and these moments are taken from the start of the navigation:

* **notebook shown**: the first cell is on screen (JupyterLab's scripts loaded and run);
* **first output**: the set-up cell's output has appeared (Pyodide, the kernel's packages and the
  engine loaded, the cell run);

with the bytes the server sent for it (gzip-encoded as a static host sends them; page, kernel worker and
service worker alike), the heaviest files among them, and the same moments on a second load in the same
context (a warm cache: the service worker answers from its cache).  Each figure is the load whose first output
is the median of :data:`LOADS` such rounds.  The browser's HTTP cache stays on, as in a
classroom (Playwright turns it off in a context that routes requests, and every file a page hands its service
worker would count twice), so no request is routed: one to another host fails the measurement instead (a
tutorial needs none).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from tools.common import NOTEBOOKS, say
from tools.first_board import NOT_LOCALHOST, chromium
from tools.lite_cells import run_setup
from tools.serve import QuietHandler, serving

TIMEOUT_MS = 240_000
COPY_CHUNK = 1 << 16
TARGET_WARM_S, TARGET_COLD_S, TARGET_MB = 8.0, 12.0, 20.0
"""The targets: first output within 8 s warm and 12 s cold, and at most 20 MB on a first visit."""
LOADS = 3
"""Loads behind each figure, which is their median: one load on this 2-core machine moves by about a second."""


@dataclass
class Load:
    """One load of a tutorial: its moments in seconds and what it received."""

    shown: float
    output: float
    received: dict[str, int] = field(default_factory=dict)
    """Bytes the server sent per URL path."""

    @property
    def megabytes(self) -> float:
        return sum(self.received.values()) / 1e6


class CountingHandler(QuietHandler):
    """A static-file handler that adds the bytes of every body it sends (gzip-encoded where the browser
    accepts it, as the hosts do) to ``sent`` (path: bytes)."""

    sent: dict[str, int]

    def copyfile(self, source: BinaryIO, outputfile: Any) -> None:  # type: ignore[override]
        path, count = self.path.split("?")[0], 0
        while chunk := source.read(COPY_CHUNK):
            outputfile.write(chunk)
            count += len(chunk)
        self.sent[path] = self.sent.get(path, 0) + count


def load(page: Any, url: str, sent: dict[str, int]) -> Load:
    """Open the tutorial at ``url``, run its first code cell as a reader would (unfolding it first, see
    :func:`tools.lite_cells.run_setup`) and time it; ``sent`` counts what the server sends."""
    sent.clear()
    page.goto(url, wait_until="commit")
    page.locator(".jp-CodeCell").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    shown = float(page.evaluate("performance.now()")) / 1000
    run_setup(page, TIMEOUT_MS)
    output = float(page.evaluate("performance.now()")) / 1000
    return Load(shown, output, dict(sent))


@contextmanager
def localhost_only(browser: Any) -> Iterator[Any]:
    """A new browser context at 1280x800 with its HTTP cache; RuntimeError if a page in it asked another host."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    foreign: list[str] = []
    context.on("request", lambda request: foreign.extend([request.url] if NOT_LOCALHOST.match(request.url) else []))
    try:
        yield context
    finally:
        context.close()
    if foreign:
        raise RuntimeError(f"a tutorial asked another host: {foreign[0]}")


@contextmanager
def served(site: Path) -> Iterator[tuple[str, dict[str, int]]]:
    """A built site on localhost, and the bytes its server has sent per path (cleared by each load)."""
    sent: dict[str, int] = {}
    handler = type("Counting", (CountingHandler,), {"sent": sent})
    with serving(site, handler) as (url, _server):
        yield url, sent


def median(loads: Sequence[Load]) -> Load:
    """The load whose first output came in the middle."""
    return sorted(loads, key=lambda one: one.output)[len(loads) // 2]


def measure_site(site: Path, notebooks: Sequence[str], loads: int = LOADS) -> list[tuple[str, Load, Load]]:
    """``(notebook, cold load, warm load)`` for each notebook of a built site, each the median of ``loads``: every
    round is a new browser context (nothing cached) loading the tutorial twice."""
    rows = []
    with served(site) as (url, sent), chromium() as browser:
        for notebook in notebooks:
            say(f"time to first output: {notebook}")
            tutorial = f"{url}lite/notebooks/index.html?path={notebook}"
            rounds = []
            for _ in range(loads):
                with localhost_only(browser) as context:
                    rounds.append((load(context.new_page(), tutorial, sent), load(context.new_page(), tutorial, sent)))
            rows.append((notebook, median([cold for cold, _ in rounds]), median([warm for _, warm in rounds])))
    return rows


def measure(notebooks: Sequence[str] = ()) -> list[tuple[str, Load, Load]]:
    """Build the site's tutorials (no game page) in a scratch folder and time every notebook."""
    from tools.site import build_site

    names = list(notebooks) or sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    with tempfile.TemporaryDirectory(prefix="rulebox-bench-") as tmp:
        site = build_site(Path(tmp) / "site", pages=("buttonup",))
        return measure_site(site, names)


def report(rows: Sequence[tuple[str, Load, Load]], heaviest: int = 8) -> str:
    """The table: per notebook, the moments cold and warm and the first visit's megabytes against the targets."""
    lines = [f"\nTime to a tutorial's first output in JupyterLite (Chromium, served locally; targets: "
             f"warm <= {TARGET_WARM_S:.0f} s, cold <= {TARGET_COLD_S:.0f} s, first visit <= {TARGET_MB:.0f} MB)",
             f"  {'notebook':<32} {'cold: shown':>11} {'output':>7} {'warm: shown':>11} {'output':>7} {'received':>9}"]
    for name, cold, warm in rows:
        flags = "" if (cold.output <= TARGET_COLD_S and warm.output <= TARGET_WARM_S
                       and cold.megabytes <= TARGET_MB) else "  (over a target)"
        lines.append(f"  {name:<32} {cold.shown:>10.1f}s {cold.output:>6.1f}s {warm.shown:>10.1f}s "
                     f"{warm.output:>6.1f}s {cold.megabytes:>6.1f} MB{flags}")
    if rows:
        first = rows[0][1].received
        lines.append(f"  heaviest files of a first visit ({rows[0][0]}; a warm load received "
                     f"{rows[0][2].megabytes:.1f} MB):")
        for path, size in sorted(first.items(), key=lambda item: -item[1])[:heaviest]:
            lines.append(f"    {size / 1e6:6.2f} MB  {path}")
    return "\n".join(lines)
