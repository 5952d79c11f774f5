"""The generic page: any registered core game, playable on the site before its own board exists.

* :mod:`webapp.generic.board` - the board: the state's own SVG picture, as its viewer may see it;
* :mod:`webapp.generic.moves` - the legal actions of the person to act: buttons, or a searchable list;
* :mod:`webapp.generic.page` - the :class:`~webapp.shell.game_page.GameView` of any game and ``create_app(game)``.
"""
