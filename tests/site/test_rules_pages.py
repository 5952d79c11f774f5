"""The Rules pages and the landing page's cards, written without the slow parts of a site build.

Every registered game gets ``rules/<game>.html``: the project's own summary with
the engine's pictures, and a table of every option generated from
``Game.options``, so the table cannot drift from the code.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import core
import pytest

import tools.rules
from tools.landing import write_landing
from tools.rules import RULES_SRC, show_value
from webapp.registry import APPS

HREF = re.compile(r'(?:href|src)="([^"]+)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    write_landing(out, APPS)
    return out


def local_targets(page: Path, site: Path) -> list[Path]:
    """The files a page's relative links point at (apps and JupyterLite come from the full build)."""
    targets = []
    for href in HREF.findall(page.read_text()):
        href = html.unescape(href)
        if urllib.parse.urlparse(href).scheme or href.startswith("#"):
            continue
        target = (page.parent / urllib.parse.urlparse(href).path).resolve()
        if not str(target).startswith(str(site.resolve() / "apps")) and "/lite/" not in str(target):
            targets.append(target)
    return targets


@pytest.mark.parametrize("name", list(core.GAMES))
def test_every_game_has_a_rules_page_with_every_option(site: Path, name: str) -> None:
    game = core.GAMES[name]
    page = (site / "rules" / f"{name}.html").read_text()
    assert f"<h1>{html.escape(game.title)}: rules</h1>" in page
    assert '<meta name="viewport"' in page and 'href="../assets/style.css"' in page
    rows = re.findall(r"<tr[^>]*><th scope=\"row\"><code>([^<]+)</code></th><td>[^<]*</td><td><code>([^<]*)</code>",
                      page)
    assert rows == [(html.escape(o.name), html.escape(show_value(o.default))) for o in game.options]
    for option in game.options:
        ruling = re.match(r"([A-Z]{2,3}-\d+\w*):", option.doc)
        if ruling:
            assert f'id="{ruling.group(1)}"' in page
    if (RULES_SRC / f"{name}.md").exists():
        assert page.count('<figure class="board"><svg') >= 1, "no picture of the board"


def test_a_game_without_a_summary_still_gets_its_page(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tools.rules, "RULES_SRC", tmp_path)
    game = core.get_game("button-up")
    page = tools.rules.rules_page(game, None, None)
    assert "Sow stacks round a circle" in page and "<code>extra_turn</code>" in page
    assert "Play " not in page


def test_every_relative_link_resolves(site: Path) -> None:
    pages = [site / "index.html", *sorted((site / "rules").glob("*.html"))]
    for page in pages:
        for target in local_targets(page, site):
            assert target.is_file(), f"{page.name} links {target}, which the build does not write"


def test_cards_say_what_and_how_long_and_show_a_board(site: Path) -> None:
    page = (site / "index.html").read_text()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    for name in core.GAMES:
        card = page[page.index(f'<li class="game" id="{name}">'):]
        card = card[:card.index("</li>\n", card.index('<ul class="links">'))]
        assert f'src="assets/boards/{name}.svg"' in card
        assert f'href="rules/{name}.html"' in card
        assert (site / "assets" / "boards" / f"{name}.svg").read_text().startswith("<svg")
        if (RULES_SRC / f"{name}.md").exists():
            assert 'class="duration"' in card


def test_no_unused_assets() -> None:
    source = Path(tools.rules.SITE_SRC)
    used = (source / "index.html").read_text() + (source / "assets" / "style.css").read_text()
    for asset in (source / "assets").iterdir():
        assert asset.name == "style.css" or asset.name in used, f"{asset.name} is not used"


def test_summaries_are_written_in_our_own_words(shared_path: Callable[[str], Path]) -> None:
    rules = shared_path("rules")
    for summary in RULES_SRC.glob("*.md"):
        book = rules / summary.name.replace("button-men.md", "buttonmen.md")
        if not book.exists():
            continue
        theirs = {" ".join(s.split()) for s in re.split(r"[.:;]\s", book.read_text()) if len(s.split()) >= 10}
        ours = {" ".join(s.split()) for s in re.split(r"[.:;]\s", summary.read_text())}
        assert not theirs & ours, f"{summary.name} copies the rulebook: {sorted(theirs & ours)[:1]}"
