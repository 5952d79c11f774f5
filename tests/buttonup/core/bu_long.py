"""The longest record the input limits allow for Button Up! (issue 23).

Only a round that scores nothing leaves the points where they were, so only such rounds can follow
each other without end (up to ``target_score`` 99 otherwise).  Every round here is played along a
line of moves that ends with the red and black heights equal, found by a depth-first search over
the circles (at most 3 stacks hold a white, 8 moves a round); the record stops at the game's cap.
"""

from __future__ import annotations

from typing import Any

from core.buttonup import GAME, ButtonUpState, Sow
from core.buttonup import heights, sow


def scoreless_line(stacks: tuple[str, ...]) -> list[int]:
    """Stack indices to sow from ``stacks`` to a last stack scoring nothing (else the fewest points)."""
    best: tuple[int, list[int]] | None = None
    pending: list[tuple[tuple[str, ...], list[int]]] = [(stacks, [])]
    while pending:
        circle, line = pending.pop()
        if len(circle) == 1:
            red, black = heights(circle[0])
            if red == black:
                return line
            if best is None or abs(red - black) < best[0]:
                best = (abs(red - black), line)
            continue
        pending += [(sow(circle, i).stacks, [*line, i]) for i, stack in enumerate(circle) if "W" in stack]
    assert best is not None
    return best[1]


def longest_record(seed: int = 1) -> dict[str, Any]:
    """A game of scoreless rounds (red names itself the first starter) up to the record cap."""
    cap = GAME.max_record_actions
    assert cap is not None
    state = GAME.new(seed=seed, target_score=99)
    assert isinstance(state, ButtonUpState)
    while len(state.history) < cap:
        if state.choosing:
            state = state.apply(state.legal_actions(min(state.actors))[0])
            continue
        for index in scoreless_line(state.stacks):
            if len(state.history) == cap:
                break
            state = state.apply(Sow(index))
    return state.to_record()
