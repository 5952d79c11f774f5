"""Exact combat odds: the distribution of a pool of d6 and the chance that one pool beats another.

>>> [round(float(p), 2) for p in combat_odds(3, 1)]
[0.97, 0.02, 0.01]
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from core.protocol import InputError, is_int

MAX_POOL = 12
"""The largest pool :func:`combat_odds` accepts (no unit ever rolls more than 6)."""
RULES = ("sum", "highest")
"""``combat_dice_rule`` values: compare the sums (IB-28) or the highest single dice."""


@cache
def distribution(dice: int, rule: str) -> tuple[int, ...]:
    """How many of the ``6**dice`` rolls give each score (index = score)."""
    if rule == "highest":
        return (0, *(v**dice - (v - 1) ** dice for v in range(1, 7)))
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, 7):
                    nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


@cache
def _odds(attacker: int, defender: int, rule: str) -> tuple[Fraction, Fraction, Fraction]:
    a, d = distribution(attacker, rule), distribution(defender, rule)
    below = [0] * (len(a) + 1)  # below[s]: defender rolls with score < s
    running = 0
    for score in range(len(a) + 1):
        below[score] = running
        running += d[score] if score < len(d) else 0
    total_d = sum(d)
    win = tie = 0
    for score, ways in enumerate(a):
        if ways:
            win += ways * below[score]
            tie += ways * (d[score] if score < len(d) else 0)
    total = sum(a) * total_d
    return Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total)


def combat_odds(attacker_dice: int, defender_dice: int, rule: str = "sum") -> tuple[Fraction, Fraction, Fraction]:
    """Exact ``(win, tie, loss)`` of the attacker for two pools of 1-12 dice (``rule``: sum or highest)."""
    for where, value in (("attacker_dice", attacker_dice), ("defender_dice", defender_dice)):
        if not is_int(value) or not 1 <= value <= MAX_POOL:
            raise InputError(where, f"must be an integer 1-{MAX_POOL}", value)
    if rule not in RULES:
        raise InputError("rule", "must be 'sum' or 'highest'", rule)
    return _odds(attacker_dice, defender_dice, rule)


def score(values: tuple[int, ...], rule: str) -> int:
    """A rolled pool's score: its sum, or its highest die."""
    return max(values) if rule == "highest" else sum(values)
