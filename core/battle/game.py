"""The ButtonMen Battle game object (``buttonmen-battle``) and its registration."""

from __future__ import annotations

from typing import Any

from core.battle.actions import Attack, ReportResult
from core.battle.bots import OrderBot
from core.battle.render import describe, svg
from core.battle.options import OPTIONS
from core.battle.state import CampaignState, initial_state
from core.protocol import JSON, Action, BotLevel, Game, Options, State, register


class ButtonMenBattle(Game):
    """ButtonMen Battle: a Risk-like campaign whose clashes are Button Men matches."""

    name = "buttonmen-battle"
    title = "ButtonMen Battle"
    rules_version = "1"
    options = OPTIONS
    max_record_actions = 5_000
    """Every move of every battle, and every die roll typed by hand, is an action of the campaign's record:
    the longest record allowed opens in about 2.2 s on a page (replayed once, every state kept; README limits,
    ``build.py bench``)."""
    seat_range = (3, 5)
    search = {"iterations": 20, "time_ms": 500, "playout_depth": 30}
    bot_levels = {
        "strategist": BotLevel("Strategist: attacks by expected gain and button strength",
                               lambda game, seed: OrderBot(seed)),
    }

    def seats(self, options: Any) -> int:
        setup = options["setup"]
        return len(setup) if setup is not None else int(options["players"])

    def _initial(self, seed: int, options: Options) -> CampaignState:
        return initial_state(seed, options)

    def parse_action(self, data: JSON) -> Action | None:
        """Reported results, and attacks a record override may make legal."""
        if isinstance(data, dict) and set(data) == {"attack"}:
            pair = data["attack"]
            if isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair):
                return Attack(pair[0], pair[1])
            return None
        return ReportResult.from_json(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        return describe(state, viewer)

    def svg(self, state: Any, viewer: int | None) -> str:
        return svg(state, viewer)

    def evaluate(self, state: State, player: int) -> float:
        """The share of the winning threshold ``player`` holds (1 or 0 once over)."""
        assert isinstance(state, CampaignState)
        if state.is_over:
            return float(state.returns()[player])
        return min(state.lands(player) / state.threshold, 1.0) * 0.9


GAME = register(ButtonMenBattle())
