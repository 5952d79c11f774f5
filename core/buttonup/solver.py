"""An exact Button Up! solver: full minimax over the rest of the round.

A round has at most 8 moves and at most three choices per move, so the whole
tree (at most 3^8 lines) is searched.  The solver maximizes its own margin of
height sums for the round, the exact quantity a round awards; on the choice of
a starter it solves the coming round from both sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from core import rng
from core.buttonup.rules import RED, ButtonUpState, ChooseStarter, EndTurn, Sow, heights, sow
from core.bots import BotFactory
from core.protocol import Action, Game, State


@lru_cache(maxsize=200_000)
def red_margin(stacks: tuple[str, ...], mover: int, extra: bool, rules: tuple[str, bool, bool]) -> int:
    """The red-minus-black height margin of the round under perfect play."""
    if len(stacks) == 1:
        red, black = heights(stacks[0])
        return red - black
    extra_turn, white_match, overflow_extra = rules
    values = []
    for i, stack in enumerate(stacks):
        if "W" not in stack:
            continue
        result = sow(stacks, i, white_match)
        earns = result.matched and extra_turn != "off" and (not result.overflow or overflow_extra)
        next_mover = mover if earns else 1 - mover
        values.append(red_margin(result.stacks, next_mover, earns, rules))
    if extra and extra_turn == "optional":
        values.append(red_margin(stacks, 1 - mover, False, rules))
    return max(values) if mover == RED else min(values)


def _rules(state: ButtonUpState) -> tuple[str, bool, bool]:
    o = state.options
    return (o["extra_turn"], o["white_match_counts"], o["overflow_extra_turn"])


def action_values(state: ButtonUpState) -> dict[Action, int]:
    """Each legal action's exact round margin for the player to move."""
    mover = state.to_move
    assert mover is not None, "the game is over"
    sign = 1 if mover == RED else -1
    rules = _rules(state)
    values: dict[Action, int] = {}
    for action in state.legal_actions():
        if isinstance(action, ChooseStarter):
            margin = red_margin(state.stacks, action.player, False, rules)
        elif isinstance(action, EndTurn):
            margin = red_margin(state.stacks, 1 - mover, False, rules)
        else:
            assert isinstance(action, Sow)
            after = state.apply(action)
            if after.rounds != state.rounds:
                red, black = after.rounds[-1].sums
                margin = red - black
            else:
                margin = red_margin(after.stacks, after.mover or 0, after.extra, rules)
        values[action] = sign * margin
    return values


@dataclass
class SolverBot:
    """Plays each round perfectly (ties broken by the seeded stream)."""

    seed: int = 0

    def choose(self, state: State) -> Action:
        assert isinstance(state, ButtonUpState)
        values = action_values(state)
        best = max(values.values())
        stream = rng.seed_stream(self.seed * 1_000_003 + len(state.history))
        return rng.choice(stream, [a for a, v in values.items() if v == best])[1]


def _solver(game: Game, seed: int) -> SolverBot:
    return SolverBot(seed)


LEVEL: dict[str, tuple[str, BotFactory]] = {"solver": ("Perfect: solves every round exactly", _solver)}
