"""The longest record the input limits allow for Button Men and its braille variant (issue 23).

A match passing on (``must_attack`` off, BR-04) round after round: each second pass ends a drawn
round and rolls every die again, the heaviest action per record entry.  Button Men's buttons are
custom ones with the longest names (60 characters) and the most dice a custom recipe may hold (11,
of the largest size); the braille variant's dice are fixed.  The record stops at the game's cap
(:attr:`core.protocol.Game.max_record_actions`), a match in progress as a link or saved file holds it.
"""

from __future__ import annotations

from typing import Any

import core
from core.buttonmen.actions import Pass
from core.buttonmen.recipe import MAX_CUSTOM_DICE, MAX_SIZE

RECIPE = " ".join([f"o({MAX_SIZE})"] * MAX_CUSTOM_DICE)
NAMES = ["Longest-named button of the first player, sixty characters!!",
         "Longest-named button of the other player, sixty characters!!"]
BUTTONS: dict[str, dict[str, Any]] = {"button-men": {"buttons": NAMES, "recipes": [RECIPE, RECIPE]},
                                      "button-man-braille": {}}


def longest_record(game_name: str = "button-men", seed: int = 3) -> dict[str, Any]:
    """A passing match of ``game_name`` up to its record cap."""
    game = core.get_game(game_name)
    cap = game.max_record_actions
    assert cap is not None, f"{game.title} sets no record cap of its own"
    state = game.new(seed=seed, must_attack=False, round_cap=10_000, **BUTTONS[game_name])
    while len(state.history) < cap:
        state = state.apply(Pass())
    return state.to_record()
