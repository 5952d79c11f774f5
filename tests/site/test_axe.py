"""Automated accessibility audit: axe-core in Chromium on every page of the site.

Each game page (the ``app_page`` fixture: every page of ``webapp.registry``) is
served with ``panel serve``.  Any violation of impact "serious" or "critical"
fails the test, listed with its rule id, the element and axe's help text.  The
landing page has its own, stricter audit (no violation at all, light and dark)
in ``tests/site/test_landing_page.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from webapp.registry import APPS

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "js" / "node_modules" / "axe-core" / "axe.min.js"
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


def test_every_page_is_audited() -> None:
    assert {"braille", "buttonmen", "buttonup"} <= {entry.page for entry in APPS}


def test_app_page_has_no_serious_violations(app_page: str, panel_serve: Any, page: Any) -> None:
    page.goto(panel_serve(app_page))
    settle(page)
    report = blocking_report(audit(page))
    assert not report, f"axe found serious/critical problems on the {app_page} page:\n{report}"


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
