"""The options of Button Up!: the rulebook's switchable rulings (BU-xx) and the engine's own decisions.

Rulings (``../shared/rules/button-up.md``) and their options:

* BU-01 ``extra_turn``: ``mandatory`` (default), ``optional`` (the mover may
  decline with :class:`~core.buttonup.actions.EndTurn`) or ``off``.
* BU-02 ``white_match_counts``: white on white earns an extra turn (default true).
* BU-03 ``overflow_extra_turn``: an overflow move earns one too (default false).
* BU-04 ``next_round_starter``: ``fewest_points`` (default),
  ``trailing_player_chooses`` or ``alternate``.
* BU-05 ``first_round_starter``: ``choose`` (default) or ``random``.
* BU-06 ``target_score``: 15.
* BU-09: every round is a fresh shuffle of the seeded stream.

Decisions of ours (the rulebook leaves them open):

* With ``first_round_starter=choose`` red, who sets up the game, names the
  first starter for both players: a :class:`~core.buttonup.actions.ChooseStarter`
  action of player 0.
* With ``trailing_player_chooses`` the player with fewer points names the
  starter; with equal points the default tie rules of BU-04 apply.
* ``start`` (not a ruling): the first round's circle as nine letters.
* On an overflow move the "last button dropped" is the bottom button of the
  block, the one that touches the last stack; it matters only with
  ``overflow_extra_turn=true``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from core.buttonup.buttons import BUTTONS
from core.protocol import Option, int_range


def _check_start(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 9 or Counter(value) != Counter(BUTTONS):
        return "must be None or nine letters with three each of R, B and W"
    return None


OPTIONS = (
    Option("extra_turn", "mandatory", "BU-01: a matching last button gives another move.",
           ("mandatory", "optional", "off")),
    Option("white_match_counts", True, "BU-02: white on white counts as a match.", (True, False)),
    Option("overflow_extra_turn", False, "BU-03: an overflow move can earn an extra turn.",
           (True, False)),
    Option("next_round_starter", "fewest_points", "BU-04: who starts rounds 2 and later.",
           ("fewest_points", "trailing_player_chooses", "alternate")),
    Option("first_round_starter", "choose", "BU-05: who starts round 1.", ("choose", "random")),
    Option("target_score", 15, "BU-06: victory points that win the game.",
           check=int_range(1, 99)),
    Option("start", None, "The first round's circle, nine letters of R, B, W (None: shuffled).",
           check=_check_start),
)


class Rules(NamedTuple):
    """The options that decide a move's result, read once per game (a state holds them: every move asks)."""

    extra_turn: str
    white_match_counts: bool
    overflow_extra_turn: bool
    earned: tuple[tuple[bool, bool], tuple[bool, bool]]
    """Whether a sowing earns its mover another move, by ``[overflow][matched]``: a match does unless
    ``extra_turn`` is ``off``, and after an overflow only with ``overflow_extra_turn`` (BU-01, BU-03)."""


def rules_of(options: Mapping[str, object]) -> Rules:
    """The move-deciding options of a game."""
    extra_turn, overflow_extra = str(options["extra_turn"]), bool(options["overflow_extra_turn"])
    matching = extra_turn != "off"
    return Rules(extra_turn, bool(options["white_match_counts"]), overflow_extra,
                 ((False, matching), (False, matching and overflow_extra)))
