"""Automated accessibility audit: axe-core in Chromium on every page of the site.

Each web app (every ``webapp/*.py`` with a ``create_app``) is served with
``panel serve``; the built landing page is audited too when it exists.  Any
violation of impact "serious" or "critical" fails the test, listed with its
rule id, the element and axe's help text.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "js" / "node_modules" / "axe-core" / "axe.min.js"
APPS = sorted(p.stem for p in (ROOT / "webapp").glob("*.py") if "def create_app(" in p.read_text())
BLOCKING = ("serious", "critical")


def audit(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: npm install --prefix tests/js axe-core")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    assert isinstance(result, list)
    return result


def blocking_report(violations: list[dict[str, Any]]) -> str:
    """The serious and critical violations, one line per element."""
    lines = []
    for v in violations:
        if v.get("impact") in BLOCKING:
            for node in v["nodes"]:
                lines.append(f"{v['id']} ({v['impact']}): {node['target']} "
                             f"{node['html'][:160]!r} - {v['help']}")
    return "\n".join(lines)


def settle(page: Any) -> None:
    """Wait until the Bokeh document has rendered and the server has stopped sending."""
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0", timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)


def test_every_app_module_is_audited() -> None:
    assert "braille" in APPS and "buttonup" in APPS


@pytest.mark.parametrize("app", APPS)
def test_app_page_has_no_serious_violations(app: str, panel_serve: Any, page: Any) -> None:
    page.goto(panel_serve(app))
    settle(page)
    report = blocking_report(audit(page))
    assert not report, f"axe found serious/critical problems on the {app} page:\n{report}"


def test_braille_page_themes_and_german_pass_the_audit(panel_serve: Any, page: Any) -> None:
    page.goto(panel_serve("braille"))
    settle(page)
    for key in ("contrast", "large", "cells"):
        page.locator(f"[data-key='{key}']").check()
        page.wait_for_timeout(400)
    page.locator("[data-key='lang']").select_option("de")
    page.get_by_role("heading", name="Würfel").wait_for()
    page.wait_for_timeout(500)
    assert page.locator(".bmb").get_attribute("lang") == "de"
    assert page.locator(".bmb.contrast.large").count() == 1
    report = blocking_report(audit(page))
    assert not report, f"axe found serious/critical problems in the themed German page:\n{report}"


def landing_dir() -> Path | None:
    """The built site: ``$RULEBOX_SITE`` or ``_site``, if it holds an index.html."""
    for candidate in (os.environ.get("RULEBOX_SITE"), str(ROOT / "_site")):
        if candidate and (Path(candidate) / "index.html").exists():
            return Path(candidate)
    return None


@pytest.fixture
def landing_url() -> Iterator[str]:
    site = landing_dir()
    if site is None:
        pytest.skip("no built site (_site/index.html); run `python build.py site` first")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def test_landing_page_has_no_serious_violations(landing_url: str, page: Any) -> None:
    page.goto(landing_url)
    page.wait_for_load_state("load")
    report = blocking_report(audit(page))
    assert not report, f"axe found serious/critical problems on the landing page:\n{report}"
