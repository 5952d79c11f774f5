"""What the tutorial helpers show: HTML pieces and pictures that carry their own plain-text form.

Every object has IPython's display hooks (``_repr_html_``, ``_repr_svg_``), so it renders the
same in plain Jupyter and in JupyterLite and needs neither IPython nor widgets here; its
``repr`` is the plain text a terminal gets.  A picture is shown inline in HTML (never as an
``<img>``, which a screen reader announces as just "img"), followed by its text form.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from core.teach.words import say


@dataclass(frozen=True)
class Html:
    """A piece of HTML to show as a cell's output; ``text`` is its plain-text form."""

    markup: str
    text: str

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


def in_words(text: str, lang: str = "en", opened: bool = False) -> str:
    """``text`` (a position's description) as HTML under its picture, one click away unless ``opened``."""
    state = " open" if opened else ""
    return (f"<details{state}><summary>{html.escape(say('in_words', lang))}</summary>"
            f"<p style=\"white-space:pre-line\">{html.escape(text)}</p></details>")


@dataclass(frozen=True)
class Picture:
    """An SVG picture (a position or a chart); ``text`` says in words what it shows.

    As HTML the SVG is inline, with the text form below it in ``lang`` (``opened`` shows it unfolded).
    """

    svg: str
    text: str
    lang: str = "en"
    opened: bool = False

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f"<figure style=\"margin:0\">{self.svg}{in_words(self.text, self.lang, self.opened)}</figure>"

    def __repr__(self) -> str:
        return self.text


def message(text: str) -> Html:
    """A short sentence as output."""
    return Html(f"<p>{html.escape(text)}</p>", text)


def relabel(svg: str, texts: Mapping[str, str]) -> str:
    """``svg`` with each whole text (a ``<text>`` or the ``<title>``) named in ``texts`` replaced by its translation."""
    for old, new in texts.items():
        svg = svg.replace(f">{html.escape(old)}<", f">{html.escape(new)}<")
    return svg
