"""The 7x7 grid: square numbers, names, directions and distances.

A square is an ``int`` 0-48, ``row * 7 + col`` with rows A-G top to bottom and
columns 1-7 left to right, so number order is the rulebook's square-name order
(A1 < A2 < ... < G7).  Distances are Manhattan.
"""

from __future__ import annotations

from core.protocol import InputError

SIZE = 7
SQUARES = range(SIZE * SIZE)
ROWS = "ABCDEFG"
CENTRE = 24
DIRECTIONS: dict[str, tuple[int, int]] = {
    "U": (-1, 0), "UR": (-1, 1), "R": (0, 1), "DR": (1, 1),
    "D": (1, 0), "DL": (1, -1), "L": (0, -1), "UL": (-1, -1),
}
"""Direction name -> (row change, column change), clockwise from up."""
ORTHOGONAL = ("U", "D", "L", "R")
"""The separation's first choice of directions, in the rulebook's order."""
EIGHT = tuple(DIRECTIONS)
DIRECTION_WORDS = {"U": "up", "UR": "up-right", "R": "right", "DR": "down-right", "D": "down",
                   "DL": "down-left", "L": "left", "UL": "up-left"}


def name(square: int) -> str:
    """``"D4"`` for square 24."""
    return f"{ROWS[square // SIZE]}{square % SIZE + 1}"


def parse_square(text: object, where: str = "square") -> int:
    """The square called ``text`` (``"A1"``-``"G7"``); InputError otherwise."""
    if isinstance(text, str) and len(text) == 2 and text[0].upper() in ROWS and text[1] in "1234567":
        return ROWS.index(text[0].upper()) * SIZE + int(text[1]) - 1
    raise InputError(where, "must be a square name A1-G7", text)


def step(square: int, direction: str, length: int = 1) -> int:
    """The square ``length`` steps from ``square`` in ``direction``; -1 off the board."""
    dr, dc = DIRECTIONS[direction]
    row, col = square // SIZE + dr * length, square % SIZE + dc * length
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


def _distance(a: int, b: int) -> int:
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


DIST: tuple[tuple[int, ...], ...] = tuple(tuple(_distance(a, b) for b in SQUARES) for a in SQUARES)
"""``DIST[a][b]``: the Manhattan distance between two squares."""

LENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(a // SIZE - b // SIZE), abs(a % SIZE - b % SIZE)) for b in SQUARES) for a in SQUARES)
"""``LENGTH[a][b]``: how many squares a straight move from ``a`` to ``b`` crosses (the king distance)."""

NEIGHBOURS: dict[str, tuple[int, ...]] = {d: tuple(step(s, d) for s in SQUARES) for d in DIRECTIONS}
"""``NEIGHBOURS[d][s]``: the square next to ``s`` in direction ``d``, or -1."""


def rotate(square: int) -> int:
    """The square a quarter turn clockwise around D4."""
    row, col = divmod(square, SIZE)
    return col * SIZE + (SIZE - 1 - row)
