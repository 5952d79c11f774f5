"""The value objects of a round: scores, battles, results, claims, pending territories, round logs."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.protocol import JSON

SCORE = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*$")


@dataclass(frozen=True)
class Score:
    """A battle's score from the winner's side: rounds won, lost and drawn."""

    wins: int
    losses: int
    draws: int = 0

    @classmethod
    def parse(cls, text: str) -> Score:
        """``"3-1"`` or ``"3-2-1"``; ValueError when malformed."""
        found = SCORE.match(text) if isinstance(text, str) else None
        if not found:
            raise ValueError("a score is written W-L or W-L-D, e.g. 3-1 or 3-2-1")
        return cls(int(found[1]), int(found[2]), int(found[3] or 0))

    @property
    def margin(self) -> int:
        return self.wins - self.losses

    def __str__(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"

    @property
    def words(self) -> str:
        """The score as a player says it: "3 rounds to 1", "3 rounds to 2 with 1 drawn"."""
        drawn = f" with {self.draws} drawn" if self.draws else ""
        return f"{self.wins} rounds to {self.losses}{drawn}"


# --------------------------------------------------------------------------- battles and claims


@dataclass(frozen=True)
class Result:
    """A finished battle: the winning seat, the score from its side, its signed small-point margin."""

    winner: int | None
    """None: the match was cancelled (nobody wins, nothing changes hands)."""
    score: Score
    small_points: int | None


@dataclass(frozen=True)
class Battle:
    """One battle of a round.

    ``kind``: ``attack`` (an order; seat 0 attacks from ``origin``, seat 1 defends ``target``),
    ``tiebreak`` (over pending ``target``; seat 0 holds the more convincing claim) or
    ``walkover`` (an order on a buttonless claimable territory: no match, seat 0 wins).
    """

    kind: str
    armies: tuple[int | None, int | None]
    players: tuple[int, int | None]
    """The campaign players playing each seat (claimants for a tie-break)."""
    origin: int | None
    target: int
    order: int | None = None
    """The position of the attack among the round's orders (0-based), else None."""
    result: Result | None = None

    @property
    def stake(self) -> int | None:
        """The territory this battle decides (5.1): the loser's territory; None while open or cancelled."""
        if self.result is None or self.result.winner is None:
            return None
        if self.kind == "attack" and self.result.winner == 1:
            return self.origin
        return self.target


@dataclass(frozen=True)
class Claim:
    """A won battle's claim on its stake, with how convincing the win was (5.2)."""

    territory: int
    player: int
    army: int | None
    margin: int
    small_points: int | None
    battle: int

    def strength(self) -> tuple[int, int]:
        """Round margin, then small-point margin (missing small points must not be compared)."""
        return (self.margin, self.small_points or 0)


@dataclass(frozen=True)
class Pending:
    """A pending territory (ed. 2, or ed. 1 with ``e1_final_tie=tiebreak_battle``) and its two claims."""

    territory: int
    claims: tuple[Claim, Claim]


@dataclass(frozen=True)
class RoundLog:
    """A finished round, as records and summaries tell it."""

    number: int
    move_order: tuple[int, ...]
    battles: tuple[Battle, ...]
    passes: tuple[int, ...]
    choices: tuple[tuple[int, int], ...]
    captures: tuple[tuple[int, int | None, int | None], ...]
    """(territory, old owner, new owner) for every territory that changed hands or went pending."""
    owners: tuple[int | None, ...]
    pending: tuple[int, ...]
    eliminated: tuple[int, ...]
    matches: tuple[JSON, ...] = ()
    """The Button Men record of every battle (engine battles; None for reported ones)."""
