"""The explicit list of game pages: what ``build.py`` converts, serves and links.

Each entry names its page (``_site/apps/<page>.html`` and ``panel serve``'s
``/<page>``), the core game it plays and the module whose ``create_app()``
returns the page.  This module imports nothing heavy (no Panel), so the build
and the tests can read it anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AppEntry:
    """One game page."""

    page: str
    """The page's file name without ``.html`` (kept stable: share links point at it)."""
    game: str
    """The ``core`` game it plays (``core.get_game(game)``)."""
    module: str
    """The module whose ``create_app()`` returns the page."""
    title: str = ""
    """A further page of the game names itself (blank: the game's own page, named by the game's title)."""


APPS: tuple[AppEntry, ...] = (
    AppEntry("buttonup", "button-up", "webapp.buttonup.page"),
    AppEntry("buttonmen", "button-men", "webapp.buttonmen.page"),
    AppEntry("roster", "button-men", "webapp.roster.page", "Button Men roster and recipe lab"),
    AppEntry("braille", "button-man-braille", "webapp.braille.page"),
    AppEntry("battle", "buttonmen-battle", "webapp.battle.page"),
    AppEntry("battle-moderator", "buttonmen-battle", "webapp.battle.moderator", "ButtonMen Battle moderator desk"),
    AppEntry("fairsquare", "fair-and-square", "webapp.fairsquare.page"),
    AppEntry("imperio", "imperio-bellum", "webapp.imperio.page"),
)
"""Every game page, in the order the landing page shows them."""


def app_for(page: str) -> AppEntry:
    """The entry of a page name, or ValueError listing the pages."""
    for entry in APPS:
        if entry.page == page:
            return entry
    raise ValueError(f"unknown app {page!r}; apps: {', '.join(e.page for e in APPS)}")


def further_pages(game: str) -> list[AppEntry]:
    """The pages of ``game`` besides its own (those with a title), in registry order."""
    return [entry for entry in APPS if entry.game == game and entry.title]
