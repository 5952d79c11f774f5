"""The end of one board as :func:`~core.fairsquare.sim.simulate` returns it, with its places."""

from __future__ import annotations

from dataclasses import dataclass

from core.fairsquare.scoring import order, places
from core.fairsquare.trace import TurnTrace


@dataclass(frozen=True)
class Result:
    """The end of a board: owned totals per turn, tie-break counts and (when recorded) the trace."""

    totals: tuple[tuple[int, ...], ...]
    """``totals[t][k]``: board player k's owned total after turn t (0-15)."""
    threes: tuple[int, ...]
    twos: tuple[int, ...]
    left: tuple[int, ...]
    turns: tuple[TurnTrace, ...] = ()

    def places(self) -> tuple[int, ...]:
        """Each board player's place after every tie-break of rulebook section 5 (shared: 1, 1, 3)."""
        final = self.totals[-1]
        return places(order(range(len(final)), lambda k: (final[k], self.threes[k], self.twos[k], self.left[k]),
                            self.totals), len(final))
