"""Dice in play: the :class:`Die` value object, size ladders and die scores (sections 1, 9, 10)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from core.buttonmen.recipe import (
    AUXILIARY, NULL, POISON, POSTFIX_SKILLS, RESERVE, SWING_RANGES, VALUE, WARRIOR, parse_recipe,
)

LADDER = (1, 2, 4, 6, 8, 10, 12, 16, 20, 30)
"""Mighty grows and Weak shrinks along these sizes."""
MOOD_SIZES = (1, 2, 4, 6, 8, 10, 12, 20, 30)
WILDCARD_SCORE_SIZE = 16
"""A wildcard card die scores as a 16-sided die, kept or captured (section 2)."""


@dataclass(frozen=True)
class Die:
    """One die of a round: skills, current sizes, shown value.

    ``halves`` are the current sizes (two for a twin; ``size`` is their sum),
    ``letters`` the swing letter of each half ("" for fixed), ``options`` the
    two sides of an option die.  ``uid`` identifies the physical die in a round.
    """

    skills: str
    halves: tuple[int, ...]
    value: int = 0
    letters: tuple[str, ...] = ("",)
    options: tuple[int, int] | None = None
    wildcard: bool = False
    uid: int = 0
    owner: int = 0
    dizzy: bool = False
    faces: tuple[int, ...] = ()
    """A twin's two half results (e.g. ``(3, 4)`` for a 7) when rolled by the seeded stream; empty
    when unknown (a total typed from real dice) or after its value changed otherwise (Focus, Fire)."""

    @cached_property
    def size(self) -> int:
        """Current number of sides (a twin: the sum of its halves)."""
        return sum(self.halves)

    @cached_property
    def min(self) -> int:
        """Lowest face: 1 per non-zero half (0 for a zero-sided die, 2 for a twin)."""
        return sum(1 for h in self.halves if h > 0)

    @cached_property
    def scored_size(self) -> int:
        """The size it scores with: its size, 16 for a wildcard."""
        return WILDCARD_SCORE_SIZE if self.wildcard else self.size

    @property
    def swing(self) -> str:
        """The die's swing letter, or ""."""
        return next((x for x in self.letters if x), "")

    def has(self, skill: str) -> bool:
        """True if the die has the skill letter."""
        return skill in self.skills

    @property
    def is_twin(self) -> bool:
        return len(self.halves) == 2

    @cached_property
    def recipe(self) -> str:
        """Site notation without swing values, e.g. ``p(X)``."""
        return _notation(self.skills, self.halves, self.letters, self.options, self.wildcard, False)

    @cached_property
    def notation(self) -> str:
        """Site notation with swing/option sizes, e.g. ``p(X=10)``."""
        return _notation(self.skills, self.halves, self.letters, self.options, self.wildcard, True)

    @cached_property
    def label(self) -> str:
        """Notation with the shown value, e.g. ``p(X=10):7``."""
        return f"{self.notation}:{self.value}"

    def __str__(self) -> str:
        return self.label

    def with_skills(self, add: str = "", remove: str = "") -> Die:
        """A copy with skills added and removed (the die itself when that changes nothing)."""
        skills = self.skills
        if remove and any(c in remove for c in skills):
            skills = "".join(c for c in skills if c not in remove)
        if add:
            skills += "".join(c for c in add if c not in skills)
        if skills == self.skills:
            return self
        return Die(skills, self.halves, self.value, self.letters, self.options, self.wildcard, self.uid,
                   self.owner, self.dizzy, self.faces)

    def rolled(self, value: int, faces: tuple[int, ...]) -> Die:
        """A copy showing a freshly rolled ``value`` (not dizzy), with a twin's ``faces``."""
        copy, facts = self._copy()
        facts["value"], facts["dizzy"], facts["faces"] = value, False, faces
        return copy

    def placed(self, uid: int, owner: int) -> Die:
        """A copy put in play as die ``uid`` of player ``owner``."""
        copy, facts = self._copy()
        facts["uid"], facts["owner"] = uid, owner
        return copy

    def _copy(self) -> tuple[Die, dict[str, object]]:
        """A copy and its fields to change (value, dizzy, faces, uid, owner): the size facts already
        worked out for this die (size, notation) carry over; only its label depends on the value."""
        copy = object.__new__(Die)
        facts = copy.__dict__
        facts.update(self.__dict__)
        facts.pop("label", None)
        return copy, facts

    def resized(self, halves: tuple[int, ...]) -> Die:
        """A copy with new half sizes."""
        return Die(self.skills, halves, self.value, self.letters, self.options, self.wildcard, self.uid,
                   self.owner, self.dizzy)

    def with_value(self, value: int, dizzy: bool | None = None) -> Die:
        """A copy showing ``value`` (and with a new dizzy flag when given); the faces stay if it is unchanged."""
        return Die(self.skills, self.halves, value, self.letters, self.options, self.wildcard, self.uid,
                   self.owner, self.dizzy if dizzy is None else dizzy, self.faces if value == self.value else ())

    def size_choices(self) -> tuple[int, ...]:
        """Sizes a Turbo die may take (per half for a swing twin)."""
        if self.options:
            return tuple(sorted(set(self.options)))
        if self.swing:
            low, high = SWING_RANGES[self.swing]
            return tuple(range(low, high + 1))
        return (self.halves[0],)

    def with_size_choice(self, size: int) -> Die:
        """Set a swing/option die to a chosen size (swing halves of a twin all take it)."""
        if self.options:
            return self.resized((size,))
        return self.resized(tuple(size if x else h for h, x in zip(self.halves, self.letters, strict=True)))


