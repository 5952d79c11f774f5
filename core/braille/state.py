"""The braille variant's position: :class:`BrailleState` wraps the engine's state (a nested game).

``state.inner`` is the engine's :class:`~core.buttonmen.state.ButtonMenState`, used only
through its public API (``apply``, ``legal_actions``, ``view``, ``determinize`` and its
fields); ``dice``, ``captured``, ``round_scores``, ``doubled_scores``, ``match_score``,
``round_number`` and ``phase`` read it.  :func:`seat_table` is the plain snapshot the
text layer speaks (:mod:`core.braille.speech`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Self

from core.braille.table import SLOTS, Attack, Die, RoundEnd, Slot, Table, attack_order
from core.buttonmen.actions import Attack as EngineAttack
from core.buttonmen.actions import Pass, Roll
from core.buttonmen.dice import Die as EngineDie
from core.buttonmen.flow import Draw, score2
from core.buttonmen.position import Phase, RoundResult
from core.buttonmen.state import ButtonMenState
from core.i18n import t
from core.protocol import Action, IllegalAction, Outcome, State

GAME_NAME = "button-man-braille"
KINDS = ("Power", "Skill")
"""The variant's attack types."""


@dataclass(frozen=True, kw_only=True)
class BrailleState(State):
    """A position of the braille variant: the engine's state plus the variant's bookkeeping."""

    game_name = GAME_NAME

    inner: ButtonMenState
    full_ties: tuple[int, ...] = ()
    """Rounds drawn because every die tied for who begins (BR-03)."""
    acted_round: int = 0
    """The last round in which an attack or a pass was played."""

    # --- reading through to the engine --------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        return self.inner.actors

    @property
    def outcome(self) -> Outcome | None:
        return self.inner.outcome

    @property
    def scores(self) -> tuple[float, ...]:
        """Rounds won by each player."""
        return self.inner.scores

    @property
    def dice(self) -> tuple[tuple[EngineDie, ...], tuple[EngineDie, ...]]:
        return self.inner.dice

    @property
    def captured(self) -> tuple[tuple[EngineDie, ...], tuple[EngineDie, ...]]:
        return self.inner.captured

    @property
    def match_score(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        return self.inner.match_score

    @property
    def round_scores(self) -> tuple[float, float]:
        return self.inner.round_scores

    @property
    def doubled_scores(self) -> tuple[int, int]:
        return self.inner.doubled_scores

    @property
    def round_number(self) -> int:
        return self.inner.round_number

    @property
    def phase(self) -> Phase:
        return self.inner.phase

    @property
    def rounds(self) -> Sequence[RoundResult]:
        return self.inner.rounds

    def attack_types(self) -> list[str]:
        """The variant's attack types open to the mover; ["Pass"] when passing is allowed."""
        kinds = sorted({a.kind for a in self.legal_actions() if isinstance(a, EngineAttack)}, key=KINDS.index)
        return kinds + (["Pass"] if Pass() in self.legal_actions() else [])

    # --- legal actions ---------------------------------------------------------------------

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        legal = self.inner.legal_actions(actor)
        if self.inner.awaiting is not None:
            return tuple(legal)
        attacks = [a for a in legal if isinstance(a, EngineAttack) and _variant_attack(a)]
        return (*attacks, Pass()) if Pass() in legal else tuple(attacks)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The engine's: a typed result with its probability (the twin die's sum is not uniform)."""
        return self.inner.chance_outcomes()

    def _is_listed(self, action: Action, actor: int) -> bool | None:
        """Passes and typed rolls as the engine checks them (the variant lists them unchanged)."""
        return self.inner.is_listed(action, actor) if isinstance(action, (Pass, Roll)) else None

    def _rule_broken(self, action: Action, actor: int) -> str:
        """Every refusal in ``announce_language`` (the variant's rulings and its own wording of the engine's)."""
        lang = self.options["announce_language"]
        draw = self.inner.awaiting
        if draw is not None:
            return self._why_not_typed(action, draw, lang)
        if isinstance(action, Roll):
            return t("illegal.no_roll", lang)
        if isinstance(action, Pass) and self.options["must_attack"]:
            return t("illegal.must_attack", lang)
        if not isinstance(action, (EngineAttack, Pass)):
            return t("illegal.action", lang, action=action)
        if isinstance(action, EngineAttack):
            return self._why_not_attack(action, actor, lang)
        return t("illegal.not_now", lang)

    def _why_not_attack(self, a: EngineAttack, actor: int, lang: str) -> str:
        """BR-05 and the Power and Skill conditions, naming the dice."""
        if a.kind not in KINDS:
            return t("illegal.kinds", lang)
        if a.kind == "Skill" and len(a.attackers) < 2:
            return t("illegal.one_die_skill", lang)
        mine, theirs = self.inner.dice[actor], self.inner.dice[1 - actor]
        if any(not 0 <= i < len(mine) for i in a.attackers) or any(not 0 <= j < len(theirs) for j in a.targets) \
                or len(set(a.attackers)) != len(a.attackers):
            return t("illegal.no_such_die", lang)
        if len(a.targets) != 1 or (a.kind == "Power" and len(a.attackers) != 1):
            return t("illegal.shape", lang)
        slots = _slots(self.inner)
        target = theirs[a.targets[0]]
        if a.kind == "Power":
            die = mine[a.attackers[0]]
            return t("illegal.power_value", lang, attacker=t(f"die.{slots[die.uid]}", lang), value=die.value,
                     target=t(f"die.{slots[target.uid]}", lang), target_value=target.value)
        total = sum(mine[i].value for i in a.attackers)
        return t("illegal.skill_sum", lang, total=total, target_value=target.value)

    def _why_not_typed(self, action: Action, draw: Draw, lang: str) -> str:
        """BR-13 (BR-03 for the coin toss): typed results are awaited, in their range."""
        names = default_names(lang)
        if draw.die < 0:
            if isinstance(action, Roll):
                return t("illegal.coin", lang, first=names[0], second=names[1], value=action.value)
            return t("illegal.coin_first", lang, first=names[0], second=names[1])
        owner = names[draw.player]
        die = t(f"die.{_slots(self.inner)[self.inner.dice[draw.player][draw.die].uid]}", lang)
        if isinstance(action, Roll):
            low, *_, high = draw.values()
            return t("illegal.roll_range", lang, owner=owner, die=die, low=low, high=high, value=action.value)
        return t("illegal.roll_first", lang, owner=owner, die=die)

    # --- playing ---------------------------------------------------------------------------

    def _next_state(self, action: Action, actor: int) -> Self:
        before = self.inner
        after = before.apply(action, actor)
        acted = before.round_number if isinstance(action, (EngineAttack, Pass)) else self.acted_round
        ended = after.rounds[len(before.rounds):]
        ties = self.full_ties + tuple(r.number for r in ended if r.number != acted)
        return self._with(inner=after, rng=after.rng, full_ties=ties, acted_round=acted)

    def _irreversible(self, after: Self) -> bool:
        """Undo stops where the engine stops (random draws and typed dice)."""
        return after.inner.undo_floor != self.inner.undo_floor

    def apply(self, action: Action, actor: int | None = None) -> Self:
        """The protocol's apply, refusing in the announcement language once the match is over or when
        ``actor`` may not act now."""
        lang = self.options["announce_language"]
        if self.is_over:
            raise IllegalAction(t("illegal.over", lang))
        if actor is not None and actor not in self.actors:
            turn = self.inner.roller if self.inner.awaiting is not None else self.to_move
            raise IllegalAction(t("illegal.not_your_turn", lang, player=default_names(lang)[turn or 0]))
        return super().apply(action, actor)

    def view(self, viewer: int | None) -> Self:
        inner = self.inner.view(viewer)
        return self if inner is self.inner else self._with(inner=inner)

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        """The engine's own determinization of the (already viewed) inner state."""
        return self._with(inner=self.inner.determinize(viewer, stream), rng=stream)


