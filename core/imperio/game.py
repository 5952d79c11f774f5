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
    rules_version = "2"
    """2: IB-37 (an advance stops a knight only in a new pikeman's zone), IB-38 (no draws), IB-39 (the −1 on a
    knight splashed next to the archer, of either side)."""
    options = OPTIONS
    max_record_actions = 20_000
    """A record replays at about 100-150 µs an action, so the longest opens within a few seconds (README limits)."""
    search = {"iterations": 16, "time_ms": 3, "playout_depth": 2}
    """The protocol's MCTS bot: a few ms per action (short playouts cut by the evaluation), so a whole
    turn of 30+ actions stays near 0.3 s on CPython; the ``tactician`` level plays better at the same speed."""
    bot_levels = {"tactician": BotLevel("Tactician: weighs every move by its exact odds", tactician)}
    default_bot = "tactician"
    """Stronger than the tree search at the same speed (it beat greedy 11-1 in the helper's trials)."""

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
