"""Button specials of section 13 and the recipe fixing done at match start."""

from __future__ import annotations

from core.buttonmen import roster
from core.protocol import InputError, Options

SLOW_BUTTON = "slow"
"""Never wins initiative (Giant)."""
NO_SKILL = "no_skill"
"""Cannot make Skill attacks (The Flying Squirrel, Largo)."""
BEETLE = "beetle"
"""Its dice are no Skill-attack targets (The Japanese Beetle)."""
UNIQUE_SWING = "unique_swing"
"""Different swing letters need different sizes (Guillermo, Oregon)."""
NO_SHARED_SIZE = "no_shared_size"
"""No swing size equals another die's size (Gordo)."""
SPECIALS: dict[str, frozenset[str]] = {
    "Giant": frozenset({SLOW_BUTTON}),
    "The Flying Squirrel": frozenset({NO_SKILL}),
    "Largo": frozenset({NO_SKILL}),
    "The Japanese Beetle": frozenset({BEETLE}),
    "Guillermo": frozenset({UNIQUE_SWING}),
    "Oregon": frozenset({UNIQUE_SWING}),
    "Gordo": frozenset({NO_SHARED_SIZE}),
}
"""Button name -> its rule flags."""
MIRRORS = ("Echo", "Zero")
EXTRA_DIE = {("Bruno", "Pappy"): "(X)", ("Pappy", "Bruno"): "B(X)"}


def specials_of(name: str) -> frozenset[str]:
    """The special rule flags of a button."""
    return SPECIALS.get(name, frozenset())


def fix_recipes(options: Options, stream: int) -> tuple[tuple[str, str], tuple[str, str], int]:
    """Button names and recipes for the match, after Echo/Zero and Bruno/Pappy."""
    names, recipes = options["buttons"], options["recipes"]
    if names is None and recipes is None:
        stream, first = roster.random_tl(stream)
        stream, second = roster.random_tl(stream)
        names = (first.name, second.name)
    if recipes is None:
        try:
            found = [roster.find(n) for n in names]
        except ValueError as error:
            raise InputError("option 'buttons'", str(error)) from None
        names = tuple(b.name for b in found)
        recipes = tuple(b.recipe for b in found)
    elif names is None:
        names = ("Player 1", "Player 2")
    names, recipes = list(names), list(recipes)
    mirror = [n in MIRRORS and not r for n, r in zip(names, recipes, strict=True)]
    if all(mirror):
        recipes = [options["echo_mirror_recipe"]] * 2
    else:
        for p in (0, 1):
            if mirror[p]:
                recipes[p] = recipes[1 - p]
    for p in (0, 1):
        extra = EXTRA_DIE.get((names[p], names[1 - p]))
        if extra:
            recipes[p] = f"{recipes[p]} {extra}"
    return (names[0], names[1]), (recipes[0], recipes[1]), stream
