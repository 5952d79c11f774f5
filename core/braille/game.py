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

from core import svg as svgdoc
from core.bots import LookaheadBot
from core.braille import speech
from core.braille.state import (
    GAME_NAME, BrailleState, default_names, pass_action, roll_action, seat_table,
)
from core.braille.table import SLOTS
from core.buttonmen.game import GAME as ENGINE
from core.buttonmen.actions import Pass, Roll
from core.buttonmen.state import ButtonMenState
from core.i18n import t
from core.protocol import JSON, Action, BotLevel, Game, Option, Options, State, int_range, register

def recipe(braille_d6: int = 2) -> str:
    """Each player's dice: d3, d4, twin, then one or two braille d6 (BR-01)."""
    return "(3) (4) (6,6)" + " (6)" * braille_d6


OPTIONS = (
    Option("braille_d6_per_player", 2, "BR-01: braille d6 per player.", (2, 1)),
    Option("initiative_full_tie", "draw_round", "BR-03: every die ties for who begins.",
           ("draw_round", "reroll", "random_first")),
    Option("must_attack", True, "BR-04: a player who can attack must attack.", (True, False)),
    Option("max_wins", 3, "BR-09: round wins that take the match.", check=int_range(1, 5)),
    Option("round_cap", 200, "BR-10: cancel the match after this many rounds.", check=int_range(1, 10_000)),
    Option("dice_source", "rng", "BR-13: dice from the seeded stream, or typed from real dice.",
           ("rng", "manual")),
    Option("announce_language", "en", "BR-11: language of the announcements.", ("en", "de")),
    Option("braille_cells", False, "BR-12: numbers also as Unicode braille cells.", (False, True)),
    Option("braille_code", "de", "BR-12: decimal separator of braille cells.", ("de", "ueb")),
)
ENGINE_OPTIONS = ("initiative_full_tie", "max_wins", "round_cap", "dice_source", "must_attack")


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
    bot_levels = {"lookahead": BotLevel("Careful: weighs your best answer to each attack",
                                        lambda game, seed: LookaheadBot(game, seed, samples=16, width=8,
                                                                        time_ms=250))}
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
        options = state.options
        voice = speech.Voice(options["announce_language"], options["braille_cells"], options["braille_code"])
        now = seat_table(state, default_names(voice.lang))
        lines = [*speech.all_dice(now, voice), *speech.scores(now, voice), *speech.attack_list(now, voice)]
        return "\n".join(lines)

    def svg(self, state: Any, viewer: int | None) -> str:
        """Both players' dice as labelled boxes (the text view says the same first)."""
        now = seat_table(state, default_names(state.options["announce_language"]))
        voice = speech.Voice(state.options["announce_language"])
        body: list[str] = []
        for p in (0, 1):
            y = 20 + 90 * p
            body.append(svgdoc.text(10, y, now.names[p], size=14, anchor="start"))
            present = {d.slot: d for d in now.dice[p]}
            for k, slot in enumerate(SLOTS[: 3 + state.options["braille_d6_per_player"]]):
                x = 10 + 78 * k
                die = present.get(slot)
                fill, ink = ("#fff", "#111") if die is not None else ("#ddd", "#555")
                body.append(f'<rect x="{x}" y="{y + 12}" width="70" height="56" rx="8" fill="{fill}" '
                            'stroke="#111" stroke-width="2"/>')
                body.append(svgdoc.text(x + 35, y + 26, t(f"die.{slot}", voice.lang), size=11, fill=ink))
                shown = "-" if die is None else "?" if die.value is None else str(die.value)
                body.append(svgdoc.text(x + 35, y + 50, shown, size=22, fill=ink))
        title = " ".join(speech.player_dice(now, p, voice) for p in (0, 1))
        return svgdoc.document(410, 190, title, body)

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, BrailleState)
        return ENGINE.evaluate(state.inner, player)


GAME = register(ButtonManBraille())

__all__ = ["GAME", "GAME_NAME", "BrailleState", "ButtonManBraille", "default_names", "pass_action",
           "recipe", "roll_action", "seat_table"]
