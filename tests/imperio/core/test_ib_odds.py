"""The rulebook's odds tables (section 6.2) and the exact odds engine."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from core.imperio.dice import combat_odds, distribution
from core.protocol import InputError

def rulebook_tables(rules: Path) -> list[dict[tuple[int, int], tuple[float, float, float]]]:
    """The two 5x5 odds tables of section 6.2 of the rulebook at ``rules``, in order (sum, highest)."""
    tables: list[dict[tuple[int, int], tuple[float, float, float]]] = []
    current: dict[tuple[int, int], tuple[float, float, float]] = {}
    for line in rules.read_text(encoding="utf-8").split("## 7.")[0].split("### 6.2")[1].splitlines():
        match = re.match(r"\| (\d) \|(.*)\|\s*$", line)
        if match:
            cells = [c.strip() for c in match.group(2).split("|")]
            for d, cell in enumerate(cells, start=1):
                win, tie, loss = (float(x) for x in cell.split("/"))
                current[int(match.group(1)), d] = (win, tie, loss)
            if len(current) == 25:
                tables.append(current)
                current = {}
    assert len(tables) == 2
    return tables


@pytest.mark.parametrize("index, rule", [(0, "sum"), (1, "highest")])
def test_rulebook_odds_tables(index: int, rule: str, shared_path: Callable[[str], Path]) -> None:
    for (a, d), expected in rulebook_tables(shared_path("rules/imperio-bellum.md"))[index].items():
        exact = combat_odds(a, d, rule)
        assert sum(exact) == 1
        assert tuple(round(float(p), 2) for p in exact) == pytest.approx(expected, abs=0.0101), (a, d)


def test_odds_are_exact_fractions() -> None:
    assert combat_odds(1, 1) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    assert combat_odds(1, 1, "highest") == combat_odds(1, 1)
    win, tie, loss = combat_odds(12, 12)
    assert win == loss and win + tie + loss == 1


def test_distributions_count_every_roll() -> None:
    for n in range(1, 13):
        assert sum(distribution(n, "sum")) == 6**n
        assert sum(distribution(n, "highest")) == 6**n


def test_swapping_the_pools_swaps_win_and_loss() -> None:
    for a in range(1, 8):
        for d in range(1, 8):
            win, tie, loss = combat_odds(a, d)
            assert combat_odds(d, a) == (loss, tie, win)


def test_odds_are_fast_once_cached() -> None:
    combat_odds(12, 11)
    start = time.perf_counter()
    for _ in range(10_000):
        combat_odds(12, 11)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("args", [(0, 1), (13, 1), (True, 2), (2, 2.0), (2, 2, "max")])
def test_bad_pools_are_refused(args: tuple[object, ...]) -> None:
    with pytest.raises(InputError):
        combat_odds(*args)  # type: ignore[arg-type]
