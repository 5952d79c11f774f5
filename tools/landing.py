"""The landing page: ``site/index.html`` with its ``<!-- games -->`` marker replaced by the games.

Every registered game (``core.GAMES``) gets a card: its title, one line about
it and how long a game takes (:mod:`tools.rules`), a picture of a typical
position drawn by the engine (``assets/boards/<game>.svg``), a link to its page
(when :mod:`webapp.registry` lists one), its tutorials in JupyterLite
(``notebooks/<game>.ipynb``, translations ``notebooks/<game>.<lang>.ipynb`` and
further lessons ``notebooks/<game>-<topic>.ipynb``) and its Rules page.
"""

from __future__ import annotations

import html
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.common import NOTEBOOKS, SITE_SRC, stop
from tools.rules import summary_of, typical_position, write_rules
from webapp.registry import AppEntry, further_pages

MARKER = "<!-- games -->"
LANGUAGE_NAMES = {"de": "Deutsch", "fr": "Français", "es": "Español"}
"""How a tutorial translation (``notebooks/<game>.<lang>.ipynb``) is named on the landing page."""


def tutorials(game: str) -> list[tuple[str | None, str]]:
    """A game's tutorial notebooks: ``(language or None for English, file name)``."""
    found: list[tuple[str | None, str]] = [(None, f"{game}.ipynb")] if (NOTEBOOKS / f"{game}.ipynb").exists() else []
    return found + [(p.suffixes[-2][1:], p.name) for p in sorted(NOTEBOOKS.glob(f"{game}.*.ipynb"))]


def lessons(game: str) -> list[tuple[str, str]]:
    """A game's further lessons, ``notebooks/<game>-<topic>.ipynb``: ``(topic, file name)``."""
    return [(p.stem[len(game) + 1:], p.name) for p in sorted(NOTEBOOKS.glob(f"{game}-*.ipynb"))
            if "." not in p.stem]


def tutorial_url(notebook: str) -> str:
    """The relative URL of a tutorial notebook in the site's JupyterLite."""
    return f"lite/notebooks/index.html?path={notebook}"


def links(name: str, title: str, pages: dict[str, str]) -> list[str]:
    """The list items of one game's card: its page, its tutorials, then its Rules page."""
    items = []
    if name in pages:
        items.append(f'<li><a class="play" href="apps/{pages[name]}.html">Play {title}'
                     '<span class="visually-hidden"> in the browser</span></a></li>')
        items += [f'<li><a class="play" href="apps/{e.page}.html">{html.escape(e.title)}</a></li>'
                  for e in further_pages(name)]
    for lang, notebook in tutorials(name):
        href = html.escape(tutorial_url(notebook))
        hidden = f'<span class="visually-hidden">{title}: </span>'
        if lang is None:
            items.append(f'<li><a class="learn" href="{href}">{hidden}Tutorial notebook</a></li>')
        else:
            language = html.escape(LANGUAGE_NAMES.get(lang, lang))
            items.append(f'<li><a class="learn" href="{href}" hreflang="{lang}">{hidden}Tutorial notebook '
                         f'(<span lang="{lang}">{language}</span>)</a></li>')
    for topic, notebook in lessons(name):
        items.append(f'<li><a class="learn" href="{html.escape(tutorial_url(notebook))}">'
                     f'<span class="visually-hidden">{title}: </span>Lesson: {html.escape(topic)}</a></li>')
    items.append(f'<li><a class="learn" href="rules/{name}.html"><span class="visually-hidden">{title}: </span>'
                 'Rules</a></li>')
    return items


def card(game: Any, pages: dict[str, str]) -> str:
    """One game's card: title, what it is, how long it takes, a picture, its links."""
    name, title = game.name, html.escape(game.title)
    text = summary_of(game)
    duration = f'<p class="duration">{html.escape(text.duration)}</p>' if text.duration else ""
    return (f'<li class="game" id="{name}">\n<article aria-labelledby="title-{name}">\n'
            f'<h3 id="title-{name}">{title}</h3>\n<p>{html.escape(text.line)}</p>\n{duration}\n'
            f'<img class="board" src="assets/boards/{name}.svg" width="320" height="240" '
            f'alt="{title}: a position a few moves into a game">\n'
            f'<ul class="links">{"".join(links(name, title, pages))}</ul>\n</article>\n</li>')


def write_boards(folder: Path, games: Sequence[Any]) -> None:
    """Each game's typical position, drawn by its engine, as ``<game>.svg``."""
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        (folder / f"{game.name}.svg").write_text(typical_position(game).svg())


def write_landing(out: Path, apps: Sequence[AppEntry]) -> None:
    """The landing page with the game list filled in, its assets and the Rules pages, into ``out``."""
    import core

    page = (SITE_SRC / "index.html").read_text()
    if MARKER not in page:
        stop(f"site/index.html lacks the {MARKER} marker")
    pages = {entry.game: entry.page for entry in apps if not entry.title}
    games = list(core.GAMES.values())
    (out / "index.html").write_text(page.replace(MARKER, "\n".join(card(game, pages) for game in games)))
    shutil.copytree(SITE_SRC / "assets", out / "assets", dirs_exist_ok=True)
    write_boards(out / "assets" / "boards", games)
    notebooks = {game.name: tutorial_url(f"{game.name}.ipynb") for game in games
                 if (NOTEBOOKS / f"{game.name}.ipynb").exists()}
    write_rules(out, games, pages, notebooks)
    (out / ".nojekyll").write_text("")
