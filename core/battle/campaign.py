"""The fields of a campaign and the facts read from them (who is alive, lands, the winning threshold)."""

from __future__ import annotations

from dataclasses import dataclass

from core.battle.maps import Map
from core.battle.model import Battle, Pending, RoundLog
from core.protocol import State


@dataclass(frozen=True, kw_only=True)
class Campaign(State):
    """A ButtonMen Battle campaign's position; :class:`~core.battle.state.CampaignState` plays it."""

    board: Map
    names: tuple[str, ...]
    colours: tuple[str, ...]
    buttons: tuple[str, ...]
    recipes: tuple[str, ...]
    home: tuple[int, ...]
    """Each army's starting territory (edition 2: its territory for the whole game)."""
    army_player: tuple[int | None, ...]
    """Each army's current owner (edition 2: None while its territory is pending)."""
    holder: tuple[int | None, ...]
    """Each territory's army (None: neutral, pending in edition 1, or a buttonless claimed territory)."""
    land: tuple[int | None, ...]
    """Each territory's owning player (None: neutral or pending)."""
    inert: frozenset[int] = frozenset()
    pending: tuple[Pending, ...] = ()
    round_number: int = 1
    phase: str = "orders"
    move_order: tuple[int, ...] = ()
    ordered: tuple[int, ...] = ()
    passes: tuple[int, ...] = ()
    battles: tuple[Battle, ...] = ()
    matches: tuple[State | None, ...] = ()
    choices: tuple[tuple[int, int], ...] = ()
    eliminated: tuple[int | None, ...] = ()
    """The round each player was eliminated in (None: still in)."""
    past: tuple[RoundLog, ...] = ()
    warnings: tuple[str, ...] = ()
    round_start: int = 0
    """How many actions of ``history`` preceded this round's battles (for public records)."""
    end: str | None = None
    victor: int | None = None

    @property
    def edition(self) -> int:
        return int(self.options["edition"])

    @property
    def alive(self) -> tuple[int, ...]:
        return tuple(p for p in range(len(self.names)) if self.eliminated[p] is None)

    @property
    def counted(self) -> int:
        """Territories that count for victory (inert neutral ones do not)."""
        return self.board.size - len(self.inert)

    @property
    def threshold(self) -> int:
        value = self.options["win_threshold"]
        return self.counted // 2 + 1 if value == "auto" else int(value)

    def lands(self, player: int) -> int:
        return sum(1 for owner in self.land if owner == player)

    def is_pending(self, territory: int) -> bool:
        return any(p.territory == territory for p in self.pending)

    def has_claim(self, player: int) -> bool:
        return any(c.player == player for p in self.pending for c in p.claims)

    def army_owner(self, army: int | None) -> int | None:
        return None if army is None else self.army_player[army]

    def territories_of(self, army: int) -> tuple[int, ...]:
        return tuple(t for t, a in enumerate(self.holder) if a == army and self.land[t] is not None)

    def targeted(self, player: int) -> bool:
        """True when another player's order this round targets one of ``player``'s armies (BB-07)."""
        return any(b.kind == "attack" and b.players[1] == player for b in self.battles)

    def _rank_key(self, player: int) -> tuple[int, int, int]:
        won = self.victor == player
        out = self.eliminated[player]
        return (int(won), self.lands(player), 10**6 if out is None else out)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Players best first (section 7's ranking; equal players in seat order)."""
        return tuple(sorted(range(len(self.names)), key=lambda p: self._rank_key(p), reverse=True))

    def _where(self, territory: int) -> str:
        return f"round {self.round_number}, {self.board.name_of(territory)}"
