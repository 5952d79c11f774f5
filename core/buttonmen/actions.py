"""The actions of a Button Men match: choices, reactions, attacks, passes and manual rolls."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.protocol import JSON, Action

ATTACK_TYPES = ("Power", "Skill", "Shadow", "Speed", "Berserk", "Rush", "Trip", "Boom")
"""Every attack type, in the site's listing order."""

Pairs = tuple[tuple[int, int], ...]


MAX_LISTED = 32
"""Longest index list an action's JSON may carry (a button has at most 11 dice in play)."""


def _ints(data: JSON) -> tuple[int, ...] | None:
    """A JSON list of small integers (bools are not integers), else None."""
    if not isinstance(data, list) or len(data) > MAX_LISTED:
        return None
    if not all(type(v) is int and -1_000 <= v <= 1_000 for v in data):
        return None
    return tuple(data)


def _pairs(data: JSON) -> Pairs | None:
    """A JSON list of ``[int, int]`` pairs (None or missing: none), else None for a bad shape."""
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_LISTED:
        return None
    pairs = [_ints(pair) for pair in data]
    if any(pair is None or len(pair) != 2 for pair in pairs):
        return None
    return tuple((pair[0], pair[1]) for pair in pairs if pair is not None)


@dataclass(frozen=True)
class ChooseSwing(Action):
    """Set the size of every die of one swing letter (a secret choice)."""

    letter: str
    size: int

    def to_json(self) -> dict[str, JSON]:
        return {"swing": self.letter, "size": self.size}

    def __str__(self) -> str:
        return f"swing {self.letter} = {self.size}"


@dataclass(frozen=True)
class ChooseOption(Action):
    """Pick one side count of the option die at recipe position ``die``."""

    die: int
    size: int

    def to_json(self) -> dict[str, JSON]:
        return {"option": self.die, "size": self.size}

    def __str__(self) -> str:
        return f"option die {self.die + 1} = {self.size} sides"


@dataclass(frozen=True)
class Auxiliary(Action):
    """Add or decline the auxiliary dice before round 1."""

    add: bool

    def to_json(self) -> dict[str, JSON]:
        return {"auxiliary": self.add}

    def __str__(self) -> str:
        return "add the auxiliary dice" if self.add else "decline the auxiliary dice"


@dataclass(frozen=True)
class Reserve(Action):
    """The round's loser adds the reserve die at recipe position ``die`` (None: declines)."""

    die: int | None
    text: str = field(default="", compare=False)

    def to_json(self) -> dict[str, JSON]:
        return {"reserve": self.die}

    def __str__(self) -> str:
        if self.die is None:
            return "add no reserve die"
        return f"add reserve die {self.text or self.die + 1}"


@dataclass(frozen=True)
class Focus(Action):
    """Turn Focus dice down to the given values: ``((die, value), ...)``."""

    values: Pairs

    def to_json(self) -> dict[str, JSON]:
        return {"focus": [list(p) for p in self.values]}

    @staticmethod
    def from_json(data: JSON) -> Focus | None:
        """The reaction written as ``data``, or None when ``data`` is not of its shape."""
        if not isinstance(data, dict) or set(data) != {"focus"}:
            return None
        values = _pairs(data["focus"]) if data["focus"] is not None else None
        return None if values is None else Focus(values)

    def __str__(self) -> str:
        return "focus: " + ", ".join(f"die {d + 1} to {v}" for d, v in self.values)


@dataclass(frozen=True)
class Chance(Action):
    """Reroll one Chance die to try to win initiative."""

    die: int

    def to_json(self) -> dict[str, JSON]:
        return {"chance": self.die}

    def __str__(self) -> str:
        return f"reroll chance die {self.die + 1}"


@dataclass(frozen=True)
class Decline(Action):
    """Decline to react to initiative."""

    def to_json(self) -> dict[str, JSON]:
        return {"decline": True}

    def __str__(self) -> str:
        return "decline to react"


