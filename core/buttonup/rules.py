"""Button Up! (Bruno Cathala, Jactalea 2012): the rules as a protocol game.

Nine buttons (3 red, 3 black, 3 white) lie in a circle of single-button stacks.
A move lifts a stack holding a white and sows it clockwise from the bottom
button; a round is always 8 moves and ends with one stack, which scores each
button by its height.  The larger army gains the difference; first to 15 wins.

Positions: ``state.stacks`` is a tuple of strings in clockwise order
(increasing index, wrapping round), each written bottom to top with ``R``,
``B`` and ``W``.  Player 0 is red, player 1 black.

Rulings (``../shared/rules/button-up.md``) and their options:

* BU-01 ``extra_turn``: ``mandatory`` (default), ``optional`` (the mover may
  decline with :class:`EndTurn`) or ``off``.
* BU-02 ``white_match_counts``: white on white earns an extra turn (default true).
* BU-03 ``overflow_extra_turn``: an overflow move earns one too (default false).
* BU-04 ``next_round_starter``: ``fewest_points`` (default),
  ``trailing_player_chooses`` or ``alternate``.
* BU-05 ``first_round_starter``: ``choose`` (default) or ``random``.
* BU-06 ``target_score``: 15.
* BU-09: every round is a fresh shuffle of the seeded stream.

Decisions of ours (the rulebook leaves them open):

* With ``first_round_starter=choose`` red, who sets up the game, names the
  first starter for both players: a :class:`ChooseStarter` action of player 0.
* With ``trailing_player_chooses`` the player with fewer points names the
  starter; with equal points the default tie rules of BU-04 apply.
* ``start`` (not a ruling): the first round's circle as nine letters.
* On an overflow move the "last button dropped" is the bottom button of the
  block, the one that touches the last stack; it matters only with
  ``overflow_extra_turn=true``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, Self

from core import rng
from core.protocol import Action, IllegalAction, Option, Outcome, State, int_range

RED, BLACK = 0, 1
COLOURS = {"R": "red", "B": "black", "W": "white"}
PLAYER_NAMES = ("Red", "Black")
BUTTONS = "RRRBBBWWW"
ROUND_MOVES = len(BUTTONS) - 1


def _check_start(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 9 or Counter(value) != Counter(BUTTONS):
        return "must be None or nine letters with three each of R, B and W"
    return None


OPTIONS = (
    Option("extra_turn", "mandatory", "BU-01: a matching last button gives another move.",
           ("mandatory", "optional", "off")),
    Option("white_match_counts", True, "BU-02: white on white counts as a match.", (True, False)),
    Option("overflow_extra_turn", False, "BU-03: an overflow move can earn an extra turn.",
           (True, False)),
    Option("next_round_starter", "fewest_points", "BU-04: who starts rounds 2 and later.",
           ("fewest_points", "trailing_player_chooses", "alternate")),
    Option("first_round_starter", "choose", "BU-05: who starts round 1.", ("choose", "random")),
    Option("target_score", 15, "BU-06: victory points that win the game.",
           check=int_range(1, 99)),
    Option("start", None, "The first round's circle, nine letters of R, B, W (None: shuffled).",
           check=_check_start),
)


@dataclass(frozen=True)
class Sow(Action):
    """Lift the stack at ``stack`` (an index into ``state.stacks``) and sow it."""

    stack: int
    buttons: str = field(default="", compare=False)
    """The lifted stack, bottom to top (for the label only)."""

    def to_json(self) -> dict[str, object]:
        return {"sow": self.stack}

    def __str__(self) -> str:
        colours = ", ".join(COLOURS[b] for b in self.buttons)
        return f"sow stack {self.stack + 1} ({colours})" if self.buttons else f"sow stack {self.stack + 1}"


@dataclass(frozen=True)
class ChooseStarter(Action):
    """Name the player who starts the round."""

    player: int

    def to_json(self) -> dict[str, object]:
        return {"starter": self.player}

    def __str__(self) -> str:
        return f"{PLAYER_NAMES[self.player]} starts the round"


@dataclass(frozen=True)
class EndTurn(Action):
    """Decline an optional extra turn (``extra_turn=optional`` only)."""

    def to_json(self) -> dict[str, object]:
        return {"end_turn": True}

    def __str__(self) -> str:
        return "decline the extra turn"


class Sowing(NamedTuple):
    """What one sowing did: the circle after it and whether it earns a turn."""

    stacks: tuple[str, ...]
    landed: tuple[int, ...]
    """Indices (into the new circle) that received buttons, in sowing order."""
    overflow: bool
    matched: bool
    """The last button dropped matches the colour it landed on."""


def sow(stacks: tuple[str, ...], index: int, white_match_counts: bool = True) -> Sowing:
    """Lift ``stacks[index]`` and sow it clockwise from its bottom button.

    Each of the next stacks gets one button; on an overflow (more buttons than
    other stacks) the last stack gets the rest as one block, order unchanged.
    """
    circle, overflow, matched = sown(stacks, index, white_match_counts)
    n, reach = len(stacks), min(len(stacks[index]), len(stacks) - 1)
    # the targets follow the lifted stack round the circle; once it is gone, those after it move down one
    before_end = min(reach, n - 1 - index)
    landed = (*range(index, index + before_end), *range(reach - before_end))
    return Sowing(circle, landed, overflow, matched)


def sown(stacks: tuple[str, ...], index: int, white_match_counts: bool) -> tuple[tuple[str, ...], bool, bool]:
    """What a move needs of :func:`sow`: the circle after it, whether it overflowed and whether it matched."""
    lifted = stacks[index]
    n = len(stacks)
    size = len(lifted)
    reach = size if size < n else n - 1
    new = list(stacks)
    target = index
    for button in lifted[:reach - 1]:
        target = target + 1 if target + 1 < n else 0
        new[target] += button
    target = target + 1 if target + 1 < n else 0
    landed_on = new[target][-1]
    last = lifted[reach - 1]
    new[target] += lifted[reach - 1:]
    del new[index]
    return tuple(new), size > reach, last == landed_on and (white_match_counts or last != "W")


Rules = tuple[str, bool, bool]
"""The options that decide a move's result: ``extra_turn``, ``white_match_counts``, ``overflow_extra_turn``."""


