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
from typing import Any

import panel as pn
from bokeh.models import Plot, Range1d
from bokeh.plotting import figure
from panel.io.document import unlocked
from panel.io.state import set_curdoc

from core.protocol import Action, State
from webapp.shell.session import Step

Act = Callable[[Action], None]
"""Where a board sends the action a player chose on it."""

BOARD_FILL, BOARD_LINE = "#f5efe0", "#5d4e37"


def update_bokeh(change: Callable[[], None]) -> None:
    """Run ``change`` (which sets raw Bokeh model properties) safely in any context.

    Panel runs widget events and async tasks without the document lock; as in
    Panel's own model updates, changes there go through ``unlocked()``, and
    from elsewhere they are scheduled on the document's next tick.
    """
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None or pn.state._unblocked(doc):
        with unlocked():
            change()
    else:
        doc.add_next_tick_callback(change)


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


def in_order(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """``handler`` for a Bokeh event (a tap), run after the widget changes the browser sent before it.

    Panel applies a widget's new value about 50 ms after it arrives, and its own widgets' events
    wait for such pending changes; events registered on a Bokeh figure do not.  Without this, a
    tap right after choosing in a list (the piece in hand) would still see the old choice.  A
    deferred tap runs as Panel runs its own widgets' deferred events: in a task on the event loop,
    with the document as the current one.  In the browser (Pyodide) changes apply at once and
    nothing is pending.
    """
    def handle(event: Any) -> None:
        doc = pn.state.curdoc
        pending = pn.state._change_callbacks.get(doc, {}) if doc is not None else {}
        if doc is None or not pending:
            handler(event)
            return

        async def after_changes() -> None:
            for change in list(pending.values()):
                await change()
            with set_curdoc(doc):
                handler(event)

        pn.state.execute(after_changes, schedule=True)

    return handle


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


class Board(pn.viewable.Viewer):
    """A game's board: shows a state and sends the player's choices to ``act``."""

    def __init__(self, state: State, act: Act, **params: Any) -> None:
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
    def show_state(self, state: State, *, viewer: int | None = None, interactive: bool = False,
             step: Step | None = None) -> None:
        """Show ``state`` as ``viewer`` may see it; ``interactive``: the player may act on it now.

        ``step`` is the action that led here, when the board may show it happening.
        """
