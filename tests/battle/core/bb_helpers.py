"""Helpers for the ButtonMen Battle tests: fixed setups, orders and reported results by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.battle import GAME
from core.battle.actions import Attack, Pass, ReportResult
from core.battle.model import Score
from core.battle.state import CampaignState, button_index, player_index
from core.protocol import MODERATOR
from tests.shared_data import SHARED, read_text

DATA = Path(__file__).resolve().parent / "data"
SECTION5 = DATA / "belgium-e1-sections5.json"
LESOTHO = SHARED / "battle/lesotho-game2.json"


def record(path: Path) -> Any:
    """The JSON record at ``path`` (a shared file that is absent skips the test, or fails it under CI)."""
    return json.loads(read_text(path))


def belgium_setup() -> list[Any]:
    """Ann, Bob, Cat, Dan, Eve on Belgium (the section-5 record's start)."""
    return list(record(SECTION5)["players"])


def lesotho_setup() -> list[Any]:
    return list(record(LESOTHO)["players"])


def belgium(seed: int = 0, **options: Any) -> CampaignState:
    state = GAME.new(seed, setup=belgium_setup(), battle_source="reported", **options)
    assert isinstance(state, CampaignState)
    return state


def lesotho(seed: int = 0, **options: Any) -> CampaignState:
    options.setdefault("move_order", ["Irilyth", "Kaori", "ElihuRoot", "AnnoDomini", "Gauen"])
    state = GAME.new(seed, setup=lesotho_setup(), battle_source="reported", edition=2, map="lesotho", **options)
    assert isinstance(state, CampaignState)
    return state


def attack(state: CampaignState, player: str, origin: str, target: str) -> CampaignState:
    return state.apply(Attack(state.board.index(origin), state.board.index(target)), player_index(state, player))


def pass_(state: CampaignState, player: str) -> CampaignState:
    return state.apply(Pass(), player_index(state, player))


def report(state: CampaignState, battle: int, winner: str, score: str, small: int | None = None) -> CampaignState:
    army = button_index(state, winner)
    seat = state.battles[battle].armies.index(army)
    return state.apply(ReportResult(battle, seat, Score.parse(score), small), MODERATOR)


def owner(state: CampaignState, territory: str) -> str | None:
    player = state.land[state.board.index(territory)]
    return None if player is None else state.names[player]


def setup_of(players: dict[str, dict[str, str]]) -> list[Any]:
    """A ``setup`` option from ``{player: {button: territory}}``."""
    return [{"name": name, "armies": [{"button": b, "territory": t} for b, t in armies.items()]}
            for name, armies in players.items()]
