"""The game pages, as listed in :mod:`webapp.registry`, and the scripts that serve them.

Nothing is discovered: the registry's ``APPS`` is the list.  Every page is
served (by ``panel serve`` or ``panel convert``) through a tiny entry script
``<page>.py`` that imports the entry's module and serves its ``create_app()``,
so the page modules stay ordinary modules (``panel convert`` pastes the script
after its own preamble, where a ``from __future__`` import would be a
SyntaxError).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

from tools.common import stop
from webapp.registry import APPS, AppEntry


def page_names() -> list[str]:
    """Every page name, in the registry's order."""
    return [entry.page for entry in APPS]


def select(names: Iterable[str] = ()) -> list[AppEntry]:
    """The registry entries of ``names`` (all of them when empty); stop on an unknown name."""
    wanted = [n for n in names if n]
    unknown = [n for n in wanted if n not in page_names()]
    if unknown:
        stop(f"unknown app {', '.join(map(repr, unknown))}; the apps are: {', '.join(page_names())}")
    return [entry for entry in APPS if not wanted or entry.page in wanted]


def page_title(entry: AppEntry) -> str:
    """The browser title of a page: its game's title."""
    import core

    return f"{core.get_game(entry.game).title} - Rulebox"


def write_entry_points(entries: Sequence[AppEntry], folder: Path) -> list[Path]:
    """One script ``<page>.py`` per entry in a fresh ``folder`` that serves ``create_app()``."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    scripts = []
    for entry in entries:
        script = folder / f"{entry.page}.py"
        script.write_text(f'"""The {entry.page} page: {entry.module}.create_app() (written by build.py)."""\n\n'
                          f"from {entry.module} import create_app\n\n"
                          f"create_app().servable(title={page_title(entry)!r})\n")
        scripts.append(script)
    return scripts
