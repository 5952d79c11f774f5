"""A match position's mutable working copy and its dice rolls (rulebook section 5).

Every random draw is a :class:`Draw` yielded by a generator and answered with a value, so one
mechanism serves the seeded stream, manual (physical) dice and conformance replay.
:class:`WorkingCopy` holds the fields of a :class:`~core.buttonmen.position.Position` as lists
and rolls dice (opening rolls, rerolls with their resizing skills); the steps of a round are
:class:`~core.buttonmen.flow.Flow`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core import rng
from core.buttonmen.attacks import Context
from core.buttonmen.dice import Die, ladder_step, mad_sizes, mood_sizes
from core.buttonmen.position import WORK_FIELDS, Freeze, Phase, Position, RoundResult, Thaw
from core.buttonmen.recipe import (
    AUXILIARY, KONSTANT, MAD, MAXIMUM, MIGHTY, MOOD, RESERVE, TIME_AND_SPACE, TURBO, VALUE, WARRIOR, WEAK, DieSpec,
    parse_recipe,
)
from core.buttonmen.specials import SLOW_BUTTON
from core.protocol import Options

DECK = tuple(v for v in range(1, 14) for _ in range(4)) + (20, 20)
"""The wildcard deck: A-K four times (1-13) and two jokers (20)."""


@dataclass(frozen=True)
class Draw:
    """A request for one random result: a die value, a size or a coin toss."""

    player: int
    """Whose die (the player who enters it with manual dice)."""
    die: int
    """Index of the die in that player's dice in play (-1: not a die)."""
    label: str
    halves: tuple[int, ...] = ()
    """Roll these halves and sum them (a die roll)."""
    choices: tuple[int, ...] = ()
    """Pick one of these uniformly (sizes, cards, a first player)."""

    def distribution(self) -> tuple[tuple[int, Fraction], ...]:
        """Every possible result with its exact probability, ascending (a sum of halves is not uniform)."""
        if self.choices:
            return tuple((v, Fraction(self.choices.count(v), len(self.choices))) for v in self.values())
        ways = Counter({0: 1})
        for half in self.halves:
            if half > 0:
                after: Counter[int] = Counter()
                for total, count in ways.items():
                    for face in range(1, half + 1):
                        after[total + face] += count
                ways = after
        outcomes = sum(ways.values())
        return tuple((v, Fraction(ways[v], outcomes)) for v in self.values())

    def sample(self, stream: int) -> tuple[int, int, tuple[int, ...]]:
        """``(stream, result, faces)``: one draw from the stream, with each rolled half's result."""
        if self.choices:
            stream, choice = rng.choice(stream, self.choices)
            return stream, choice, ()
        return roll_halves(stream, self.halves)

    def values(self) -> tuple[int, ...]:
        """Every possible result, ascending."""
        if self.choices:
            return tuple(sorted(set(self.choices)))
        low = sum(1 for h in self.halves if h > 0)
        return tuple(range(low, sum(self.halves) + 1))


