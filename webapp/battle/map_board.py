"""The campaign map: every territory a Bokeh patch in its owner's colour, with names, armies and orders.

What to draw comes from :func:`webapp.battle.model.picture`; a tap on a territory is reported to
``on_territory`` (the page turns an origin and a target into an order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
from bokeh.core.properties import field
from bokeh.events import Tap
from bokeh.models import ColumnDataSource
from bokeh.models.annotations.arrows import Arrow, VeeHead

from core.battle.state import CampaignState
from webapp.battle import model
from webapp.shell.boards import Act, Board, board_figure, update_bokeh
from webapp.shell.session import Step

SEA = "#dbe9f4"


class MapBoard(Board[CampaignState]):
    """The map, built once and updated through its sources; it keeps the territory picked as origin."""

    def __init__(self, state: CampaignState, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.on_territory: Callable[[int], None] = lambda territory: None
        """Called with the territory index when a territory is tapped."""
        self.origin: int | None = None
        self._drawn: model.MapPicture | None = None
        self.targets: tuple[int, ...] = ()
        empty = model.MapPicture({k: [] for k in ("xs", "ys", "fill", "hatch", "line", "width", "dash", "name",
                                                   "owner")},
                                 {"xs": [], "ys": []}, {k: [] for k in ("x", "y", "text", "size", "style")},
                                 {k: [] for k in ("x0", "y0", "x1", "y1", "colour", "dash")})
        self.regions = ColumnDataSource(data=empty.regions)
        self.holes = ColumnDataSource(data=empty.holes)
        self.names = ColumnDataSource(data=empty.names)
        self.arrows = ColumnDataSource(data=empty.arrows)
        self.figure = self._build()
        self.figure.on_event(Tap, self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        self.show_state(state)

    def _build(self) -> Any:
        fig = board_figure(model.X_RANGE, model.Y_RANGE, model.PIXELS_PER_UNIT)
        fig.background_fill_color = SEA
        fig.border_fill_color = SEA
        fig.patches("xs", "ys", source=self.regions, fill_color="fill", line_color="line",
                              line_width="width", line_dash="dash", hatch_pattern="hatch",
                              hatch_color=model.PENDING_HATCH, hatch_alpha=0.8, hatch_scale=9, hatch_weight=2)
        fig.patches("xs", "ys", source=self.holes, fill_color=model.HOLE, line_color="#ffffff", line_width=1)
        orders = Arrow(source=self.arrows, x_start="x0", y_start="y0", x_end="x1", y_end="y1",
                       end=VeeHead(size=16, fill_color="#111111", line_color="#ffffff", line_width=1))
        orders.update(line_color="#111111", line_width=3, line_dash=field("dash"))
        fig.add_layout(orders)
        fig.text("x", "y", text="text", source=self.names, text_align="center", text_baseline="middle",
                 text_font_size="size", text_font_style="style", text_color="#111111",
                 background_fill_color="#ffffff", background_fill_alpha=0.8, padding=2)
        return fig

    def show_state(self, state: CampaignState, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[CampaignState] | None = None) -> None:
        self.state = state
        self.redraw()

    def pick(self, origin: int | None, targets: tuple[int, ...] = ()) -> None:
        """Mark ``origin`` (the territory an order starts from) and its legal targets, and redraw."""
        self.origin, self.targets = origin, targets
        self.redraw()

    def redraw(self) -> None:
        """Draw the state with the origin picked (safely from any callback)."""
        drawn = model.picture(self.state, self.origin, self.targets)
        if drawn == self._drawn:
            return
        self._drawn = drawn

        def apply() -> None:
            self.regions.data = drawn.regions
            self.holes.data = drawn.holes
            self.names.data = drawn.names
            self.arrows.data = drawn.arrows

        update_bokeh(apply)

    def _on_tap(self, event: Tap) -> None:
        if event.x is None or event.y is None:
            return
        found = model.territory_at(self.state, event.x, event.y)
        if found is not None:
            self.on_territory(found)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
