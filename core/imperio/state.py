"""The Imperio Bellum position: its fields, the protocol's hooks and the exact results of an action.

What is legal is read by :class:`~core.imperio.legality.Legality` (a base of the state); an action
is played by :class:`~core.imperio.worker.Worker`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Self, cast

from core.imperio.actions import (
    ROLES,
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    EndTurn,
    Overrun,
    Roll,
    Shot,
    Spawn,
    Step,
    read_play_action,
)
from core.imperio.army import Reserve, imagined_reserve
from core.imperio.board import (
    EMPTY_BOARD,
    SQUARES,
    Board,
)
from core.imperio.dice import combat_odds
from core.imperio.legality import Duel, Legality, Usage, UsageMap, count
from core.imperio.refusals import refusal
from core.imperio.worker import Dice, Judge, NeedDie, Worker
from core.protocol import CHANCE, JSON, Action, IllegalAction, Outcome

__all__ = ["Duel", "ImperioState", "Usage", "UsageMap", "count", "outcomes"]

NO_RESERVE: Reserve = (0, 0, 0, 0)


@dataclass(frozen=True, kw_only=True)
class ImperioState(Legality):
    """One Imperio Bellum position (setup or play)."""

    game_name = "imperio-bellum"

    board: Board = EMPTY_BOARD
    reserves: tuple[Reserve, Reserve] = (NO_RESERVE, NO_RESERVE)
    attacker: int | None = None
    phase: str = "roles"
    """``roles``, ``deploy``, ``reserve``, ``alter``, ``play`` or ``over``."""
    setter: int = 0
    alterations: int = 0
    mover: int = 0
    turn: int = 0
    spawning: bool = False
    spawned: frozenset[int] = frozenset()
    usage: UsageMap = field(default_factory=UsageMap)
    overrun: tuple[int, int] | None = None
    """After beating a base: (the winner's square, the base's square), awaiting capture or destroy."""
    next_uid: int = 1
    start_units: tuple[int, int] = (0, 0)
    start_reserves: tuple[int, int] = (0, 0)
    hq_lost: tuple[bool, bool] = (False, False)
    result: Outcome | None = None
    idle: int = 0
    """Turns in a row that passed because nothing was legal."""
    rolls: int = 0
    """Dice rolled so far (undo never crosses a roll)."""
    events: tuple[str, ...] = ()
    """What the last action did, in words."""
    hidden_reserves: int | None = None
    """The seat whose reserve make-up this view hides (``public_reserves=false``)."""
    awaiting: str | None = None
    """Manual dice: the die the chance actor must type."""
    pending: Action | None = None
    typed: tuple[int, ...] = ()
    resume: ImperioState | None = None

    # --- protocol --------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.awaiting is not None:
            return frozenset((CHANCE,))
        if self.phase == "roles":
            return frozenset((0,))
        return frozenset((self.mover if self.phase == "play" else self.setter,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def scores(self) -> tuple[float, ...]:
        """Units on the board per seat."""
        return tuple(float(self.units_of(p)) for p in (0, 1))

    def _irreversible(self, after: Self) -> bool:
        return after.rng != self.rng or after.rolls != self.rolls

    def view(self, viewer: int | None) -> Self:
        if viewer is None or viewer < 0 or self.options["public_reserves"] or self.phase == "roles":
            return self
        hidden = 1 - viewer
        reserves = [self.reserves[0], self.reserves[1]]
        reserves[hidden] = (sum(reserves[hidden]), 0, 0, 0)   # the size is public, the make-up is not
        return self._with(hidden_reserves=hidden, reserves=(reserves[0], reserves[1]))

    def _secret_from(self, viewer: int | None) -> Iterator[int]:
        """Where reserves are hidden, every reserve choice (a kept unit, a reserve alteration)."""
        if viewer is None or viewer < 0 or self.options["public_reserves"]:
            yield from super()._secret_from(viewer)
            return
        for position, action in enumerate(self.history):
            if isinstance(action, AddReserve) or (isinstance(action, Alter) and action.square is None):
                yield position

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        """Reseed the dice and, where the opponent's reserves are hidden, deal them a make-up of the same size."""
        hidden = self.hidden_reserves
        if hidden is None or not any(self.reserves[hidden]):
            return self._with(rng=stream)
        knights = sum(1 for p in self.board if p is not None and p.owner == hidden and p.kind == "K")
        room = cast(int, self.options["max_knights_total"]) - knights
        stream, made_up = imagined_reserve(stream, sum(self.reserves[hidden]), max(0, room))
        reserves = (made_up, self.reserves[1]) if hidden == 0 else (self.reserves[0], made_up)
        return self._with(rng=stream, reserves=reserves)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if actor == CHANCE:
            return tuple(Roll(v) for v in range(1, 7))
        if self.phase == "roles":
            return tuple(ChooseRole(r) for r in ROLES)
        if self.phase in ("deploy", "reserve"):
            return tuple(self._setup_actions())
        if self.phase == "alter":
            return tuple(self._alterations())
        if self.overrun is not None:
            return tuple(Overrun(self.overrun[1], capture) for capture in (True, False))
        spawns = tuple(self._spawns()) if self.spawning else ()
        return (*spawns, *self._moves(), EndTurn())

    def _is_listed(self, action: Action, actor: int) -> bool | None:
        """Play is checked without listing: a piece's own moves, the spawns, ``end`` (setup and dice are listed)."""
        if actor == CHANCE or self.phase != "play":
            return None
        if self.overrun is not None:
            return isinstance(action, Overrun) and action.square == self.overrun[1]
        if isinstance(action, EndTurn):
            return True
        if isinstance(action, (Step, Attack, Shot)):
            return action.frm in SQUARES and action in self._piece_moves(action.frm)
        if isinstance(action, Spawn):
            return self.spawning and action in self._spawns()
        return False

    def action_from_json(self, data: JSON, actor: int | None = None) -> Action:
        """An action of play is read straight from its JSON form (:func:`read_play_action`), the rest as usual."""
        action = read_play_action(data, self.board) if self.phase == "play" else None
        if action is not None and self._is_listed(action, self._actor(actor)):
            return action
        return super().action_from_json(data, actor)

    def _rule_broken(self, action: Action, actor: int) -> str:
        return refusal(self, action)

    # --- queries ---------------------------------------------------------------------

    def winner_text(self) -> str | None:
        """``attacker`` or ``defender`` once the game is over (there is no draw, IB-38), else None."""
        if self.result is None:
            return None
        return "attacker" if self.result.winner == self.attacker else "defender"

    @property
    def defender(self) -> int:
        assert self.attacker is not None
        return 1 - self.attacker

    # --- playing -----------------------------------------------------------------------

    def _next_state(self, action: Action, actor: int) -> Self:
        if isinstance(action, Roll):
            assert self.resume is not None and self.pending is not None
            return cast(Self, self.resume._run(self.pending, (*self.typed, action.value)))
        return cast(Self, self._run(action, ()))

    def _run(self, action: Action, known: tuple[int, ...]) -> ImperioState:
        dice = Dice(self.rng, known, self.options["dice_source"] == "manual", str(self.options["combat_dice_rule"]))
        work = Worker(self, dice.duel, dice.roll)
        dice.log = work.events  # the rolls read in order with what they decide
        try:
            work.do(action)
        except NeedDie as need:
            return self._with(awaiting=need.label, pending=action, typed=known, resume=self)
        state = cast(ImperioState, work.finish())
        return state._with(rng=dice.stream, rolls=self.rolls + dice.used, awaiting=None, pending=None, typed=(),
                           resume=None)

    def after(self, action: Action, judge: Judge) -> ImperioState:
        """The state after ``action`` with every duel decided by ``judge`` (no dice are rolled)."""
        def no_dice(label: str) -> int:
            raise IllegalAction(f"{action} needs a die roll ({label}); roll it with apply()")
        work = Worker(self, judge, no_dice)
        work.do(action)
        return cast(ImperioState, work.finish())


