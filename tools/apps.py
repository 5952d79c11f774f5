"""The game pages, as listed in :mod:`webapp.registry`, and the scripts that serve them.

Nothing is discovered: the registry's ``site_apps()`` is the list (its pages, then the generic
page of each core game without one; ``--apps <game>`` names any core game's generic page).  Every page is
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

import core
from tools.common import stop
from webapp.registry import AppEntry, app_for, site_apps


def page_names() -> list[str]:
    """Every page name the site ships, in the registry's order."""
    return [entry.page for entry in site_apps()]


def select(names: Iterable[str] = ()) -> list[AppEntry]:
    """The registry entries of ``names`` (all the site ships when empty; a core game's name without a page of
    its own: its generic page), in the registry's order; stop on an unknown name."""
    wanted = list(dict.fromkeys(n for n in names if n))
    shipped = page_names()
    unknown = [n for n in wanted if n not in shipped and n not in core.GAMES]
    if unknown:
        stop(f"unknown app {', '.join(map(repr, unknown))}; the apps are: {', '.join(shipped)}")
    return ([entry for entry in site_apps() if not wanted or entry.page in wanted]
            + [app_for(n) for n in wanted if n not in shipped])


def page_title(entry: AppEntry) -> str:
    """The browser title of a page: its game's title."""
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
                          f"{entry.app_call}.servable(title={page_title(entry)!r})\n")
        scripts.append(script)
    return scripts
