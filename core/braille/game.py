"""Button Man, the braille variant: a preset of the Button Men engine.

Both players own the same five dice, ``(3) (4) (6,6) (6) (6)``: a d3, a d4,
the twin (two d6 summed, one die of size 12) and two braille d6 "A" and "B".
The engine (:mod:`core.buttonmen`) plays every rule; this module fixes the
recipes and the rulings of ``../shared/rules/button-man-braille.md`` and
narrows the actions to the variant's:

* Power and Skill attacks only; a Skill attack uses two or more dice (BR-05);
  no surrender.
* BR-04 ``must_attack`` (default true): false lets a player pass while an
  attack exists (the engine's ``must_attack`` switch).
* BR-03 ``initiative_full_tie``: ``draw_round`` (default), ``reroll``,
  ``random_first``; BR-09 ``max_wins``; BR-10 ``round_cap``; BR-13
  ``dice_source`` (``manual``: :class:`~core.buttonmen.actions.Roll` actions,
  checked against each die's range); BR-01 ``braille_d6_per_player``.
* BR-11/12 ``announce_language``, ``braille_cells``, ``braille_code`` only
  change how positions are spoken (:func:`seat_table` + :mod:`core.braille.speech`) and the
  language of refusals (:class:`~core.protocol.IllegalAction` messages).

Player 0 and 1 keep the engine's numbering.  The position is
:class:`~core.braille.state.BrailleState` (the engine's state nested inside).
"""

from __future__ import annotations

from typing import Any

from core.braille import bots, render
from core.braille.options import ENGINE_OPTIONS, OPTIONS, recipe
from core.braille.state import GAME_NAME, BrailleState
from core.buttonmen.actions import Pass, Roll
from core.buttonmen.game import GAME as ENGINE
from core.buttonmen.state import ButtonMenState
from core.protocol import JSON, Action, BotLevel, Game, Options, State, register


class ButtonManBraille(Game):
    """The braille variant of Button Men (braillespiel.de)."""

    name = GAME_NAME
    title = "Button Man (braille variant)"
    rules_version = "2"
    """2 since ruling BM-R1 (no reroll once an attack ends the round); the engine's version 3 changed
    only skills and wildcards, which the variant's plain dice never have, so its records still replay."""
    options = OPTIONS
    max_record_actions = 4_000
    """A passing match rolls all ten dice again each second action: the longest record opens in about 1 s
    on a page (replayed once, every state kept; README limits, ``build.py bench``)."""
    search = {"iterations": 100, "playout_depth": 8}
    """Random playouts add little to plain Power and Skill play: a quick tree search."""
    bot_levels = {"lookahead": BotLevel("Careful: weighs your best answer to each attack", bots.lookahead)}
    default_bot = "lookahead"
    """Stronger than greedy and the tree search in the variant's ladder, and quick (bench)."""

    def _initial(self, seed: int, options: Options) -> BrailleState:
        dice = recipe(options["braille_d6_per_player"])
        engine: dict[str, JSON] = {name: options[name] for name in ENGINE_OPTIONS}
        inner = ENGINE.new(seed=seed, recipes=(dice, dice), allow_surrender=False, **engine)
        assert isinstance(inner, ButtonMenState)
        ties = tuple(r.number for r in inner.rounds)
        return BrailleState(options=options, seed=seed, rng=inner.rng, inner=inner, full_ties=ties)

    def parse_action(self, data: JSON) -> Action | None:
        """Passes and typed rolls, which a state checks without listing (long records replay fast)."""
        return Pass.from_json(data) or Roll.from_json(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        """Every die, both captured piles, the scores and the legal attacks, as sentences."""
        return render.describe(state)

    def svg(self, state: Any, viewer: int | None) -> str:
        """Both players' dice as labelled boxes (the text view says the same first)."""
        return render.svg(state)

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, BrailleState)
        return bots.evaluate(state, player)


GAME = register(ButtonManBraille())
