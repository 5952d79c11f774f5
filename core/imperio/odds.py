"""Exact odds of an attack or shot before it is played: both pools with every modifier named.

``str(odds(state, action))`` gives one line per duel, e.g.
``Kc5xd6: attack on d6: Knight 3 − 1 adjacent + 2 charge (3 steps) = 4 dice vs Archer 1 die: win 99.9%, ...``
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.imperio.actions import Attack, Shot
from core.imperio.board import name
from core.imperio.combat import SHOT, SPLASH
from core.imperio.dice import combat_odds
from core.imperio.state import Duel, ImperioState
from core.protocol import Action, IllegalAction

TIES = {"melee": "both die", "reach": "both die", SHOT: "the target lives", SPLASH: "the unit lives",
        "base": "the attacker dies"}
"""What a tie means, by kind of attack (IB-29)."""


@dataclass(frozen=True)
class DuelOdds:
    """One duel of an action with the attacker's exact chances."""

    duel: Duel
    win: Fraction
    tie: Fraction
    loss: Fraction
    against_base: bool = False

    @property
    def tie_means(self) -> str:
        return TIES["base" if self.against_base else self.duel.kind]

    def __str__(self) -> str:
        label = {SHOT: "shot", SPLASH: "splash"}.get(self.duel.kind, "attack")
        return (f"{label} on {name(self.duel.to)}: {self.duel.attacker} vs {self.duel.defender}: "
                f"win {float(self.win):.1%}, tie {float(self.tie):.1%} ({self.tie_means}), "
                f"loss {float(self.loss):.1%}")


@dataclass(frozen=True)
class Odds:
    """The duels an attack or shot will cause, main duel first."""

    action: Action
    duels: tuple[DuelOdds, ...]

    def __str__(self) -> str:
        if not self.duels:
            return f"{self.action}: no duel (nothing to hit)"
        return "\n".join(f"{self.action}: {d}" for d in self.duels)


def odds(state: ImperioState, action: Action) -> Odds:
    """The exact odds of a legal attack or shot of the player to move (IllegalAction otherwise)."""
    if not isinstance(action, (Attack, Shot)):
        raise IllegalAction(f"{action} is not an attack or a shot")
    if state.to_move is None or state.to_move < 0 or not state.is_legal(action):
        raise IllegalAction(state.why_illegal(action, state.mover) if state.to_move is not None
                            else "the game is over")
    rule = str(state.options["combat_dice_rule"])
    out = []
    for duel in state.duels(action):
        win, tie, loss = combat_odds(duel.attacker.dice, duel.defender.dice, rule)
        target = state.board[duel.to]
        base = target is not None and target.is_base
        out.append(DuelOdds(duel, win, tie, loss, base))
    return Odds(action, tuple(out))
