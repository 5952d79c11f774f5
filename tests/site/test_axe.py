"""Automated accessibility audit: axe-core in Chromium on every page of the site.

Each game page (the ``app_page`` fixture: every page of ``webapp.registry``) is
served with ``panel serve``.  Any violation of impact "serious" or "critical"
fails the test, listed with its rule id, the element and axe's help text.  The
landing page has its own, stricter audit (no violation at all, light and dark)
in ``tests/site/test_landing_page.py``.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.browser import app_link, blocking_report, settle
from webapp.registry import APPS


def test_every_page_is_audited() -> None:
    assert {"braille", "buttonmen", "buttonup"} <= {entry.page for entry in APPS}


def test_app_page_has_no_serious_violations(app_page: str, panel_serve: Any, page: Any) -> None:
    page.goto(app_link(panel_serve(app_page), app_page))
    settle(page)
    report = blocking_report(page)
    assert not report, f"axe found serious/critical problems on the {app_page} page:\n{report}"


def test_braille_page_themes_and_german_pass_the_audit(panel_serve: Any, page: Any) -> None:
    page.goto(app_link(panel_serve("braille"), "braille"))
    settle(page)
    for key in ("contrast", "large", "cells"):
        page.locator(f"[data-key='{key}']").check()
    page.locator("[data-key='lang']").select_option("de")
    # the page answers in the order it was asked: once German is shown, so are the three settings
    page.get_by_role("heading", name="Würfel").wait_for()
    root = page.locator(".bmb")
    expect(root).to_have_attribute("lang", "de")
    expect(root).to_have_class(re.compile(r"(?=.*\bcontrast\b)(?=.*\blarge\b)"))
    for key in ("contrast", "large", "cells"):
        expect(page.locator(f"[data-key='{key}']")).to_be_checked()
    report = blocking_report(page)
    assert not report, f"axe found serious/critical problems in the themed German page:\n{report}"
