"""The landing page of the static build: every game listed, links that work under a sub-path,
and the basics of accessibility (landmarks, headings, names, contrast, visible focus)."""

from __future__ import annotations

import re
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import core
import pytest

from tests.browser import audit, report
from tools.common import NOTEBOOKS
from webapp.registry import APPS

pytestmark = pytest.mark.browser


def internal_links(page: Any) -> list[str]:
    """The hrefs of every link that stays on the site."""
    hrefs: list[str] = page.locator("a[href]").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    return [h for h in hrefs if not urllib.parse.urlparse(h).scheme]


def test_every_game_is_listed_with_working_relative_links(page: Any, site_url: str, built_site: Path) -> None:
    page.goto(site_url)
    built = {entry.game: entry.page for entry in APPS
             if not entry.title and (built_site / "apps" / f"{entry.page}.html").exists()}  # a game's own page
    for name, game in core.GAMES.items():
        card = page.locator(f"li.game#{name}")
        assert card.get_by_role("heading", level=3).inner_text() == game.title
        play = card.get_by_role("link", name=f"Play {game.title} in the browser")
        if name in built:
            assert play.get_attribute("href") == f"apps/{built[name]}.html"
        else:
            assert play.count() == 0, f"{name} links a page the site does not hold"
        if (NOTEBOOKS / f"{name}.ipynb").exists():
            link = card.get_by_role("link", name=f"{game.title}: Tutorial notebook", exact=True)
            assert link.get_attribute("href") == f"lite/notebooks/index.html?path={name}.ipynb"
            assert (built_site / "lite" / "files" / f"{name}.ipynb").exists()
        rules = card.get_by_role("link", name=f"{game.title}: Rules", exact=True)
        assert rules.get_attribute("href") == f"rules/{name}.html"
        assert (built_site / "rules" / f"{name}.html").exists()
        board = card.get_by_role("img")
        assert board.evaluate("img => img.complete && img.naturalWidth > 0"), f"{name}: the board picture is missing"
        for translation in NOTEBOOKS.glob(f"{name}.*.ipynb"):
            lang = translation.suffixes[-2][1:]
            link = card.locator(f'a[hreflang="{lang}"][href="lite/notebooks/index.html?path={translation.name}"]')
            assert link.count() == 1, f"{name}: its {lang} tutorial is not linked as {lang}"
            assert (built_site / "lite" / "files" / translation.name).exists()
    links = internal_links(page)
    assert links, "the landing page links nowhere"
    for href in links:
        assert not href.startswith("/"), f"{href} is absolute: the site must work under a sub-path"
        if href.startswith("#"):
            continue
        with urllib.request.urlopen(urllib.parse.urljoin(site_url, href)) as response:
            assert response.status == 200, href


def test_every_card_says_what_the_game_is_and_how_long_it_takes(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site_url)
    for name in core.GAMES:
        card = page.locator(f"li.game#{name}")
        line, duration = card.locator("p").first, card.locator("p.duration")
        assert line.is_visible() and len(line.inner_text().split()) >= 5, f"{name}: no line about the game"
        assert re.search(r"\b(minutes?|hours?|evening)\b", duration.inner_text()), f"{name}: {duration.inner_text()!r}"
        board = card.get_by_role("img").bounding_box()
        assert board and board["width"] >= 200 and board["x"] + board["width"] <= 390, f"{name}: board {board}"


@pytest.mark.parametrize("width", [390, 1920])
def test_fits_a_phone_and_fills_a_wide_screen(page: Any, site_url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    boxes = page.locator("li.game").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.top), r.right] })")
    if width > 1000:
        assert max(right for _, right in boxes) > width * 0.6, f"the games leave the right of a {width} px screen empty"
        rows = [sum(1 for top, _ in boxes if top == row) for row in sorted({top for top, _ in boxes})]
        assert len(set(rows)) == 1, f"rows of {rows} cards leave a gap after the last one"


@pytest.mark.parametrize(("suffix", "back"), [("", "All games"), (".de", "Alle Spiele")])
def test_rules_pages_lead_back_and_pass_axe(page: Any, site_url: str, suffix: str, back: str) -> None:
    for name in core.GAMES:
        page.goto(f"{site_url}rules/{name}{suffix}.html")
        link = page.get_by_role("link", name=back).first
        assert link.get_attribute("href") == f"../index{suffix}.html"
        result = report(audit(page), impacts=None)
        assert result == "", f"{name}: {result}"


def test_landmarks_headings_and_visible_focus(page: Any, site_url: str) -> None:
    page.goto(site_url)
    assert page.get_by_role("banner").count() == 1
    assert page.get_by_role("main").count() == 1
    assert page.get_by_role("contentinfo").count() == 1
    assert page.get_by_role("heading", level=1).all_inner_texts() == ["Rulebox"]
    assert page.get_by_role("heading", level=2, name="Games").is_visible()
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the games")
    assert skip.evaluate("el => el === document.activeElement")
    assert skip.is_visible() and skip.bounding_box()["y"] >= 0
    page.keyboard.press("Tab")
    focused = page.evaluate_handle("document.activeElement")
    outline = focused.evaluate("el => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth")
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline


@pytest.mark.parametrize("landing", ["index.html", "index.de.html"])
def test_axe_finds_no_violations(page: Any, site_url: str, landing: str) -> None:
    page.goto(site_url + landing)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        result = report(audit(page), impacts=None)
        assert result == "", f"{scheme} scheme: {result}"