def roll_halves(stream: int, halves: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
    """``(stream, sum, faces)``: each non-zero half rolled from the stream, in order."""
    faces = []
    for half in halves:
        if half > 0:
            stream, v = rng.draw(stream, half)
            faces.append(v)
    return stream, sum(faces), tuple(faces)


Gen = Generator[Draw, int, Any]
SCALAR_FIELDS = tuple(name for name, thaw, _ in WORK_FIELDS if thaw is None)
"""Position fields copied as they are into every working copy."""
CONTAINER_FIELDS: dict[str, tuple[Thaw, Freeze]] = {
    name: (thaw, freeze) for name, thaw, freeze in WORK_FIELDS if thaw is not None and freeze is not None}
"""Position fields thawed into lists when a step first reads them, and frozen again if it did."""


class WorkingCopy:
    """A mutable working copy of a match position (the fields of :class:`Position`, containers as lists),
    with the dice rolls every step makes; :class:`~core.buttonmen.flow.Flow` adds the steps.

    A container field is thawed when a step first reads it (:meth:`__getattr__`); most steps touch
    few of them, and :meth:`changes` freezes only those."""

    recipes: list[str]
    dice: list[list[Die]]
    captured: list[list[Die]]
    out_of_play: list[list[Die]]
    chosen: list[dict[str, int]]
    fresh: list[list[str]]
    match_score: list[list[int]]
    acted: list[bool]
    decks: list[tuple[int, ...]]
    log: list[str]
    """The log lines written during this step (appended to the position's log by :meth:`changes`)."""
    rounds: list[RoundResult]
    aux: list[bool | None] | None
    phase: Phase
    mover: int | None
    initiative: int | None
    round_number: int
    passes: int
    turns: int
    reserve_player: int | None
    focus_only: bool
    next_uid: int
    cancelled: bool

    def __init__(self, position: Position, options: Options, buttons: tuple[str, str],
                 specials: tuple[frozenset[str], frozenset[str]]) -> None:
        self.position, self.opt, self.buttons, self.specials = position, options, buttons, specials
        source, work = position.__dict__, self.__dict__
        for name in SCALAR_FIELDS:
            work[name] = source[name]
        self.start_pending = False
        """Set when every choice is made: the driver starts the round (no nesting across rounds)."""
        self.odd_time_and_space: set[int] = set()
        """Time and Space dice (by uid) that rolled odd during the current action."""
        self.not_rerolled: set[int] = set()
        """Dice (by uid) whose reroll was skipped because the round ends with this action."""
        self.slow = (SLOW_BUTTON in specials[0], SLOW_BUTTON in specials[1])
        self.faces: tuple[int, ...] = ()
        """The half results of the last twin roll, set by the driver when it rolled them itself."""
        self.logging = True
        """False for a bot's imagined position: its steps write no log lines (nobody reads them)."""
        self.stream: int | None = None
        """The random stream when every draw comes from it (no dice typed by hand): die rolls are
        then taken from it directly, without a :class:`Draw` request (the same draws in the same order)."""

    def changes(self) -> dict[str, Any]:
        """The position fields, frozen again (without log lines when not :attr:`logging`)."""
        work, old = self.__dict__, self.position.__dict__
        if not self.logging and "log" in work:
            self.log.clear()
        frozen = {name: work[name] for name in SCALAR_FIELDS}
        for name, (_, freeze) in CONTAINER_FIELDS.items():
            if name in work:
                frozen[name] = freeze(work[name], old[name])
        return frozen

    def __getattr__(self, name: str) -> Any:
        """A container field not read yet: thawed from the position now."""
        if name not in CONTAINER_FIELDS:
            raise AttributeError(name)
        thaw, _ = CONTAINER_FIELDS[name]
        value = self.__dict__[name] = thaw(self.position.__dict__[name])
        return value

    # --- helpers ---------------------------------------------------------------------

    def name(self, p: int) -> str:
        return self.buttons[p]

    def specs(self, p: int) -> tuple[DieSpec, ...]:
        return parse_recipe(self.recipes[p])

    def context(self, p: int) -> Context:
        return Context.of(self.opt, self.specials, p)

    def needed(self, p: int) -> list[str]:
        """Swing letters and option positions player ``p`` must still choose."""
        return needed_choices(self.specs(p), self.chosen[p])

    # --- dice rolls ------------------------------------------------------------------

    def rolls_from_stream(self, die: Die) -> bool:
        """True when ``die``'s value is drawn straight from the stream (:meth:`stream_value`)."""
        return self.stream is not None and not die.wildcard

    def stream_value(self, die: Die) -> int:
        """The new value of a die that :meth:`rolls_from_stream` (no generator, no :class:`Draw`)."""
        self.faces = ()
        fixed = fixed_value(die)
        if fixed is not None:
            return fixed
        assert self.stream is not None
        self.stream, value, faces = roll_halves(self.stream, die.halves)
        if len(die.halves) == len(faces) == 2:
            self.faces = faces
        return value

    def _draw_value(self, p: int, i: int, die: Die) -> Gen:
        """The die's new value; :attr:`faces` holds a twin's two half results when the stream rolled them."""
        if self.rolls_from_stream(die):
            return self.stream_value(die)
        self.faces = ()
        fixed = fixed_value(die)
        if fixed is not None:
            return fixed
        if die.wildcard:
            deck = self.decks[p] or DECK
            card: int = yield Draw(p, i, f"{self.name(p)}'s wildcard {die.notation}", choices=deck)
            rest = list(deck)
            rest.remove(card)
            self.decks[p] = tuple(rest)
            return card
        value = yield Draw(p, i, f"{self.name(p)}'s {die.notation}", halves=die.halves)
        if not (len(die.halves) == len(self.faces) == 2 and sum(self.faces) == value):
            self.faces = ()
        return value

    def opening_roll(self, p: int, i: int, die: Die) -> Gen:
        """The opening roll: no size changes."""
        value = yield from self._draw_value(p, i, die)
        return die.rolled(value, self.faces)

    def reroll(self, p: int, i: int, die: Die, *, own_attack: bool = False, turbo: int | None = None,
               captured: bool = False, final: bool = False) -> Gen:
        """Any roll after the opening roll: resize skills first, Konstant keeps its value.

        ``final``: the round ends with this action, so a value that cannot count is not rolled
        (the die resizes as usual; a Value die, a wildcard and a Maximum die still roll).
        """
        if turbo is not None:
            die = die.with_size_choice(turbo)
        elif TURBO in die.skills and not own_attack and self.opt["turbo_on"] == "any_roll" and (
                die.swing or die.options):
            size: int = yield Draw(p, i, f"{self.name(p)}'s turbo {die.notation} size",
                                   choices=die.size_choices())
            die = die.with_size_choice(size)
        skills = die.skills
        if KONSTANT not in skills:     # Mood and Mad pick a size first, then Mighty grows and Weak shrinks
            mood_now = self.opt["mood_resize_on"] == "every_reroll" or captured
            if MOOD in skills and die.swing and mood_now:
                size = yield Draw(p, i, f"{self.name(p)}'s mood {die.notation} size",
                                  choices=mood_sizes(die.swing))
                die = die.with_size_choice(size)
            if MAD in skills and die.swing:
                size = yield Draw(p, i, f"{self.name(p)}'s mad {die.notation} size",
                                  choices=mad_sizes(die.swing))
                die = die.with_size_choice(size)
            if MIGHTY in skills:
                die = die.resized(tuple(ladder_step(h, True) for h in die.halves))
            if WEAK in skills:
                die = die.resized(tuple(ladder_step(h, False) for h in die.halves))
        if KONSTANT in skills:
            return die
        if final and not die.wildcard and VALUE not in skills and MAXIMUM not in skills:
            self.not_rerolled.add(die.uid)
            return die
        value = yield from self._draw_value(p, i, die)
        if TIME_AND_SPACE in skills and value % 2 == 1:
            self.odd_time_and_space.add(die.uid)
        return Die(die.skills, die.halves, value, die.letters, die.options, die.wildcard, die.uid,
                   die.owner, die.dizzy, self.faces)


def fixed_value(die: Die) -> int | None:
    """The value a die shows without rolling (a Maximum or Warrior die its size, a zero-sided die 0), else None."""
    if MAXIMUM in die.skills or WARRIOR in die.skills:
        return die.size
    return 0 if die.size == 0 else None


def needed_choices(specs: tuple[DieSpec, ...], chosen: dict[str, int]) -> list[str]:
    """Swing letters (first appearance order) then option positions not yet chosen."""
    out: list[str] = []
    for spec in specs:
        if RESERVE in spec.skills or AUXILIARY in spec.skills:
            continue
        for letter in spec.swing_letters:
            if letter not in chosen and letter not in out:
                out.append(letter)
    for pos, spec in enumerate(specs):
        if spec.options and RESERVE not in spec.skills and AUXILIARY not in spec.skills and str(pos) not in chosen:
            out.append(str(pos))
    return out
