"""Rankings with every tie-break of rulebook section 5, on one board or over the match.

Players are compared by a key (higher is better: owned total, 3-point squares,
2-point squares, pieces left); players still tied are ranked by the most recent
moment of a timeline at which their totals differed, recursively; players tied
through everything share the higher place and the next place is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Key = Callable[[int], tuple[int, ...]]


def _split(players: Sequence[int], key: Callable[[int], object]) -> list[list[int]]:
    """``players`` grouped by equal ``key``, best (highest) group first."""
    groups: dict[object, list[int]] = {}
    for p in players:
        groups.setdefault(key(p), []).append(p)
    return [groups[k] for k in sorted(groups, reverse=True)]  # type: ignore[type-var]


def _walk_back(group: list[int], moment: int, timeline: Sequence[Sequence[int]]) -> list[list[int]]:
    while moment >= 0 and len({timeline[moment][p] for p in group}) == 1:
        moment -= 1
    if moment < 0:
        return [group]
    out: list[list[int]] = []
    for sub in _split(group, lambda p: timeline[moment][p]):
        out.extend([sub] if len(sub) == 1 else _walk_back(sub, moment - 1, timeline))
    return out


def order(players: Sequence[int], key: Key, timeline: Sequence[Sequence[int]]) -> list[list[int]]:
    """``players`` in groups, best first; players in one group are tied through every tie-break.

    ``timeline[m][p]``: player ``p``'s total at moment ``m`` (the last moment is the latest).
    """
    out: list[list[int]] = []
    for group in _split(players, key):
        out.extend([group] if len(group) == 1 else _walk_back(group, len(timeline) - 1, timeline))
    return out


def places(groups: Sequence[Sequence[int]], count: int) -> tuple[int, ...]:
    """1-based places from ordered groups: a shared place skips the next ones (1, 1, 3, 4)."""
    result = [0] * count
    better = 0
    for group in groups:
        for p in group:
            result[p] = better + 1
        better += len(group)
    return tuple(result)


def round_points(place: int) -> int:
    """Round points of a place: 3, 2, 1, 0 from the top (shared places get the higher value)."""
    return max(0, 4 - place)
