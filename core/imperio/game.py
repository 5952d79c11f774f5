"""Imperio Bellum registered as a protocol game: options, first state, rendering, evaluation, bot levels."""

from __future__ import annotations

from typing import Any

from core import rng
from core.imperio import render
from core.imperio.bots import evaluate, tactician
from core.imperio.options import OPTIONS
from core.imperio.state import ImperioState
from core.protocol import BotLevel, Game, Options, State, register


class ImperioBellum(Game):
    """Imperio Bellum: a two-player war game of dice duels on a 9x9 board."""

    name = "imperio-bellum"
    title = "Imperio Bellum"
    rules_version = "1"
    options = OPTIONS
    search = {"iterations": 30, "time_ms": 5, "playout_depth": 8}
    """The protocol's MCTS bot: about 5 ms per action, so a whole turn (often 30+ actions) stays near 0.3 s."""
    bot_levels = {"tactician": BotLevel("Tactician: weighs every move by its exact odds", tactician)}

    def _initial(self, seed: int, options: Options) -> ImperioState:
        return ImperioState(options=options, seed=seed, rng=rng.seed_stream(seed))

    def describe(self, state: Any, viewer: int | None) -> str:
        return render.describe(state)

    def svg(self, state: Any, viewer: int | None) -> str:
        return render.svg(state)

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ImperioState)
        return evaluate(state, player)


GAME = register(ImperioBellum())
