"""Button Up! registered as a protocol game: options, first state, rendering, bots."""

from __future__ import annotations

from typing import Any

from core import rng
from core.buttonup import render
from core.buttonup.bots import solver_bot
from core.buttonup.buttons import BUTTONS, RED
from core.buttonup.options import OPTIONS, rules_of
from core.buttonup.state import ButtonUpState
from core.protocol import BotLevel, Game, Options, State, register


class ButtonUp(Game):
    """Button Up!: sow stacks round a circle; the higher army scores the gap."""

    name = "button-up"
    title = "Button Up!"
    rules_version = "1"
    options = OPTIONS
    max_record_actions = 20_000
    """Rounds that score nothing may follow each other without end: the longest record allowed (2,500 such
    rounds) opens in about 1.3 s on a page (replayed once, every state kept; README limits, ``build.py bench``)."""
    search = {"iterations": 200}
    """Keeps the default bot's move well under half a second in the browser."""

    def _initial(self, seed: int, options: Options) -> ButtonUpState:
        stream = rng.seed_stream(seed)
        circle: tuple[str, ...]
        if options["start"] is None:
            stream, circle = rng.shuffled(stream, BUTTONS)
        else:
            circle = tuple(options["start"])
        if options["first_round_starter"] == "random":
            stream, starter = rng.below(stream, 2)
            return ButtonUpState(options=options, rules=rules_of(options), seed=seed, rng=stream, stacks=circle,
                                 mover=starter, starter=starter)
        return ButtonUpState(options=options, rules=rules_of(options), seed=seed, rng=stream, stacks=circle,
                             mover=RED, choosing=True)

    bot_levels = {"solver": BotLevel("Perfect: solves every round exactly", solver_bot)}

    def describe(self, state: Any, viewer: int | None) -> str:
        return render.describe(state)

    def svg(self, state: Any, viewer: int | None) -> str:
        return render.svg(state)

    def evaluate(self, state: State, player: int) -> float:
        """Points lead plus how high each army sits in its stacks now."""
        assert isinstance(state, ButtonUpState)
        if state.is_over:
            return state.returns()[player]
        target: int = state.options["target_score"]
        lead = state.points[player] - state.points[1 - player]
        colour = "RB"[player]
        foe = "RB"[1 - player]
        placed = sum(
            h * ((b == colour) - (b == foe)) for s in state.stacks for h, b in enumerate(s, 1)
        ) if len(state.stacks) < len(BUTTONS) else 0
        value = 0.5 + (lead + placed / 4) / (2 * target)
        return min(max(value, 0.0), 1.0)


GAME = register(ButtonUp())
