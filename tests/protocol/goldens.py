"""Golden playthroughs: seeded games played to the end, stored with every description.

Each file under ``tests/protocol/golden`` holds a record and the text description after
every action (for everybody and for seat 0).  ``test_goldens.py`` replays each record
and compares; the files change only when a rule changes, never to make a refactor pass.

    python tests/protocol/goldens.py [NAME ...]   # (re)write files (only after a rule change)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("golden")

CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "button-up-default": ("button-up", 11, {}),
    "button-up-optional-alternate": ("button-up", 12, {"extra_turn": "optional", "next_round_starter": "alternate",
                                                       "first_round_starter": "random", "target_score": 10}),
    "button-men-bauer-avis": ("button-men", 21, {"buttons": ["Bauer", "Avis"]}),
    "button-men-random-tl": ("button-men", 22, {"max_wins": 2}),
    "button-men-skills": ("button-men", 23, {"recipes": ["f(6) c(8) p(10) s(12) (X)", "z(4) o(6) t(8) (V) +(6)"],
                                            "max_wins": 1}),
    "button-men-manual": ("button-men", 24, {"buttons": ["Coil", "Bane"], "dice_source": "manual", "max_wins": 1}),
    "braille-default": ("button-man-braille", 31, {}),
    "braille-manual-de": ("button-man-braille", 32, {"dice_source": "manual", "announce_language": "de",
                                                     "braille_cells": True, "max_wins": 1, "must_attack": False}),
    "battle-lesotho-reported": ("buttonmen-battle", 41, {"map": "lesotho", "battle_source": "reported"}),
    "battle-belgium-engine": ("buttonmen-battle", 42, {"edition": 1, "battle_max_wins": 1, "round_cap": 3}),
    "fair-and-square-board": ("fair-and-square", 51, {"players_per_board": 3}),
    "fair-and-square-match": ("fair-and-square", 52, {"rounds": 1}),
    "imperio-default-armies": ("imperio-bellum", 61, {"setup": "default_armies", "turn_limit": 6}),
}


def descriptions(state: Any) -> list[str]:
    """What the golden files compare after each action: the public and seat 0's text."""
    return [state.describe(), state.describe(0)]


def play(game_name: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play one seeded game to the end (random bots in even seats, greedy in odd ones) and record it."""
    import core
    from core import rng
    from core.bots import GreedyBot, RandomBot

    game = core.get_game(game_name)
    state = game.new(seed=seed, **options)
    bots = (RandomBot(seed), GreedyBot(game, seed))
    texts = [descriptions(state)]
    while not state.is_over:
        mover = min(state.actors, key=lambda a: (a < 0, a))
        if mover < 0:   # dice typed by hand or the moderator: any legal entry, seeded (never a bot's)
            action = rng.choice(rng.derive(seed, len(state.history)), state.legal_actions(mover))[1]
        else:
            action = bots[mover % 2].choose(state, mover)
        state = state.apply(action, mover)
        texts.append(descriptions(state))
    return {"record": state.to_record(), "texts": texts}


def main(names: list[str]) -> None:
    """Write the golden files named (all when none is named)."""
    DATA.mkdir(exist_ok=True)
    for name, (game_name, seed, options) in CASES.items():
        if names and name not in names:
            continue
        data = play(game_name, seed, options)
        (DATA / f"{name}.json").write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n")
        print(f"{name}: {len(data['record']['actions'])} actions")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
