"""Where things are on a board, in the board's own units: grids, map regions and pixels.

No Panel and no Bokeh here, so view-models and tests use it freely.
:func:`to_pixels` maps board units to a figure's pixels (tests click there),
:class:`Grid` lays out square cells and finds the cell under a tap, and
:func:`region_at` finds the map region (a polygon) under one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def to_pixels(x: float, y: float, x_range: tuple[float, float], y_range: tuple[float, float],
              size: tuple[float, float]) -> tuple[float, float]:
    """Board point ``(x, y)`` in pixels from the top-left corner of a figure ``size`` pixels large."""
    (x0, x1), (y0, y1) = x_range, y_range
    return (x - x0) / (x1 - x0) * size[0], (y1 - y) / (y1 - y0) * size[1]


@dataclass(frozen=True)
class Grid:
    """Square cells in ``rows`` and ``cols`` of ``cell`` units, row 0 on top, with a ``margin`` round them."""

    rows: int
    cols: int
    cell: float = 1.0
    margin: float = 0.5

    @property
    def x_range(self) -> tuple[float, float]:
        return -self.margin, self.cols * self.cell + self.margin

    @property
    def y_range(self) -> tuple[float, float]:
        return -self.margin, self.rows * self.cell + self.margin

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """The centre of a cell."""
        return (col + 0.5) * self.cell, (self.rows - row - 0.5) * self.cell

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """``(row, col)`` of the cell under point ``(x, y)``, or None off the grid."""
        col, row = math.floor(x / self.cell), self.rows - 1 - math.floor(y / self.cell)
        return (row, col) if 0 <= row < self.rows and 0 <= col < self.cols else None


Polygon = Sequence[tuple[float, float]]


def inside(x: float, y: float, polygon: Polygon) -> bool:
    """True when ``(x, y)`` lies inside ``polygon`` (its corners in order; even-odd rule)."""
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def region_at(x: float, y: float, regions: Mapping[str, Polygon]) -> str | None:
    """The name of the map region under point ``(x, y)``, or None."""
    return next((name for name, polygon in regions.items() if inside(x, y, polygon)), None)


def region_columns(regions: Mapping[str, Polygon]) -> dict[str, list[Any]]:
    """Column data for ``figure.patches("xs", "ys", ...)``: one patch per region, with its name."""
    return {"xs": [[x for x, _ in p] for p in regions.values()], "ys": [[y for _, y in p] for p in regions.values()],
            "name": list(regions)}


LEAST_FONT = 12
"""Least font size in CSS pixels of any text drawn on a board, however far the board shrinks (a phone)."""
