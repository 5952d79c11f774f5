"""The 9x9 board of Imperio Bellum: squares, notation, pieces and geometry.

A square is an int ``0..80``: ``file + 9 * (rank - 1)``, files ``a``-``i`` left to
right, ranks ``1``-``9`` (rank 1 is the attacker's back edge).  A board is a tuple
of 81 entries, each a :class:`Piece` or None.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.protocol import InputError

SIZE = 9
FILES = "abcdefghi"
SQUARES = range(SIZE * SIZE)

BASES = "HB"
"""Headquarters and base: they never attack and defend with one die."""
UNITS = "KAPF"
"""Knight, archer, pikeman, footsoldier: the fighting units."""
NAMES = {"H": "headquarters", "B": "base", "K": "knight", "A": "archer", "P": "pikeman", "F": "footsoldier"}
VALUES = {"K": 3.0, "A": 2.0, "P": 2.0, "F": 1.5}
"""Rough fighting worth of each unit type (for bots and evaluations)."""

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""The eight king-step directions as (file step, rank step)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the board: ``kind`` is a letter of ``HBKAPF``; ``home`` is the original owner."""

    kind: str
    owner: int
    uid: int
    home: int
    entrenched: bool = False

    @property
    def is_base(self) -> bool:
        return self.kind in BASES


Board = tuple[Piece | None, ...]
EMPTY_BOARD: Board = (None,) * (SIZE * SIZE)


def square(file: int, rank: int) -> int:
    """The square of a 0-based file and a 1-based rank."""
    return file + SIZE * (rank - 1)


def file_of(sq: int) -> int:
    return sq % SIZE


def rank_of(sq: int) -> int:
    """The 1-based rank."""
    return sq // SIZE + 1


def name(sq: int) -> str:
    """``e5`` for the centre square."""
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


_BY_NAME = {f"{f}{r}": square(i, r) for i, f in enumerate(FILES) for r in range(1, SIZE + 1)}


def named(text: object) -> int | None:
    """The square named ``text`` (``a1``-``i9``), or None."""
    return _BY_NAME.get(text) if isinstance(text, str) else None


def parse(text: object, where: str = "square") -> int:
    """The square named ``text`` (``a1``-``i9``); :class:`InputError` otherwise."""
    sq = named(text)
    if sq is None:
        raise InputError(where, "must be a square a1-i9", text)
    return sq


def offset(sq: int, df: int, dr: int) -> int | None:
    """The square ``df`` files and ``dr`` ranks away, or None off the board."""
    f, r = sq % SIZE + df, sq // SIZE + dr
    return f + SIZE * r if 0 <= f < SIZE and 0 <= r < SIZE else None


def _neighbours(sq: int) -> tuple[int, ...]:
    return tuple(n for d in DIRECTIONS if (n := offset(sq, *d)) is not None)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in SQUARES)
"""The up-to-8 king-step neighbours of every square."""


def distance(a: int, b: int) -> int:
    """King-step (Chebyshev) distance."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def adjacent(a: int, b: int) -> bool:
    return distance(a, b) == 1


def step_towards(a: int, b: int) -> tuple[int, int]:
    """The sign of the file and rank difference from ``a`` to ``b``."""
    df, dr = b % SIZE - a % SIZE, b // SIZE - a // SIZE
    return (df > 0) - (df < 0), (dr > 0) - (dr < 0)


def on_line(a: int, b: int) -> bool:
    """True when ``b`` lies on one of the 8 straight or diagonal lines from ``a`` (and differs)."""
    df, dr = abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE)
    return a != b and (df == 0 or dr == 0 or df == dr)


def between(a: int, b: int) -> tuple[int, ...]:
    """The squares strictly between two squares on one line."""
    df, dr = step_towards(a, b)
    out = []
    sq = offset(a, df, dr)
    while sq is not None and sq != b:
        out.append(sq)
        sq = offset(sq, df, dr)
    return tuple(out)


def _ray(start: int, df: int, dr: int) -> tuple[int, ...]:
    out = []
    sq = offset(start, df, dr)
    while sq is not None:
        out.append(sq)
        sq = offset(sq, df, dr)
    return tuple(out)


_RAYS = {(sq, d): _ray(sq, *d) for sq in SQUARES for d in DIRECTIONS}


def ray(start: int, df: int, dr: int) -> tuple[int, ...]:
    """The squares beyond ``start`` in one direction, to the edge."""
    return _RAYS[start, (df, dr)]


def zone(attacker_side: bool) -> tuple[int, ...]:
    """A side's deployment squares: ranks 1-2 for the attacker, 8-9 for the defender."""
    ranks = (1, 2) if attacker_side else (8, 9)
    return tuple(square(f, r) for r in ranks for f in range(SIZE))


def squeezed(board: Board, a: int, b: int) -> bool:
    """True for a diagonal step from ``a`` to ``b`` between two occupied squares."""
    df, dr = b % SIZE - a % SIZE, b // SIZE - a // SIZE
    if not (df and dr):
        return False
    side1, side2 = offset(a, df, 0), offset(a, 0, dr)
    return side1 is not None and side2 is not None and board[side1] is not None and board[side2] is not None
