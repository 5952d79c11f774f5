"""Every Imperio Bellum action: a frozen value with a short notation (``str``) and a JSON form.

Squares are written ``a1``-``i9``; unit letters ``H B K A P F``.  Notation:
``Kb2-c3`` step, ``Kc3xd4`` melee or pike reach, ``Ae2*e6`` archer shot,
``spawn P@b3 from b2``, ``capture d4`` / ``destroy d4`` after overrunning a base,
``end``; setup: ``I attack`` / ``I defend`` / ``roll for roles``, ``H@e8``,
``reserve +K``, ``ready``, ``use the default army``, ``alter: ...``; typed dice: ``roll 4``.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.imperio.board import UNITS, Board, name, named
from core.protocol import JSON, Action


@dataclass(frozen=True)
class Step(Action):
    """One step of a unit or base to an empty neighbouring square."""

    unit: str
    frm: int
    to: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "step", "from": name(self.frm), "to": name(self.to)}

    def __str__(self) -> str:
        return f"{self.unit}{name(self.frm)}-{name(self.to)}"


@dataclass(frozen=True)
class Attack(Action):
    """A melee attack on an adjacent square, or a pikeman's reach two squares ahead."""

    unit: str
    frm: int
    to: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "attack", "from": name(self.frm), "to": name(self.to)}

    def __str__(self) -> str:
        return f"{self.unit}{name(self.frm)}x{name(self.to)}"


@dataclass(frozen=True)
class Shot(Action):
    """An archer's ranged shot (2-5 squares along a line), with its splash."""

    frm: int
    to: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "shoot", "from": name(self.frm), "to": name(self.to)}

    def __str__(self) -> str:
        return f"A{name(self.frm)}*{name(self.to)}"


@dataclass(frozen=True)
class Spawn(Action):
    """A base brings one reserve unit onto an empty square next to it (start of turn)."""

    unit: str
    to: int
    base: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "spawn", "unit": self.unit, "to": name(self.to), "base": name(self.base)}

    def __str__(self) -> str:
        return f"spawn {self.unit}@{name(self.to)} from {name(self.base)}"


@dataclass(frozen=True)
class Overrun(Action):
    """The winner's choice after beating a base: capture it or destroy it."""

    square: int
    capture: bool

    def to_json(self) -> dict[str, JSON]:
        return {"do": "capture" if self.capture else "destroy", "square": name(self.square)}

    def __str__(self) -> str:
        return f"{'capture' if self.capture else 'destroy'} {name(self.square)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """Declare the turn over."""

    def to_json(self) -> dict[str, JSON]:
        return {"do": "end"}

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Roll(Action):
    """A die typed by hand (``dice_source="manual"``), entered by the chance actor."""

    value: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "roll", "value": self.value}

    def __str__(self) -> str:
        return f"roll {self.value}"


ROLES = {"attacker": "I attack", "defender": "I defend", "roll": "roll for roles"}


@dataclass(frozen=True)
class ChooseRole(Action):
    """Player 1 states the agreed roles (``attacker``/``defender`` for themself) or calls for a roll."""

    role: str

    def to_json(self) -> dict[str, JSON]:
        return {"do": "role", "role": self.role}

    def __str__(self) -> str:
        return ROLES[self.role]


@dataclass(frozen=True)
class Place(Action):
    """Setup: put a headquarters, base or unit on a square of one's zone."""

    unit: str
    square: int

    def to_json(self) -> dict[str, JSON]:
        return {"do": "place", "unit": self.unit, "square": name(self.square)}

    def __str__(self) -> str:
        return f"{self.unit}@{name(self.square)}"


@dataclass(frozen=True)
class AddReserve(Action):
    """Setup: lay out one more reserve unit."""

    unit: str

    def to_json(self) -> dict[str, JSON]:
        return {"do": "reserve", "unit": self.unit}

    def __str__(self) -> str:
        return f"reserve +{self.unit}"


@dataclass(frozen=True)
class Ready(Action):
    """Setup: the units (or the reserves, or the alterations) are done."""

    def to_json(self) -> dict[str, JSON]:
        return {"do": "ready"}

    def __str__(self) -> str:
        return "ready"


@dataclass(frozen=True)
class DefaultArmy(Action):
    """Setup: deploy the default army (section 3) for one's role, board and reserves at once."""

    def to_json(self) -> dict[str, JSON]:
        return {"do": "default army"}

    def __str__(self) -> str:
        return "use the default army"


@dataclass(frozen=True)
class Alter(Action):
    """One of the defender's alterations (IB-06).

    ``op``: ``add`` (``unit`` at ``square``, or to the reserve when ``square`` is None),
    ``remove`` (the piece at ``square``, or one reserve ``unit``), ``move`` (``square`` to ``to``),
    ``change`` (the unit at ``square``, or one reserve ``unit``, into type ``new``).
    """

    op: str
    unit: str
    square: int | None = None
    to: int | None = None
    new: str = ""

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"do": "alter", "op": self.op, "unit": self.unit}
        if self.square is not None:
            data["square"] = name(self.square)
        if self.to is not None:
            data["to"] = name(self.to)
        if self.new:
            data["new"] = self.new
        return data

    def __str__(self) -> str:
        where = "reserve" if self.square is None else name(self.square)
        if self.op == "move" and self.square is not None and self.to is not None:
            return f"alter: move {self.unit}{name(self.square)}-{name(self.to)}"
        if self.op == "change":
            return f"alter: change {self.unit} ({where}) to {self.new}"
        return f"alter: {self.op} {self.unit} ({where})"


def read_play_action(data: JSON, board: Board) -> Action | None:
    """The action of play whose JSON form is exactly ``data``, a step's or attack's unit read from ``board``; else None.

    What lets a long record be read without listing the legal actions at every step.
    """
    if not isinstance(data, dict):
        return None
    do = data.get("do")
    action: Action
    if do == "end":
        action = EndTurn()
    elif do in ("step", "attack", "shoot"):
        frm, to = named(data.get("from")), named(data.get("to"))
        piece = None if frm is None else board[frm]
        if frm is None or to is None or (piece is None and do != "shoot"):
            return None
        if do == "shoot":
            action = Shot(frm, to)
        else:
            assert piece is not None
            action = Step(piece.kind, frm, to) if do == "step" else Attack(piece.kind, frm, to)
    elif do == "spawn":
        to, base, unit = named(data.get("to")), named(data.get("base")), data.get("unit")
        if to is None or base is None or unit not in tuple(UNITS):
            return None
        action = Spawn(str(unit), to, base)
    elif do in ("capture", "destroy"):
        sq = named(data.get("square"))
        if sq is None:
            return None
        action = Overrun(sq, do == "capture")
    else:
        return None
    return action if action.to_json() == data else None
