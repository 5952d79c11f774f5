"""The accessible page frame shared by every game: header, one main landmark, key map.

Panel's stock templates lack a ``<main>`` landmark or carry controls without
keyboard access, so pages use this small template (``static/page.html``)
instead: a viewport meta tag for phones; a one-line header with the site's name
(a link to the landing page), the page's ``<h1>``, this game's Rules page,
tutorial and further pages, and an "All games" menu (a ``<details>``
disclosure: keyboard- and screen-reader-operable without script) linking every
page of :mod:`webapp.registry` (so new pages appear by themselves); a
``<main>`` holding the app; and a footer with the tagline and the rules.
Colours come from ``static/palette.css``, the palette the landing page uses too.
"""

from __future__ import annotations

from html import escape

import panel as pn

import core
from webapp.registry import further_pages, site_apps
from webapp.shell.assets import asset

TEMPLATE = asset("page.html")
PALETTE_CSS = asset("palette.css")
PAGE_CSS = asset("page.css")
SITE_NAME = "Rulebox"


def site_links(game: str) -> list[tuple[str, str]]:
    """The header's way round the static site from a game page (``apps/<page>.html``):
    every game, this game's rules and its tutorial."""
    return [("../index.html", "All games"), (f"../rules/{game}.html", "Rules"),
            (f"../lite/notebooks/index.html?path={game}.ipynb", "Tutorial")]


def game_links() -> list[tuple[str, str, str]]:
    """``(href, title, page)`` of every page the site ships, relative to ``apps/``."""
    return [(f"{entry.page}.html", entry.title or core.get_game(entry.game).title, entry.page)
            for entry in site_apps()]


def own_page(game: str) -> str | None:
    """The page of ``game`` itself (None: the game has none of its own)."""
    return next((entry.page for entry in site_apps() if entry.game == game and not entry.title), None)


def nav_html(game: str, page: str | None = None) -> str:
    """The "All games" menu's items: the landing page, then every page (this one, ``page`` or else the
    game's own page, marked current)."""
    landing = dict((label, href) for href, label in site_links(game))["All games"]
    items = [f'<li class="rb-brand"><a href="{escape(landing)}">{SITE_NAME}: All games</a></li>']
    here = page or own_page(game)
    for href, title, name in game_links():
        current = ' aria-current="page"' if name == here else ""
        items.append(f'<li><a href="{escape(href)}"{current}>{escape(title)}</a></li>')
    return "".join(items)


def game_nav_html(game: str, page: str | None = None) -> str:
    """This game's own links: its Rules page, its tutorial and its further pages (``rb-further``: a phone
    leaves them to the "All games" menu); on a further page (``page``) the game's own page instead of it."""
    links = [(href, label, "") for href, label in site_links(game) if label != "All games"]
    further = [(entry.page, entry.title) for entry in further_pages(game)]
    own = own_page(game)
    if own is not None and page in dict(further):
        further = [(own, core.get_game(game).title), *further]
    links += [(f"{name}.html", title, ' class="rb-further"') for name, title in further if name != page]
    return "".join(f'<li{mark}><a href="{escape(href)}">{escape(label)}</a></li>' for href, label, mark in links)


def make_page(title: str, tagline: str, footer: str, main: pn.viewable.Viewable | pn.viewable.Viewer,
              address: pn.viewable.Viewable, game: str, page_name: str | None = None) -> pn.Template:
    """The page: ``title`` as the ``<h1>``, ``main`` inside the ``<main>`` landmark, and a site
    navigation for ``game`` (:func:`nav_html`; ``page_name``: a further page of the game, not its own).

    ``address`` keeps the browser's address on the game (``LinkSync.address``).
    """
    pn.config.raw_css = [css for css in pn.config.raw_css if css not in (PALETTE_CSS, PAGE_CSS)] + [
        PALETTE_CSS, PAGE_CSS]
    page = pn.Template(TEMPLATE, items={"main": main, "address": address}, location=True)
    page.add_variable("html_attrs", 'data-rb-scheme="light"')
    page.add_variable("rb_title", escape(title))
    page.add_variable("rb_tagline", escape(tagline))
    page.add_variable("rb_footer", escape(footer))
    page.add_variable("rb_nav", nav_html(game, page_name))
    page.add_variable("rb_game_nav", game_nav_html(game, page_name))
    page.add_variable("rb_game_title", escape(core.get_game(game).title))
    return page


def key_map_html(rows: list[tuple[str, str]]) -> str:
    """A documented key map as a small table (key, what it does)."""
    body = "".join(f"<tr><th scope='row'><kbd>{escape(k)}</kbd></th><td>{escape(v)}</td></tr>"
                   for k, v in rows)
    return ("<table style='border-collapse:collapse' aria-label='Keyboard shortcuts'>"
            f"<thead><tr><th scope='col'>Key</th><th scope='col'>Action</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")
