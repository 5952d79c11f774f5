"""How a move and a round of Button Up! work out: sowing a stack, extra turns, a final stack's sums."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from core.buttonup.buttons import BLACK, RED
from core.buttonup.options import Rules


class Sowing(NamedTuple):
    """What one sowing did: the circle after it and whether it earns a turn."""

    stacks: tuple[str, ...]
    landed: tuple[int, ...]
    """Indices (into the new circle) that received buttons, in sowing order."""
    overflow: bool
    matched: bool
    """The last button dropped matches the colour it landed on."""


def sow(stacks: tuple[str, ...], index: int, white_match_counts: bool = True) -> Sowing:
    """Lift ``stacks[index]`` and sow it clockwise from its bottom button.

    Each of the next stacks gets one button; on an overflow (more buttons than
    other stacks) the last stack gets the rest as one block, order unchanged.
    """
    circle, overflow, matched = sown(stacks, index, white_match_counts)
    n, reach = len(stacks), min(len(stacks[index]), len(stacks) - 1)
    # the targets follow the lifted stack round the circle; once it is gone, those after it move down one
    before_end = min(reach, n - 1 - index)
    landed = (*range(index, index + before_end), *range(reach - before_end))
    return Sowing(circle, landed, overflow, matched)


def sown(stacks: tuple[str, ...], index: int, white_match_counts: bool) -> tuple[tuple[str, ...], bool, bool]:
    """What a move needs of :func:`sow`: the circle after it, whether it overflowed and whether it matched."""
    lifted = stacks[index]
    n = len(stacks)
    size = len(lifted)
    reach = size if size < n else n - 1
    new = list(stacks)
    target = index
    for button in lifted[:reach - 1]:
        target = target + 1 if target + 1 < n else 0
        new[target] += button
    target = target + 1 if target + 1 < n else 0
    landed_on = new[target][-1]
    last = lifted[reach - 1]
    new[target] += lifted[reach - 1:]
    del new[index]
    return tuple(new), size > reach, last == landed_on and (white_match_counts or last != "W")


def earns_turn(result: Sowing, rules: Rules) -> bool:
    """True when a sowing gives its mover another move (BU-01, BU-02, BU-03)."""
    return rules.earned[result.overflow][result.matched]


@lru_cache(maxsize=2048)
def heights(stack: str) -> tuple[int, int]:
    """The red and black sums of a final stack (heights 1 = bottom to 9 = top; remembered for the 1,680
    final stacks)."""
    red = black = 0
    for height, button in enumerate(stack, 1):
        if button == "R":
            red += height
        elif button == "B":
            black += height
    return red, black


@dataclass(frozen=True)
class RoundResult:
    """One finished round: its final stack, sums, points gained and starter."""

    final: str
    sums: tuple[int, int]
    starter: int

    @property
    def gain(self) -> tuple[int, int]:
        red, black = self.sums
        return (max(red - black, 0), max(black - red, 0))

    @property
    def winner(self) -> int | None:
        red, black = self.sums
        return None if red == black else (RED if red > black else BLACK)


@lru_cache(maxsize=4096)
def round_result(final: str, starter: int) -> RoundResult:
    """The result of a round that ended with ``final`` (made once for each of the 1,680 final stacks and
    starter: results are frozen, and every round of a playout ends in one)."""
    return RoundResult(final, heights(final), starter)

