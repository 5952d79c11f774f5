"""The Fair and Square board on a Bokeh figure: point squares, forbidden squares, owners, pieces, arrows.

The board draws a :class:`Picture` (a core board plus a :class:`~webapp.fairsquare.frames.Frame`)
that the page computes; a tap on a square goes to ``on_square``.  Built once, then
updated through its data sources.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource, TapTool
from bokeh.models.annotations import Arrow as ArrowModel
from bokeh.models.annotations.arrows import VeeHead

from core.fairsquare import Board as CoreBoard
from core.fairsquare import FairSquareState
from core.fairsquare.geometry import ROWS, SIZE, SQUARES, name
from core.fairsquare.render import COLOURS
from webapp.fairsquare.frames import Frame, markers
from webapp.shell.boards import Act, Board, board_figure, update_bokeh
from webapp.shell.geometry import Grid, to_pixels
from webapp.shell.session import Step

GRID = Grid(SIZE, SIZE, cell=1.0, margin=0.6)
PIXELS_PER_UNIT = 64
POINT_FILL, OPEN_FILL, FORBIDDEN_FILL = "#ffd54f", "#ffffff", "#c9c3b6"
PLACEABLE_FILL = "#dcedc8"
"""Squares where the player may place now (light green)."""
BATTLE, SEPARATION = "#b71c1c", "#e65100"
STACK_OFFSETS = ((0.0, 0.0), (0.2, -0.14), (-0.2, 0.14), (0.2, 0.14), (-0.2, -0.14))


@dataclass(frozen=True)
class Picture:
    """What the board shows: a core board, a frame on it, placeable squares and the selected piece."""

    board: CoreBoard
    frame: Frame
    roster: tuple[str, ...]
    placeable: frozenset[int] = frozenset()
    selected: int = -1
    """The piece (record number) whose card is shown, -1 for none."""


def square_centre(square: int) -> tuple[float, float]:
    """Board units of a square's centre."""
    return GRID.centre(square // SIZE, square % SIZE)


def square_pixels(square: int) -> tuple[float, float]:
    """Where a square's centre is drawn, in pixels from the figure's top-left corner (tests click there)."""
    (x0, x1), (y0, y1) = GRID.x_range, GRID.y_range
    size = ((x1 - x0) * PIXELS_PER_UNIT, (y1 - y0) * PIXELS_PER_UNIT)
    return to_pixels(*square_centre(square), GRID.x_range, GRID.y_range, size)


def square_columns(picture: Picture) -> dict[str, list[Any]]:
    """One rectangle per square: fill (points, placeable, open, forbidden), hatch for forbidden, owner frame."""
    board, owners = picture.board, picture.frame.owners
    data: dict[str, list[Any]] = {k: [] for k in ("x", "y", "fill", "hatch", "owner_line", "owner_alpha",
                                                   "value", "square")}
    for s in SQUARES:
        x, y = square_centre(s)
        value = board.values[s]
        who = owners[s] if owners else -1
        data["x"].append(x)
        data["y"].append(y)
        data["fill"].append(POINT_FILL if value else PLACEABLE_FILL if s in picture.placeable
                            else OPEN_FILL if s in board.legal else FORBIDDEN_FILL)
        data["hatch"].append(" " if value or s in board.legal else "/")
        data["owner_line"].append(COLOURS[who] if who >= 0 else "#000000")
        data["owner_alpha"].append(1.0 if who >= 0 else 0.0)
        data["value"].append(f"{value}" if value else "")
        data["square"].append(name(s))
    return data


def token_columns(picture: Picture) -> dict[str, list[Any]]:
    """One marker per piece (shape by type, owner colour), stacked pieces side by side."""
    shapes = markers(picture.roster)
    data: dict[str, list[Any]] = {k: [] for k in ("x", "y", "marker", "fill", "alpha", "label", "progress",
                                                   "piece", "ring")}
    stacks: dict[int, int] = {}
    for token in picture.frame.tokens:
        k = stacks[token.square] = stacks.get(token.square, -1) + 1
        dx, dy = STACK_OFFSETS[k % len(STACK_OFFSETS)]
        x, y = square_centre(token.square)
        data["x"].append(x + dx)
        data["y"].append(y + dy)
        data["marker"].append(shapes.get(token.kind, "circle"))
        data["fill"].append(COLOURS[token.owner])
        data["alpha"].append(0.3 if token.removed else 1.0)
        data["label"].append(f"{token.kind[0]}{token.rank}")
        data["progress"].append(token.progress)
        data["piece"].append(token.piece)
        data["ring"].append(0.0 if token.piece < 0 or token.piece != picture.selected else 1.0)
    return data


def arrow_columns(picture: Picture) -> dict[str, list[Any]]:
    """One arrow per move of the frame's turn, in the mover's colour."""
    data: dict[str, list[Any]] = {k: [] for k in ("x0", "y0", "x1", "y1", "colour")}
    for arrow in picture.frame.arrows:
        (x0, y0), (x1, y1) = square_centre(arrow.start), square_centre(arrow.end)
        data["x0"].append(x0)
        data["y0"].append(y0)
        data["x1"].append(x1)
        data["y1"].append(y1)
        data["colour"].append(COLOURS[arrow.owner])
    return data


def flash_columns(picture: Picture) -> dict[str, list[Any]]:
    """Battle squares (red) and separating stacks (orange, dashed) of the frame's turn."""
    data: dict[str, list[Any]] = {k: [] for k in ("x", "y", "colour", "dash")}
    for squares, colour, dash in ((picture.frame.battles, BATTLE, "solid"),
                                  (picture.frame.separations, SEPARATION, "dashed")):
        for s in squares:
            x, y = square_centre(s)
            data["x"].append(x)
            data["y"].append(y)
            data["colour"].append(colour)
            data["dash"].append(dash)
    return data


class FairBoard(Board[FairSquareState]):
    """The 7x7 board as a Bokeh figure; taps report a square to ``on_square``."""

    def __init__(self, state: FairSquareState, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.on_square: Callable[[int], None] = lambda square: None
        self.squares = ColumnDataSource(data={})
        self.tokens = ColumnDataSource(data={})
        self.arrows = ColumnDataSource(data={})
        self.flashes = ColumnDataSource(data={})
        self.figure = self._build_figure()
        self.squares.selected.on_change("indices", self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))

    def _build_figure(self) -> Any:
        fig = board_figure(GRID.x_range, GRID.y_range, PIXELS_PER_UNIT)
        cells = fig.rect("x", "y", 0.97, 0.97, source=self.squares, fill_color="fill", line_color="#8d8672",
                         hatch_pattern="hatch", hatch_color="#8d8672", hatch_alpha=0.6, hatch_scale=8,
                         nonselection_fill_alpha=1.0, selection_fill_alpha=1.0, nonselection_line_alpha=1.0)
        fig.rect("x", "y", 0.82, 0.82, source=self.squares, fill_alpha=0.0, line_color="owner_line",
                 line_alpha="owner_alpha", line_width=5)
        fig.text("x", "y", text="value", source=self.squares, x_offset=-24, y_offset=-14, text_font_size="15px",
                 text_font_style="bold", text_color="#4e342e", text_baseline="middle")
        fig.rect("x", "y", 0.95, 0.95, source=self.flashes, fill_color="colour", fill_alpha=0.22,
                 line_color="colour", line_width=4, line_dash="dash")
        body: dict[str, Any] = {"line_color": "colour", "line_width": 3, "line_alpha": 0.85}  # Bokeh's stubs differ
        fig.add_layout(ArrowModel(x_start="x0", y_start="y0", x_end="x1", y_end="y1", source=self.arrows,
                                  end=VeeHead(size=12, fill_color="colour", line_color="colour"), **body))
        fig.scatter("x", "y", marker="marker", size=34, source=self.tokens, fill_color="fill",
                    fill_alpha="alpha", line_color="#ffffff", line_width=2, line_alpha="alpha")
        fig.scatter("x", "y", marker="circle", size=46, source=self.tokens, fill_alpha=0.0,
                    line_color="#111111", line_width=3, line_alpha="ring")
        fig.text("x", "y", text="label", source=self.tokens, text_align="center", text_baseline="middle",
                 text_font_size="12px", text_font_style="bold", text_color="#ffffff")
        fig.text("x", "y", text="progress", source=self.tokens, y_offset=20, text_align="center",
                 text_baseline="middle", text_font_size="12px", text_font_style="bold", text_color="#111111",
                 background_fill_color="#ffffff", background_fill_alpha=0.85)
        columns = [square_centre(i) for i in range(SIZE)]
        rows = [square_centre(i * SIZE) for i in range(SIZE)]
        fig.text([x for x, _ in columns] + [x - 0.62 for x, _ in rows],
                 [y + 0.62 for _, y in columns] + [y for _, y in rows],
                 text=[str(i + 1) for i in range(SIZE)] + list(ROWS), text_align="center",
                 text_baseline="middle", text_font_size="13px", text_color="#333333")
        fig.add_tools(TapTool(renderers=[cells]))
        return fig

    def draw(self, picture: Picture) -> None:
        """Show ``picture`` (every source replaced at once)."""
        columns = (square_columns(picture), token_columns(picture), arrow_columns(picture), flash_columns(picture))

        def apply() -> None:
            self.squares.data, self.tokens.data, self.arrows.data, self.flashes.data = columns

        update_bokeh(apply)

    def show_state(self, state: FairSquareState, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[FairSquareState] | None = None) -> None:
        """The page draws this board from its own picture (placement or a played turn) on refresh."""
        self.state = state

    def _on_tap(self, _attr: str, _old: list[int], new: list[int]) -> None:
        if not new:
            return
        self.squares.selected.indices = []
        self.on_square(new[0])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
