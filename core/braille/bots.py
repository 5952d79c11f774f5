"""Bots of the braille variant: the engine's evaluation of the nested match, and the ``lookahead`` level."""

from __future__ import annotations

from core.bots import LookaheadBot
from core.braille.state import BrailleState
from core.buttonmen import bots as engine_bots
from core.protocol import Game


def evaluate(state: BrailleState, player: int) -> float:
    """The Button Men evaluation of the match inside (:func:`core.buttonmen.bots.evaluate`)."""
    return engine_bots.evaluate(state.inner, player)


def lookahead(game: Game, seed: int) -> LookaheadBot:
    """The careful level: Button Men's lookahead on a shorter time budget (the variant's positions are small)."""
    return engine_bots.lookahead(game, seed, time_ms=250)
