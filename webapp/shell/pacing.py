"""The pace of a bot's turn: shown at once or action by action, its progress, and a skip to its end.

A page whose bots play many actions a turn (:attr:`~webapp.shell.session.GameSession.whole_turns`)
puts a :class:`BotPace` among its controls.  The player picks the pace; while a turn is shown action
by action the progress is written out and "Skip to the end of this turn" shows the rest at once.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from webapp.shell.session import GameSession
from webapp.shell.widgets import FOCUS_CSS, button, html

PACES = {"the whole turn at once": 0.0, "one action every 0.4 s": 0.4, "one action a second": 1.0}
"""The paces a player may choose: seconds between two shown actions of a bot's turn."""
SKIP = "Skip to the end of this turn"


class BotPace(pn.viewable.Viewer):
    """The pace select, the progress of the bot turn under way and the skip button."""

    def __init__(self, session: GameSession, skip_key: str = "", **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.pace = pn.widgets.Select(label="Show the bot's turn", options=PACES, value=session.turn_pace,
                                      stylesheets=[FOCUS_CSS], width=260)
        self.pace.param.watch(lambda event: setattr(session, "turn_pace", event.new), ["value"])
        self.progress = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.skip = button(f"{SKIP} ({skip_key.upper()})" if skip_key else SKIP, variant="outline", visible=False)
        self.skip.on_click(lambda _event: session.skip_turn())
        self.layout = pn.Column(self.pace, self.progress, self.skip, sizing_mode="stretch_width", margin=0)
        session.param.watch(self.refresh, ["turn_length", "turn_shown"])

    def refresh(self, *_: Any) -> None:
        """Show the progress of the turn under way (nothing when none is)."""
        length, shown = self.session.turn_length, self.session.turn_shown
        self.skip.visible = length > 0
        self.progress.object = (f"<p role='status' style='margin:0.2em 0'>The bot's turn: {shown} of {length} "
                                "actions shown.</p>" if length else "")

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout
