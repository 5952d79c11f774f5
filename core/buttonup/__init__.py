"""Button Up!: stack-sowing for two armies and three spies (see :mod:`.rules`)."""

from core.buttonup.game import GAME, ButtonUp
from core.buttonup.rules import (
    BLACK,
    RED,
    ButtonUpState,
    ChooseStarter,
    EndTurn,
    RoundResult,
    Sow,
    Sowing,
    heights,
    sow,
)

__all__ = [
    "BLACK", "GAME", "ButtonUp", "RED", "ButtonUpState", "ChooseStarter", "EndTurn", "RoundResult", "Sow", "Sowing",
    "heights", "sow",
]
