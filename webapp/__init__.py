"""Rulebox web apps: thin Panel views over the rules in :mod:`core`.

* :mod:`webapp.shell` - what every page shares: session, share links, page frame, widgets,
  board helpers and :class:`~webapp.shell.game_page.GameView`, the one interface a game fills in;
* one package per game (:mod:`webapp.buttonup`, :mod:`webapp.buttonmen`, :mod:`webapp.braille`)
  whose ``page`` module exposes ``create_app()``; it serves itself only when ``panel serve`` runs
  the file directly, never on import (the site's entry scripts import it and serve ``create_app()``);
* :mod:`webapp.registry` - the explicit list of pages the build converts, serves and links.
"""
