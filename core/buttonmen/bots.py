"""Button Men bots: the evaluation every protocol bot uses, and the ``lookahead`` level.

:func:`evaluate` scores a position for one player: rounds won, then the current round's
score margin (before the dice are loaded, the recipes' potential), then the last round's
margin.  :func:`lookahead` is the default level: the protocol's two-ply
:class:`~core.bots.LookaheadBot` with Button Men's sample count, width and time budget.
"""

from __future__ import annotations

from core.bots import LookaheadBot
from core.buttonmen.recipe import RESERVE, SWING_RANGES, parse_recipe
from core.buttonmen.state import ButtonMenState
from core.protocol import Game


def _potential(state: ButtonMenState, player: int) -> int:
    """Before the dice are loaded: half the recipe's sizes (unchosen swing at its middle)."""
    chosen = dict(state.chosen[player])
    total = 0
    for pos, spec in enumerate(parse_recipe(state.recipes[player])):
        if RESERVE in spec.skills:
            continue
        if spec.options:
            total += chosen.get(str(pos), sum(spec.options) // 2)
        for half in spec.halves:
            if isinstance(half, int):
                total += half
            else:
                low, high = SWING_RANGES[half]
                total += chosen.get(half, (low + high) // 2)
    return total


def evaluate(state: ButtonMenState, player: int) -> float:
    """Match score plus the current round's score margin, in [0, 1]."""
    if state.is_over:
        return float(state.returns()[player])
    need: int = state.options["max_wins"]
    wins = state.match_score[player][0] - state.match_score[1 - player][0]
    if state.dice[0] or state.dice[1]:
        doubled = state.doubled_scores
        mine, theirs = doubled[player], doubled[1 - player]
    else:
        mine, theirs = _potential(state, player), _potential(state, 1 - player)
    margin = (mine - theirs) / (abs(mine) + abs(theirs) + 2)
    last = 0.0
    if state.rounds:
        a, b = state.rounds[-1].scores2[player], state.rounds[-1].scores2[1 - player]
        last = (a - b) / (abs(a) + abs(b) + 2)
    # a round won outweighs any margin; the last round's margin only breaks ties
    value = 0.5 + (0.4 * wins + 0.1 * margin + 0.01 * last) / need
    return min(max(value, 0.0), 1.0)


def lookahead(game: Game, seed: int, time_ms: int = 300) -> LookaheadBot:
    """The careful level: each attack weighed against the best answer, 16 sampled deals, 8 candidates."""
    return LookaheadBot(game, seed, samples=16, width=8, time_ms=time_ms)
