"""Rulebox web apps: thin Panel views over the rules in :mod:`core`.

Shared pieces live in their own modules so that every game page reuses them:

* :mod:`webapp.session` - the session model (current state, seats, undo trail, bot turns);
* :mod:`webapp.links` - share links that carry the game record in the URL;
* :mod:`webapp.components` - new-game dialog, move log, text view, legal-move buttons;
* :mod:`webapp.page` - the accessible page frame (header, main landmark, key map).

Each game page (e.g. :mod:`webapp.buttonup`) exposes ``create_app()`` and ends with
``if pn.state.served: create_app().servable()``.
"""
