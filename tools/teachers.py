"""The teacher pack: ``teach/<game>.html`` (a one-page guide) and ``teach/<game>-activity.html`` (a class activity).

Each page is written from ``site/teach/<game>.md`` and ``site/teach/<game>.activity.md``:
two header lines (``title: ...`` and ``subjects: ...``), a blank line, then the
Rules pages' Markdown subset (:func:`tools.rules.markdown`) with three more blocks:

* a pipe table (``| a | b |`` lines, the second one ``|---|``), for sheets to fill in by hand;
* ``@sheet N``: a round-robin crosstable for ``N`` players (names down the side and along the top);
* ``@answers <game>``: the answer key of the game's tutorial exercises, read from :mod:`core.teach`
  so it cannot drift from the lessons.

The Rules page of the game is the pack's printable rules card: its print style
(``site/assets/style.css``) drops the links and the rulings table so it fits one page.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.common import stop
from tools.rules import TEACH_SRC, inline, markdown

TEACH_MODULES = {"button-up": "buttonup", "button-men": "buttonmen", "button-man-braille": "braille",
                 "buttonmen-battle": "battle", "fair-and-square": "fairsquare.exercises",
                 "imperio-bellum": "imperio.exercises"}
"""The :mod:`core.teach` module holding each game's tutorial ``LESSON``, whose exercises make the answer key."""
SHEET = re.compile(r"@sheet (\d)")
ANSWERS = re.compile(r"@answers ([a-z-]+)")


@dataclass(frozen=True)
class TeacherPage:
    """One page of the pack: its title, the school subjects it touches, and its Markdown body."""

    title: str
    subjects: str
    body: str


def read_page(path: Path) -> TeacherPage:
    """A pack page's source; a missing header line stops the build naming the file."""
    head, _, body = path.read_text().partition("\n\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
    if set(fields) != {"title", "subjects"}:
        stop(f"{path} must start with the lines 'title: ...' and 'subjects: ...'")
    return TeacherPage(fields["title"], fields["subjects"], body)


def cells(line: str) -> list[str]:
    """The cells of one pipe-table line."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def table(block: str) -> str:
    """A pipe table as HTML: the first line heads the columns, the second (``|---|``) is skipped."""
    head, _, *rows = block.splitlines()
    header = "".join(f'<th scope="col">{inline(c)}</th>' for c in cells(head))
    body = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in cells(row)) + "</tr>" for row in rows)
    return f'<table class="sheet"><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>'


def crosstable(players: int) -> str:
    """A round-robin sheet: a name column, one column per opponent (the diagonal shaded), and a total."""
    numbers = range(1, players + 1)
    header = ('<th scope="col">Player</th>' + "".join(f'<th scope="col">{n}</th>' for n in numbers)
              + '<th scope="col">Won</th><th scope="col">Place</th>')
    rows = "".join(f'<tr><th scope="row">{n}. </th>'
                   + "".join('<td class="self" aria-label="no game"></td>' if m == n else "<td></td>" for m in numbers)
                   + "<td></td><td></td></tr>" for n in numbers)
    caption = f"Round robin for {players} players: write each result in the row of the player it belongs to"
    return (f'<table class="sheet crosstable"><caption>{caption}</caption>'
            f"<thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table>")


def exercises(game: str) -> Sequence[Any]:
    """The tutorial exercises of ``game`` (question and solution each), from :mod:`core.teach`."""
    if game not in TEACH_MODULES:
        stop(f"@answers names {game!r}, which has no tutorial module")
    module = importlib.import_module(f"core.teach.{TEACH_MODULES[game]}")
    found: Sequence[Any] = module.LESSON.exercises()
    return found


def answer_key(game: str) -> str:
    """Every exercise of the game's tutorial with its solution, numbered as the notebook numbers them."""
    items = "".join(f"<li><p>{inline(e.question)}</p><p><strong>Answer:</strong> {inline(e.solution)}</p></li>"
                    for e in exercises(game))
    return f'<ol class="answers">{items}</ol>'


def body_html(text: str, game: Any) -> str:
    """The page body: the pack's own blocks, and the Rules pages' Markdown for the rest."""
    out = []
    for block in filter(None, re.split(r"\n\s*\n", text.strip())):
        sheet, answers = SHEET.fullmatch(block.strip()), ANSWERS.fullmatch(block.strip())
        if sheet:
            out.append(crosstable(int(sheet.group(1))))
        elif answers:
            out.append(answer_key(answers.group(1)))
        elif block.lstrip().startswith("|"):
            out.append(table(block.strip()))
        else:
            out.append(markdown(block, game))
    return "\n".join(out)


def links(game: Any, other: tuple[str, str], tutorial: str | None) -> str:
    """The page's links: the game's Rules page (its rules card), the pack's other page, the tutorial."""
    items = ['<li><a href="../index.html">All games</a></li>',
             f'<li><a href="../rules/{game.name}.html">Rules card (prints on one page)</a></li>',
             f'<li><a href="{other[0]}">{html.escape(other[1])}</a></li>']
    if tutorial:
        items.append(f'<li><a href="../{html.escape(tutorial)}">Tutorial</a></li>')
    return f'<nav aria-label="Teacher pack"><ul class="links">{"".join(items)}</ul></nav>'


def teacher_page(game: Any, source: TeacherPage, other: tuple[str, str], tutorial: str | None) -> str:
    """One whole page of the pack."""
    title = html.escape(source.title)
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} - Rulebox</title>
  <link rel="stylesheet" href="../assets/style.css">
</head>
<body>
  <a class="skip-link" href="#main">Skip to the page</a>
  <header class="banner">
    <p class="home"><a href="../index.html">Rulebox</a> · teacher pack · {html.escape(game.title)}</p>
    <h1>{title}</h1>
    <p class="tagline">Subjects: {html.escape(source.subjects)}</p>
    {links(game, other, tutorial)}
  </header>
  <main id="main" tabindex="-1" class="rules teach">
    {body_html(source.body, game)}
  </main>
</body>
</html>
"""


def pack_pages(name: str) -> tuple[Path, Path]:
    """The guide and activity sources of one game."""
    return TEACH_SRC / f"{name}.md", TEACH_SRC / f"{name}.activity.md"


def write_teacher_pack(out: Path, games: Sequence[Any], tutorials: dict[str, str]) -> None:
    """The guide and the activity of every game that has both, into ``out/teach``."""
    folder = out / "teach"
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        guide, activity = pack_pages(game.name)
        if not (guide.is_file() and activity.is_file()):
            continue
        tutorial = tutorials.get(game.name)
        (folder / f"{game.name}.html").write_text(
            teacher_page(game, read_page(guide), (f"{game.name}-activity.html", "Class activity"), tutorial))
        (folder / f"{game.name}-activity.html").write_text(
            teacher_page(game, read_page(activity), (f"{game.name}.html", "Teacher's guide"), tutorial))