def rules_of(options: Mapping[str, object]) -> Rules:
    """The move-deciding options of a game (looked up once per options object: every move asks)."""
    known = _RULES.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    rules = (str(options["extra_turn"]), bool(options["white_match_counts"]), bool(options["overflow_extra_turn"]))
    if len(_RULES) >= 64:
        _RULES.clear()
    _RULES[id(options)] = (options, rules)
    return rules


_RULES: dict[int, tuple[Mapping[str, object], Rules]] = {}
"""Recent options objects and their rules (each entry keeps its options alive, so an id is never reused)."""


def earns_turn(result: Sowing, rules: Rules) -> bool:
    """True when a sowing gives its mover another move (BU-01, BU-02, BU-03)."""
    return _earns(result.overflow, result.matched, rules)


def _earns(overflow: bool, matched: bool, rules: Rules) -> bool:
    extra_turn, _, overflow_extra = rules
    return matched and extra_turn != "off" and (not overflow or overflow_extra)


class _Sows(dict[str, tuple[Sow, ...]]):
    """Shared action objects: ``_SOWS[buttons][index]`` lifts the stack ``buttons`` at ``index`` (a position
    offers the same few moves again and again; three buttons of each colour make a few thousand stacks)."""

    def __missing__(self, buttons: str) -> tuple[Sow, ...]:
        sows = self[buttons] = tuple(Sow(index, buttons) for index in range(len(BUTTONS)))
        return sows


_SOWS = _Sows()


@lru_cache(maxsize=2048)
def heights(stack: str) -> tuple[int, int]:
    """The red and black sums of a final stack (heights 1 = bottom to 9 = top; remembered for the 1,680
    final stacks)."""
    red = sum(h for h, b in enumerate(stack, 1) if b == "R")
    black = sum(h for h, b in enumerate(stack, 1) if b == "B")
    return red, black


@dataclass(frozen=True)
class RoundResult:
    """One finished round: its final stack, sums, points gained and starter."""

    final: str
    sums: tuple[int, int]
    starter: int

    @property
    def gain(self) -> tuple[int, int]:
        red, black = self.sums
        return (max(red - black, 0), max(black - red, 0))

    @property
    def winner(self) -> int | None:
        red, black = self.sums
        return None if red == black else (RED if red > black else BLACK)


_NOBODY: frozenset[int] = frozenset()
_ONE_ACTOR = (frozenset((RED,)), frozenset((BLACK,)))
"""Shared actor sets: a playout asks for them several times a move."""


@dataclass(frozen=True, kw_only=True)
class ButtonUpState(State):
    """A Button Up! position."""

    game_name = "button-up"

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
        return _NOBODY if self.mover is None else _ONE_ACTOR[self.mover]

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
        moves: tuple[Action, ...] = tuple([_SOWS[s][i] for i, s in enumerate(self.stacks) if "W" in s])
        if self.extra and self.options["extra_turn"] == "optional":
            moves += (EndTurn(),)
        return moves

    def _rule_broken(self, action: Action, actor: int) -> str:
        if self.choosing:
            return f"{PLAYER_NAMES[self.mover or 0]} must first name who starts the round"
        if isinstance(action, Sow):
            if not 0 <= action.stack < len(self.stacks):
                return f"there is no stack {action.stack + 1}; the circle has {len(self.stacks)}"
            return f"stack {action.stack + 1} holds no white button; only stacks with a white may move"
        if isinstance(action, EndTurn):
            return "only an optional extra turn can be declined"
        return super()._rule_broken(action, actor)

    def _next_state(self, action: Action, actor: int) -> Self:
        if type(action) is Sow:  # the exact class (no subclasses): a sowing is nearly every move
            assert self.mover is not None
            rules = rules_of(self.options)
            circle, overflow, matched = sown(self.stacks, action.stack, rules[1])
            if len(circle) == 1:
                return self._end_round(circle[0])
            earns = _earns(overflow, matched, rules)
            return self._with(stacks=circle, mover=self.mover if earns else 1 - self.mover, extra=earns)
        if isinstance(action, ChooseStarter):
            return self._with(mover=action.player, starter=action.player, choosing=False)
        assert isinstance(action, EndTurn) and self.mover is not None
        return self._with(mover=1 - self.mover, extra=False)

    def _end_round(self, final: str) -> Self:
        assert self.starter is not None
        done = RoundResult(final, heights(final), self.starter)
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
