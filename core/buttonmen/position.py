"""The changing part of a match position, declared once: :class:`Position`.

:class:`~core.buttonmen.state.ButtonMenState` is a Position (plus the match's fixed
facts and the manual-dice bookkeeping); :class:`~core.buttonmen.flow.Flow` thaws
it into mutable working copies and freezes them back, both driven by the
``thaw``/``freeze`` of each field's metadata (scalars are copied as they are).
A new position field is one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from core.buttonmen.dice import Die
from core.history import EMPTY, History


class Phase(StrEnum):
    """What the match waits for (the values are the strings records and pages use)."""

    AUXILIARY = "auxiliary"
    RESERVE = "reserve"
    SWING = "swing"
    REACT = "react"
    ATTACK = "attack"
    ROLL = "roll"
    """Manual dice: a typed result is awaited."""
    OVER = "over"

    def __repr__(self) -> str:
        """Shown as its plain string, as before phases had names."""
        return repr(self.value)


SETUP_PHASES = (Phase.SWING, Phase.AUXILIARY, Phase.RESERVE)
SECRET_PHASES = (Phase.SWING, Phase.AUXILIARY)
"""Phases whose choices stay secret until the round starts."""
PHASE_DUTIES = {
    Phase.AUXILIARY: "each player first adds the auxiliary dice or declines them (section 4)",
    Phase.RESERVE: "the loser of the last round first adds a reserve die or declines (section 4)",
    Phase.SWING: "the players first choose the sizes of their swing and option dice (section 5)",
    Phase.REACT: "the player without initiative first reacts with Focus or Chance dice, or declines (section 6.2)",
    Phase.ATTACK: "the player to move attacks, passes or surrenders (section 7)",
    Phase.ROLL: "the result of a die is entered first",
    Phase.OVER: "the match is over",
}
"""What a phase waits for: the reason an action of another phase is refused."""


@dataclass(frozen=True)
class RoundResult:
    """A finished round: number, doubled scores, winner (None: draw) and how it ended."""

    number: int
    scores2: tuple[int, int]
    winner: int | None
    surrendered: int | None = None
    dice: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    """Each side's dice in play as the round ended."""
    captured: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    """Each side's captured dice as the round ended."""

    @property
    def scores(self) -> tuple[float, float]:
        """The final round scores (half points exact)."""
        return (self.scores2[0] / 2, self.scores2[1] / 2)


Thaw = Callable[[Any], Any]
Freeze = Callable[[Any, Any], Any]
"""``freeze(work, old)``: the frozen value from the working copy (and the old frozen value)."""


def _work(thaw: Thaw, freeze: Freeze) -> dict[str, object]:
    return {"thaw": thaw, "freeze": freeze}


def _pair(value: Any) -> Any:
    return (tuple(value[0]), tuple(value[1]))


PAIR_OF_LISTS = _work(lambda v: [list(v[0]), list(v[1])], lambda w, old: _pair(w))
PAIR_OF_DICTS = _work(lambda v: [dict(v[0]), dict(v[1])],
                      lambda w, old: (tuple(sorted(w[0].items())), tuple(sorted(w[1].items()))))
PAIR = _work(list, lambda w, old: (w[0], w[1]))
OPTIONAL_PAIR = _work(lambda v: None if v is None else list(v), lambda w, old: None if w is None else (w[0], w[1]))
APPENDED = _work(lambda v: [], lambda w, old: old.plus(*w) if w else old)
"""The working copy holds only the new entries (the log and the round results: a :class:`History`)."""


@dataclass(frozen=True, kw_only=True)
class Position:
    """Everything an action may change, per player where paired."""

    recipes: tuple[str, str] = field(metadata=PAIR)
    """The recipes as they stand (auxiliary and reserve dice added)."""
    dice: tuple[tuple[Die, ...], tuple[Die, ...]] = field(default=((), ()), metadata=PAIR_OF_LISTS)
    captured: tuple[tuple[Die, ...], tuple[Die, ...]] = field(default=((), ()), metadata=PAIR_OF_LISTS)
    out_of_play: tuple[tuple[Die, ...], tuple[Die, ...]] = field(default=((), ()), metadata=PAIR_OF_LISTS)
    chosen: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = field(
        default=((), ()), metadata=PAIR_OF_DICTS)
    """Swing letters and option positions -> chosen size, per player."""
    fresh: tuple[tuple[str, ...], tuple[str, ...]] = field(default=((), ()), metadata=PAIR_OF_LISTS)
    """Choices made in the current setup, still secret from the opponent."""
    match_score: tuple[tuple[int, int, int], tuple[int, int, int]] = field(
        default=((0, 0, 0), (0, 0, 0)), metadata=PAIR_OF_LISTS)
    """Won, lost and drawn rounds per player."""
    acted: tuple[bool, bool] = field(default=(False, False), metadata=PAIR)
    """Whether each player has made a first action this round (dizziness clears then)."""
    decks: tuple[tuple[int, ...], tuple[int, ...]] = field(default=((), ()), metadata=PAIR)
    """Each player's wildcard cards left (empty: a full deck)."""
    log: History[str] = field(default=EMPTY, metadata=APPENDED)
    rounds: History[RoundResult] = field(default=EMPTY, metadata=APPENDED)
    aux: tuple[bool | None, bool | None] | None = field(default=None, metadata=OPTIONAL_PAIR)
    """Auxiliary decisions before round 1 (None: no auxiliary dice, or settled)."""
    phase: Phase = Phase.SWING
    mover: int | None = None
    initiative: int | None = None
    round_number: int = 1
    passes: int = 0
    turns: int = 0
    reserve_player: int | None = None
    focus_only: bool = False
    next_uid: int = 1
    cancelled: bool = False


WORK_FIELDS: tuple[tuple[str, Thaw | None, Freeze | None], ...] = tuple(
    (f.name, f.metadata.get("thaw"), f.metadata.get("freeze")) for f in fields(Position))
"""Each position field with its thaw and freeze (None for a scalar copied as it is)."""
