"""The Rules pages: ``rules/<game>.html`` for every registered game, written at site build time.

Each page is the project's own summary of the game (``site/rules/<game>.md``,
a small Markdown subset: ``#`` and ``##`` headings, paragraphs, ``*`` and
``1.`` lists, ``**bold**``, ``*italic*``, and ``@picture N caption`` for the
engine's picture of the position after ``N`` actions of :func:`sample_line`),
then a table of every ruling generated from the engine's ``Game.options``
(name, default, doc), so the table cannot drift from the code.  A game that
is registered but has no summary yet still gets a page: its one-line
description, a picture of a typical position and the rulings table.  A summary starts with two header lines,
``summary: ...`` (what the game is, in one line) and ``duration: ...`` (how
long a game takes), then a blank line.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.common import SITE_SRC, stop
from webapp.registry import further_pages

RULES_SRC = SITE_SRC / "rules"
TEACH_SRC = SITE_SRC / "teach"
INLINE = ((re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"), (re.compile(r"\*(.+?)\*"), r"<em>\1</em>"),
          (re.compile(r"`(.+?)`"), r"<code>\1</code>"))
PICTURE = re.compile(r"@picture (\d+) (.+)")
SAMPLE_SEED = 1


@dataclass(frozen=True)
class Summary:
    """A game's own text: one line about it, how long it takes, and the rules in Markdown."""

    line: str
    duration: str
    body: str


def docstring_line(game: Any) -> str:
    """One line about a game: its class docstring's first line, title prefix dropped."""
    line = ((type(game).__doc__ or "").strip().splitlines() or [""])[0]
    prefix = f"{game.title}:"
    line = line[len(prefix):].strip() if line.startswith(prefix) else line
    return line[:1].upper() + line[1:]


