"""Smoke test of every converted app page (``panel convert --to pyodide-worker``), offline.

The page's CDN requests are served from local files: BokehJS from the installed
bokeh package, Panel's dist folder from the installed panel package, and
Pyodide 314.0.7 from the site's vendored copy (npm core files, the patched lock
and micropip).  What can be checked without the Pyodide CDN's numpy/pandas wheels
(see the stack notes): the pre-rendered page appears (with its Bokeh board, if
any), the worker starts, loads Pyodide and micropip, fetches the resources zip
holding the rulebox wheel, and runs the page's code up to its first import of a
package that only the CDN has.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tools.local_cdn import serve_cdn_locally

pytestmark = pytest.mark.browser

IN_LEGEND = """e => { for (let n = e; n; n = n.parentNode || n.host) {
  if (n.classList && n.classList.contains('bk-Legend')) return true } return false }"""
"""True for a canvas inside a Bokeh legend (across shadow roots)."""


def test_static_app_page_starts_offline(app_page: str, context: Any, built_site: Path, site_url: str,
                                        require: Callable[[bool, str], None]) -> None:
    worker_js = built_site / "apps" / f"{app_page}.js"
    require(worker_js.exists(), f"the site was built without {app_page} (build.py site --apps)")
    wheel_refs = re.findall(r"emfs:packed_wheels/(rulebox-[^'\"]+\.whl)", worker_js.read_text())
    assert wheel_refs, "the worker does not install the rulebox wheel"
    assert not re.search(r"['\"]core['\"]", worker_js.read_text()), "a package named core would come from PyPI"
    with zipfile.ZipFile(built_site / "apps" / f"{app_page}.resources.zip") as resources:
        assert f"packed_wheels/{wheel_refs[0]}" in resources.namelist()

    served: list[str] = []
    serve_cdn_locally(context, built_site, served)
    zips: list[str] = []
    context.route(re.compile(r"\.resources\.zip$"), lambda route: (zips.append(route.request.url), route.fallback()))
    page = context.new_page()
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(f"{site_url}apps/{app_page}.html")

    # The pre-rendered page (BokehJS from the embedded document, before any Python runs).
    expect(page.get_by_role("heading").first).to_be_visible(timeout=30_000)
    for canvas in page.locator(".bk-Canvas canvas").all():  # a chart in a folded section is not drawn
        if canvas.evaluate(IN_LEGEND):
            continue  # a legend's small swatches
        box = canvas.bounding_box() if canvas.is_visible() else None
        assert box is None or box["width"] > 100 and box["height"] > 100, f"a Bokeh board is drawn too small: {box}"
    # Offline, micropip cannot fetch Panel's wheels, so the app's code must stop at its first import of
    # a CDN package: anything else (a SyntaxError, say) is a real defect of the page.  That error is the
    # page's last word: by then the worker has loaded Pyodide, the resources zip and micropip.
    error = page.get_by_text(re.compile(r"^\w+Error: ")).first
    error.wait_for(timeout=60_000)
    print("served locally:", *served, "console:", *messages, sep="\n  ")
    assert any(w.endswith(f"apps/{app_page}.js") for w in workers), f"no worker started: {workers}"
    assert any(u.endswith("pyodide.asm.wasm") for u in served), f"Pyodide was not loaded: {served}"
    assert "Loaded pyodide!" in messages, messages
    assert zips and zips[0].endswith(f"apps/{app_page}.resources.zip"), zips
    assert any(re.search(r"/micropip-[\d.]+-py3-none-any\.whl$", u) for u in served), "micropip not loaded"
    assert re.fullmatch(r"ModuleNotFoundError: No module named '(panel|bokeh|param)'", error.inner_text().strip())
