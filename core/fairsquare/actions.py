"""Every Fair and Square action: placing, lifting, re-ordering (a garnet), confirming and the
elimination vote; each a frozen value with a short text (``str``) and a JSON form."""

from __future__ import annotations

from dataclasses import dataclass

from core.fairsquare.geometry import name, parse_square
from core.protocol import JSON, Action, actor_name


@dataclass(frozen=True)
class Place(Action):
    """Place one piece of type ``kind`` on ``square`` (hidden until the board's placements are all in)."""

    kind: str
    square: int

    def to_json(self) -> dict[str, JSON]:
        return {"place": self.kind, "on": name(self.square)}

    def __str__(self) -> str:
        return f"place {self.kind} on {name(self.square)}"


@dataclass(frozen=True)
class Lift(Action):
    """Take back one's own unconfirmed piece from ``square`` (accepted, not listed)."""

    square: int

    def to_json(self) -> dict[str, JSON]:
        return {"lift": name(self.square)}

    def __str__(self) -> str:
        return f"lift the piece on {name(self.square)}"


@dataclass(frozen=True)
class Reorder(Action):
    """Spend a garnet: type ``kind`` moves in the letter order ``letters`` this round (not listed)."""

    kind: str
    letters: str

    def to_json(self) -> dict[str, JSON]:
        return {"reorder": self.kind, "letters": self.letters}

    def __str__(self) -> str:
        return f"re-order {self.kind}'s moves to {self.letters}"


@dataclass(frozen=True)
class Confirm(Action):
    """Submit the four placed pieces (and any garnet spending)."""

    def to_json(self) -> dict[str, JSON]:
        return {"confirm": True}

    def __str__(self) -> str:
        return "confirm the placement"


@dataclass(frozen=True)
class Eliminate(Action):
    """A winner's vote for the elimination candidate among players tied through every tie-break."""

    player: int

    def to_json(self) -> dict[str, JSON]:
        return {"eliminate": self.player}

    def __str__(self) -> str:
        return f"name {actor_name(self.player)} as elimination candidate"


def parse_action(data: JSON) -> Action | None:
    """Place, Confirm, Lift and Reorder from their JSON form, else None (their type names are checked
    with the action: :meth:`FairSquareState.placement_action_problem`)."""
    if not isinstance(data, dict):
        return None
    keys = set(data)
    if keys == {"confirm"}:
        return Confirm() if data["confirm"] is True else None
    try:
        if keys == {"lift"}:
            return Lift(parse_square(data["lift"]))
        if keys == {"place", "on"} and isinstance(data["place"], str):
            square = parse_square(data["on"])
            return Place(data["place"], square) if data["on"] == name(square) else None
    except ValueError:
        return None
    if keys == {"reorder", "letters"} and isinstance(data["reorder"], str) and isinstance(data["letters"], str):
        return Reorder(data["reorder"], data["letters"])
    return None
