"""Recipe notation: skills, swing ranges and the parser (rulebook sections 2, 5 and 11).

>>> [d.text for d in parse_recipe("p(4) (X)? (2/20) ps(6,12)")]
['p(4)', '(X)?', '(2/20)', 'ps(6,12)']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from core.protocol import quote

SWING_RANGES: dict[str, tuple[int, int]] = {
    "R": (2, 16), "S": (6, 20), "T": (2, 12), "U": (8, 30), "V": (6, 12),
    "W": (4, 12), "X": (4, 20), "Y": (1, 20), "Z": (4, 30), "P": (1, 30),
}
"""Swing letter -> inclusive size range (P exists only for one non-playable button)."""

SHADOW, POISON, RESERVE, FOCUS, SPEED, RUSH, AUXILIARY, TRIP = "s", "p", "r", "f", "z", "#", "+", "t"
BOOM, MAD, BERSERK, TURBO, MOOD, QUEER, STEALTH, CHANCE = "b", "&", "B", "!", "?", "q", "d", "c"
FIRE, NULL, RAGE, WARRIOR, ORNERY, STINGER, MIGHTY, TIME_AND_SPACE = "F", "n", "G", "`", "o", "g", "H", "^"
MORPHING, KONSTANT, INSULT, RADIOACTIVE, DOPPELGANGER, WEAK, SLOW = "m", "k", "I", "%", "D", "h", "w"
MAXIMUM, VALUE, JOLT = "M", "v", "J"
"""The skill letters the rules test (site notation, section 11)."""

SKILLS: dict[str, str] = {
    SHADOW: "Shadow", POISON: "Poison", RESERVE: "Reserve", FOCUS: "Focus", SPEED: "Speed", RUSH: "Rush",
    AUXILIARY: "Auxiliary", TRIP: "Trip", BOOM: "Boom", MAD: "Mad", BERSERK: "Berserk", TURBO: "Turbo",
    MOOD: "Mood", QUEER: "Queer", STEALTH: "Stealth", CHANCE: "Chance", FIRE: "Fire", NULL: "Null",
    RAGE: "Rage", WARRIOR: "Warrior", ORNERY: "Ornery", STINGER: "Stinger", MIGHTY: "Mighty",
    TIME_AND_SPACE: "Time and Space", MORPHING: "Morphing", KONSTANT: "Konstant", INSULT: "Insult",
    RADIOACTIVE: "Radioactive", DOPPELGANGER: "Doppelganger", WEAK: "Weak", SLOW: "Slow", MAXIMUM: "Maximum",
    VALUE: "Value", JOLT: "Jolt",
}
"""The 34 skills of the site, by letter."""

POSTFIX_SKILLS = MOOD + MAD + TURBO
"""Skills the site prints after the parentheses."""

MAX_SIZE = 99
MAX_CUSTOM_LENGTH = 150
"""A custom recipe is shorter than this (section 2)."""
MAX_CUSTOM_DICE = 11


@dataclass(frozen=True)
class DieSpec:
    """One die of a recipe, before any size is chosen.

    ``halves`` holds one entry per half (one for a normal die, two for a twin):
    an int size or a swing letter.  An option die has ``options=(a, b)`` and
    ``halves=()``; a wildcard has ``wildcard=True``.
    """

    skills: str
    halves: tuple[int | str, ...]
    options: tuple[int, int] | None = None
    wildcard: bool = False

    @property
    def swing_letters(self) -> tuple[str, ...]:
        """The swing letters of the die (one per swing half)."""
        return tuple(h for h in self.halves if isinstance(h, str))

    @property
    def inner(self) -> str:
        """The text between the parentheses."""
        if self.wildcard:
            return "C"
        if self.options:
            return f"{self.options[0]}/{self.options[1]}"
        return ",".join(str(h) for h in self.halves)

    @property
    def text(self) -> str:
        """The die in site notation, e.g. ``p(X)`` or ``(X)?``."""
        pre = "".join(c for c in self.skills if c not in POSTFIX_SKILLS)
        post = "".join(c for c in self.skills if c in POSTFIX_SKILLS)
        return f"{pre}({self.inner}){post}"

    def with_skills(self, skills: str) -> DieSpec:
        """The same die with another skill string."""
        return DieSpec(skills, self.halves, self.options, self.wildcard)


def _error(text: str, pos: int, reason: str) -> ValueError:
    return ValueError(f"recipe {quote(text)}, position {pos + 1}: {reason}")


def _size(token: str, text: str, pos: int) -> int | str:
    token = token.strip()
    if token in SWING_RANGES:
        return token
    if not token.isdigit():
        raise _error(text, pos, f"{token!r} is neither a size 0-{MAX_SIZE} nor a swing letter")
    size = int(token)
    if size > MAX_SIZE:
        raise _error(text, pos, f"size {size} is larger than {MAX_SIZE}")
    return size


def _sides(inner: str, text: str, pos: int) -> DieSpec:
    if inner == "C":
        return DieSpec("", (20,), wildcard=True)
    if "/" in inner:
        parts = inner.split("/")
        if len(parts) != 2:
            raise _error(text, pos, "an option die has exactly two sizes")
        a, b = (_size(p, text, pos) for p in parts)
        if not isinstance(a, int) or not isinstance(b, int):
            raise _error(text, pos, "option sizes must be numbers")
        return DieSpec("", (), options=(a, b))
    parts = inner.split(",")
    if len(parts) > 2:
        raise _error(text, pos, "a twin die has exactly two halves")
    halves = tuple(_size(p, text, pos) for p in parts)
    letters = {h for h in halves if isinstance(h, str)}
    if len(letters) > 1:
        raise _error(text, pos, "two swing halves of a twin must use the same letter")
    return DieSpec("", halves)


@lru_cache(maxsize=4096)
def parse_recipe(text: str) -> tuple[DieSpec, ...]:
    """The dice of a recipe; raises ValueError naming the position and reason."""
    if not isinstance(text, str):
        raise ValueError(f"a recipe must be a text; got {quote(text)}")
    dice: list[DieSpec] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        start = i
        skills = ""
        while i < n and text[i] != "(" and not text[i].isspace():
            if text[i] not in SKILLS:
                raise _error(text, i, f"{text[i]!r} is not a skill letter")
            skills += text[i]
            i += 1
        if i >= n or text[i] != "(":
            raise _error(text, i if i < n else n - 1, "expected '(' to open a die")
        close = text.find(")", i)
        if close < 0:
            raise _error(text, i, "the die's '(' is never closed")
        inner = text[i + 1:close]
        if not inner.strip():
            raise _error(text, i, "empty parentheses")
        if "(" in inner:
            raise _error(text, i, "a die cannot contain another '('")
        spec = _sides(inner.strip(), text, i + 1)
        i = close + 1
        while i < n and not text[i].isspace() and text[i] != "(":
            if text[i] not in SKILLS:
                raise _error(text, i, f"{text[i]!r} is not a skill letter")
            skills += text[i]
            i += 1
        if i < n and text[i] == "(":
            raise _error(text, i, "dice must be separated by a space")
        for c in skills:
            if skills.count(c) > 1:
                raise _error(text, start, f"skill {c!r} appears twice on one die")
        dice.append(spec.with_skills(skills))
    if not dice:
        raise _error(text, 0, "a recipe needs at least one die")
    return tuple(dice)


def recipe_text(specs: tuple[DieSpec, ...]) -> str:
    """Specs back to site notation, one space between dice."""
    return " ".join(s.text for s in specs)


def validate_custom(text: str) -> tuple[DieSpec, ...]:
    """Parse a CustomBM recipe and apply the site's extra limits (section 2); raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"a recipe must be a text; got {quote(text)}")
    if len(text) >= MAX_CUSTOM_LENGTH:
        raise ValueError(f"a custom recipe must be under {MAX_CUSTOM_LENGTH} characters; this one has {len(text)}")
    specs = parse_recipe(text)
    if len(specs) > MAX_CUSTOM_DICE:
        raise ValueError(f"a custom recipe has at most {MAX_CUSTOM_DICE} dice; this one has {len(specs)}")
    aux = [i for i, s in enumerate(specs) if AUXILIARY in s.skills]
    if len(aux) > 1 or (aux and (aux[0] != len(specs) - 1 or aux[0] == 0)):
        raise ValueError("a custom recipe has at most one auxiliary die, last and not first")
    for n, spec in enumerate(specs, start=1):
        if TURBO not in spec.skills:
            continue
        clash = [SKILLS[c] for c in MORPHING + DOPPELGANGER + MOOD + MAD + KONSTANT if c in spec.skills]
        if clash:
            raise ValueError(f"die {n}: Turbo cannot be combined with {', '.join(clash)}")
        if not spec.swing_letters and not spec.options:
            fixed = [SKILLS[c] for c in MIGHTY + WEAK + BERSERK if c in spec.skills]
            if fixed:
                raise ValueError(f"die {n}: a fixed-size Turbo die cannot have {', '.join(fixed)}")
    return specs
