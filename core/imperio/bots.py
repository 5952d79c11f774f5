"""Imperio Bellum bots: the evaluation every protocol bot uses, and an expectimax bot over the dice.

:func:`evaluate` counts expected material: units on the board by worth, reserves at a
discount, bases (the last one worth most, a threatened one less), less what the
enemy's strongest melee or charge on each unit puts at risk, and a small bonus for
units that have advanced.  :class:`TacticianBot` weighs every legal action by the exact
probabilities of its duels (:func:`~core.imperio.state.outcomes`), credits knight steps
that start a charge, and ends the turn when nothing improves on the position; it does its
own setup (the default army, or a generated army within the limits).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache

from core import rng
from core.imperio.actions import (
    AddReserve,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Place,
    Ready,
    Shot,
    Spawn,
    Step,
)
from core.imperio.board import NEIGHBOURS, VALUES, Piece, distance, squeezed
from core.imperio.combat import KNIGHT_ACTIONS, MELEE, in_pike_zone, pools
from core.imperio.dice import combat_odds
from core.imperio.state import ImperioState, Usage, count, outcomes
from core.protocol import Action, Game, State

BASE_WORTHS = (12.0, 5.0, 4.0)
"""A side's first, second and further bases (the last one left is worth most: losing it loses the game)."""
THREAT_SHARE = 0.25
"""Share of a base's worth at risk when an enemy unit is next to it or an enemy knight can charge it."""
KNIGHT_REACH = 2
"""Steps of a knight's charge that the evaluation looks at (zones and blockers are ignored)."""
EXPOSURE_SHARE = 0.5
"""Share of a unit's worth times its chance to die to the strongest enemy melee or charge that is counted off."""
RESERVE_SHARE = 0.15
"""A reserve unit's worth as a share of the same unit on the board (it must be spawned first)."""
PLAN_WEIGHT = 0.8
"""Share of a planned charge's material gain credited to its first step."""
ADVANCE_WORTH = 0.04
"""Worth of each rank a unit has advanced toward the enemy."""
AVERAGE_WORTH = sum(VALUES[u] for u in "KAPF") / 4
"""The worth of a unit of unknown type (a hidden reserve)."""


@cache
def kill_chance(attacker: str, entrenched: bool, defender: str, dug_in: bool, steps: int, rule: str) -> float:
    """The chance that a melee (or a charge after ``steps`` steps) of one unit type kills another."""
    att, dfd = Piece(attacker, 0, 0, 0, entrenched), Piece(defender, 1, 1, 1, dug_in)
    attack, defence = pools(MELEE, att, 0, dfd, 1, charge_steps=steps)
    return float(combat_odds(attack.dice, defence.dice, rule)[0])


DISTANCES = tuple(tuple(distance(a, b) for b in range(81)) for a in range(81))
"""King-step distance between any two squares, looked up."""


def _risk(sq: int, piece: Piece, enemies: list[tuple[int, Piece]], rule: str) -> float:
    """The chance that the strongest enemy melee or charge kills ``piece`` (for a base: 1 if any reaches it)."""
    row = DISTANCES[sq]
    risk = 0.0
    for other, enemy in enemies:
        reach = row[other]
        if reach == 1 or (enemy.kind == "K" and reach <= KNIGHT_REACH + 1 and piece.kind != "P"):
            if piece.is_base:
                return 1.0
            steps = reach - 1 if reach >= 3 else 0
            risk = max(risk, kill_chance(enemy.kind, enemy.entrenched, piece.kind, piece.entrenched, steps, rule))
    return risk


def material(state: ImperioState, player: int, viewer: int) -> float:
    """A side's worth as ``viewer`` may know it: units less what is at risk, bases, reserves and advance.

    A base just beaten (awaiting capture or destroy) counts for the winner, not its owner.  Reserves the
    rules hide from ``viewer`` (``public_reserves=false``) count by number at an average unit's worth.
    """
    mine: list[tuple[int, Piece]] = []
    enemies: list[tuple[int, Piece]] = []
    falling = state.overrun[1] if state.overrun is not None else None
    for sq, piece in enumerate(state.board):
        if piece is not None and sq != falling:
            if piece.owner == player:
                mine.append((sq, piece))
            elif not piece.is_base:
                enemies.append((sq, piece))
    rule = str(state.options["combat_dice_rule"])
    forward = player == state.attacker
    total = 0.0
    base_risks = []
    for sq, piece in mine:
        risk = _risk(sq, piece, enemies, rule)
        if piece.is_base:
            base_risks.append(risk)
        else:
            rank = sq // 9
            total += VALUES[piece.kind] * (1 - EXPOSURE_SHARE * risk) + ADVANCE_WORTH * (rank if forward else 8 - rank)
    for i, risk in enumerate(sorted(base_risks)):
        total += BASE_WORTHS[min(i, len(BASE_WORTHS) - 1)] * (1 - THREAT_SHARE * risk)
    if falling is not None and player == state.mover:
        total += BASE_WORTHS[-1]  # a base it has just beaten, to capture or destroy
    reserve = state.reserves[player]
    if player != viewer and not state.options["public_reserves"]:
        return total + RESERVE_SHARE * AVERAGE_WORTH * sum(reserve)
    return total + RESERVE_SHARE * sum(VALUES[u] * n for u, n in zip("KAPF", reserve, strict=True))


def evaluate(state: ImperioState, player: int) -> float:
    """Expected standing of ``player`` in [0, 1]: its share of the material on both sides."""
    if state.result is not None:
        return state.returns()[player]
    if state.phase != "play":
        return 0.5
    mine, theirs = material(state, player, player), material(state, 1 - player, player)
    if mine + theirs <= 0:
        return 0.5
    return min(1.0, max(0.0, 0.5 + (mine - theirs) / (2 * (mine + theirs))))


def expected(state: ImperioState, action: Action, player: int) -> float:
    """``player``'s evaluation after ``action``, averaged exactly over the dice."""
    return sum(p * evaluate(after, player) for p, after in outcomes(state, action))


def charge_plans(state: ImperioState, player: int) -> dict[Action, float]:
    """Each step of a knight not yet next to an enemy that starts a charge: the best material it may win.

    A search over empty squares outside enemy pikeman zones, as far as the knight's actions
    reach, scoring every enemy next to each square: chance to win times its worth, less the
    chance to lose times the knight's worth.
    """
    assert state.attacker is not None
    rule = str(state.options["combat_dice_rule"])
    squeeze = state.options["diagonal_squeeze"]
    last_base = count(state.board, 1 - player, bases=True) == 1
    plans: dict[Action, float] = {}
    for sq, knight in enumerate(state.board):
        if knight is None or knight.owner != player or knight.kind != "K" or not state.can_act(sq):
            continue
        if any(p is not None and p.owner != player for p in (state.board[n] for n in NEIGHBOURS[sq])):
            continue  # engaged: it fights point-blank (or steps away) first
        use = state.usage.get(knight.uid, Usage())
        start = sq if use.run_start < 0 else use.run_start
        first = {sq: sq}
        frontier = [sq]
        for depth in range(1, KNIGHT_ACTIONS - use.actions):
            reached = []
            for at in frontier:
                for to in NEIGHBOURS[at]:
                    if to in first or state.board[to] is not None or (not squeeze and squeezed(state.board, at, to)):
                        continue
                    if in_pike_zone(state.board, to, player, state.attacker):
                        continue
                    first[to] = to if at == sq else first[at]
                    reached.append(to)
                    step = Step("K", sq, first[to])
                    gain = _charge_gain(state, knight, to, use.steps + depth, start, last_base, rule)
                    if gain > plans.get(step, 0.0):
                        plans[step] = gain
            frontier = reached
    return plans


def _charge_gain(state: ImperioState, knight: Piece, at: int, steps: int, start: int, last_base: bool,
                 rule: str) -> float:
    best = 0.0
    for target_sq in NEIGHBOURS[at]:
        target = state.board[target_sq]
        if target is None or target.owner == knight.owner:
            continue
        charge = 0 if distance(start, target_sq) <= 1 else steps
        attack, defence = pools(MELEE, knight, at, target, target_sq, charge_steps=charge)
        win = float(combat_odds(attack.dice, defence.dice, rule)[0])
        worth = BASE_WORTHS[0 if last_base else 1] if target.is_base else VALUES[target.kind]
        best = max(best, win * worth - (1 - win) * VALUES["K"])
    return best


@dataclass
class TacticianBot:
    """One-action expectimax over exact duel odds, plus knight charges planned ahead.

    Each legal action is valued by the exact expected evaluation after it; a knight step
    that starts a good charge (:func:`charge_plans`) earns a share of that charge's gain.
    Fights are weighed first, then spawns, then steps, within a time budget per decision.
    """

    seed: int = 0
    time_ms: int | None = 15
    """A time budget per decision (None: weigh every action, so play repeats exactly: :func:`untimed`)."""
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
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        end = EndTurn()
        best: Action = end if end in legal else legal[0]
        best_value = evaluate(state, player) + self.margin if end in legal else -1.0
        plans = charge_plans(state, player)
        scale = PLAN_WEIGHT / (2 * max(1.0, material(state, 0, player) + material(state, 1, player)))
        for action in sorted(legal, key=lambda a: (_urgency(a), -plans.get(a, 0.0))):
            if action == end:
                continue
            value = expected(state, action, player) + scale * plans.get(action, 0.0)
            if value > best_value:
                best, best_value = action, value
            if deadline is not None and time.perf_counter() > deadline:
                break
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


def _urgency(action: Action) -> int:
    """Fights first, then spawns, then steps: what a short time budget must not miss."""
    return 0 if isinstance(action, (Attack, Shot)) else 1 if isinstance(action, Spawn) else 2


def tactician(game: Game, seed: int) -> TacticianBot:
    """The bot-level factory."""
    return TacticianBot(seed=seed)
