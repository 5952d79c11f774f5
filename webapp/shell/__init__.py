"""The shell every game page shares; a game package fills it in through one interface.

* :mod:`webapp.shell.session` - the session model (state, seats, chance and moderator, undo, bots);
* :mod:`webapp.shell.links` - share links that carry the public game record in the address;
* :mod:`webapp.shell.screen` - who looks at the screen: the viewer, the hot-seat curtain, which steps may be told;
* :mod:`webapp.shell.widgets` - text view, key map, move buttons, log, new-game form, share link, ``<bdi>`` names;
* :mod:`webapp.shell.sections` - folding sections and the modal "New game" dialog;
* :mod:`webapp.shell.boards` - the board contract (a state and an action callback) and the Bokeh figure;
* :mod:`webapp.shell.geometry` - grid cells, map regions and pixels, without Panel or Bokeh;
* :mod:`webapp.shell.frame` - the accessible page frame (viewport, site header, main landmark, palette, key map);
* :mod:`webapp.shell.game_page` - :class:`GameView` (what a game supplies) and the page around it.

JavaScript, CSS and the page template are static files in ``static/`` (:mod:`webapp.shell.assets`);
``static/palette.css`` holds the colours of the whole site (the landing page imports it too).
"""
