"""The Button Men dice board: both players' dice on a Bokeh figure.

What to draw comes from :func:`webapp.buttonmen.model.board`; a click on a die in
play is reported to ``on_die`` (the page turns the dice picked into the legal
attacks to offer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, TapTool

from core.buttonmen import ButtonMenState
from core.protocol import State
from webapp.buttonmen import model
from webapp.buttonmen.model import Selection
from webapp.shell.boards import Act, Board, board_figure, update_bokeh
from webapp.shell.session import Step


class DiceBoard(Board):
    """Both players' dice, built once and updated through its sources; it keeps the dice picked."""

    def __init__(self, state: State, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.on_die: Callable[[int, int], None] = lambda player, index: None
        """Called with ``(player, index)`` when a die in play is clicked."""
        self.selection = Selection()
        self._viewer: int | None = None
        self._interactive = False
        empty = model.Board()
        self.dice = ColumnDataSource(data=empty.columns(("play",)))
        self.others = ColumnDataSource(data=empty.columns(("setup", "captured")))
        self.labels = ColumnDataSource(data={"x": [], "y": [], "text": []})
        self.figure = self._build()
        self.x_range = self.figure.x_range
        self.figure.on_event(Tap, self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        self.show_state(state)

    def _build(self) -> Any:
        fig = board_figure((model.X_START, model.MIN_X_END), model.Y_RANGE, model.PIXELS_PER_UNIT)
        keep: dict[str, Any] = {"nonselection_fill_alpha": 1.0, "nonselection_line_alpha": 1.0,
                "selection_fill_alpha": 1.0, "selection_line_alpha": 1.0}
        dice = fig.rect("x", "y", width="size", height="size", source=self.dice, fill_color="fill",
                        line_color="line", line_width="width", border_radius=8, **keep)
        fig.rect("x", "y", width="size", height="size", source=self.others, fill_color="fill",
                 line_color="line", line_width="width", border_radius=6)
        for source in (self.dice, self.others):
            text_keep: dict[str, Any] = {"nonselection_text_alpha": 1.0, "selection_text_alpha": 1.0}
            fig.text("x", "value_y", text="value", source=source, text_align="center",
                     text_baseline="middle", text_font_size="value_size", text_font_style="bold",
                     text_color="#111111", **text_keep)
            fig.text("x", "notation_y", text="notation", source=source, text_align="center",
                     text_baseline="middle", text_font_size="notation_size", text_color="#111111",
                     **text_keep)
        fig.text("x", "y", text="text", source=self.labels, text_align="left", text_baseline="middle",
                 text_font_size="15px", text_font_style="bold", text_color="#111111")
        fig.add_tools(TapTool(renderers=[dice]))
        return fig

    def show_state(self, state: State, *, viewer: int | None = None, interactive: bool = False,
                   step: Step | None = None) -> None:
        if state is not self.state:
            self.selection = Selection()
        self.state, self._viewer, self._interactive = state, viewer, interactive
        self.redraw()

    def select(self, selection: Selection) -> None:
        """Pick these dice and redraw."""
        self.selection = selection
        self.redraw()

    def redraw(self) -> None:
        """Draw the state with the dice picked (safely from any callback)."""
        assert isinstance(self.state, ButtonMenState)
        drawn = model.board(self.state, self._viewer, self.selection, self._interactive)
        dice, others = drawn.columns(("play",)), drawn.columns(("setup", "captured"))
        labels = {"x": [x for x, _, _ in drawn.labels], "y": [y for _, y, _ in drawn.labels],
                  "text": [t for _, _, t in drawn.labels]}

        def apply() -> None:
            self.dice.data = dice
            self.others.data = others
            self.labels.data = labels
            self.x_range.end = drawn.x_end

        update_bokeh(apply)

    def _on_tap(self, event: Tap) -> None:
        """A tap anywhere on the board: report the die in play under it, if any.

        Taps are read as coordinates (not through the source's selection), so
        successive clicks never race with the server's redraw.  BokehJS takes a
        second click within about 250 ms for a double tap, which is ignored.
        """
        if event.x is None or event.y is None:
            return
        hit = model.die_at(self.dice.data, event.x, event.y)
        if hit is not None:
            self.on_die(*hit)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