def summary_of(game: Any, lang: str = "en") -> Summary:
    """The game's summary file in ``lang`` (English: ``<game>.md``), or its docstring line alone when it has none."""
    path = RULES_SRC / (f"{game.name}.md" if lang == "en" else f"{game.name}.{lang}.md")
    if not path.is_file():
        return Summary(docstring_line(game), "", "")
    head, _, body = path.read_text().partition("\n\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
    if set(fields) != {"summary", "duration"}:
        stop(f"{path} must start with the lines 'summary: ...' and 'duration: ...'")
    return Summary(fields["summary"], fields["duration"], body)


def sample_line(game: Any, actions: int) -> Any:
    """The position after ``actions`` actions of a seeded game, each the first legal one of the first actor."""
    state = game.new(seed=SAMPLE_SEED)
    for _ in range(actions):
        if not state.actors:
            break
        actor = min(state.actors, key=lambda a: (a < 0, a))
        state = state.apply(state.legal_actions(actor)[0], actor)
    return state


def typical_position(game: Any) -> Any:
    """A position a few moves into a game, for the landing page's card."""
    return sample_line(game, 6)


def inline(text: str) -> str:
    """Escape ``text`` and apply the inline marks."""
    text = html.escape(text, quote=False)
    for pattern, replacement in INLINE:
        text = pattern.sub(replacement, text)
    return text


def markdown(text: str, game: Any) -> str:
    """The Markdown subset as HTML (headings start at level 2: the page's title is the h1)."""
    out = []
    for block in filter(None, re.split(r"\n\s*\n", text.strip())):
        first = block.splitlines()[0]
        picture = PICTURE.fullmatch(first)
        if picture:
            svg = sample_line(game, int(picture.group(1))).svg()
            out.append(f'<figure class="board">{svg}<figcaption>{inline(picture.group(2))}</figcaption></figure>')
        elif first.startswith("#"):
            level = len(first) - len(first.lstrip("#")) + 1
            title = first.lstrip("#").strip()
            slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
            out.append(f'<h{level} id="{slug}">{inline(title)}</h{level}>')
        elif first.startswith("* ") or re.match(r"\d+\. ", first):
            tag = "ul" if first.startswith("* ") else "ol"
            items = re.split(r"\n(?:\* |\d+\. )", "\n" + block)[1:]
            out.append(f"<{tag}>" + "".join(f"<li>{inline(' '.join(i.split()))}</li>" for i in items) + f"</{tag}>")
        else:
            out.append(f"<p>{inline(' '.join(block.split()))}</p>")
    return "\n".join(out)


def ruling_id(doc: str) -> str:
    """The rulebook id a doc starts with (``BU-01: ...``), or empty."""
    match = re.match(r"([A-Z]{2,3}-\d+\w*):", doc)
    return match.group(1) if match else ""


def show_value(value: Any) -> str:
    """An option value as a player would type it."""
    if value is None or value == ():
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options_table(game: Any) -> str:
    """Every option of the engine: name, default, choices and what it decides."""
    rows = []
    for option in game.options:
        rid = ruling_id(option.doc)
        doc = option.doc[len(rid) + 1:].strip() if rid else option.doc
        choices = ", ".join(show_value(c) for c in option.choices) if option.choices else "see description"
        anchor = f' id="{rid}"' if rid else ""
        rows.append(f"<tr{anchor}><th scope=\"row\"><code>{html.escape(option.name)}</code></th>"
                    f"<td>{html.escape(rid or '—')}</td><td><code>{html.escape(show_value(option.default))}</code></td>"
                    f"<td>{html.escape(choices)}</td><td>{html.escape(doc)}</td></tr>")
    return ('<div class="table-scroll" tabindex="0" role="region" aria-labelledby="rulings">'
            '<table><caption>Every ruling and setting, as the engine defines it</caption>'
            '<thead><tr><th scope="col">option</th><th scope="col">ruling</th><th scope="col">default</th>'
            '<th scope="col">choices</th><th scope="col">what it decides</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>")


WORDS = {
    "en": {"rules": "rules", "skip": "Skip to the rules", "all": "All games", "play": "Play {title}",
           "tutorial": "Tutorial", "lesson": "Lesson: {topic}", "teachers": "For teachers",
           "rulings": "Rulings and options",
           "rulings_intro": "Where the rulebook leaves a question open, the engine decides it and names the decision. "
                            "Each row is read from the engine's own option list; a game page or a notebook may switch "
                            "an option.",
           "back": "Back to all games", "version": "rules version"},
    "de": {"rules": "Regeln", "skip": "Zu den Regeln springen", "all": "Alle Spiele", "play": "{title} spielen",
           "tutorial": "Tutorial", "lesson": "Lektion: {topic}", "teachers": "Für Lehrkräfte",
           "rulings": "Regelentscheidungen und Optionen",
           "rulings_intro": "Wo das Regelbuch eine Frage offenlässt, entscheidet die Engine und benennt die "
                            "Entscheidung. Jede Zeile stammt aus der Optionsliste der Engine selbst, deshalb ist die "
                            "Tabelle englisch; eine Spielseite oder ein Notebook kann jede Option umstellen.",
           "back": "Zurück zu allen Spielen", "version": "Regelversion"},
}
"""The words of a Rules page around its summary, per language (``en`` and every ``site/rules/<game>.<lang>.md``)."""
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


@dataclass(frozen=True)
class Tutorial:
    """One of a game's tutorial notebooks: the game's tutorial, a further lesson, or a translation of either."""

    lang: str
    url: str
    """Relative to the site's root."""
    lesson: str = ""
    """The further lesson's name (``skills`` for ``button-men-skills.ipynb``); empty for the game's tutorial."""
    topic: str = ""
    """The further lesson's topic as its title names it in its language (``Fertigkeiten``)."""


Tutorials = Sequence[Tutorial]
"""A game's tutorials and further lessons."""


def languages(game: Any) -> list[str]:
    """The languages of a game's Rules page: English, and each translated summary."""
    return ["en", *(p.suffixes[-2][1:] for p in sorted(RULES_SRC.glob(f"{game.name}.*.md")))]


def page_file(name: str, lang: str) -> str:
    """The file name of a page in ``lang``: ``<name>.html`` in English, ``<name>.<lang>.html`` otherwise."""
    return f"{name}.html" if lang == "en" else f"{name}.{lang}.html"


def in_order(tutorials: Tutorials, lang: str) -> list[Tutorial]:
    """The game's tutorial, then each further lesson, each in ``lang`` first (where translated)."""
    return sorted(tutorials, key=lambda t: (t.lesson, t.lang != lang))


def tutorial_label(tutorial: Tutorial, tutorials: Tutorials, words: Mapping[str, str], lang: str) -> str:
    """A tutorial's link text on a page in ``lang`` (``words["tutorial"]``, or ``words["lesson"]`` with the lesson's
    topic in ``lang`` where the lesson is translated, else marked as its own language), naming the tutorial's language
    when it is another."""
    label = words["tutorial"]
    if tutorial.lesson:
        own = next((t.topic for t in tutorials if t.lesson == tutorial.lesson and t.lang == lang), None)
        topic = html.escape(own) if own else f'<span lang="{tutorial.lang}">{html.escape(tutorial.topic)}</span>'
        label = words["lesson"].format(topic=topic)
    other = tutorial.lang
    return label if other == lang else f'{label} (<span lang="{other}">{LANGUAGE_NAMES.get(other, other)}</span>)'


def hreflang(tutorial: Tutorial, lang: str) -> str:
    """The link's ``hreflang`` attribute when the tutorial is in another language than the page."""
    return "" if tutorial.lang == lang else f' hreflang="{tutorial.lang}"'


def tutorial_links(tutorials: Tutorials, lang: str) -> list[str]:
    """Links to a game's tutorials and further lessons, the page's own language first; another language is named."""
    return [f'<li><a href="../{html.escape(t.url)}"{hreflang(t, lang)}>'
            f"{tutorial_label(t, tutorials, WORDS[lang], lang)}</a></li>" for t in in_order(tutorials, lang)]


def page_links(game: Any, page: str | None, tutorials: Tutorials, lang: str) -> str:
    """The page's links: back to all games, play, the tutorials, the teacher pack, the other languages."""
    words = WORDS[lang]
    items = [f'<li><a href="../{page_file("index", lang)}">{words["all"]}</a></li>']
    if page:
        play = words["play"].format(title=html.escape(game.title))
        items.append(f'<li><a href="../apps/{page}.html">{play}</a></li>')
        items += [f'<li><a href="../apps/{e.page}.html">{html.escape(e.title)}</a></li>'
                  for e in further_pages(game.name)]
    items += tutorial_links(tutorials, lang)
    if (TEACH_SRC / f"{game.name}.md").is_file():
        hreflang = "" if lang == "en" else ' hreflang="en"'
        items.append(f'<li><a href="../teach/{game.name}.html"{hreflang}>{words["teachers"]}</a></li>')
    items += [f'<li><a href="{page_file(game.name, other)}" hreflang="{other}" lang="{other}">'
              f"{LANGUAGE_NAMES.get(other, other)}</a></li>" for other in languages(game) if other != lang]
    return f'<nav aria-label="{html.escape(game.title)}"><ul class="links">{"".join(items)}</ul></nav>'


def rules_page(game: Any, page: str | None, tutorials: Tutorials, lang: str = "en") -> str:
    """The whole Rules page of ``game`` in ``lang``."""
    text = summary_of(game, lang)
    words = WORDS[lang]
    title = html.escape(game.title)
    duration = f"<p>{html.escape(text.duration)}</p>" if text.duration else ""
    home = page_file("index", lang)
    table_lang = "" if lang == "en" else ' lang="en"'
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}: {words["rules"]} - Rulebox</title>
  <link rel="stylesheet" href="../assets/style.css">
</head>
<body>
  <a class="skip-link" href="#main">{words["skip"]}</a>
  <header class="banner">
    <p class="home"><a href="../{home}">Rulebox</a></p>
    <h1>{title}: {words["rules"]}</h1>
    <p class="tagline">{html.escape(text.line)}</p>
    {duration}
    {page_links(game, page, tutorials, lang)}
  </header>
  <main id="main" tabindex="-1" class="rules">
    {markdown(text.body or f"@picture 6 {game.title} a few moves into a game.", game)}
    <section class="rulings">
    <h2 id="rulings">{words["rulings"]}</h2>
    <p>{words["rulings_intro"]}</p>
    <div{table_lang}>{options_table(game)}</div>
    </section>
  </main>
  <footer class="site-footer">
    <p><a href="../{home}">{words["back"]}</a> · {words["version"]} {html.escape(str(game.rules_version))}</p>
  </footer>
</body>
</html>
"""


def write_rules(out: Path, games: Sequence[Any], pages: dict[str, str], tutorials: Mapping[str, Tutorials]) -> None:
    """Every game's Rules page, in English and each translation, into ``out/rules``."""
    folder = out / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        for lang in languages(game):
            (folder / page_file(game.name, lang)).write_text(
                rules_page(game, pages.get(game.name), tutorials.get(game.name, ()), lang))