@lru_cache(maxsize=4096)
def _notation(skills: str, halves: tuple[int, ...], letters: tuple[str, ...], options: tuple[int, int] | None,
              wildcard: bool, with_sizes: bool) -> str:
    """Site notation of a die, e.g. ``p(X=10)`` (``p(X)`` without sizes)."""
    if wildcard:
        inner = "C"
    elif options:
        a, b = options
        inner = f"{a}/{b}={sum(halves)}" if with_sizes else f"{a}/{b}"
    else:
        parts = []
        for size, letter in zip(halves, letters, strict=True):
            if letter:
                parts.append(f"{letter}={size}" if with_sizes else letter)
            else:
                parts.append(str(size))
        inner = ",".join(parts)
    pre = "".join(c for c in skills if c not in POSTFIX_SKILLS)
    post = "".join(c for c in skills if c in POSTFIX_SKILLS)
    return f"{pre}({inner}){post}"


SIZE_FACTS = ("size", "min", "scored_size", "recipe", "notation")
"""The cached facts of a die that do not depend on its value."""


@lru_cache(maxsize=1024)
def fresh_dice(recipe: str, chosen: tuple[tuple[str, int], ...]) -> tuple[Die, ...]:
    """The dice ``recipe`` puts in play at the start of a round at the ``chosen`` sizes (swing letter
    or option position -> size), not yet rolled nor :meth:`Die.placed`.  Every round builds the same
    dice, so they are built once (with their size facts worked out) and copied."""
    sizes = dict(chosen)
    dice = []
    for position, spec in enumerate(parse_recipe(recipe)):
        if RESERVE in spec.skills or AUXILIARY in spec.skills:
            continue
        if spec.options:
            die = Die(spec.skills, (sizes[str(position)],), letters=("",), options=spec.options)
        else:
            halves = tuple(sizes[h] if isinstance(h, str) else h for h in spec.halves)
            letters = tuple(h if isinstance(h, str) else "" for h in spec.halves)
            die = Die(spec.skills, halves, letters=letters, wildcard=spec.wildcard)
        for fact in SIZE_FACTS:
            getattr(die, fact)
        dice.append(die)
    return tuple(dice)


def ladder_step(size: int, up: bool) -> int:
    """The next size up (Mighty) or down (Weak) on the ladder."""
    if up:
        return next((s for s in LADDER if s > size), size if size >= LADDER[-1] else LADDER[-1])
    return next((s for s in reversed(LADDER) if s < size), size if size <= LADDER[0] else LADDER[0])


def halved(halves: tuple[int, ...]) -> tuple[int, ...]:
    """Berserk halving: round up; a twin's first half up, second down ((5,5) -> (3,2))."""
    if len(halves) == 1:
        return ((halves[0] + 1) // 2,)
    return ((halves[0] + 1) // 2, halves[1] // 2)


def mood_sizes(letter: str) -> tuple[int, ...]:
    """Mood sizes inside a swing range."""
    low, high = SWING_RANGES[letter]
    return tuple(s for s in MOOD_SIZES if low <= s <= high)


def mad_sizes(letter: str) -> tuple[int, ...]:
    """Mad sizes: the even sizes inside a swing range."""
    low, high = SWING_RANGES[letter]
    return tuple(s for s in range(low, high + 1) if s % 2 == 0)


def kept_score2(die: Die) -> int:
    """Doubled score of a die its owner keeps in play."""
    skills = die.skills
    if not skills:
        return die.scored_size
    if NULL in skills or WARRIOR in skills:
        return 0
    base = die.value if VALUE in skills else die.scored_size
    return -2 * base if POISON in skills else base


def captured_score2(die: Die) -> int:
    """Doubled score of a captured die for its captor."""
    skills = die.skills
    if not skills:
        return 2 * die.scored_size
    if NULL in skills:
        return 0
    base = die.value if VALUE in skills else die.scored_size
    return -base if POISON in skills else 2 * base
