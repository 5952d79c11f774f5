"""Imperio Bellum (placeholder docstring, replaced below)."""

from core.imperio.actions import (
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Overrun,
    Place,
    Ready,
    Roll,
    Shot,
    Spawn,
    Step,
)
from core.imperio.board import name, parse
from core.imperio.dice import combat_odds
from core.imperio.game import GAME, ImperioBellum
from core.imperio.odds import DuelOdds, Odds, odds
from core.imperio.state import Duel, ImperioState, outcomes

__all__ = [
    "GAME", "AddReserve", "Alter", "Attack", "ChooseRole", "DefaultArmy", "Duel", "DuelOdds", "EndTurn",
    "ImperioBellum", "ImperioState", "Odds", "Overrun", "Place", "Ready", "Roll", "Shot", "Spawn", "Step",
    "combat_odds", "name", "odds", "outcomes", "parse",
]
