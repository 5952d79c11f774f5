"""Placement rules: where pieces may go, the live ">= 3 types" check, random legal placements."""

from __future__ import annotations

from collections.abc import Sequence

from core import rng
from core.fairsquare.boards import Board
from core.fairsquare.pieces import PieceType

PIECES = 4
"""Pieces each player places."""
MIN_TYPES = 3
"""Different piece types each placement uses, at least."""


def allowed_types(roster: Sequence[PieceType], placed: Sequence[str]) -> tuple[str, ...]:
    """The type names that may be placed next, so that four pieces can still use three types."""
    if len(placed) >= PIECES:
        return ()
    names = set(placed)
    free = PIECES - len(placed) - 1
    return tuple(t.name for t in roster if len(names | {t.name}) + free >= MIN_TYPES)


def placement_problem(board: Board, roster: Sequence[PieceType], placed: Sequence[tuple[str, int]],
                      kind: str, square: int) -> str | None:
    """Why ``kind`` may not go on ``square`` after ``placed`` (type names and squares), or None."""
    if len(placed) >= PIECES:
        return f"all {PIECES} pieces are placed; confirm, or lift one first"
    if all(t.name != kind for t in roster):
        return f"{kind} is not in this round's roster ({', '.join(t.name for t in roster)})"
    if square not in board.legal:
        return "pieces may not be placed on a point square or next to a 2 or 3 (diagonally next to a 3)"
    if any(s == square for _, s in placed):
        return "you already have a piece there (your four pieces go on four different squares)"
    if kind not in allowed_types(roster, [k for k, _ in placed]):
        return f"a placement uses at least {MIN_TYPES} different types: choose a type you have not placed yet"
    return None


def random_placement(stream: int, board: Board, roster: Sequence[PieceType],
                     placed: Sequence[tuple[str, int]] = ()) -> tuple[int, tuple[tuple[str, int], ...]]:
    """A uniformly drawn legal completion of ``placed`` (types then squares, one piece at a time)."""
    pieces = list(placed)
    squares = sorted(board.legal)
    while len(pieces) < PIECES:
        stream, kind = rng.choice(stream, allowed_types(roster, [k for k, _ in pieces]))
        taken = {s for _, s in pieces}
        stream, square = rng.choice(stream, [s for s in squares if s not in taken])
        pieces.append((kind, square))
    return stream, tuple(pieces)
