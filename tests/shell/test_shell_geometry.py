"""Board geometry shared by every page: pixels, grid cells and map regions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.shell.geometry import Grid, inside, region_at, region_columns, to_pixels

MAP = {
    "north": [(0.0, 2.0), (4.0, 2.0), (4.0, 4.0), (0.0, 4.0)],
    "south": [(0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (0.0, 2.0)],
    "bay": [(5.0, 0.0), (7.0, 0.0), (6.0, 3.0)],
}


def test_pixels_run_from_the_top_left_corner() -> None:
    assert to_pixels(-2.0, 2.5, (-2.0, 2.0), (-1.9, 2.5), (500, 550)) == (0.0, 0.0)
    assert to_pixels(2.0, -1.9, (-2.0, 2.0), (-1.9, 2.5), (500, 550)) == pytest.approx((500.0, 550.0))
    assert to_pixels(0.0, 0.3, (-2.0, 2.0), (-1.9, 2.5), (500, 550)) == pytest.approx((250.0, 275.0))


@given(rows=st.integers(1, 12), cols=st.integers(1, 12), cell=st.sampled_from([0.5, 1.0, 1.5]), data=st.data())
def test_every_cell_centre_is_found_again(rows: int, cols: int, cell: float, data: st.DataObject) -> None:
    grid = Grid(rows, cols, cell)
    row, col = data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))
    x, y = grid.centre(row, col)
    assert grid.cell_at(x, y) == (row, col)
    assert grid.x_range[0] < x < grid.x_range[1] and grid.y_range[0] < y < grid.y_range[1]


def test_row_zero_is_on_top_and_the_margin_is_off_the_grid() -> None:
    grid = Grid(3, 4)
    assert grid.centre(0, 0)[1] > grid.centre(2, 0)[1]
    assert grid.cell_at(-0.2, 1.5) is None and grid.cell_at(1.5, 3.2) is None
    assert grid.cell_at(3.99, 0.01) == (2, 3)


def test_regions_are_found_under_a_point() -> None:
    assert region_at(1.0, 3.0, MAP) == "north" and region_at(1.0, 1.0, MAP) == "south"
    assert region_at(6.0, 1.0, MAP) == "bay" and region_at(6.0, 2.9, MAP) == "bay"
    assert region_at(5.1, 2.5, MAP) is None and region_at(9.0, 9.0, MAP) is None
    assert not inside(2.0, 5.0, MAP["north"])
    columns = region_columns(MAP)
    assert columns["name"] == ["north", "south", "bay"] and columns["xs"][2] == [5.0, 7.0, 6.0]
