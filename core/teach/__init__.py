"""Helpers for the tutorial notebooks, so their visible cells stay short and read like sentences.

Everything a helper shows is an object with IPython's display hooks
(``_repr_html_``, ``_repr_svg_``): it renders the same in plain Jupyter and in
JupyterLite, needs neither IPython nor widgets here, and its plain-text form
(``repr``) is what a screen reader or a terminal gets.  Modules:

* this one - positions, links to the site, the first cell's answer and match summaries;
* :mod:`core.teach.output` - HTML and pictures that carry their text form;
* :mod:`core.teach.lesson` - exercises in one form (``exercise(n)``, ``answer(n, ...)``, ``hint(n)``,
  ``solution(n)``);
* :mod:`core.teach.clicks` - an exercise's choices as buttons under its empty answer slot (where the kernel
  has ipywidgets);
* :mod:`core.teach.slips` - typing slips as one friendly line instead of a traceback;
* :mod:`core.teach.words` - the helpers' sentences and numbers in the notebook's language;
* :mod:`core.teach.chart` - the score chart as SVG;
* one small module per game (``core.teach.buttonup`` ...) with its lessons' positions and exercises; a lesson
  in English and German keeps its sentences, and its positions told in German, in ``<module>_text``
  (``core.teach.buttonup_text``, ``core.teach.buttonmen_text``, ``core.teach.skills_text``; the braille lesson's
  game speaks German itself).
"""

from __future__ import annotations

import html
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.bots import Bot
from core.protocol import Action, State
from core.teach.chart import score_chart
from core.teach.clicks import Choice, offered
from core.teach.lesson import Exercise, Lesson, Slip, as_number
from core.teach.output import Html, Picture, message
from core.teach.slips import install as install_slips
from core.teach.words import number, say

__all__ = ["Choice", "Exercise", "Html", "Lesson", "Match", "Moment", "Picture", "Slip", "as_number", "begin",
           "install_slips", "message", "navigation", "number", "offered", "play_match", "ready", "say", "show",
           "site_links", "site_root", "summary"]


def show(state: State, lang: str = "en", opened: bool = False) -> Picture:
    """The position as a picture (the game's own SVG) with its description in words below it."""
    return Picture(state.svg(), state.describe(), lang, opened)


# --------------------------------------------------------------------------- links


SITE_FROM_NOTEBOOK = "../../"
"""The site's root relative to the JupyterLite notebook page (``lite/notebooks/index.html``)."""


def site_root() -> str:
    """The site's root URL: absolute inside JupyterLite (from the kernel's own address), else relative.

    JupyterLite resolves a relative link in a notebook against its own file
    store, so the links to the site's pages are made absolute where the kernel
    knows the site's address.
    """
    if sys.platform == "emscripten":
        try:
            address = str(importlib.import_module("js").location.href)
        except (ImportError, AttributeError):
            return SITE_FROM_NOTEBOOK
        if address.startswith("http") and "/lite/" in address:
            return address[:address.rindex("/lite/") + 1]
    return SITE_FROM_NOTEBOOK


def site_links(game: str, page: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The tutorial's way out, as (label, URL relative to the site's root): play, rules, all games; the Rules
    page and the landing page in ``lang`` (``rules/<game>.de.html``, ``index.de.html``)."""
    links = [(say("play", lang), f"apps/{page}.html")] if page else []
    suffix = "" if lang == "en" else f".{lang}"
    return [*links, (say("rules", lang), f"rules/{game}{suffix}.html"), (say("home", lang), f"index{suffix}.html")]


def navigation(game: str, page: str | None, lang: str = "en") -> Html:
    """The links to the game's page, its Rules page and the landing page."""
    root = site_root()
    links = site_links(game, page, lang)
    items = [f'<a href="{html.escape(root + url)}">{html.escape(label)}</a>' for label, url in links]
    return Html(f"<p>{' · '.join(items)}</p>", " · ".join(label for label, _ in links))


def ready(game: str, page: str | None, lang: str = "en") -> Html:
    """What the tutorial's first cell shows: the engine is loaded, and where to go from here.

    From here on a typing slip in the notebook shows as one friendly line (:mod:`core.teach.slips`).
    """
    install_slips(lang)
    links = navigation(game, page, lang)
    return Html(f"<p><strong>{html.escape(say('ready', lang))}</strong></p>{links.markup}",
                f"{say('ready', lang)}\n{links.text}")


def begin(lesson: Lesson, game: str, page: str | None, lang: str) -> Html:
    """A tutorial's first cell in ``lang`` (``en`` or ``de``), from which on ``lesson`` speaks that language."""
    if lang not in ("en", "de"):
        raise ValueError("the tutorial speaks en or de")
    lesson.lang = lang
    return ready(game, page, lang)


# --------------------------------------------------------------------------- matches


@dataclass(frozen=True)
class Moment:
    """A position worth a picture in a match summary, with its caption."""

    caption: str
    state: State


@dataclass(frozen=True)
class Match:
    """A bot-vs-bot match: every position, the labels of the actions, the score after each."""

    states: tuple[State, ...]
    moves: tuple[str, ...]
    scores: tuple[tuple[float, float], ...]


def play_match(start: State, bots: Sequence[Bot], score: Callable[[State], tuple[float, float]],
               names: tuple[str, str], limit: int = 400, label: Callable[[Action], str] = str) -> Match:
    """Let ``bots`` (one per seat, ``core.bots`` bots) play from ``start`` until the end or ``limit`` actions;
    the log names each move by ``label``."""
    states, moves, scores = [start], list[str](), [score(start)]
    state = start
    while state.actors and len(moves) < limit:
        actor = min(state.actors, key=lambda a: (a < 0, a))
        bot = bots[actor] if actor >= 0 else bots[0]
        action = bot.choose(state, actor)
        moves.append(f"{names[actor] if actor >= 0 else '⚀'}: {label(action)}")
        state = state.apply(action, actor)
        states.append(state)
        scores.append(score(state))
    return Match(tuple(states), tuple(moves), tuple(scores))


def summary(match: Match, moments: Sequence[Moment], names: tuple[str, str], score_name: str,
            lang: str = "en", picture: Callable[[State], str] = State.svg) -> Html:
    """A match in a few pictures (each drawn by ``picture``), a score chart and the full log one click away."""
    final = match.states[-1]
    winner = final.winner
    result = say("wins", lang, name=names[winner]) if winner is not None else say("draw", lang)
    figures = "".join(
        f"<figure style=\"display:inline-block;margin:0 1em 1em 0;vertical-align:top\">{picture(m.state)}"
        f"<figcaption>{html.escape(m.caption)}</figcaption></figure>" for m in moments
    )
    chart = score_chart(match.scores, names, score_name, lang)
    log = "".join(f"<li>{html.escape(move)}</li>" for move in match.moves)
    markup = (f"<p><strong>{html.escape(result)}</strong></p><h4>{html.escape(say('moments', lang))}</h4>"
              f"<div>{figures}</div><div>{chart}</div>"
              f"<details><summary>{html.escape(say('log', lang))}</summary><ol>{log}</ol></details>")
    return Html(markup, result)
