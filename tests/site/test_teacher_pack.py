"""The teacher pack: a one-page guide and a class activity per game, and each Rules page as a one-page rules card.

The pages are written without the slow parts of a site build (:func:`tools.landing.write_landing`);
the print checks print them to PDF in Chromium on A4 and Letter paper and count the pages.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import core
import pytest

import tools.teachers
from tools.landing import write_landing
from webapp.registry import APPS

GUIDE_SECTIONS = ("Goals", "A 45-minute lesson", "Common misconceptions", "Links to other subjects", "Answer key")
PAPER = ("A4", "Letter")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    write_landing(out, APPS)
    return out


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The pages over HTTP on localhost (the browser tests reach nothing else)."""
    from tools.serve import serving

    with serving(site) as (url, _server):
        yield url


def pages(site: Path) -> list[str]:
    """Every Rules page and every page of the pack, relative to the site."""
    return [f"{folder}/{path.name}" for folder in ("rules", "teach") for path in sorted((site / folder).glob("*.html"))]


@pytest.mark.parametrize("name", list(core.GAMES))
def test_every_game_has_a_guide_and_an_activity_linked_from_its_rules_page(site: Path, name: str) -> None:
    guide = (site / "teach" / f"{name}.html").read_text()
    activity = (site / "teach" / f"{name}-activity.html").read_text()
    headings = re.findall(r"<h2 id=\"[^\"]*\">([^<]+)</h2>", guide)
    assert list(GUIDE_SECTIONS) == [h for h in headings if h in GUIDE_SECTIONS], headings
    assert "Class activity" in html.unescape(activity) and "<table" in activity
    assert f'href="../teach/{name}.html"' in (site / "rules" / f"{name}.html").read_text()
    for page in (guide, activity):
        assert f'href="../rules/{name}.html"' in page and 'href="../index.html"' in page


@pytest.mark.parametrize("name", list(core.GAMES))
def test_the_answer_key_is_the_tutorials_own(site: Path, name: str) -> None:
    guide = html.unescape((site / "teach" / f"{name}.html").read_text())
    exercises = tools.teachers.exercises(name)
    assert exercises, f"{name}'s tutorial has no exercise"
    key = guide[guide.index('<ol class="answers">'):]
    assert key.count("<strong>Answer:</strong>") == len(exercises)
    for exercise in exercises:
        assert exercise.question in key and exercise.solution in key


def test_a_round_robin_sheet_has_a_row_and_a_column_per_player() -> None:
    sheet = tools.teachers.crosstable(4)
    assert sheet.count("<tr>") == 1 + 4 and sheet.count('class="self"') == 4
    assert re.findall(r'<th scope="col">(\d)</th>', sheet) == ["1", "2", "3", "4"]


def test_a_pack_page_without_its_header_stops_the_build(tmp_path: Path) -> None:
    bad = tmp_path / "x.md"
    bad.write_text("title: Only a title\n\n# Goals\n")
    with pytest.raises(SystemExit):
        tools.teachers.read_page(bad)


def test_every_relative_link_of_the_pack_resolves(site: Path) -> None:
    for page in sorted((site / "teach").glob("*.html")):
        for href in re.findall(r'href="([^"#:]+)"', page.read_text()):
            target = (page.parent / html.unescape(href)).resolve()
            if "/lite/" not in str(target):
                assert target.is_file(), f"{page.name} links {href}, which the build does not write"


def printed_pages(page: Any, paper: str) -> int:
    """How many sheets of ``paper`` the page prints on (the PDF's page tree count)."""
    return max(int(n) for n in re.findall(rb"/Count (\d+)", page.pdf(format=paper)))


@pytest.mark.browser
def test_every_rules_card_guide_and_activity_prints_on_one_page(site: Path, served: str, page: Any) -> None:
    too_long = []
    for path in pages(site):
        page.goto(served + path)
        for paper in PAPER:
            if printed_pages(page, paper) != 1:
                too_long.append(f"{path} on {paper}")
    assert too_long == []


@pytest.mark.browser
def test_the_printed_rules_card_has_no_links_or_rulings_table(served: str, page: Any) -> None:
    page.goto(served + "rules/button-up.html")
    page.emulate_media(media="print")
    assert not page.get_by_role("navigation").is_visible()
    assert not page.get_by_role("table").first.is_visible()
    assert page.get_by_role("heading", name="A move").is_visible()
    page.emulate_media(media="screen")
    assert printed_pages(page, "A4") > 1, "the page on screen is longer than its card: the print style did nothing"
