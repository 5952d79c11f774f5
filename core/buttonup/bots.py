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
from core.buttonup.actions import ChooseStarter, EndTurn, Sow
from core.buttonup.buttons import RED
from core.buttonup.options import Rules
from core.buttonup.sowing import earns_turn, heights, sow
from core.buttonup.state import ButtonUpState
from core.protocol import Action, Game, State


@lru_cache(maxsize=200_000)
def red_margin(stacks: tuple[str, ...], mover: int, extra: bool, rules: Rules) -> int:
    """The red-minus-black height margin of the round under perfect play."""
    if len(stacks) == 1:
        red, black = heights(stacks[0])
        return red - black
    values = []
    for i, stack in enumerate(stacks):
        if "W" not in stack:
            continue
        result = sow(stacks, i, rules[1])
        earns = earns_turn(result, rules)
        next_mover = mover if earns else 1 - mover
        values.append(red_margin(result.stacks, next_mover, earns, rules))
    if extra and rules[0] == "optional":
        values.append(red_margin(stacks, 1 - mover, False, rules))
    return max(values) if mover == RED else min(values)


def action_values(state: ButtonUpState) -> dict[Action, int]:
    """Each legal action's exact round margin for the player to move."""
    mover = state.to_move
    assert mover is not None, "the game is over"
    sign = 1 if mover == RED else -1
    rules = state.rules
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

    def choose(self, state: State, actor: int | None = None) -> Action:
        assert isinstance(state, ButtonUpState)
        values = action_values(state)
        best = max(values.values())
        stream = rng.seed_stream(self.seed * 1_000_003 + len(state.history))
        return rng.choice(stream, [a for a, v in values.items() if v == best])[1]


def solver_bot(game: Game, seed: int) -> SolverBot:
    """The solver as a bot level's factory."""
    return SolverBot(seed)