def _variant_attack(a: EngineAttack) -> bool:
    return a.kind in KINDS and (a.kind == "Power" or len(a.attackers) >= 2)


def default_names(lang: str) -> tuple[str, str]:
    """"Player 1" and "Player 2" in ``lang``."""
    return t("player.default", lang, number=1), t("player.default", lang, number=2)


def _slots(inner: ButtonMenState) -> dict[int, Slot]:
    """Each die's slot by uid: the dice of a round get consecutive uids in recipe order."""
    out: dict[int, Slot] = {}
    for p in (0, 1):
        mine = [*inner.dice[p], *(d for d in inner.captured[1 - p] if d.owner == p), *inner.out_of_play[p]]
        if mine:
            base = min(d.uid for d in mine)
            out.update({d.uid: SLOTS[d.uid - base] for d in mine})
    return out


def _pending_position(inner: ButtonMenState) -> tuple[list[list[EngineDie]], list[list[EngineDie]], set[int]]:
    """Dice in play, captured dice and uids still to be rolled, with a typed attack shown as done.

    While typed results are awaited the engine keeps the position before the
    attack; the text shows the capture at once and the attackers as waiting.
    An attack that ended its round is already scored: the engine then shows the
    next round's dice (``resume`` is the state before the attack, in the old round).
    """
    dice = [list(inner.dice[0]), list(inner.dice[1])]
    captured = [list(inner.captured[0]), list(inner.captured[1])]
    waiting = {d.uid for p in (0, 1) for d in dice[p] if d.value == 0}
    draw, pending = inner.awaiting, inner.pending
    if draw is not None and draw.die >= 0:
        waiting.add(dice[draw.player][draw.die].uid)
    resume = inner.resume
    same_round = resume is not None and resume.round_number == inner.round_number
    if draw is not None and isinstance(pending, EngineAttack) and same_round:
        p = draw.player
        done = len(inner.rolled)
        waiting |= {dice[p][i].uid for i in sorted(pending.attackers)[done:]}
        taken = [dice[1 - p][j] for j in pending.targets]
        captured[p] += taken
        dice[1 - p] = [d for d in dice[1 - p] if d not in taken]
    return dice, captured, waiting