def outcomes(state: ImperioState, action: Action, limit: int = 64) -> list[tuple[float, ImperioState]]:
    """Every result of ``action`` with its exact probability (duels enumerated; ties merged where equal).

    Shots and splash have two results per duel (the defender dies or lives); melee has three.
    Beyond ``limit`` results, the splash duels are judged by their most likely result.
    """
    if not isinstance(action, (Attack, Shot)):
        return [(1.0, state.apply(action))]
    duels = state.duels(action)
    rule = str(state.options["combat_dice_rule"])
    branches = [3 if not d.ranged else 2 for d in duels]
    total = 1
    for b in branches:
        total *= b
    exact = total <= limit
    results: list[tuple[float, ImperioState]] = []

    def probabilities(duel: Duel) -> list[tuple[int, Fraction]]:
        win, tie, loss = combat_odds(duel.attacker.dice, duel.defender.dice, rule)
        if duel.ranged:
            return [(1, win), (-1, tie + loss)]
        return [(1, win), (0, tie), (-1, loss)]

    def walk(prefix: tuple[int, ...], p: float) -> None:
        if len(prefix) == len(duels):
            answers = iter(prefix)
            results.append((p, state.after(action, lambda a, d, r: next(answers))))
            return
        options = probabilities(duels[len(prefix)])
        if not exact and len(prefix) > 0:
            options = [max(options, key=lambda o: o[1])]
            options = [(options[0][0], Fraction(1))]
        for result, q in options:
            if q:
                walk((*prefix, result), p * float(q))

    walk((), 1.0)
    return results

