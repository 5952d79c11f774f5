"""Boards: point squares as data (``{"D4": 3, ...}``), placement squares, and generated boards.

Forbidden for placement: every point square, every square orthogonally next to
a 2 or a 3, every square diagonally next to a 3.  Generated boards are 4-fold
rotationally symmetric around D4 (rulebook section 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core import rng
from core.fairsquare.geometry import CENTRE, DIST, NEIGHBOURS, ORTHOGONAL, SQUARES, name, parse_square, rotate
from core.protocol import InputError, is_int, thaw

DEFAULT_BOARD = {"A1": 2, "A7": 2, "G1": 2, "G7": 2, "B4": 1, "D2": 1, "D6": 1, "F4": 1, "D4": 3}
"""The rulebook's default board (15 points, 24 placement squares)."""
MIN_LEGAL_GENERATED = 20
MIN_LEGAL_DATA = 4
"""A data board needs room for one player's four pieces."""
GENERATED_TOTALS = range(11, 18)
DIAGONALS = ("UR", "DR", "DL", "UL")


@dataclass(frozen=True)
class Board:
    """Point values of the 49 squares (0: no points) and the tables the engine reads."""

    values: tuple[int, ...]
    points: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """The point squares in square-name order."""
    legal: frozenset[int] = field(init=False, compare=False, repr=False)
    """Squares where pieces may be placed."""
    near: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    """``near[s]``: point squares by distance from ``s``, then higher value, then name (target order)."""

    def __post_init__(self) -> None:
        values = self.values
        points = tuple(s for s in SQUARES if values[s])
        forbidden = set(points)
        for s in points:
            around = [*ORTHOGONAL, *DIAGONALS] if values[s] == 3 else ORTHOGONAL if values[s] == 2 else ()
            forbidden.update(NEIGHBOURS[d][s] for d in around)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "legal", frozenset(s for s in SQUARES if s not in forbidden))
        object.__setattr__(self, "near", tuple(
            tuple(sorted(points, key=lambda p, s=s: (DIST[s][p], -values[p], p)))  # type: ignore[misc]
            for s in SQUARES))

    @property
    def total(self) -> int:
        """The sum of all point values."""
        return sum(self.values)

    def to_json(self) -> dict[str, int]:
        """The board as data: ``{"A1": 2, ...}`` in square order."""
        return {name(s): self.values[s] for s in self.points}

    @classmethod
    def from_squares(cls, squares: Mapping[int, int]) -> Board:
        """A board from ``{square number: value}``."""
        return cls(tuple(squares.get(s, 0) for s in SQUARES))


def board_from_json(data: object, where: str = "board") -> Board:
    """A validated data board: an object of square names to values 1-3."""
    data = thaw(data)
    if not isinstance(data, dict) or not data:
        raise InputError(where, "must be an object of square names to point values 1-3", data)
    squares: dict[int, int] = {}
    for key, value in data.items():
        square = parse_square(key, f"{where}: square {key!r}")
        if square in squares:
            raise InputError(where, "names a square twice", key)
        if not is_int(value) or not 1 <= value <= 3:
            raise InputError(f"{where}: square {key}", "must be worth 1, 2 or 3 points", value)
        squares[square] = value
    board = Board.from_squares(squares)
    if len(board.legal) < MIN_LEGAL_DATA:
        raise InputError(where, f"leaves {len(board.legal)} placement squares; a board needs at least "
                                f"{MIN_LEGAL_DATA}")
    return board


def boards_problem(value: Any) -> str | None:
    """For the ``boards`` option: what is wrong with a list of data boards, or None."""
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 6:
        return "must be a list of 1-6 boards (objects of square names to values 1-3)"
    try:
        for i, board in enumerate(value, 1):
            board_from_json(board, f"board {i}")
    except InputError as error:
        return str(error)
    return None


ORBITS = tuple(sorted({tuple(sorted({s, rotate(s), rotate(rotate(s)), rotate(rotate(rotate(s)))}))
                       for s in SQUARES if s != CENTRE}))
"""The twelve sets of four squares that a quarter turn around D4 maps onto each other."""


def generate(stream: int) -> tuple[int, Board]:
    """A random symmetric board: D4 worth 3 or nothing, 2-4 orbits worth 1 or 2, 11-17 points in all,
    at least 20 placement squares."""
    while True:
        stream, centre = rng.below(stream, 2)
        stream, count = rng.draw(stream, 4, 2)
        stream, orbits = rng.shuffled(stream, ORBITS)
        squares = {CENTRE: 3} if centre else {}
        for orbit in orbits[:count]:
            stream, value = rng.draw(stream, 2)
            squares.update((s, value) for s in orbit)
        board = Board.from_squares(squares)
        if board.total in GENERATED_TOTALS and len(board.legal) >= MIN_LEGAL_GENERATED:
            return stream, board


def generated_boards(seed: int, round_number: int, count: int) -> tuple[Board, ...]:
    """The ``count`` different boards of one round, fixed by the match seed."""
    stream = rng.derive(seed, 7, round_number)
    boards: list[Board] = []
    while len(boards) < count:
        stream, board = generate(stream)
        if board not in boards:
            boards.append(board)
    return tuple(boards)
