"""Helpers for the Button Men tests: scripted positions with manual dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import core
from core.buttonmen import Roll
from core.buttonmen.conformance import choose_sizes, roll_values
from core.buttonmen.state import ButtonMenState
from core.protocol import Action
from tests.shared_data import SHARED as SHARED_DATA

GAME = core.get_game("button-men")
SHARED = SHARED_DATA / "buttonmen"


def position(r0: str, r1: str, values: Sequence[Sequence[int]], *, swing: Sequence[Mapping[str, int]] = ({}, {}),
             option: Sequence[Mapping[str, int]] = ({}, {}), first: int | None = 0,
             **options: Any) -> ButtonMenState:
    """A round-1 position: recipes, chosen sizes and opening values; ``first`` skips initiative."""
    state = GAME.new(seed=0, recipes=(r0, r1), dice_source="manual", first_player=first, **options)
    assert isinstance(state, ButtonMenState)
    for p in (0, 1):
        state = choose_sizes(state, p, swing[p], option[p])
    return roll_values(state, values)


def play(state: ButtonMenState, action: Action, rolls: Sequence[int] = ()) -> ButtonMenState:
    """Apply ``action`` and answer its draws with ``rolls`` (all of them must be used)."""
    after = state.apply(action)
    for value in rolls:
        assert after.awaiting is not None, f"no draw pending for roll {value}"
        after = after.apply(Roll(value))
    assert isinstance(after, ButtonMenState)
    return after


def values(state: ButtonMenState) -> list[list[int]]:
    """Die values in play, per player."""
    return [[d.value for d in state.dice[p]] for p in (0, 1)]
