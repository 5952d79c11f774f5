"""The pace of a bot's turn: shown at once or action by action, its progress, and a skip to its end.

A page whose bots play many actions a turn (:attr:`~webapp.shell.session.GameSession.whole_turns`)
puts a :class:`BotPace` among its controls.  The player picks the pace; while a turn is shown action
by action the progress is written out and "Skip to the end of this turn" shows the rest at once.
Another page's many-action plays (a battle auto-played for the player) say so in their own
:class:`PaceWords`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import panel as pn

from webapp.shell.session import GameSession
from webapp.shell.widgets import FOCUS_CSS, button, html

PACES = {"the whole turn at once": 0.0, "one action every 0.4 s": 0.4, "one action a second": 1.0}
"""The paces a player may choose: seconds between two shown actions of a bot's turn."""
SKIP = "Skip to the end of this turn"


@dataclass(frozen=True)
class PaceWords:
    """What a :class:`BotPace` says: its label, the paces, the progress (``{shown}``, ``{length}``), the skip."""

    label: str = "Show the bot's turn"
    paces: Mapping[str, float] = field(default_factory=lambda: PACES)
    progress: str = "The bot's turn: {shown} of {length} actions shown."
    skip: str = SKIP


TURN_WORDS = PaceWords()
"""The words of a page whose bots play many actions a turn."""


class BotPace(pn.viewable.Viewer):
    """The pace select, the progress of the bot turn under way and the skip button."""

    def __init__(self, session: GameSession, skip_key: str = "", words: PaceWords = TURN_WORDS,
                 **params: Any) -> None:
        super().__init__(**params)
        self.session, self.words = session, words
        self.pace = pn.widgets.Select(label=words.label, options=dict(words.paces), value=session.turn_pace,
                                      stylesheets=[FOCUS_CSS], width=260)
        self.pace.param.watch(lambda event: setattr(session, "turn_pace", event.new), ["value"])
        self.progress = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.skip = button(f"{words.skip} ({skip_key.upper()})" if skip_key else words.skip, variant="outline",
                           visible=False)
        self.skip.on_click(lambda _event: session.skip_turn())
        self.layout = pn.Column(self.pace, self.progress, self.skip, sizing_mode="stretch_width", margin=0)
        session.param.watch(self.refresh, ["turn_length", "turn_shown"])

    def refresh(self, *_: Any) -> None:
        """Show the progress of the turn under way (nothing when none is)."""
        length, shown = self.session.turn_length, self.session.turn_shown
        self.skip.visible = length > 0
        said = self.words.progress.format(shown=shown, length=length)
        self.progress.object = f"<p role='status' style='margin:0.2em 0'>{said}</p>" if length else ""

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout
