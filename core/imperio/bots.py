"""Imperio Bellum bots: the evaluation every protocol bot uses, and an expectimax bot over the dice.

:func:`evaluate` counts expected material: units on the board by worth, reserves at a
discount, bases (the last one worth most, a threatened one less) and a small bonus for
units that have advanced.  :class:`TacticianBot` weighs every legal action by the exact
probabilities of its duels (:func:`~core.imperio.state.outcomes`) and ends the turn
when nothing improves on the position; it does its own setup (the default army, or
a generated army within the limits).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from core import rng
from core.imperio.actions import AddReserve, ChooseRole, DefaultArmy, EndTurn, Place, Ready
from core.imperio.board import VALUES, distance, rank_of
from core.imperio.state import ImperioState, outcomes
from core.protocol import Action, Game, State

BASE_WORTH = 5.0
LAST_BASE_WORTH = 10.0
"""Extra worth of a side's last base (losing it loses the game)."""
THREAT_SHARE = 0.4
"""Share of a base's worth at risk when an enemy unit is next to it or an enemy knight can charge it."""
KNIGHT_REACH = 4
RESERVE_SHARE = 0.15
"""A reserve unit's worth as a share of the same unit on the board (it must be spawned first)."""
ADVANCE_WORTH = 0.04
"""Worth of each rank a unit has advanced toward the enemy."""


def threatened(state: ImperioState, sq: int, player: int) -> bool:
    """True when an enemy unit is next to ``sq`` or an enemy knight is within a charge of it."""
    for other, piece in enumerate(state.board):
        if piece is None or piece.owner == player or piece.is_base:
            continue
        reach = distance(sq, other)
        if reach == 1 or (piece.kind == "K" and reach <= KNIGHT_REACH):
            return True
    return False


def material(state: ImperioState, player: int) -> float:
    """A side's worth: units, bases (less when threatened, more for the last one), reserves and advance."""
    total = 0.0
    bases = state.bases_of(player)
    for sq, piece in enumerate(state.board):
        if piece is None or piece.owner != player:
            continue
        if piece.is_base:
            worth = BASE_WORTH + (LAST_BASE_WORTH if bases == 1 else 0.0)
            total += worth * (1 - THREAT_SHARE * threatened(state, sq, player))
            continue
        total += VALUES[piece.kind]
        rank = rank_of(sq)
        total += ADVANCE_WORTH * (rank - 1 if player == state.attacker else 9 - rank)
    reserve = state.reserves[player]
    total += RESERVE_SHARE * sum(VALUES[u] * n for u, n in zip("KAPF", reserve, strict=True))
    return total


def evaluate(state: ImperioState, player: int) -> float:
    """Expected standing of ``player`` in [0, 1]: its share of the material on both sides."""
    if state.result is not None:
        return state.returns()[player]
    if state.phase != "play":
        return 0.5
    mine, theirs = material(state, player), material(state, 1 - player)
    if mine + theirs <= 0:
        return 0.5
    return min(1.0, max(0.0, 0.5 + (mine - theirs) / (2 * (mine + theirs))))


def expected(state: ImperioState, action: Action, player: int) -> float:
    """``player``'s evaluation after ``action``, averaged exactly over the dice."""
    return sum(p * evaluate(after, player) for p, after in outcomes(state, action))


@dataclass
class TacticianBot:
    """One-action expectimax over exact duel odds, with a time budget per decision."""

    seed: int = 0
    time_ms: int = 40
    margin: float = 1e-4
    """How much better than ending the turn an action must look."""

    def choose(self, state: State, actor: int | None = None) -> Action:
        assert isinstance(state, ImperioState)
        player = state.to_move if actor is None else actor
        assert player is not None and player >= 0
        legal = state.legal_actions(player)
        if state.phase != "play":
            return self._setup(state, legal)
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.time_ms / 1000
        end = EndTurn()
        best: Action = end if end in legal else legal[0]
        best_value = evaluate(state, player) + self.margin if end in legal else -1.0
        for action in legal:
            if action == end:
                continue
            if time.perf_counter() > deadline:
                break
            value = expected(state, action, player)
            if value > best_value:
                best, best_value = action, value
        return best

    def _setup(self, state: ImperioState, legal: list[Action]) -> Action:
        stream = rng.seed_stream(self.seed * 7919 + len(state.history))
        for wanted in (ChooseRole("roll"), DefaultArmy()):
            if wanted in legal:
                return wanted
        places = [a for a in legal if isinstance(a, Place)]
        if places and (Ready() not in legal or places[0].unit in "HB"):
            return rng.choice(stream, places)[1]
        reserves = [a for a in legal if isinstance(a, AddReserve)]
        if places or reserves:
            return rng.choice(stream, places or reserves)[1]
        return Ready() if Ready() in legal else legal[0]


def tactician(game: Game, seed: int) -> TacticianBot:
    """The bot-level factory."""
    return TacticianBot(seed=seed)
