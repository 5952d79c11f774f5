"""The Button Men dice board: both players' dice on a Bokeh figure, the viewer's row at the bottom.

What to draw comes from :func:`webapp.buttonmen.model.board`; a click on a die in
play is reported to ``on_die`` (the page turns the dice picked into the legal
attacks to offer).  Dice an action rolls tumble for a moment, and dice just rolled
or captured keep a gold ring until the next action (:func:`webapp.buttonmen.model.fresh_dice`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any

import panel as pn
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, TapTool

from core.buttonmen import ButtonMenState
from webapp.buttonmen import model
from webapp.buttonmen.model import Fresh, Selection
from webapp.buttonmen.notation import fitted_notation
from webapp.shell.boards import Act, Board, board_figure, update_bokeh
from webapp.shell.geometry import LEAST_FONT
from webapp.shell.session import Step


ROLL_TILTS = (0.6, -0.4, 0.2)
"""The rolled dice's angles (radians) in the frames of a roll."""
ROLL_FRAME_SECONDS = 0.09
CAPTURE_POP = 1.35
"""How much larger a just-captured die is drawn while the attackers roll."""
NARROW = 560
"""Below this width on screen (CSS px, a phone) the board shows only the room its dice take: larger dice."""
RIGHT_MARGIN = 0.25
"""Board units right of the last die on a narrow screen."""
LABEL_ROOM = 0.9
"""The share of a die's width its notation may take."""


