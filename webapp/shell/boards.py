"""Bokeh boards: the contract every game board keeps and the figure they are drawn on.

A board shows one state and reports what the player does to an action callback
(``act``), so any page can show a game's board: its own game's, or one game of
a campaign.  Boards are built once and then updated through their data sources
(:func:`update_bokeh`), never rebuilt, so the page does not flicker.

Where things are on a board (cells of a grid, regions of a map, pixels) is
worked out in :mod:`webapp.shell.geometry`, without Panel or Bokeh.
"""

from __future__ import annotations

import asyncio
from abc import abstractmethod
from collections.abc import Callable
from functools import partial
from typing import Any

import panel as pn
from bokeh.models import Plot, Range1d
from bokeh.plotting import figure
from panel.io.document import unlocked

from core.protocol import Action, State
from webapp.shell.session import Step

Act = Callable[[Action], None]
"""Where a board sends the action a player chose on it."""

BOARD_FILL, BOARD_LINE = "#f5efe0", "#5d4e37"


def update_bokeh(change: Callable[[], None]) -> None:
    """Run ``change`` (which sets raw Bokeh model properties) safely in any context.

    ``pn.state.execute`` runs it at once where the document may be changed now (no server, a widget's
    event, a task on the server's loop) and else on the document's next tick; as in Panel's own model
    updates, the change goes through ``unlocked()`` so that it reaches the browser at once.
    """
    pn.state.execute(partial(_unlocked, change))


def _unlocked(change: Callable[[], None]) -> None:
    with unlocked():
        change()


async def as_event(change: Callable[[], None]) -> None:
    """Run ``change`` as Bokeh runs a widget's event (a locked next-tick callback) and wait until it has run.

    A task running between awaits (a bot that thought in a worker thread) changes the page outside any
    event; Panel may then hold those changes back until the next event from the browser, so a bot's
    reply stayed unseen until the player clicked again.  In the browser (Pyodide) it runs at once.
    """
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        change()
        return
    done = asyncio.get_running_loop().create_future()

    def run() -> None:
        try:
            change()
        finally:
            if not done.done():
                done.set_result(None)

    doc.add_next_tick_callback(run)
    await done


class TapChoices:
    """Choices made in widgets that travel with every tap on a Bokeh figure.

    Panel applies a widget's new value about 50 ms after it arrives, while a tap on a figure is
    handled at once: a tap right after choosing in a list (the piece in hand) would still see the
    old choice.  So the browser copies each carried widget's choice into the figure's ``tags`` as
    it changes -- a Bokeh property, applied in the order the browser sent it, before the tap that
    follows -- and :meth:`apply`, called first thing in the tap's handler, sets the widgets to it.
    """

    def __init__(self, figure: Any) -> None:
        self.figure = figure
        self.widgets: list[pn.widgets.Select] = []

    def carry(self, widget: pn.widgets.Select) -> None:
        """Send ``widget``'s choice with every tap."""
        index = len(self.widgets)
        self.widgets.append(widget)
        widget.jscallback(args={"figure": self.figure}, value=f"""
            const tags = [...figure.tags]
            while (tags.length <= {index}) tags.push(null)
            tags[{index}] = cb_obj.value
            figure.tags = tags""")

    def apply(self) -> None:
        """Set every carried widget to the choice the browser sent with the tap: the browser's list holds an option's
        value as text (or its label, when two options share a value's text)."""
        for widget, sent in zip(self.widgets, self.figure.tags, strict=False):
            options = widget.options if isinstance(widget.options, dict) else {o: o for o in widget.options}
            chosen = [value for label, value in options.items() if sent in (label, str(value))]
            if chosen and widget.value != chosen[0]:
                widget.value = chosen[0]


def board_figure(x_range: tuple[float, float], y_range: tuple[float, float], pixels_per_unit: float) -> Any:
    """A blank board: no axes, grid or tools, ``pixels_per_unit`` pixels per board unit.

    Its ranges are :class:`~bokeh.models.Range1d` (``fig.x_range.end`` may grow later).
    """
    width = round((x_range[1] - x_range[0]) * pixels_per_unit)
    height = round((y_range[1] - y_range[0]) * pixels_per_unit)
    fig = figure(width=width, height=height, x_range=Range1d(start=x_range[0], end=x_range[1]),
                 y_range=Range1d(start=y_range[0], end=y_range[1]),
                 tools="", toolbar_location=None, min_border=0, background_fill_color=BOARD_FILL,
                 border_fill_color=BOARD_FILL, outline_line_color=BOARD_LINE, title=None)
    fig.axis.visible = False
    fig.grid.visible = False
    return fig


class Board[S: State](pn.viewable.Viewer):
    """A game's board: shows a state of its game (``S``) and sends the player's choices to ``act``."""

    def __init__(self, state: S, act: Act, **params: Any) -> None:
        super().__init__(**params)
        self.act = act
        self.state = state

    def fit(self) -> None:
        """Let the board shrink with a narrow screen, never past its own size (keeps its proportions).

        The default handles the usual board: a Bokeh figure in ``self.figure`` shown by ``self.pane``.
        """
        fig, pane = getattr(self, "figure", None), getattr(self, "pane", None)
        if isinstance(fig, Plot) and isinstance(pane, pn.pane.Bokeh) and fig.width and fig.height:
            fig.update(sizing_mode="scale_width", max_width=fig.width, aspect_ratio=fig.width / fig.height)
            pane.param.update(sizing_mode="scale_width", max_width=fig.width)

    @abstractmethod
    def show_state(self, state: S, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[S] | None = None) -> None:
        """Show ``state`` as ``viewer`` may see it; ``interactive``: the player may act on it now.

        ``step`` is the action that led here, when the board may show it happening.
        """
