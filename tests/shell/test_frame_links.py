"""Every game page's header leads round the static site: all games, its rules, its tutorial."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.registry import APPS
from webapp.shell.frame import site_links

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("entry", APPS, ids=[e.page for e in APPS])
def test_site_links_point_at_the_landing_page_rules_and_an_existing_tutorial(entry: object) -> None:
    links = dict((label, href) for href, label in site_links(entry.game))  # type: ignore[attr-defined]
    assert links["All games"] == "../index.html"
    assert links["Rules"] == f"../rules/{entry.game}.html"  # type: ignore[attr-defined]
    notebook = links["Tutorial"].rsplit("path=", 1)[1]
    assert (ROOT / "notebooks" / notebook).is_file()
