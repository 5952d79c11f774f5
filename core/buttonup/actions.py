"""The actions of Button Up!: sow a stack, name a round's starter, decline an extra turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.buttonup.buttons import BUTTONS, COLOURS, PLAYER_NAMES
from core.protocol import Action


@dataclass(frozen=True)
class Sow(Action):
    """Lift the stack at ``stack`` (an index into ``state.stacks``) and sow it."""

    stack: int
    buttons: str = field(default="", compare=False)
    """The lifted stack, bottom to top (for the label only)."""

    def to_json(self) -> dict[str, object]:
        return {"sow": self.stack}

    def __str__(self) -> str:
        colours = ", ".join(COLOURS[b] for b in self.buttons)
        return f"sow stack {self.stack + 1} ({colours})" if self.buttons else f"sow stack {self.stack + 1}"


@dataclass(frozen=True)
class ChooseStarter(Action):
    """Name the player who starts the round."""

    player: int

    def to_json(self) -> dict[str, object]:
        return {"starter": self.player}

    def __str__(self) -> str:
        return f"{PLAYER_NAMES[self.player]} starts the round"


@dataclass(frozen=True)
class EndTurn(Action):
    """Decline an optional extra turn (``extra_turn=optional`` only)."""

    def to_json(self) -> dict[str, object]:
        return {"end_turn": True}

    def __str__(self) -> str:
        return "decline the extra turn"


class _Sows(dict[str, Sow]):
    """Shared action objects for one place in the circle: ``SOWS[index][buttons]`` lifts the stack ``buttons``
    at ``index`` (a position offers the same few moves again and again; each is made when first offered)."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def __missing__(self, buttons: str) -> Sow:
        sow = self[buttons] = Sow(self.index, buttons)
        return sow


SOWS = tuple(_Sows(index) for index in range(len(BUTTONS)))