@dataclass(frozen=True)
class Attack(Action):
    """An attack: ``attackers`` (mover's dice) and ``targets`` (opponent's dice) are indices.

    ``fire`` lists ``(die, amount)`` turn-downs of helping Fire dice; ``turbo``
    lists ``(die, size)`` new sizes of attacking Turbo dice.
    """

    kind: str
    attackers: tuple[int, ...]
    targets: tuple[int, ...]
    fire: Pairs = ()
    turbo: Pairs = ()
    text: str = field(default="", compare=False)
    dice: tuple[Sequence[Any], Sequence[Any]] | None = field(default=None, compare=False, repr=False)
    """The mover's and the opponent's dice, for the label (set on listed attacks)."""

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "attack": self.kind, "attackers": list(self.attackers), "targets": list(self.targets),
        }
        if self.fire:
            data["fire"] = [list(p) for p in self.fire]
        if self.turbo:
            data["turbo"] = [list(p) for p in self.turbo]
        return data

    @staticmethod
    def from_json(data: JSON) -> Attack | None:
        """The attack written as ``data``, or None when ``data`` is not of an attack's shape."""
        if not isinstance(data, dict) or not set(data) <= {"attack", "attackers", "targets", "fire", "turbo"}:
            return None
        kind, attackers, targets = data.get("attack"), _ints(data.get("attackers")), _ints(data.get("targets"))
        fire, turbo = _pairs(data.get("fire")), _pairs(data.get("turbo"))
        if not isinstance(kind, str) or len(kind) > 20 or None in (attackers, targets, fire, turbo):
            return None
        assert attackers is not None and targets is not None and fire is not None and turbo is not None
        return Attack(kind, attackers, targets, fire, turbo)

    def __str__(self) -> str:
        if self.text:
            return self.text
        if self.dice is not None:
            mine, theirs = self.dice
            text = (f"{self.kind}: {', '.join(mine[i].label for i in self.attackers)} on "
                    f"{', '.join(theirs[j].label for j in self.targets)}")
            if self.fire:
                text += " with Fire " + ", ".join(f"{mine[i].label} -{n}" for i, n in self.fire)
            if self.turbo:
                text += " turbo " + ", ".join(f"{mine[i].notation}->{s}" for i, s in self.turbo)
            return text
        who = ", ".join(str(i + 1) for i in self.attackers)
        whom = ", ".join(str(i + 1) for i in self.targets)
        return f"{self.kind} attack: dice {who} on {whom}"


@dataclass(frozen=True)
class Pass(Action):
    """Pass the turn (legal only when no attack is possible)."""

    def to_json(self) -> dict[str, JSON]:
        return {"pass": True}

    @staticmethod
    def from_json(data: JSON) -> Pass | None:
        """A pass from its JSON form (``true`` only: 1 is not a boolean), else None."""
        return Pass() if isinstance(data, dict) and len(data) == 1 and data.get("pass") is True else None

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Surrender(Action):
    """Concede the round; only legal with no dice selected."""

    concedes = True

    attackers: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"surrender": True}
        if self.attackers or self.targets:
            data["attackers"], data["targets"] = list(self.attackers), list(self.targets)
        return data

    def __str__(self) -> str:
        return "surrender the round"


@dataclass(frozen=True)
class Roll(Action):
    """Enter the result of a physical die roll (``dice_source="manual"``)."""

    value: int

    def to_json(self) -> dict[str, JSON]:
        return {"roll": self.value}

    @staticmethod
    def from_json(data: JSON) -> Roll | None:
        """A typed result from its JSON form (an integer, not a boolean), else None."""
        if isinstance(data, dict) and len(data) == 1 and type(value := data.get("roll")) is int:
            return Roll(value)
        return None

    def __str__(self) -> str:
        return f"rolled {self.value}"


@dataclass(frozen=True)
class Start(Action):
    """The opening of the match (the pending action of a manual first roll)."""

    def to_json(self) -> dict[str, JSON]:
        return {"start": True}

    def __str__(self) -> str:
        return "start the match"
