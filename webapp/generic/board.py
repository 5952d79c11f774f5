"""The generic board: the picture core draws of a state (``State.svg``), as its viewer may see it."""

from __future__ import annotations

from typing import Any

import panel as pn

from core.protocol import State
from webapp.shell.boards import Act, Board
from webapp.shell.session import Step

PICTURE_CSS = """
.rb-picture svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
"""
"""The picture keeps its proportions and shrinks with a narrow screen, never past its own size."""


class PictureBoard(Board[State]):
    """The state's SVG picture (``state.svg(viewer)``: drawn from ``state.view(viewer)``); moves are made with the
    page's move buttons, so the picture takes no taps."""

    def __init__(self, state: State, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.pane = pn.pane.HTML("", margin=0, sizing_mode="stretch_width", stylesheets=[PICTURE_CSS])

    def fit(self) -> None:
        """The picture scales itself (:data:`PICTURE_CSS`)."""

    def show_state(self, state: State, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[State] | None = None) -> None:
        self.state = state
        self.pane.object = f"<div class='rb-picture'>{state.svg(viewer)}</div>"

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
