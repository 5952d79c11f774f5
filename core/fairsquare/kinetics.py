"""Piece types compiled for the turn engine: move tables per square, rule and square-class codes.

A :class:`~core.fairsquare.pieces.PieceType` is data; :func:`kinetics` turns it into
:class:`Kinetics` once (cached per type) so that the engine's inner loops read tuples of ints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from core.fairsquare.geometry import SIZE, SQUARES, step
from core.fairsquare.pieces import PieceType

HOLD, ANCHOR, STAY, SEEK, BEST_OPEN, EVICT, HUNT, RAID, FLEE, SLIDE_BEST, SLIDE_TOWARD = range(11)
FREE, FREE_EMPTY, OPEN, OPPONENT = range(4)
_RULE_CODES = {"hold": HOLD, "anchor": ANCHOR, "stay": STAY, "seek": SEEK, "best_open_within": BEST_OPEN,
               "evict": EVICT, "hunt": HUNT, "raid": RAID, "flee": FLEE, "slide_best": SLIDE_BEST,
               "slide_toward": SLIDE_TOWARD}
_CLASS_CODES = {"free": FREE, "free_empty": FREE_EMPTY, "open": OPEN, "opponent_owned": OPPONENT, "": OPEN}
_REACH = {("step", 1): 1, ("step", 2): 2, ("jump", 1): 2, ("jump", 2): 4}


@dataclass(eq=False)
class Kinetics:
    """A piece type compiled for the engine: move tables and rule codes."""

    rank: int
    dodge: bool
    stop_before: bool
    moves: tuple[tuple[tuple[int, ...] | None, str, str], ...]
    """Per move in priority order: its end-square table (None for a slide), direction, letter."""
    rules: tuple[tuple[int, int, int, bool, bool, str], ...]
    """Per rule: code, radius, square class, min2, intercept, text."""
    reach: int
    """The longest distance one move can cover (for dodge dependencies)."""
    static: bool
    """True without slides: approach choices depend on squares only and are cached."""
    ends: tuple[tuple[tuple[int, int], ...], ...]
    """Without slides, per square: (end square, move index) of every move that stays on the board."""
    approach: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)


_COMPILED: dict[int, tuple[PieceType, Kinetics]] = {}
"""Compiled types by ``id`` of the type (which the entry keeps alive, so the id stays its own)."""


def kinetics(kind: PieceType) -> Kinetics:
    """The compiled form of a piece type (cached per type object, and per equal type)."""
    entry = _COMPILED.get(id(kind))
    if entry is not None and entry[0] is kind:
        return entry[1]
    compiled = _compile(kind)
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[id(kind)] = (kind, compiled)
    return compiled


@cache
def _compile(kind: PieceType) -> Kinetics:
    moves: list[tuple[tuple[int, ...] | None, str, str]] = []
    reach = 0
    for move in kind.moves:
        diagonal = 2 if len(move.direction) == 2 else 1
        if move.kind == "slide":
            moves.append((None, move.direction, move.letter))
            reach = max(reach, 2 * (SIZE - 1))
        else:
            length = 1 if move.kind == "step" else 2
            moves.append((tuple(step(s, move.direction, length) for s in SQUARES), move.direction, move.letter))
            reach = max(reach, _REACH[move.kind, diagonal])
    rules = tuple((_RULE_CODES[r.kind], r.radius, _CLASS_CODES[r.target], r.min2, r.intercept, r.text)
                  for r in kind.rules)
    static = all(table is not None for table, _, _ in moves)
    ends = tuple(tuple((e, index) for index, (table, _, _) in enumerate(moves) if (e := table[s]) >= 0)  # type: ignore[index]
                 for s in SQUARES) if static else ()
    return Kinetics(kind.rank, kind.dodge, kind.stop_before_higher_rank, tuple(moves), rules, reach, static, ends)
