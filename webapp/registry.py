"""The explicit list of game pages: what ``build.py`` converts, serves and links.

Each entry names its page (``_site/apps/<page>.html`` and ``panel serve``'s
``/<page>``), the core game it plays and the module whose ``create_app()``
returns the page.  A game of ``core``'s registry without a page of its own gets
the generic page (:mod:`webapp.generic.page`: its picture, its text and a button per
move) under its game name, so a newly registered game is playable on the site on its
first day.  This module imports nothing heavy (no Panel), so the build and the tests
can read it anywhere.
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

    @property
    def app_call(self) -> str:
        """The call of the module's ``create_app`` that builds the page (the generic page names its game)."""
        return f"create_app({self.game!r})" if self.module == GENERIC_MODULE else "create_app()"


GENERIC_MODULE = "webapp.generic.page"
"""The module of the generic page: ``create_app(game)`` plays any registered game."""


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
"""Every game page of its own, in the order the landing page shows them."""


def generic_entry(game: str) -> AppEntry:
    """The generic page of ``game`` (a core game's name), named by the game's name."""
    return AppEntry(game, game, GENERIC_MODULE)


def site_apps() -> tuple[AppEntry, ...]:
    """Every page the site ships: :data:`APPS`, then the generic page of each core game without a page."""
    import core

    paged = {entry.game for entry in APPS}
    return APPS + tuple(generic_entry(name) for name in core.GAMES if name not in paged)


def app_for(page: str) -> AppEntry:
    """The entry of a page name (a page the site ships, or any core game's name: its generic page), or
    ValueError listing the pages."""
    import core

    entries = site_apps()
    for entry in entries:
        if entry.page == page:
            return entry
    if page in core.GAMES:
        return generic_entry(page)
    raise ValueError(f"unknown app {page!r}; apps: {', '.join(e.page for e in entries)}")


def further_pages(game: str) -> list[AppEntry]:
    """The pages of ``game`` besides its own (those with a title), in registry order."""
    return [entry for entry in APPS if entry.game == game and entry.title]
