"""Armies: the default deployment (section 3, IB-36) and the deployment limits (IB-04)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core import rng
from core.imperio.board import FILES, UNITS, square

Reserve = tuple[int, int, int, int]
"""Reserve counts in the order of :data:`~core.imperio.board.UNITS` (knights, archers, pikemen, footsoldiers)."""

@dataclass(frozen=True)
class Army:
    """A default army: its board rows by rank (``.`` an empty square) and its reserves by side."""

    rows: Mapping[int, str]
    """Ranks 1-2 for the attacker, 8-9 for the defender."""
    reserves: Mapping[bool, Reserve]
    """By side (True: the attacker)."""


ARMIES: Mapping[str, Army] = {
    "wiki_example": Army({1: "FPFFAFFPF", 2: "KBAKHKABK", 8: "BAKKHKKAB", 9: "PFAFAPAFP"},
                         {True: (6, 10, 14, 20), False: (5, 20, 10, 15)}),
    "small": Army({1: "..B.H.B..", 2: ".FAKPKAF.", 8: ".FAKPKAF.", 9: "..B.H.B.."},
                  {True: (1, 2, 2, 3), False: (1, 2, 2, 3)}),
}
"""The armies of ``default_army``: ``wiki_example``, the source's example deployment (section 3, IB-36), and
``small``, the engine's army for a first game (7 units a side on the board and the same 8 in reserve, each
side a mirror of the other).  Any other name (``none``) stands for the source's example."""
DEFAULT_RESERVES = ARMIES["wiki_example"].reserves
"""The source's example reserves by side (True: attacker)."""


def _army(army: str) -> Army:
    return ARMIES.get(army, ARMIES["wiki_example"])


def default_placements(attacker_side: bool, army: str = "wiki_example") -> tuple[tuple[str, int], ...]:
    """A side's pieces of the default ``army`` (``wiki_example`` or ``small``) as (letter, square):
    headquarters, then bases, then units."""
    ranks = (1, 2) if attacker_side else (8, 9)
    rows = _army(army).rows
    pieces = [(letter, square(f, r)) for r in ranks for f, letter in enumerate(rows[r]) if letter != "."]
    order = "HB" + UNITS
    return tuple(sorted(pieces, key=lambda p: (order.index(p[0]), p[1])))


def default_reserves(attacker_side: bool, army: str = "wiki_example") -> Reserve:
    """A side's reserves in the default ``army``."""
    return _army(army).reserves[attacker_side]


def limit_problem(options: Mapping[str, object], board: Mapping[str, int], reserve: Sequence[int]) -> str | None:
    """What deployment limit (IB-04) a side's units on the board and reserves break, or None."""
    on_board = sum(board.get(u, 0) for u in UNITS)
    knights = board.get("K", 0)
    checks = (
        (on_board, "max_board_units", "units on the board"),
        (sum(reserve), "max_reserve", "reserve units"),
        (knights, "max_knights_start", "knights on the board"),
        (knights + reserve[0], "max_knights_total", "knights in all"),
    )
    for count, option, what in checks:
        limit = options[option]
        assert isinstance(limit, int)
        if count > limit:
            return f"at most {limit} {what} ({option})"
    return None


def imagined_reserve(stream: int, size: int, knight_room: int) -> tuple[int, Reserve]:
    """A reserve of ``size`` units of random types, at most ``knight_room`` of them knights.

    What a player may imagine of reserves the rules hide from them (``public_reserves=false``).
    """
    counts = [0, 0, 0, 0]
    for _ in range(size):
        stream, kind = rng.below(stream, 4 if counts[0] < knight_room else 3)
        counts[kind if counts[0] < knight_room else kind + 1] += 1
    return stream, (counts[0], counts[1], counts[2], counts[3])


def describe_reserve(reserve: Reserve) -> str:
    """``K×6, A×10, P×14, F×20`` (``none`` when empty)."""
    return ", ".join(f"{u}×{n}" for u, n in zip(UNITS, reserve, strict=True) if n) or "none"


assert all(len(row) == len(FILES) for army in ARMIES.values() for row in army.rows.values())
