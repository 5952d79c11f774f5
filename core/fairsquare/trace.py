"""What happened on a board, turn by turn: the record the engine keeps of every move.

A :class:`BoardRecord` is one round on one board: its players, every piece as
placed, one :class:`TurnTrace` per turn (turn 0 is the placement's own
separation) and the result.  Pieces are numbered by their place in
``BoardRecord.pieces``; ``owner`` and ``owners`` hold seat numbers (-1: nobody).
"""

from __future__ import annotations

from collections.abc import Sequence
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


Decision = tuple[int, str, int, int, int, bool]
"""A piece's move in one turn as the engine decides it: end square, rule ("": removed), move index
(-1: stay), target, foe, dodged."""


class LazyTurn:
    """A turn's piece steps and square owners as the engine keeps them (its decisions, owners by board
    player), turned into :class:`PieceStep` values and seat numbers when first read: a trace is
    mostly stored, and read a turn at a time."""

    __slots__ = ("decisions", "start", "carried", "moves", "owned", "seat_of", "_steps", "_owners")

    def __init__(self, decisions: Sequence[Decision], start: Sequence[int], carried: Sequence[str],
                 moves: Sequence[Sequence[tuple[object, str, str]]], owned: Sequence[int],
                 seat_of: Sequence[int]) -> None:
        """``moves[i]``: piece i's moves by move index, each ending with its letter; ``owned``: each
        square's owner as a board player (-1: nobody); ``seat_of``: seat numbers by board player,
        ending with -1."""
        self.decisions, self.start, self.carried, self.moves = decisions, start, carried, moves
        self.owned, self.seat_of = owned, seat_of
        self._steps: tuple[PieceStep, ...] | None = None
        self._owners: tuple[int, ...] | None = None

    def steps(self) -> tuple[PieceStep, ...]:
        """The steps of every piece with a decision, in piece order (built once)."""
        if self._steps is None:
            start, carried, moves = self.start, self.carried, self.moves
            self._steps = tuple([PieceStep(i, start[i], d[0], d[1], moves[i][d[2]][2] if d[2] >= 0 else "", d[3],
                                           d[4], carried[i], d[5]) for i, d in enumerate(self.decisions) if d[1]])
        return self._steps

    def owners(self) -> tuple[int, ...]:
        """Every square's owner as a seat (-1: nobody), mapped once."""
        if self._owners is None:
            seat_of = self.seat_of
            self._owners = tuple([seat_of[o] for o in self.owned])
        return self._owners


class TurnTrace:
    """Everything of one turn: moves, battles, separations, capture progress and the board after it.

    An immutable value of the eight read-only fields below (equality, hash and ``repr`` over them, as
    a frozen dataclass); ``steps`` and ``owners`` may come from a :class:`LazyTurn`, read when first used.
    """

    __slots__ = ("_data",)

    def __init__(self, turn: int, steps: tuple[PieceStep, ...] | LazyTurn, battles: tuple[Battle, ...],
                 separations: tuple[Separation, ...], progress: tuple[Progress, ...], positions: tuple[int, ...],
                 owners: tuple[int, ...] | LazyTurn, totals: tuple[int, ...]) -> None:
        self._data = (turn, steps, battles, separations, progress, positions, owners, totals)

    @property
    def turn(self) -> int:
        """The turn number (0: the placement's own separation)."""
        return self._data[0]

    @property
    def steps(self) -> tuple[PieceStep, ...]:
        """Every piece's move this turn (removed pieces have none)."""
        steps = self._data[1]
        return steps.steps() if isinstance(steps, LazyTurn) else steps

    @property
    def battles(self) -> tuple[Battle, ...]:
        """The battles after the moves."""
        return self._data[2]

    @property
    def separations(self) -> tuple[Separation, ...]:
        """The stacks given directions for next turn."""
        return self._data[3]

    @property
    def progress(self) -> tuple[Progress, ...]:
        """Capture counters after the turn."""
        return self._data[4]

    @property
    def positions(self) -> tuple[int, ...]:
        """Every piece's square after the turn (:data:`REMOVED` once removed)."""
        return self._data[5]

    @property
    def owners(self) -> tuple[int, ...]:
        """Every square's owner (a seat) after the turn, -1 for nobody."""
        owners = self._data[6]
        return owners.owners() if isinstance(owners, LazyTurn) else owners

    @property
    def totals(self) -> tuple[int, ...]:
        """Each board player's owned total after the turn (in ``BoardRecord.players`` order)."""
        return self._data[7]

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, f) for f in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, TurnTrace) and self._fields() == other._fields())

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"TurnTrace({', '.join(f'{f}={v!r}' for f, v in zip(_FIELDS, self._fields(), strict=True))})"

    def __reduce__(self) -> tuple[type[TurnTrace], tuple[object, ...]]:
        return (TurnTrace, self._fields())


_FIELDS = ("turn", "steps", "battles", "separations", "progress", "positions", "owners", "totals")


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
