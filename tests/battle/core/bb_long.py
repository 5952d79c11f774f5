"""The longest record the input limits allow for ButtonMen Battle (issue 23).

Five players with the longest names (40 characters), two armies each from a pick list of custom
buttons with the longest names (60 characters) and the most dice a recipe may hold (11, of the largest
size), battles of up to nine Button Men rounds (``battle_max_wins`` 5) whose every die roll is typed
by hand (``battle_dice`` manual, one record action each), and no territory count that wins early
(``win_threshold`` 100).  Random orders, moves and rolls (seeded) play it up to the game's cap.
"""

from __future__ import annotations

import random
from typing import Any

from core.battle import GAME, OrderBot
from core.buttonmen.recipe import MAX_CUSTOM_DICE, MAX_SIZE
from core.protocol import CHANCE

PLAYERS = [f"Player {p + 1} with a name of forty characters".ljust(40, "!") for p in range(5)]
RECIPE = " ".join([f"({MAX_SIZE})"] * MAX_CUSTOM_DICE)
PICK_LIST = [{"name": f"Custom button {b + 1:02} with the longest name a button has".ljust(60, "!"),
              "recipe": RECIPE} for b in range(10)]


def longest_record(seed: int = 1) -> dict[str, Any]:
    """A campaign of random play with typed dice up to the record cap."""
    cap = GAME.max_record_actions
    assert cap is not None
    state = GAME.new(seed, player_names=PLAYERS, button_pool="pick_list", pick_list=PICK_LIST,
                     battle_max_wins=5, battle_dice="manual", win_threshold=100, round_cap=1000)
    bots = [OrderBot(seed + p, "random") for p in range(len(PLAYERS))]
    rolls = random.Random(seed)
    while len(state.history) < cap:
        actor = min(state.actors)
        action = rolls.choice(state.legal_actions(CHANCE)) if actor == CHANCE else bots[actor].choose(state, actor)
        state = state.apply(action, actor)
    return state.to_record()