def seat_table(state: State, names: tuple[str, str]) -> Table:
    """The :class:`~core.braille.table.Table` of a braille-variant state."""
    assert isinstance(state, BrailleState)
    inner = state.inner
    slots = _slots(inner)
    dice, captured, waiting = _pending_position(inner)

    def view(d: EngineDie) -> Die:
        """The die for the text layer; a rolled twin tells its two halves (rulebook section 5.1)."""
        if d.uid in waiting:
            return Die(d.owner, slots[d.uid], None)
        halves = (d.faces[0], d.faces[1]) if len(d.faces) == 2 else None
        return Die(d.owner, slots[d.uid], d.value, halves)

    in_play = (tuple(map(view, dice[0])), tuple(map(view, dice[1])))
    request = None
    draw = inner.awaiting
    if draw is not None and draw.die >= 0:
        request = view(inner.dice[draw.player][draw.die])
    attacks: list[Attack] = []
    if state.to_move is not None and draw is None:
        p = state.to_move
        for a in state.legal_actions():
            if isinstance(a, EngineAttack):
                attacks.append(Attack("power" if a.kind == "Power" else "skill",
                                      tuple(in_play[p][i] for i in a.attackers),
                                      in_play[1 - p][a.targets[0]], action=a))
    doubled = (score2(dice[0], captured[0]), score2(dice[1], captured[1]))
    score = inner.match_score
    rounds = tuple(RoundEnd(r.number, r.scores2, r.winner, r.number in state.full_ties) for r in inner.rounds)
    return Table(
        names=names, dice=in_play,
        captured=(tuple(map(view, captured[0])), tuple(map(view, captured[1]))),
        doubled=doubled, wins=(score[0][0], score[1][0]), draws=score[0][2],
        round_number=inner.round_number, max_wins=state.options["max_wins"],
        to_move=inner.roller if draw is not None else state.to_move,
        attacks=tuple(attack_order(attacks)), can_pass=Pass() in state.legal_actions(),
        roll_request=request, rounds=rounds, cancelled=inner.cancelled, turns=inner.turns,
        coin_toss=draw is not None and draw.die < 0,
    )


def pass_action(state: State) -> Action | None:
    """The Pass action if passing is legal now."""
    return Pass() if Pass() in state.legal_actions() else None


def roll_action(state: State, value: int) -> Action | None:
    """The typed result ``value`` as a legal Roll, or None if it is out of the die's range.

    A coin toss for who begins is typed as 1 or 2 (player 1 or player 2).
    """
    assert isinstance(state, BrailleState)
    draw = state.inner.awaiting
    if draw is not None and draw.die < 0:
        value -= 1
    return Roll(value) if Roll(value) in state.legal_actions() else None
