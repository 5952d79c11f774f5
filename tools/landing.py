"""The landing page, ``site/index.html`` (and in German ``site/index.de.html``), its ``<!-- games -->`` marker
replaced by the games.

Every registered game (``core.GAMES``) gets a card: its title, one line about
it and how long a game takes (:mod:`tools.rules`), a picture of a typical
position drawn by the engine (``assets/boards/<game>.svg``), a link to its page
(when :mod:`webapp.registry` lists one), its tutorials in JupyterLite
(``notebooks/<game>.ipynb``, further lessons ``notebooks/<game>-<lesson>.ipynb``, named by the
topic of their title, and the translations ``notebooks/<game>[-<lesson>].<lang>.ipynb`` of either) and its
Rules page, each in the page's language first where a translation exists.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.common import NOTEBOOKS, SITE_SRC, stop
from tools.rules import (Tutorial, hreflang, in_order, languages, page_file, summary_of, tutorial_label,
                         typical_position, write_rules)
from tools.teachers import write_teacher_pack
from webapp.registry import AppEntry, further_pages

MARKER = "<!-- games -->"
CARD_WORDS = {
    "en": {"play": "Play {title}", "in_browser": " in the browser", "tutorial": "Tutorial notebook",
           "lesson": "Lesson: {topic}", "rules": "Rules", "board": "{title}: a position a few moves into a game"},
    "de": {"play": "{title} spielen", "in_browser": " im Browser", "tutorial": "Tutorial-Notebook",
           "lesson": "Lektion: {topic}", "rules": "Regeln", "board": "{title}: eine Stellung nach einigen Zügen"},
}
"""The words of a game's card on the landing page, per language (``site/index.html``, ``site/index.<lang>.html``)."""


TITLE = re.compile(r"# .+? — (.+?)(?: \(.*\))?")
"""A further lesson's title line, ``# Button Men — skills (optional, 10 minutes)``: its topic is ``skills``."""


def lesson_topic(notebook: Path) -> str:
    """A further lesson's topic as the title of its first cell names it; a lesson without such a title stops the
    build."""
    source = json.loads(notebook.read_text())["cells"][0]["source"]
    title = TITLE.fullmatch(("".join(source) if isinstance(source, list) else source).split("\n")[0])
    if title is None:
        stop(f"notebooks/{notebook.name} does not start with a title '# <game> — <topic> (...)'")
    return title[1]


def tutorials(game: str) -> list[Tutorial]:
    """A game's tutorial notebooks: its tutorial (``<game>.ipynb``), further lessons (``<game>-<lesson>.ipynb``) and
    their translations (``<game>.<lang>.ipynb``, ``<game>-<lesson>.<lang>.ipynb``)."""
    found = []
    for path in sorted(NOTEBOOKS.glob(f"{game}*.ipynb")):
        name, _, lang = path.name.removesuffix(".ipynb").partition(".")
        if name == game:
            found.append(Tutorial(lang or "en", tutorial_url(path.name)))
        elif name.startswith(f"{game}-"):
            found.append(Tutorial(lang or "en", tutorial_url(path.name), name[len(game) + 1:], lesson_topic(path)))
    return found


def tutorial_url(notebook: str) -> str:
    """The relative URL of a tutorial notebook in the site's JupyterLite."""
    return f"lite/notebooks/index.html?path={notebook}"


def links(game: Any, pages: dict[str, str], lang: str) -> list[str]:
    """The list items of one game's card: its page, its tutorials (the card's language first), its Rules page."""
    name, title, words = game.name, html.escape(game.title), CARD_WORDS[lang]
    hidden = f'<span class="visually-hidden">{title}: </span>'
    items = []
    if name in pages:
        items.append(f'<li><a class="play" href="apps/{pages[name]}.html">{words["play"].format(title=title)}'
                     f'<span class="visually-hidden">{words["in_browser"]}</span></a></li>')
        items += [f'<li><a class="play" href="apps/{e.page}.html">{html.escape(e.title)}</a></li>'
                  for e in further_pages(name)]
    found = tutorials(name)
    items += [f'<li><a class="learn" href="{html.escape(t.url)}"{hreflang(t, lang)}>{hidden}'
              f"{tutorial_label(t, found, words, lang)}</a></li>" for t in in_order(found, lang)]
    rules = page_file(name, lang if lang in languages(game) else "en")
    items.append(f'<li><a class="learn" href="rules/{rules}">{hidden}{words["rules"]}</a></li>')
    return items


def card(game: Any, pages: dict[str, str], lang: str) -> str:
    """One game's card: title, what it is, how long it takes, a picture, its links."""
    name, title = game.name, html.escape(game.title)
    text = summary_of(game, lang if lang in languages(game) else "en")
    duration = f'<p class="duration">{html.escape(text.duration)}</p>' if text.duration else ""
    return (f'<li class="game" id="{name}">\n<article aria-labelledby="title-{name}">\n'
            f'<h3 id="title-{name}">{title}</h3>\n<p>{html.escape(text.line)}</p>\n{duration}\n'
            f'<img class="board" src="assets/boards/{name}.svg" width="320" height="240" '
            f'alt="{CARD_WORDS[lang]["board"].format(title=title)}">\n'
            f'<ul class="links">{"".join(links(game, pages, lang))}</ul>\n</article>\n</li>')


def write_boards(folder: Path, games: Sequence[Any]) -> None:
    """Each game's typical position, drawn by its engine, as ``<game>.svg``."""
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        (folder / f"{game.name}.svg").write_text(typical_position(game).svg())


def write_landing(out: Path, apps: Sequence[AppEntry]) -> None:
    """The landing page with the game list filled in, its assets and the Rules pages, into ``out``."""
    import core

    pages = {entry.game: entry.page for entry in reversed(apps) if not entry.title}  # a game's first page wins
    games = list(core.GAMES.values())
    for lang in CARD_WORDS:
        name = page_file("index", lang)
        page = (SITE_SRC / name).read_text()
        if MARKER not in page:
            stop(f"site/{name} lacks the {MARKER} marker")
        (out / name).write_text(page.replace(MARKER, "\n".join(card(game, pages, lang) for game in games)))
    shutil.copytree(SITE_SRC / "assets", out / "assets", dirs_exist_ok=True)
    write_boards(out / "assets" / "boards", games)
    notebooks = {game.name: tutorials(game.name) for game in games}
    write_rules(out, games, pages, notebooks)
    write_teacher_pack(out, games, {name: next((t.url for t in found if t.lang == "en" and not t.lesson), "")
                                    for name, found in notebooks.items()})
    (out / ".nojekyll").write_text("")
