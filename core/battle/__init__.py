"""ButtonMen Battle (placeholder docstring, replaced below)."""

from core.battle.game import GAME, ButtonMenBattle
from core.battle.state import CampaignState

__all__ = ["GAME", "ButtonMenBattle", "CampaignState"]
