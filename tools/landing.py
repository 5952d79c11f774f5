"""The landing page: ``site/index.html`` with its ``<!-- games -->`` marker replaced by the games.

Every registered game (``core.GAMES``) gets a card: its title, the first line
of its class docstring, a link to its page (when :mod:`webapp.registry` lists
one) and links to its tutorials in JupyterLite (``notebooks/<game>.ipynb`` and
translations ``notebooks/<game>.<lang>.ipynb``).
"""

from __future__ import annotations

import html
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.common import NOTEBOOKS, SITE_SRC, stop
from webapp.registry import AppEntry

MARKER = "<!-- games -->"
LANGUAGE_NAMES = {"de": "Deutsch", "fr": "Français", "es": "Español"}
"""How a tutorial translation (``notebooks/<game>.<lang>.ipynb``) is named on the landing page."""


def tutorials(game: str) -> list[tuple[str | None, str]]:
    """A game's tutorial notebooks: ``(language or None for English, file name)``."""
    found: list[tuple[str | None, str]] = [(None, f"{game}.ipynb")] if (NOTEBOOKS / f"{game}.ipynb").exists() else []
    return found + [(p.suffixes[-2][1:], p.name) for p in sorted(NOTEBOOKS.glob(f"{game}.*.ipynb"))]


def tutorial_url(notebook: str) -> str:
    """The relative URL of a tutorial notebook in the site's JupyterLite."""
    return f"lite/notebooks/index.html?path={notebook}"


def summary(game: Any) -> str:
    """One line about a game: its class docstring's first line, title prefix dropped."""
    line = ((type(game).__doc__ or "").strip().splitlines() or [""])[0]
    prefix = f"{game.title}:"
    line = line[len(prefix):].strip() if line.startswith(prefix) else line
    return line[:1].upper() + line[1:]


def links(name: str, title: str, pages: dict[str, str]) -> list[str]:
    """The list items of one game's card: its page, then its tutorials."""
    items = []
    if name in pages:
        items.append(f'<li><a class="play" href="apps/{pages[name]}.html">Play {title}'
                     '<span class="visually-hidden"> in the browser</span></a></li>')
    for lang, notebook in tutorials(name):
        href = html.escape(tutorial_url(notebook))
        hidden = f'<span class="visually-hidden">{title}: </span>'
        if lang is None:
            items.append(f'<li><a class="learn" href="{href}">{hidden}Tutorial notebook</a></li>')
        else:
            language = html.escape(LANGUAGE_NAMES.get(lang, lang))
            items.append(f'<li><a class="learn" href="{href}" hreflang="{lang}">{hidden}Tutorial notebook '
                         f'(<span lang="{lang}">{language}</span>)</a></li>')
    return items


def game_cards(apps: Sequence[AppEntry]) -> str:
    """The landing page's list of games, with their page and tutorial links."""
    import core

    pages = {entry.game: entry.page for entry in apps}
    cards = []
    for name, game in core.GAMES.items():
        title = html.escape(game.title)
        cards.append(
            f'<li class="game" id="{name}">\n<article aria-labelledby="title-{name}">\n'
            f'<h3 id="title-{name}">{title}</h3>\n<p>{html.escape(summary(game))}</p>\n'
            f'<ul class="links">{"".join(links(name, title, pages))}</ul>\n</article>\n</li>'
        )
    return "\n".join(cards)


def write_landing(out: Path, apps: Sequence[AppEntry]) -> None:
    """The landing page with the game list filled in, plus its assets, into ``out``."""
    page = (SITE_SRC / "index.html").read_text()
    if MARKER not in page:
        stop(f"site/index.html lacks the {MARKER} marker")
    (out / "index.html").write_text(page.replace(MARKER, game_cards(apps)))
    if (SITE_SRC / "assets").is_dir():
        shutil.copytree(SITE_SRC / "assets", out / "assets", dirs_exist_ok=True)
    (out / ".nojekyll").write_text("")
