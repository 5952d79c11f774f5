"""Button strength, looked up (never simulated at play time) from ``strength.json``.

The file is written by :mod:`core.battle.strength_fit`: Elo ratings of the Tournament-Legal buttons,
fitted to simulated one-round matches, with the match count and the measured error of the model.
A button without a rating (a pick-list button off the TL roster) counts as average (rating 0).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from math import comb
from typing import Any


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The strength file as JSON."""
    loaded: dict[str, Any] = json.loads(
        resources.files("core.battle").joinpath("strength.json").read_text(encoding="utf-8"))
    return loaded


def rating(button: str) -> float:
    """A button's Elo rating (0 when it has none)."""
    return float(data()["ratings"].get(button, 0.0))


def round_chance(first: str, second: str) -> float:
    """The chance that ``first`` wins one round against ``second`` (as fitted: one-round matches)."""
    return 1 / (1 + 10 ** ((rating(second) - rating(first)) / 400))


def battle_chance(first: str, second: str, max_wins: int) -> float:
    """The chance that ``first`` wins a battle to ``max_wins`` round wins (rounds taken as independent)."""
    p = round_chance(first, second)
    return sum(comb(max_wins - 1 + k, k) * p ** max_wins * (1 - p) ** k for k in range(max_wins))
