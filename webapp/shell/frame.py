"""The accessible page frame shared by every game: header, one main landmark, key map.

Panel's stock templates lack a ``<main>`` landmark or carry controls without
keyboard access, so pages use this small template (``static/page.html``)
instead: a header with the page's ``<h1>``, a ``<main>`` holding the app, and a
footer naming the rules.
"""

from __future__ import annotations

from html import escape

import panel as pn

from webapp.shell.assets import asset

TEMPLATE = asset("page.html")
PAGE_CSS = asset("page.css")


def site_links(game: str) -> list[tuple[str, str]]:
    """The header's way round the static site from a game page (``apps/<page>.html``):
    every game, this game's rules and its tutorial."""
    return [("../index.html", "All games"), (f"../rules/{game}.html", "Rules"),
            (f"../lite/notebooks/index.html?path={game}.ipynb", "Tutorial")]


def make_page(title: str, tagline: str, footer: str, main: pn.viewable.Viewable | pn.viewable.Viewer,
              address: pn.viewable.Viewable, game: str) -> pn.Template:
    """The page: ``title`` as the ``<h1>``, ``main`` inside the ``<main>`` landmark, and a site
    navigation for ``game`` (:func:`site_links`).

    ``address`` keeps the browser's address on the game (``LinkSync.address``).
    """
    pn.config.raw_css = [css for css in pn.config.raw_css if css != PAGE_CSS] + [PAGE_CSS]
    page = pn.Template(TEMPLATE, items={"main": main, "address": address}, location=True)
    page.add_variable("rb_title", escape(title))
    page.add_variable("rb_tagline", escape(tagline))
    page.add_variable("rb_footer", escape(footer))
    page.add_variable("rb_nav", "".join(f'<li><a href="{escape(href)}">{escape(label)}</a></li>'
                                        for href, label in site_links(game)))
    return page


def key_map_html(rows: list[tuple[str, str]]) -> str:
    """A documented key map as a small table (key, what it does)."""
    body = "".join(f"<tr><th scope='row'><kbd>{escape(k)}</kbd></th><td>{escape(v)}</td></tr>"
                   for k, v in rows)
    return ("<table style='border-collapse:collapse' aria-label='Keyboard shortcuts'>"
            f"<thead><tr><th scope='col'>Key</th><th scope='col'>Action</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")
