"""What happened on a board, turn by turn: the record the engine keeps of every move.

A :class:`BoardRecord` is one round on one board: its players, every piece as
placed, one :class:`TurnTrace` per turn (turn 0 is the placement's own
separation) and the result.  Pieces are numbered by their place in
``BoardRecord.pieces``; ``owner`` and ``owners`` hold seat numbers (-1: nobody).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from core.fairsquare.boards import Board
from core.fairsquare.pieces import PieceType

REMOVED = -1
"""A piece's square once it has lost a battle."""


@dataclass(frozen=True)
class Piece:
    """A placed piece: whose it is, its type (with that player's move order) and where it started."""

    owner: int
    kind: PieceType
    square: int


class PieceStep(NamedTuple):
    """One piece's move in one turn and why.

    ``rule`` is the rule that decided (``"evict:2"``), ``"separation"`` or ``"cycle"`` (a random
    pick because of a prediction cycle); ``letter`` the move option used ("" for staying);
    ``target`` the square aimed at and ``foe`` the piece aimed at or fled from (-1: none);
    ``direction`` a separation direction; ``dodged`` is True when ``dodge`` changed the choice.
    """

    piece: int
    start: int
    end: int
    rule: str
    letter: str = ""
    target: int = -1
    foe: int = -1
    direction: str = ""
    dodged: bool = False


class Battle(NamedTuple):
    """A battle on ``square``: the pieces kept (the top rank) and those removed."""

    square: int
    kept: tuple[int, ...]
    removed: tuple[int, ...]


class Separation(NamedTuple):
    """A stack that separates: ``(piece, direction, target square)``; direction "" stays."""

    square: int
    moves: tuple[tuple[int, str, int], ...]


class Progress(NamedTuple):
    """A capture counter after a turn: ``piece`` on ``square`` has stood still ``counter`` turns."""

    piece: int
    square: int
    counter: int
    captured: bool


@dataclass(frozen=True)
class TurnTrace:
    """Everything of one turn: moves, battles, separations, capture progress and the board after it."""

    turn: int
    steps: tuple[PieceStep, ...]
    battles: tuple[Battle, ...]
    separations: tuple[Separation, ...]
    progress: tuple[Progress, ...]
    positions: tuple[int, ...]
    """Every piece's square after the turn (:data:`REMOVED` once removed)."""
    owners: tuple[int, ...]
    """Every square's owner (a seat) after the turn, -1 for nobody."""
    totals: tuple[int, ...]
    """Each board player's owned total after the turn (in ``BoardRecord.players`` order)."""


@dataclass(frozen=True)
class BoardRecord:
    """One round on one board, from placement to score."""

    round_number: int
    group: int
    board: Board
    players: tuple[int, ...]
    """The seats on this board."""
    pieces: tuple[Piece, ...]
    turns: tuple[TurnTrace, ...]
    """Turn 0 (placement separation) to turn 15."""
    threes: tuple[int, ...]
    twos: tuple[int, ...]
    left: tuple[int, ...]
    """Per board player: 3-point squares owned, 2-point squares owned, pieces left."""
    places: tuple[int, ...]
    points: tuple[int, ...]
    """Per board player: place (1-based, shared) and round points."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each board player's final owned total (by value or count, as the options say)."""
        return self.turns[-1].totals
