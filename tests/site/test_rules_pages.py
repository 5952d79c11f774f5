"""The Rules pages and the landing page's cards, written without the slow parts of a site build.

Every registered game gets ``rules/<game>.html``: the project's own summary with
the engine's pictures, and a table of every option generated from
``Game.options``, so the table cannot drift from the code.
"""

from __future__ import annotations

import html
import json
import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import core
import pytest

import tools.rules
from tools.common import NOTEBOOKS
from tools.landing import lesson_topic, write_landing
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
    page = tools.rules.rules_page(game, None, ())
    assert "Sow stacks round a circle" in page and "<code>extra_turn</code>" in page
    assert "Play " not in page


def test_every_relative_link_resolves(site: Path) -> None:
    pages = [site / "index.html", site / "index.de.html", *sorted((site / "rules").glob("*.html"))]
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


SHOWS = {
    ("button-men", 1): lambda text: text.count("dice in play:") == 2 and "captured:" not in text,
    ("button-man-braille", 0): lambda text: text.count("captured nothing") == 2 and text.count(" shows ") >= 10,
    ("button-up", 0): lambda text: text.count("\n  stack ") == 9 and "move 1 of" not in text,
    ("button-up", 4): lambda text: "move 4 of" in text,
    ("buttonmen-battle", 0): lambda text: "round 1." in text and "Phase: orders" in text,
    ("fair-and-square", 0): lambda text: "round 1 of" in text and "Still placing" in text,
    ("imperio-bellum", 3): lambda text: "Setup" in text and text.count("headquarters e") == 2 and "Turn" not in text,
    ("imperio-bellum", 16):
        lambda text: "Turn 1: player 1" in text and text.count("spawned this turn") == 3 and "moved" in text,
}
"""What each Rules page figure's caption says, as a check of the position's text, by game and ``@picture N``.
The captions: Button Men's opening (dice rolled, nothing captured), braille's first roll, Button Up!'s fresh
circle and its circle after three moves, Battle's starting map, Fair and Square's boards before placement,
Imperio's default armies and the attacker's first turn with three knights brought in."""


def figures() -> list[tuple[str, int, str]]:
    """Every ``@picture N caption`` line of every summary, in every language: (game, N, caption)."""
    return [(summary.name.split(".")[0], int(match.group(1)), match.group(2))
            for summary in sorted(RULES_SRC.glob("*.md"))
            for match in tools.rules.PICTURE.finditer(summary.read_text())]


@pytest.mark.parametrize(("name", "actions", "caption"), figures())
def test_every_figure_shows_what_its_caption_says(name: str, actions: int, caption: str) -> None:
    assert (name, actions) in SHOWS, f"no check of what '{caption}' ({name}) shows: add one to SHOWS"
    text = tools.rules.sample_line(core.GAMES[name], actions).describe()
    assert SHOWS[name, actions](text), f"{name} @picture {actions} does not show '{caption}':\n{text}"


@pytest.mark.parametrize("name", list(core.GAMES))
def test_every_rules_page_has_a_german_twin_with_the_same_figures(site: Path, name: str) -> None:
    english, german = (RULES_SRC / f"{name}.md").read_text(), (RULES_SRC / f"{name}.de.md").read_text()
    numbers = [int(n) for n in re.findall(r"^@picture (\d+)", english, re.M)]
    assert numbers == [int(n) for n in re.findall(r"^@picture (\d+)", german, re.M)]
    page = (site / "rules" / f"{name}.de.html").read_text()
    assert '<html lang="de">' in page and "Regeln</h1>" in page and 'href="../index.de.html"' in page
    assert f'href="{name}.html" hreflang="en"' in page
    assert f'href="{name}.de.html" hreflang="de"' in (site / "rules" / f"{name}.html").read_text()
    assert '<div lang="en"><div class="table-scroll"' in page, "the engine's English rulings are marked as English"


def test_the_german_landing_page_lists_every_game_in_german(site: Path) -> None:
    page = (site / "index.de.html").read_text()
    assert '<html lang="de">' in page and ">Spiele</h2>" in page
    for name, game in core.GAMES.items():
        assert html.escape(tools.rules.summary_of(game, "de").line) in page
        assert f'href="rules/{name}.de.html"' in page
    assert 'href="index.de.html" hreflang="de"' in (site / "index.html").read_text()


GERMAN = [p.name.split(".")[0] for p in NOTEBOOKS.glob("*.de.ipynb")]
"""Every notebook translated into German, by name."""
GERMAN_TUTORIALS = sorted(name for name in GERMAN if name in core.GAMES)
"""The games with a German tutorial, ``notebooks/<game>.de.ipynb``."""


@pytest.mark.parametrize("name", GERMAN_TUTORIALS)
def test_a_german_tutorial_is_linked_from_both_rules_pages_and_both_landing_pages(site: Path, name: str) -> None:
    tutorial = f'href="../lite/notebooks/index.html?path={name}.de.ipynb"'
    assert tutorial in (site / "rules" / f"{name}.de.html").read_text()
    assert tutorial + ' hreflang="de"' in (site / "rules" / f"{name}.html").read_text()
    card = f'href="lite/notebooks/index.html?path={name}.de.ipynb"'
    german, english = (site / "index.de.html").read_text(), (site / "index.html").read_text()
    assert f'<a class="learn" {card}>' in german and f'<a class="learn" {card} hreflang="de">' in english
    assert german.index(card) < german.index(f'href="lite/notebooks/index.html?path={name}.ipynb"'), \
        "the German landing page lists the German tutorial first"


GERMAN_LESSONS = sorted(name for name in GERMAN if name not in core.GAMES)
"""The further lessons translated into German, ``notebooks/<game>-<lesson>.de.ipynb``."""


@pytest.mark.parametrize("lesson", GERMAN_LESSONS)
def test_a_german_lesson_is_linked_by_its_german_topic_from_its_games_pages(site: Path, lesson: str) -> None:
    game = max((name for name in core.GAMES if lesson.startswith(f"{name}-")), key=len)
    german = f'href="../lite/notebooks/index.html?path={lesson}.de.ipynb"'
    english = f'href="../lite/notebooks/index.html?path={lesson}.ipynb"'
    rules_de, rules_en = (site / "rules" / f"{game}.de.html").read_text(), (site / "rules" / f"{game}.html").read_text()
    assert re.search(re.escape(german) + r">Lektion: [^<(]+</a>", rules_de), "the German Rules page names its topic"
    assert re.search(re.escape(english) + r' hreflang="en">Lektion: [^<(]+ \(<span lang="en">English', rules_de)
    assert re.search(re.escape(german) + r' hreflang="de">Lesson: [^<(]+ \(<span lang="de">Deutsch', rules_en)
    landing = (site / "index.de.html").read_text()
    card = f'<a class="learn" href="lite/notebooks/index.html?path={lesson}.de.ipynb"><span class="visually-hidden">'
    assert card in landing
    assert landing.index(card) < landing.index(f'href="lite/notebooks/index.html?path={lesson}.ipynb"'), \
        "the German landing page lists the German lesson first"


def test_a_lesson_is_named_by_the_topic_of_its_title(tmp_path: Path) -> None:
    titled, untitled = tmp_path / "button-men-skills.de.ipynb", tmp_path / "button-men-x.ipynb"
    titled.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": [
        "# Button Men — Fertigkeiten (zusätzliche Lektion, 10 Minuten)\n", "\n", "Buchstaben ..."]}]}))
    untitled.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": "Some text"}]}))
    assert lesson_topic(titled) == "Fertigkeiten"
    with pytest.raises(SystemExit):
        lesson_topic(untitled)
