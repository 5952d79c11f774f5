"""The campaign's actions: picks, orders, the owner's choice and a moderator's reported result."""

from __future__ import annotations

from dataclasses import dataclass

from core.battle.model import Score
from core.protocol import JSON, Action, is_int


@dataclass(frozen=True)
class PickButton(Action):
    """A player's button pick (``button_picks=players``)."""

    button: str

    def to_json(self) -> dict[str, JSON]:
        return {"pick": self.button}

    def __str__(self) -> str:
        return f"pick {self.button}"


@dataclass(frozen=True)
class Attack(Action):
    """An attack order: the army on ``origin`` attacks the army on ``target`` (territory indices)."""

    origin: int
    target: int

    def to_json(self) -> dict[str, JSON]:
        return {"attack": [self.origin, self.target]}

    def __str__(self) -> str:
        return f"attack territory {self.target + 1} from territory {self.origin + 1}"


@dataclass(frozen=True)
class Pass(Action):
    """A pass order (only when targeted, or when no attack is legal)."""

    def to_json(self) -> dict[str, JSON]:
        return {"pass": True}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Choose(Action):
    """The owner's choice (BB-15): which of their armies takes ``territory``."""

    territory: int
    army: int

    def to_json(self) -> dict[str, JSON]:
        return {"choose": self.territory, "army": self.army}

    def __str__(self) -> str:
        return f"army {self.army + 1} takes territory {self.territory + 1}"


@dataclass(frozen=True)
class ReportResult(Action):
    """The moderator enters a reported battle result (``battle_source=reported``)."""

    battle: int
    winner: int
    """The winning seat: 0 the attacker (or first claimant), 1 the defender."""
    score: Score
    small_points: int | None = None

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"report": self.battle, "winner": self.winner, "score": str(self.score)}
        if self.small_points is not None:
            data["small_points"] = self.small_points
        return data

    @classmethod
    def from_json(cls, data: JSON) -> ReportResult | None:
        if not isinstance(data, dict) or set(data) - {"report", "winner", "score", "small_points"}:
            return None
        battle, winner, score, small = data.get("report"), data.get("winner"), data.get("score"), \
            data.get("small_points")
        if not isinstance(battle, int) or not isinstance(winner, int) or not is_int(battle) or not is_int(winner) \
                or winner not in (0, 1) or not isinstance(score, str):
            return None
        if small is not None and (not is_int(small) or abs(small) > 10_000):
            return None
        try:
            parsed = Score.parse(score)
        except ValueError:
            return None
        return cls(battle, winner, parsed, small)

    def __str__(self) -> str:
        small = "" if self.small_points is None else f", small points {self.small_points:+d}"
        return f"battle {self.battle + 1}: side {self.winner + 1} won {self.score}{small}"
