"""Helpers for the tutorial notebooks, so their visible cells stay short and read like sentences.

Everything a helper shows is an object with IPython's display hooks
(``_repr_html_``, ``_repr_svg_``): it renders the same in plain Jupyter and in
JupyterLite, needs neither IPython nor widgets here, and its plain-text form
(``repr``) is what a screen reader or a terminal gets.  Modules:

* this one - pictures, messages, links to
  the site, exercises (``check``, ``hint``, ``solution``) and match summaries;
* :mod:`core.teach.words` - the helpers' sentences and numbers in the notebook's language;
* :mod:`core.teach.chart` - the score chart as SVG;
* one small module per game (``core.teach.buttonup`` ...) with its lessons' positions and exercises.
"""

from __future__ import annotations

import html
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core.bots import Bot
from core.protocol import IllegalAction, State
from core.teach.chart import score_chart
from core.teach.words import number, say

__all__ = ["Exercise", "Html", "as_number", "Match", "Moment", "Picture", "Tutor", "message", "navigation", "number",
           "play_match", "ready", "say", "show", "site_links", "site_root", "summary"]

@dataclass(frozen=True)
class Html:
    """A piece of HTML to show as a cell's output; ``text`` is its plain-text form."""

    markup: str
    text: str

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Picture:
    """An SVG picture (a position or a chart); ``text`` says in words what it shows."""

    svg: str
    text: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.text


def message(text: str) -> Html:
    """A short sentence as output."""
    return Html(f"<p>{html.escape(text)}</p>", text)


def show(state: State) -> Picture:
    """The position as a picture (the game's own SVG), its description as the text form."""
    return Picture(state.svg(), state.describe())


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
    """The tutorial's way out, as (label, URL relative to the site's root): play, rules, all games."""
    links = [(say("play", lang), f"apps/{page}.html")] if page else []
    return [*links, (say("rules", lang), f"rules/{game}.html"), (say("home", lang), "index.html")]


def navigation(game: str, page: str | None, lang: str = "en") -> Html:
    """The links to the game's page, its Rules page and the landing page."""
    root = site_root()
    links = site_links(game, page, lang)
    items = [f'<a href="{html.escape(root + url)}">{html.escape(label)}</a>' for label, url in links]
    return Html(f"<p>{' · '.join(items)}</p>", " · ".join(label for label, _ in links))


def ready(game: str, page: str | None, lang: str = "en") -> Html:
    """What the tutorial's first cell shows: the engine is loaded, and where to go from here."""
    links = navigation(game, page, lang)
    return Html(f"<p><strong>{html.escape(say('ready', lang))}</strong></p>{links.markup}",
                f"{say('ready', lang)}\n{links.text}")


# --------------------------------------------------------------------------- exercises


def as_number(answer: object) -> float | None:
    """A learner's numeric answer: a number, a text like ``"15,5"``, or ``15,5`` typed as Python (a pair)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, float)):
        return float(answer)
    if isinstance(answer, str):
        try:
            return float(answer.strip().replace(",", "."))
        except ValueError:
            return None
    if isinstance(answer, tuple) and len(answer) == 2 and all(type(part) is int for part in answer):
        whole, decimal = answer
        return as_number(f"{whole}.{decimal}") if decimal >= 0 else None
    return None


@dataclass(frozen=True)
class Exercise:
    """A question about a position: ``accepts(answer)`` judges, the answer itself is never shown unasked."""

    question: str
    position: State | None
    accepts: Callable[[object], bool]
    hint: str
    solution: str


@dataclass
class Tutor:
    """The exercise being worked on, in one language."""

    lang: str = "en"
    current: Exercise | None = field(default=None)

    def ask(self, exercise: Exercise) -> Html:
        """Pose ``exercise``: its question and its position."""
        self.current = exercise
        picture = f"<div>{exercise.position.svg()}</div>" if exercise.position is not None else ""
        return Html(f"<p><strong>{html.escape(exercise.question)}</strong></p>{picture}", exercise.question)

    def pose(self, exercises: Sequence[Exercise], number: int) -> Html:
        """Pose exercise ``number`` (counted from 1) of a lesson's ``exercises``."""
        if not 1 <= number <= len(exercises):
            raise ValueError(say("no_such_exercise", self.lang, count=len(exercises)))
        return self.ask(exercises[number - 1])

    def check(self, answer: object) -> Html:
        """Right or not, with a hint when not (the answer stays hidden)."""
        if self.current is None:
            return message(say("no_exercise", self.lang))
        try:
            right = self.current.accepts(answer)
        except (ValueError, TypeError, IllegalAction):
            right = False
        return message(say("right", self.lang) if right else say("wrong", self.lang, hint=self.current.hint))

    def hint(self) -> Html:
        """The current exercise's hint."""
        return message(self.current.hint if self.current else say("no_exercise", self.lang))

    def solution(self) -> Html:
        """The current exercise's solution, shown only when asked for."""
        if self.current is None:
            return message(say("no_exercise", self.lang))
        return message(say("solution", self.lang, text=self.current.solution))


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
               names: tuple[str, str], limit: int = 400) -> Match:
    """Let ``bots`` (one per seat, ``core.bots`` bots) play from ``start`` until the end or ``limit`` actions."""
    states, moves, scores = [start], list[str](), [score(start)]
    state = start
    while state.actors and len(moves) < limit:
        actor = min(state.actors, key=lambda a: (a < 0, a))
        bot = bots[actor] if actor >= 0 else bots[0]
        action = bot.choose(state, actor)
        moves.append(f"{names[actor] if actor >= 0 else '⚀'}: {action}")
        state = state.apply(action, actor)
        states.append(state)
        scores.append(score(state))
    return Match(tuple(states), tuple(moves), tuple(scores))


def summary(match: Match, moments: Sequence[Moment], names: tuple[str, str], score_name: str,
            lang: str = "en") -> Html:
    """A match in a few pictures, a score chart and the full log one click away."""
    final = match.states[-1]
    winner = final.winner
    result = say("wins", lang, name=names[winner]) if winner is not None else say("draw", lang)
    figures = "".join(
        f"<figure style=\"display:inline-block;margin:0 1em 1em 0;vertical-align:top\">{m.state.svg()}"
        f"<figcaption>{html.escape(m.caption)}</figcaption></figure>" for m in moments
    )
    chart = score_chart(match.scores, names, score_name, lang)
    log = "".join(f"<li>{html.escape(move)}</li>" for move in match.moves)
    markup = (f"<p><strong>{html.escape(result)}</strong></p><h4>{html.escape(say('moments', lang))}</h4>"
              f"<div>{figures}</div><div>{chart}</div>"
              f"<details><summary>{html.escape(say('log', lang))}</summary><ol>{log}</ol></details>")
    return Html(markup, result)
