"""Every tutorial notebook runs top to bottom in the built JupyterLite, in Chromium, offline.

Every request to a host other than localhost is aborted (``context`` fixture), so
the kernel can only use the Pyodide vendored into the site and the wheels that
piplite serves from it (rulebox included).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.site.lite import until_queued

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
RUN_TIMEOUT_MS = 240_000
TRACEBACK = r"Traceback|\w+Error\b"
ALL_RAN_OR_FAILED = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent.trim());
    const ran = prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
    const busy = prompts.some(p => p === '[*]:');
    const stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']";
    const failed = [...document.querySelectorAll(stderr)].some(e => /Traceback|\\w+Error\\b/.test(e.textContent));
    return ran || (failed && !busy);
}"""
"""True once every code cell has run, or a cell failed (Run All then stops) and nothing runs."""


def code_cell_prompts(page: Any) -> list[str]:
    """The execution prompts (``[3]:``, ``[*]:``, ``[ ]:``) of every code cell."""
    prompts: list[str] = page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
    return [p.strip() for p in prompts]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_jupyterlite_offline(notebook: str, page: Any, site_url: str, built_site: Path) -> None:
    cells = json.loads((built_site / "lite" / "files" / notebook).read_text())["cells"]
    total = sum(c["cell_type"] == "code" for c in cells)
    page.goto(f"{site_url}lite/notebooks/index.html?path={notebook}")
    expect(page.locator(".jp-CodeCell")).to_have_count(total, timeout=60_000)

    def run_all() -> None:
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    until_queued(page, page.locator(".jp-CodeCell").first, run_all)
    page.wait_for_function(ALL_RAN_OR_FAILED, timeout=RUN_TIMEOUT_MS)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [t for t in errors.all_inner_texts() if re.search(TRACEBACK, t)]
    assert not tracebacks, tracebacks[0][-3000:]
    prompts = code_cell_prompts(page)
    assert [int(p[1:-2]) for p in prompts] == list(range(1, total + 1)), prompts
    assert page.locator(".jp-OutputArea-output").count() > 0, "no cell produced output"
    assert page.locator(".jp-RenderedSVG, .jp-RenderedImage").count() > 0, "no position was drawn"
    first_output = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea-output")
    hrefs = first_output.locator("a[href]").evaluate_all("els => els.map(e => e.href)")
    assert len(hrefs) == 3, f"the first cell links {hrefs}, not play, rules and all games"
    for href in hrefs:
        assert href.startswith(site_url), f"{href} leaves the site"
        assert page.request.get(href).status == 200, f"{href} does not resolve"
