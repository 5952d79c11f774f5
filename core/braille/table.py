"""What the braille variant's text layer reads: a plain snapshot of a position.

The announcements (:mod:`core.braille.speech`) are pure functions of these
snapshots, so they do not depend on how the engine stores its dice.
:func:`core.braille.state.seat_table` builds a :class:`Table` from a game state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Slot = Literal["d3", "d4", "twin", "A", "B"]
SLOTS: tuple[Slot, ...] = ("d3", "d4", "twin", "A", "B")
"""The fixed announcement order (rulebook §5.1)."""

SIZES: dict[Slot, int] = {"d3": 3, "d4": 4, "twin": 12, "A": 6, "B": 6}
LOWEST: dict[Slot, int] = {"d3": 1, "d4": 1, "twin": 2, "A": 1, "B": 1}


@dataclass(frozen=True)
class Die:
    """One die: whose it is, which of the five it is, and what it shows."""

    owner: int
    slot: Slot
    value: int | None
    """None while a manually rolled die waits for its typed result."""
    halves: tuple[int, int] | None = None
    """The two small d6 of the twin, when known."""

    @property
    def size(self) -> int:
        return SIZES[self.slot]


@dataclass(frozen=True)
class Attack:
    """A legal attack as the text layer names it."""

    kind: Literal["power", "skill"]
    attackers: tuple[Die, ...]
    target: Die
    action: object = field(default=None, compare=False)
    """The game action that makes this attack."""


@dataclass(frozen=True)
class RoundEnd:
    """A finished round: its number, doubled scores and winner (None: not counted)."""

    number: int
    doubled: tuple[int, int]
    winner: int | None
    full_tie: bool = False
    """Drawn because every die tied for who begins (BR-03)."""


@dataclass(frozen=True)
class Table:
    """A position of the braille variant, as text needs it."""

    names: tuple[str, str]
    dice: tuple[tuple[Die, ...], tuple[Die, ...]]
    """Each player's dice in play, in slot order."""
    captured: tuple[tuple[Die, ...], tuple[Die, ...]]
    """The dice each player has taken from the opponent."""
    doubled: tuple[int, int]
    """The current round's scores if it ended now, in half points."""
    wins: tuple[int, int]
    draws: int
    round_number: int
    max_wins: int
    to_move: int | None
    attacks: tuple[Attack, ...] = ()
    """The mover's legal attacks in the order of ruling BR-14."""
    can_pass: bool = False
    roll_request: Die | None = None
    """With manual dice: the die whose result must be typed now."""
    turns: int = 0
    """Attacks and passes so far in this round."""
    coin_toss: bool = False
    """With manual dice and ``random_first``: a coin decides who begins (typed 1 or 2)."""
    rounds: tuple[RoundEnd, ...] = ()
    """Every finished round, drawn ones included."""
    cancelled: bool = False
    """True when the round cap ended the match."""

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def winner(self) -> int | None:
        for player in (0, 1):
            if self.wins[player] >= self.max_wins:
                return player
        return None

    def die(self, owner: int, slot: Slot) -> Die | None:
        """The die of ``owner`` in ``slot`` if it is still in play."""
        return next((d for d in self.dice[owner] if d.slot == slot), None)


def attack_order(attacks: list[Attack]) -> list[Attack]:
    """Ruling BR-14: Power first (largest target first), then Skill (fewest dice first).

    Ties keep a stable order: target in slot order, then attackers in slot order.
    Single-die Skill attacks are left out (BR-05: they equal a Power attack).
    """

    def key(a: Attack) -> tuple[int, int, int, int, tuple[int, ...]]:
        target_value = a.target.value or 0
        slots = tuple(SLOTS.index(d.slot) for d in a.attackers)
        if a.kind == "power":
            return (0, -target_value, SLOTS.index(a.target.slot), 0, slots)
        return (1, len(a.attackers), -target_value, SLOTS.index(a.target.slot), slots)

    return sorted((a for a in attacks if a.kind == "power" or len(a.attackers) >= 2), key=key)
