"""How a finished game ranks its players.

How it ends.  A finished state has an :class:`Outcome`: every player's place
(1-based, shared places allowed) and a one-line reason.  ``returns()`` turns
places into values in [0, 1] for bots and statistics, for any number of players.

Part of the protocol (:mod:`core.protocol` re-exports it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """How a finished game ranks its players: 1-based places (shared allowed) and why."""

    places: tuple[int, ...]
    reason: str

    @classmethod
    def by_scores(cls, scores: Sequence[float], reason: str) -> Outcome:
        """Higher score, better place; equal scores share a place (3, 3, 1, 0 -> 1, 1, 3, 4)."""
        return cls(tuple(1 + sum(other > mine for other in scores) for mine in scores), reason)

    @classmethod
    def won_by(cls, winner: int | None, players: int, reason: str) -> Outcome:
        """One winner, everybody else shares second place; None: everybody shares first (a draw)."""
        if winner is None:
            return cls((1,) * players, reason)
        return cls(tuple(1 if p == winner else 2 for p in range(players)), reason)

    @property
    def winner(self) -> int | None:
        """The single first place, else None."""
        first = [p for p, place in enumerate(self.places) if place == 1]
        return first[0] if len(first) == 1 else None

    def returns(self) -> tuple[float, ...]:
        """Each player's value in [0, 1]: the mean of the rank values its place spans.

        Rank ``r`` of ``n`` is worth ``(n - r) / (n - 1)``; players sharing a place share
        the ranks it covers, so a two-player draw gives 0.5 each.
        """
        n = len(self.places)
        values = []
        for place in self.places:
            shared = self.places.count(place)
            ranks = range(place, place + shared)
            values.append(sum((n - r) / (n - 1) for r in ranks) / shared)
        return tuple(values)
