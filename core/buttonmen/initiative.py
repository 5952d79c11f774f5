"""Who moves first (rulebook section 6): initiative values, the winner, and the Focus and Chance
reactions a player may make to take initiative.  Pure functions of the dice in play."""

from __future__ import annotations

from collections.abc import Sequence

from core.buttonmen.dice import Die
from core.buttonmen.recipe import CHANCE, FOCUS, KONSTANT, RAGE, SLOW, STINGER, TRIP, WARRIOR

SENTINEL = 10**6
INFINITY = 10**9
NOT_COUNTED = TRIP + SLOW + STINGER + RAGE + WARRIOR
"""Skills ignored for initiative: Trip, Slow, Stinger, Rage, Warrior."""


def counted_values(dice: Sequence[Die]) -> list[int]:
    """Initiative values of a player's dice, ascending (excluded skills left out)."""
    return sorted(d.value for d in dice if not not_counted(d))


def not_counted(d: Die) -> bool:
    """True for a die ignored for initiative (one of the skills in :data:`NOT_COUNTED`)."""
    return any(c in NOT_COUNTED for c in d.skills)


def initiative_winner(dice: Sequence[Sequence[Die]], slow: Sequence[bool]) -> int | None:
    """Who moves first by section 6.1, or None on a complete tie."""
    lists = []
    for p in (0, 1):
        values = counted_values(dice[p])
        lists.append([] if slow[p] else [*values, SENTINEL])
    alive = [0, 1]
    i = 0
    while True:
        entries = [lists[p][i] if i < len(lists[p]) else INFINITY for p in alive]
        low = min(entries)
        if low == INFINITY:
            return None
        alive = [p for p, e in zip(alive, entries, strict=True) if e == low]
        if len(alive) == 1:
            return alive[0]
        i += 1


def chance_dice(dice: Sequence[Die]) -> list[int]:
    """Positions of the dice that may reroll as a Chance reaction."""
    return [i for i, d in enumerate(dice) if CHANCE in d.skills and WARRIOR not in d.skills
            and KONSTANT not in d.skills]


def focus_dice(dice: Sequence[Die]) -> list[int]:
    """Positions of the Focus dice that can still be turned down."""
    return [i for i, d in enumerate(dice) if FOCUS in d.skills and WARRIOR not in d.skills and d.value > d.min]


def can_focus(dice: Sequence[Sequence[Die]], p: int) -> bool:
    """True when turning every Focus die of ``p`` fully down wins initiative outright."""
    idx = focus_dice(dice[p])
    if not idx:
        return False
    trial = [list(x) for x in dice]
    for i in idx:
        trial[p][i] = trial[p][i].with_value(trial[p][i].min)
    return initiative_winner(trial, (False, False)) == p


def focus_choices(dice: Sequence[Sequence[Die]], p: int, limit: int) -> list[tuple[tuple[int, int], ...]]:
    """Focus turn-downs of ``p`` that win initiative outright and keep every die as high as possible.

    Each result lists ``(die, new value)`` for the dice that drop.  Only values next to an
    opponent's counted value (``o`` and ``o - 1``), a die's own value and its min can be the
    highest that still wins (raising one value by one moves one entry of the sorted list by
    one), and winning is monotone (lower is never worse), so a depth-first search over those
    values, pruned where even every remaining die at its min loses, finds the results with
    work bounded by ``limit`` (at most that many are returned, highest first).
    """
    idx = focus_dice(dice[p])
    theirs = {d.value for d in dice[1 - p] if not not_counted(d)}
    trial = [list(dice[0]), list(dice[1])]
    candidates = []
    for i in idx:
        d = dice[p][i]
        near = {d.value, d.min} | {v for o in theirs for v in (o, o - 1)}
        candidates.append(sorted((v for v in near if d.min <= v <= d.value), reverse=True))
    found: list[tuple[int, ...]] = []

    def wins() -> bool:
        return initiative_winner(trial, (False, False)) == p

    def search(k: int) -> None:
        if len(found) >= limit:
            return
        rest = idx[k + 1:]
        for v in candidates[k]:
            trial[p][idx[k]] = dice[p][idx[k]].with_value(v)
            for i in rest:
                trial[p][i] = dice[p][i].with_value(dice[p][i].min)
            if not wins():
                continue
            if rest:
                search(k + 1)
            else:
                found.append(tuple(trial[p][i].value for i in idx))
                break           # a lower value of the last die is never better
        trial[p][idx[k]] = dice[p][idx[k]]

    if idx:
        search(0)
    maximal = [f for f in found if not any(g != f and all(a >= b for a, b in zip(g, f, strict=True))
                                         for g in found)]
    return [tuple((i, v) for i, v in zip(idx, values, strict=True) if v < dice[p][i].value)
            for values in maximal]
