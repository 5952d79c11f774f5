"""What a page draws over the board: pikeman zones and an archer's lines of fire and shields.

Facts only, read from a position; :mod:`.combat` decides the same questions for play
(a knight stopping in a zone, a shot being blocked), and the tests check both agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.imperio.board import DIRECTIONS, NEIGHBOURS, ray
from core.imperio.combat import SHOT_RANGE, reach_square, shielded_squares, shot_targets
from core.imperio.state import ImperioState


def pike_zone(state: ImperioState, player: int) -> frozenset[int]:
    """Squares where an enemy knight of ``player``'s pikemen stops: their 8 neighbours and two ahead (IB-16)."""
    assert state.attacker is not None
    out: set[int] = set()
    for sq, piece in enumerate(state.board):
        if piece is not None and piece.kind == "P" and piece.owner == player:
            out.update(NEIGHBOURS[sq])
            ahead = reach_square(sq, player, state.attacker)
            if ahead is not None:
                out.add(ahead)
    return frozenset(out)


@dataclass(frozen=True)
class FireLines:
    """An archer's reach now: the squares its shots could go to, the ones it may shoot at, and the shields."""

    lines: frozenset[int]
    """Squares 2-5 away on its 8 lines, up to a blocking footsoldier or shielded square (IB-18, IB-19)."""
    targets: frozenset[int]
    """The squares it may shoot at now."""
    shielded: frozenset[int]
    """Squares the enemy footsoldiers shield against this archer."""


def fire_lines(state: ImperioState, archer_sq: int) -> FireLines:
    """The lines of fire and shields of the archer on ``archer_sq``."""
    archer = state.board[archer_sq]
    assert archer is not None and archer.kind == "A" and state.attacker is not None
    frame = str(state.options["footsoldier_shield_frame"])
    shields = shielded_squares(state.board, archer_sq, archer.owner, state.attacker, frame)
    lines: set[int] = set()
    for df, dr in DIRECTIONS:
        for reach, sq in enumerate(ray(archer_sq, df, dr)[:SHOT_RANGE.stop - 1], start=1):
            blocker = state.board[sq]
            if reach >= SHOT_RANGE.start and sq not in shields:
                lines.add(sq)
            if sq in shields or (blocker is not None and blocker.kind == "F" and blocker.owner != archer.owner):
                break
    targets = frozenset(shot_targets(state.board, archer_sq, state.attacker, state.options))
    return FireLines(frozenset(lines), targets, shields)