class DiceBoard(Board[ButtonMenState]):
    """Both players' dice, built once and updated through its sources; it keeps the dice picked."""

    def __init__(self, state: ButtonMenState, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.on_die: Callable[[int, int], None] = lambda player, index: None
        """Called with ``(player, index)`` when a die in play is clicked."""
        self.selection = Selection()
        self.fresh = Fresh()
        """The dice the last action rolled or captured (ringed)."""
        self._tilt = 0.0
        """The rolled dice's angle in the current frame of the roll."""
        self._generation = 0
        self._viewer: int | None = None
        self._interactive = False
        empty = model.Board()
        self.dice = ColumnDataSource(data=empty.columns(("play",)))
        self.others = ColumnDataSource(data=empty.columns(("setup", "captured")))
        self.labels = ColumnDataSource(data={"x": [], "y": [], "text": [], "size": []})
        self.figure = self._build()
        self.x_range = self.figure.x_range
        self.figure.on_event(Tap, self._on_tap)
        self.figure.on_event(DoubleTap, self._on_tap)  # BokehJS reports a quick second click only as this
        self.figure.on_change("inner_width", self._on_resize)
        self._scale = 1.0
        """The board's width on screen over its own (the browser reports it)."""
        self._width = 0.0
        """The board's width on screen in CSS px (0: not reported yet)."""
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        self.show_state(state)

    def _build(self) -> Any:
        fig = board_figure((model.X_START, model.MIN_X_END), model.Y_RANGE, model.PIXELS_PER_UNIT)
        keep: dict[str, Any] = {"nonselection_fill_alpha": 1.0, "nonselection_line_alpha": 1.0,
                "selection_fill_alpha": 1.0, "selection_line_alpha": 1.0}
        for source in (self.dice, self.others):  # a die's shadow, under its lower right edge
            fig.rect("shadow_x", "shadow_y", width="size", height="size", angle="angle", source=source,
                     fill_color="#5d4e37", fill_alpha=0.35, line_alpha=0.0, border_radius=8)
        dice = fig.rect("x", "y", width="size", height="size", angle="angle", source=self.dice, fill_color="fill",
                        line_color="line", line_width="width", border_radius=8, **keep)
        fig.rect("x", "y", width="size", height="size", source=self.others, fill_color="fill",
                 line_color="line", line_width="width", border_radius=6)
        for source in (self.dice, self.others):
            fig.rect("x", "y", width="size", height="size", angle="angle", source=source, fill_alpha=0.0,
                     line_color=model.FRESH_LINE, line_alpha="ring_alpha", line_width=5, border_radius=8)
            text_keep: dict[str, Any] = {"nonselection_text_alpha": 1.0, "selection_text_alpha": 1.0}
            fig.text("x", "value_y", text="value", source=source, text_align="center", angle="angle",
                     text_baseline="middle", text_font_size="value_size", text_font_style="bold",
                     text_color="#111111", **text_keep)
            fig.text("x", "notation_y", text="notation", source=source, text_align="center", angle="angle",
                     text_baseline="middle", text_font_size="notation_size", text_color="#111111",
                     **text_keep)
        fig.text("x", "y", text="text", source=self.labels, text_align="left", text_baseline="middle",
                 text_font_size="size", text_font_style="bold", text_color="#111111")
        fig.add_tools(TapTool(renderers=[dice]))
        return fig

    def show_state(self, state: ButtonMenState, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[ButtonMenState] | None = None) -> None:
        rolls = False
        if state is not self.state:
            self.selection = Selection()
            self._generation += 1
            before = step.before if step is not None and step.after is state else None
            if isinstance(before, ButtonMenState) and isinstance(state, ButtonMenState) and before is self.state:
                assert step is not None
                self.fresh = model.fresh_dice(before, step.action, state)
                rolls = bool(self.fresh.rolled)
            else:
                self.fresh = Fresh()
        self.state, self._viewer, self._interactive = state, viewer, interactive
        self.redraw()
        if rolls:
            pn.state.execute(partial(self._roll, self._generation))

    async def _roll(self, generation: int) -> None:
        """The rolled dice tumble (a few tilted frames, then upright) and a captured die lands."""
        for tilt in ROLL_TILTS:
            if generation != self._generation:
                return
            self._tilt = tilt
            self.redraw()
            await asyncio.sleep(ROLL_FRAME_SECONDS)
        self._tilt = 0.0
        if generation == self._generation:
            self.redraw()

    def select(self, selection: Selection) -> None:
        """Pick these dice and redraw."""
        self.selection = selection
        self.redraw()

    def redraw(self) -> None:
        """Draw the state with the dice picked (safely from any callback)."""
        drawn = model.board(self.state, self._viewer, self.selection, self._interactive, self.fresh)
        narrow = 0 < self._width < NARROW and bool(drawn.cells)
        x_end = max(c.x + c.size / 2 for c in drawn.cells) + RIGHT_MARGIN if narrow else drawn.x_end
        scale = min(1.0, self._width / ((x_end - model.X_START) * model.PIXELS_PER_UNIT)) if narrow else self._scale
        dice, others = drawn.columns(("play",), scale), drawn.columns(("setup", "captured"), scale)
        for columns in (dice, others):  # a notation wider than its die is shortened (its words keep it whole)
            columns["notation"] = [
                fitted_notation(text, LABEL_ROOM * size * scale * model.PIXELS_PER_UNIT, float(font[:-2]))
                for text, size, font in zip(columns["notation"], columns["size"], columns["notation_size"],
                                            strict=True)]
        if self._tilt:  # a frame of the roll: rolled dice tilted, the captured die landing larger
            dice["angle"] = [self._tilt if (p, i) in self.fresh.rolled else 0.0
                             for p, i in zip(dice["player"], dice["index"], strict=True)]
            landing = zip(others["size"], others["fresh"], others["zone"], strict=True)
            others["size"] = [size * CAPTURE_POP if fresh and zone == "captured" else size
                              for size, fresh, zone in landing]
        labels = {"x": [x for x, _, _ in drawn.labels], "y": [y for _, y, _ in drawn.labels],
                  "text": [t for _, _, t in drawn.labels],
                  "size": [f"{LEAST_FONT if narrow else max(LEAST_FONT, round(17 * scale))}px"] * len(drawn.labels)}
        aspect = (x_end - model.X_START) / (model.Y_RANGE[1] - model.Y_RANGE[0])

        def apply() -> None:
            self.dice.data = dice
            self.others.data = others
            self.labels.data = labels
            self.x_range.end = x_end
            if narrow or self.figure.aspect_ratio != self.figure.width / self.figure.height:
                self.figure.aspect_ratio = aspect if narrow else self.figure.width / self.figure.height

        update_bokeh(apply)

    def _on_resize(self, _attr: str, _old: Any, new: Any) -> None:
        """The browser fitted the board to the screen: scale the dice's text with it (on a narrow screen the
        board also keeps only the room its dice take, so that they are drawn larger)."""
        own = self.figure.width
        scale = min(1.0, new / own) if isinstance(new, (int, float)) and new > 0 and own else 1.0
        if abs(scale - self._scale) > 0.02 or (new < NARROW) != (self._width < NARROW):
            self._scale, self._width = scale, float(new) if isinstance(new, (int, float)) else 0.0
            self.redraw()

    def _on_tap(self, event: Tap | DoubleTap) -> None:
        """A tap anywhere on the board: report the die in play under it, if any.

        Taps are read as coordinates (not through the source's selection), so
        successive clicks never race with the server's redraw.  BokehJS reports a
        second click within about 250 ms as a double tap: it counts as a tap too.
        """
        if event.x is None or event.y is None:
            return
        hit = model.die_at(self.dice.data, event.x, event.y)
        if hit is not None:
            self.on_die(*hit)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
