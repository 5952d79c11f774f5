"""Time to first board of every game page, in Chromium (a part of ``build.py bench``).

Two figures per page, each the median of a few cold loads (a new browser context each):

* **static page, pre-rendered board**: a page of the static site (``panel convert``) with every
  CDN file it can get answered from local copies (:mod:`tools.local_cdn`); the time from the
  navigation to the board drawn by BokehJS from the page's embedded document, before any
  Python runs.  The board becomes playable only when Panel's Python dependencies (numpy,
  pandas and others from the Pyodide CDN and PyPI) are installed, which this machine cannot
  reach: that time is not measured here.
* **server mode, playable board**: the same page served by ``panel serve`` on localhost, where
  the board is live as soon as it appears.

A page's board is its first Bokeh canvas (:data:`BOARD`); the braille page has none and
shows its dice as a list, which counts as its board.  Every other request is aborted.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.apps import select, write_entry_points
from tools.common import ROOT, say

BOARD = ".bk-Canvas canvas, .bmb ul.dice li"
"""The first element of a page's board: a Bokeh canvas, or the braille page's list of dice."""
CHROMIUM = "/usr/bin/chromium"
NOT_LOCALHOST = re.compile(r"^(?!(?:https?|wss?)://(?:localhost|127\.0\.0\.1)(?::\d+)?/)[a-z]+://")
TIMEOUT_MS = 120_000


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def local_context(browser: Any, **options: Any) -> Iterator[Any]:
    """A new browser context at 1280x800 that reaches nothing but localhost."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
    try:
        context.route(NOT_LOCALHOST, lambda route: route.abort())
        yield context
    finally:
        context.close()


def first_board_ms(browser: Any, url: str, prepare: Callable[[Any], None]) -> float:
    """Milliseconds from the start of the navigation to ``url`` until its board is visible."""
    with local_context(browser, service_workers="block") as context:
        prepare(context)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        board = page.locator(BOARD).first
        board.wait_for(state="visible", timeout=TIMEOUT_MS)
        return float(page.evaluate("performance.now()"))


def median_ms(browser: Any, url: str, prepare: Callable[[Any], None], loads: int) -> float:
    """The median of ``loads`` cold loads."""
    return statistics.median(first_board_ms(browser, url, prepare) for _ in range(loads))


@contextmanager
def static_site(pages: Sequence[str]) -> Iterator[tuple[Path, str]]:
    """The static site of ``pages``, built into a scratch folder and served on localhost."""
    from tools.serve import serving
    from tools.site import build_site

    with tempfile.TemporaryDirectory(prefix="rulebox-bench-") as tmp:
        out = build_site(Path(tmp) / "site", pages)
        with serving(out) as (url, _server):
            yield out, url


@contextmanager
def panel_server(page: str) -> Iterator[str]:
    """``panel serve`` of one registry page on localhost; its URL once it answers."""
    from tools.serve import any_free_port, panel_serve_command

    with tempfile.TemporaryDirectory(prefix="rulebox-bench-") as tmp:
        scripts = write_entry_points(select([page]), Path(tmp))
        port = any_free_port()
        proc = subprocess.Popen(panel_serve_command(scripts, port, "127.0.0.1"), cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        url = f"http://127.0.0.1:{port}/{page}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(url, timeout=10):
                        break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"panel serve of {page} did not answer") from None
                    time.sleep(0.5)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def measure(pages: Sequence[str] = (), loads: int = 3) -> list[tuple[str, str, str]]:
    """``(page, static pre-rendered board, server-mode board)`` per page, as text."""
    from tools.local_cdn import serve_cdn_locally

    names = [entry.page for entry in select(pages)]
    rows = []
    with static_site(names) as (site, url), chromium() as browser:
        for name in names:
            say(f"time to first board: {name}")
            static = median_ms(browser, f"{url}apps/{name}.html",
                               lambda context: serve_cdn_locally(context, site), loads)
            with panel_server(name) as live:
                served = median_ms(browser, live, lambda context: None, loads)
            rows.append((name, f"{static / 1000:.1f} s", f"{served / 1000:.1f} s"))
    return rows


def report(rows: Sequence[tuple[str, str, str]], loads: int) -> str:
    """The time-to-first-board table."""
    head = ("page", "static page, pre-rendered board*", "server mode, playable board")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    lines = [f"\nTime to first board in Chromium (median of {loads} cold loads, CDN files served locally)"]
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in [head, *rows]]
    lines.append("  * drawn by BokehJS before Python runs; playable only once Panel's Python dependencies\n"
                 "    arrive from the Pyodide CDN and PyPI, which this machine cannot reach (not measured).")
    return "\n".join(lines)


def have_browser() -> str:
    """Why the time to first board cannot be measured here, or empty when it can."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed in the venv"
    return ""
