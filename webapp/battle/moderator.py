"""The ButtonMen Battle moderator's desk: a forum campaign set up, ordered and reported on a page of its own.

A forum moderator and a player are different people: the play page (:mod:`webapp.battle.page`) plays a
campaign against bots, this page keeps a campaign whose players meet on a forum.  Every seat is a person
at the forum, every battle's result is reported, and "New game" holds the moderated campaign's form
(:class:`~webapp.battle.dialog.ModeratorForm`).  Serve it with ``panel serve webapp/battle/moderator.py``.
"""

from __future__ import annotations

import secrets
import panel as pn

from webapp.battle.dialog import ModeratorForm, start
from webapp.battle.page import BattleView
from webapp.shell.game_page import GamePage, create_page
from webapp.shell.session import HUMAN

OPENING_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


class ModeratorView(BattleView):
    """The Battle page for a moderator: every player a person, every result reported, the forum form first."""

    title = "ButtonMen Battle moderator desk"
    tagline = ("For campaigns played on a forum: enter the players and their lands, each round every order and "
               "each reported result; the map, the counts and a forum post follow.")
    default_seats = (HUMAN,) * 5

    def opening(self) -> None:
        start(self.page.session, [HUMAN] * 4, secrets.randbits(32), {"players": 4, "battle_source": "reported"},
              OPENING_NAMES, [[None, None]] * 4, None)

    def attach(self) -> None:
        self.moderator_form = ModeratorForm(self.page.session)
        super().attach()

    def setup_form(self) -> pn.viewable.Viewer:
        return self.moderator_form


def create_app() -> pn.Template:
    """A new moderator's desk (one per browser session)."""
    return create_page(GamePage(ModeratorView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="ButtonMen Battle moderator desk - Rulebox")
