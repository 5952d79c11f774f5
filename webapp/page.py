"""The accessible page frame shared by every game: header, one main landmark, key map.

Panel's stock templates lack a ``<main>`` landmark or carry controls without
keyboard access, so pages use this small template instead: a header with the
page's ``<h1>``, a ``<main>`` holding the app, and a footer linking the rules.
"""

from __future__ import annotations

from html import escape

import panel as pn

_TEMPLATE = """
{% extends base %}
{% block contents %}
<a class="rb-skip" href="#rb-main">Skip to the game</a>
<header class="rb-header">
  <h1>{{ rb_title }}</h1>
  <p>{{ rb_tagline }}</p>
</header>
<main id="rb-main" tabindex="-1" aria-label="{{ rb_title }}">
{{ embed(roots.main) }}
</main>
<footer class="rb-footer"><p>{{ rb_footer }}</p></footer>
{{ embed(roots.location) }}
{% endblock %}
"""

PAGE_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111;
       background: #f4f1ea; margin: 0; }
.rb-header { background: #1d3557; color: #fff; padding: 0.6em 1.2em; }
.rb-header h1 { margin: 0; font-size: 1.6em; }
.rb-header p { margin: 0.2em 0 0 0; }
main { display: block; padding: 0.5em 1em; }
.rb-footer { padding: 0.5em 1.2em; color: #333; font-size: 0.9em; }
.rb-skip { position: absolute; left: -999px; top: 0; background: #fff; color: #0b3d91; padding: 0.4em; }
.rb-skip:focus { left: 0.5em; z-index: 10; outline: 3px solid #0b3d91; }
"""


def make_page(title: str, tagline: str, footer: str,
              main: pn.viewable.Viewable | pn.viewable.Viewer) -> pn.Template:
    """The page: ``title`` as the ``<h1>``, ``main`` inside the ``<main>`` landmark."""
    pn.config.raw_css = [css for css in pn.config.raw_css if css != PAGE_CSS] + [PAGE_CSS]
    page = pn.Template(_TEMPLATE, items={"main": main}, location=True)
    page.add_variable("rb_title", escape(title))
    page.add_variable("rb_tagline", escape(tagline))
    page.add_variable("rb_footer", escape(footer))
    return page


def key_map_html(rows: list[tuple[str, str]]) -> str:
    """A documented key map as a small table (key, what it does)."""
    body = "".join(f"<tr><th scope='row'><kbd>{escape(k)}</kbd></th><td>{escape(v)}</td></tr>"
                   for k, v in rows)
    return ("<table style='border-collapse:collapse' aria-label='Keyboard shortcuts'>"
            f"<thead><tr><th scope='col'>Key</th><th scope='col'>Action</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")
