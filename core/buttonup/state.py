"""The Button Up! position (:class:`ButtonUpState`) and its protocol hooks.

Positions: ``state.stacks`` is a tuple of strings in clockwise order
(increasing index, wrapping round), each written bottom to top with ``R``,
``B`` and ``W``.  Player 0 is red, player 1 black.  The rulings and the
options that switch them are in :mod:`core.buttonup.options`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from core import rng
from core.buttonup.actions import SOWS, ChooseStarter, EndTurn, Sow
from core.buttonup.buttons import BLACK, BUTTONS, PLAYER_NAMES, RED
from core.buttonup.options import Rules
from core.buttonup.sowing import RoundResult, Sowing, round_result, sow, sown
from core.protocol import Action, IllegalAction, Outcome, State

_ACTORS: dict[int | None, frozenset[int]] = {None: frozenset(), RED: frozenset((RED,)), BLACK: frozenset((BLACK,))}
"""The shared actor set of each ``mover`` (None: the game is over): a playout asks for it several times a move."""


@dataclass(frozen=True, kw_only=True)
class ButtonUpState(State):
    """A Button Up! position."""

    game_name = "button-up"

    rules: Rules = field(compare=False, repr=False)
    """The move-deciding options (:func:`~core.buttonup.options.rules_of` of ``options``)."""
    stacks: tuple[str, ...]
    points: tuple[int, int] = (0, 0)
    mover: int | None = None
    """Who acts now (the starter-chooser while ``choosing``)."""
    choosing: bool = False
    """True while ``mover`` must name the round's starter."""
    starter: int | None = None
    extra: bool = False
    """The mover is on an extra turn (which ``extra_turn=optional`` may decline)."""
    rounds: tuple[RoundResult, ...] = ()

    @property
    def actors(self) -> frozenset[int]:
        return _ACTORS[self.mover]

    @property
    def is_over(self) -> bool:
        return self.mover is None

    @property
    def outcome(self) -> Outcome | None:
        target = self.options["target_score"]
        for player in (RED, BLACK):
            if self.points[player] >= target:
                return Outcome.won_by(player, 2, f"{PLAYER_NAMES[player]} reached {target} points")
        return None

    @property
    def scores(self) -> tuple[int, int]:
        return self.points

    @property
    def round_number(self) -> int:
        """The round being played (or the last one, once the game is over)."""
        return len(self.rounds) + (0 if self.is_over else 1)

    @property
    def moves_made(self) -> int:
        """Moves made in this round so far (0-8)."""
        return len(BUTTONS) - len(self.stacks)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if self.choosing:
            return (ChooseStarter(RED), ChooseStarter(BLACK))
        moves: tuple[Action, ...] = tuple([SOWS[i][s] for i, s in enumerate(self.stacks) if "W" in s])
        if self.extra and self.rules.extra_turn == "optional":
            moves += (EndTurn(),)
        return moves

    def _rule_broken(self, action: Action, actor: int) -> str:
        if self.choosing:
            return f"{PLAYER_NAMES[self.mover or 0]} must first name who starts the round"
        if isinstance(action, Sow):
            if not 0 <= action.stack < len(self.stacks):
                return f"there is no stack {action.stack + 1}; the circle has {len(self.stacks)}"
            return f"stack {action.stack + 1} holds no white button; only stacks with a white may move"
        mover = PLAYER_NAMES[self.mover or 0]
        if isinstance(action, EndTurn):
            if self.extra:
                return f"{mover} must play this extra turn: these rules make extra turns mandatory (BU-01)"
            return f"{mover} is not on an extra turn; only an optional extra turn can be declined (BU-01)"
        if isinstance(action, ChooseStarter):
            return (f"nobody names a starter now: it is {mover}'s turn to sow in round {self.round_number}; "
                    "a starter is named only between rounds, when the rules leave the choice open (BU-04)")
        return f"{action} is not a Button Up! move: sow a stack with a white button"

    def _next_state(self, action: Action, actor: int) -> Self:
        if type(action) is Sow:  # the exact class (no subclasses): a sowing is nearly every move
            assert self.mover is not None
            rules = self.rules
            circle, overflow, matched = sown(self.stacks, action.stack, rules.white_match_counts)
            if len(circle) == 1:
                return self._end_round(circle[0])
            again = rules.earned[overflow][matched]
            after = object.__new__(type(self))  # ``_with`` written out: the path of nearly every move
            fields = after.__dict__
            fields.update(self.__dict__)
            fields["stacks"], fields["extra"], fields["_cache"] = circle, again, None
            if not again:
                fields["mover"] = 1 - self.mover
            return after
        if isinstance(action, ChooseStarter):
            return self._with(mover=action.player, starter=action.player, choosing=False)
        assert isinstance(action, EndTurn) and self.mover is not None
        return self._with(mover=1 - self.mover, extra=False)

    def _end_round(self, final: str) -> Self:
        assert self.starter is not None
        done = round_result(final, self.starter)
        gain = done.gain
        points = (self.points[0] + gain[0], self.points[1] + gain[1])
        rounds = (*self.rounds, done)
        if max(points) >= self.options["target_score"]:
            return self._with(stacks=(final,), rounds=rounds, extra=False, points=points, mover=None)
        stream, circle = rng.shuffled(self.rng, BUTTONS)
        starter, chooser = _next_starter(points, done, self.options["next_round_starter"])
        return self._with(
            rng=stream, stacks=circle, rounds=rounds, extra=False, points=points, starter=starter,
            mover=chooser if starter is None else starter, choosing=starter is None,
        )

    def sowing(self, action: Sow) -> Sowing:
        """What sowing ``action`` would do here (for animation and teaching)."""
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action, self.mover if self.mover is not None else 0))
        return sow(self.stacks, action.stack, self.options["white_match_counts"])


def _next_starter(
    points: tuple[int, int], last: RoundResult, rule: str
) -> tuple[int | None, int | None]:
    """``(starter, None)`` when the rules fix the starter, else ``(None, chooser)``."""
    other = 1 - last.starter
    if rule == "alternate":
        return other, None
    if points[RED] != points[BLACK]:
        trailing = RED if points[RED] < points[BLACK] else BLACK
        return (trailing, None) if rule == "fewest_points" else (None, trailing)
    if last.winner is None:
        return other, None
    return None, 1 - last.winner
